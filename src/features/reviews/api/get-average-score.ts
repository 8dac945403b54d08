import type { AverageScore } from '@contract/index'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/shared/api/client'
import { isValidEducatorId, type ReviewAudience, reviewKeys } from './keys'

/**
 * An educator's average rating and review count: GET /guest/users/{id}/average_score for guests,
 * GET /user/{id}/average_score for signed-in users (§7).
 */
export const getAverageScore = async (audience: ReviewAudience, educatorId: number) => {
  const path =
    audience === 'guest'
      ? `/guest/users/${educatorId}/average_score`
      : `/user/${educatorId}/average_score`
  return (await api.get<AverageScore>(path)).data
}

/** Only asked for when the id is valid (§7). */
export const averageScoreQueryOptions = (audience: ReviewAudience, educatorId: number) =>
  queryOptions({
    queryKey: reviewKeys.averageScore(audience, educatorId),
    queryFn: () => getAverageScore(audience, educatorId),
    enabled: isValidEducatorId(educatorId),
  })

export const useAverageScore = (audience: ReviewAudience, educatorId: number) =>
  useQuery(averageScoreQueryOptions(audience, educatorId))
