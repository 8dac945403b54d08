import type { Lesson, Paginated } from '@contract/index'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/shared/api/client'
import { nextPageWhileNonEmpty } from '@/shared/api/paging'
import { SIXTY_SECONDS } from './cache-times'
import { catalogueParams } from './get-guest-lessons'
import { type GuestLessonFilters, lessonKeys } from './keys'

/**
 * GET /lessons for signed-in users: the guest catalogue's paging and filters (5 per page, newest
 * first, title and categoryIds), so both catalogues page the same way (§2, §7).
 */
export const getLessons = async (page: number, filters: GuestLessonFilters) => {
  const { data } = await api.get<Paginated<Lesson>>('/lessons', {
    params: catalogueParams(page, filters),
  })
  return data
}

export const lessonsQueryOptions = (filters: GuestLessonFilters) =>
  infiniteQueryOptions({
    queryKey: lessonKeys.list(filters),
    queryFn: ({ pageParam }) => getLessons(pageParam, filters),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      nextPageWhileNonEmpty(lastPage, lastPageParam),
    staleTime: SIXTY_SECONDS,
  })

export const useLessons = (filters: GuestLessonFilters) =>
  useInfiniteQuery(lessonsQueryOptions(filters))
