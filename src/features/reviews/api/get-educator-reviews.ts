import type { Paginated, Review } from '@contract/index'
import { PAGE_SIZE } from '@contract/rules'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/shared/api/client'
import { isValidEducatorId, type ReviewAudience, reviewKeys } from './keys'

/**
 * The reviews of an educator's lessons, newest first: GET /guest/users/{id}/reviews for guests,
 * GET /user/{id}/reviews for signed-in users; one page of 100 (§7, §9).
 */
export const getEducatorReviews = async (audience: ReviewAudience, educatorId: number) => {
  const path =
    audience === 'guest' ? `/guest/users/${educatorId}/reviews` : `/user/${educatorId}/reviews`
  const { data } = await api.get<Paginated<Review>>(path, {
    params: { page: 1, take: PAGE_SIZE.reviews },
  })
  return data.data
}

export const educatorReviewsQueryOptions = (audience: ReviewAudience, educatorId: number) =>
  queryOptions({
    queryKey: reviewKeys.educator(audience, educatorId),
    queryFn: () => getEducatorReviews(audience, educatorId),
    enabled: isValidEducatorId(educatorId),
  })

export const useEducatorReviews = (audience: ReviewAudience, educatorId: number) =>
  useQuery(educatorReviewsQueryOptions(audience, educatorId))
