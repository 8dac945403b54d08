import { listLessons } from '@contract/descriptors/lessons'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { FIRST_KEYSET_PAGE, type KeysetPageParam, nextPageAfterLast } from '@/shared/api/paging'
import { request } from '@/shared/api/request'
import { SIXTY_SECONDS } from './cache-times'
import { catalogueQuery } from './get-guest-lessons'
import { type GuestLessonFilters, lessonKeys } from './keys'

/**
 * GET /lessons for signed-in users: the guest catalogue's paging and filters (5 per page, newest
 * first, title and categoryIds), so both catalogues page the same way (§2, §7).
 */
export const getLessons = (page: KeysetPageParam, filters: GuestLessonFilters) =>
  request(listLessons, { query: catalogueQuery(page, filters) })

export const lessonsQueryOptions = (filters: GuestLessonFilters) =>
  infiniteQueryOptions({
    queryKey: lessonKeys.list(filters),
    queryFn: ({ pageParam }) => getLessons(pageParam, filters),
    initialPageParam: FIRST_KEYSET_PAGE,
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      nextPageAfterLast(lastPage, lastPageParam),
    staleTime: SIXTY_SECONDS,
  })

export const useLessons = (filters: GuestLessonFilters) =>
  useInfiniteQuery(lessonsQueryOptions(filters))
