import { guestAverageScore } from '@contract/descriptors/guest'
import { userAverageScore } from '@contract/descriptors/user'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { type Audience, useAudience } from '@/shared/auth/current-user'
import { isValidEducatorId, reviewKeys } from './keys'
import { noneIfNotAnEducator } from './not-an-educator'

const averageScoreCall = { guest: guestAverageScore, user: userAverageScore }

/**
 * An educator's average rating and review count, from the audience's own call (§7); none for an
 * id that is no educator's.
 */
export const getAverageScore = (audience: Audience, educatorId: number) =>
  noneIfNotAnEducator(request(averageScoreCall[audience], { params: { id: educatorId } }), {
    average: 0,
    count: 0,
  })

/** Only asked for when the id is valid (§7). */
export const averageScoreQueryOptions = (audience: Audience, educatorId: number) =>
  queryOptions({
    queryKey: reviewKeys.averageScore(audience, educatorId),
    queryFn: () => getAverageScore(audience, educatorId),
    enabled: isValidEducatorId(educatorId),
  })

/** Waits for the current user, so a signed-in viewer never asks the guest call first. */
export const useAverageScore = (educatorId: number) => {
  const audience = useAudience()
  const options = averageScoreQueryOptions(audience ?? 'guest', educatorId)
  return useQuery({ ...options, enabled: audience !== undefined && options.enabled })
}
