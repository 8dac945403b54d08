import { guestReviews } from '@contract/descriptors/guest'
import { userReviews } from '@contract/descriptors/user'
import { PAGE_SIZE } from '@contract/rules'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { type Audience, useAudience } from '@/shared/auth/current-user'
import { isValidEducatorId, reviewKeys } from './keys'
import { noneIfNotAnEducator } from './not-an-educator'

const reviewsCall = { guest: guestReviews, user: userReviews }

/**
 * The reviews of an educator's lessons, newest first; one page of 100 (§7, §9). None for an id
 * that is no educator's.
 */
export const getEducatorReviews = (audience: Audience, educatorId: number) =>
  noneIfNotAnEducator(
    request(reviewsCall[audience], {
      params: { id: educatorId },
      query: { page: 1, take: PAGE_SIZE.reviews },
    }).then((page) => page.data),
    [],
  )

export const educatorReviewsQueryOptions = (audience: Audience, educatorId: number) =>
  queryOptions({
    queryKey: reviewKeys.educator(audience, educatorId),
    queryFn: () => getEducatorReviews(audience, educatorId),
    enabled: isValidEducatorId(educatorId),
  })

/** Waits for the current user, so a signed-in viewer never asks the guest call first. */
export const useEducatorReviews = (educatorId: number) => {
  const audience = useAudience()
  const options = educatorReviewsQueryOptions(audience ?? 'guest', educatorId)
  return useQuery({ ...options, enabled: audience !== undefined && options.enabled })
}
