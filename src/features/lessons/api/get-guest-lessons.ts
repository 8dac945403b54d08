import { guestLessons } from '@contract/descriptors/guest'
import { LANDING_CATALOGUE_QUERY } from '@contract/rules'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { nextPageWhileNonEmpty } from '@/shared/api/paging'
import { request } from '@/shared/api/request'
import { FIVE_MINUTES } from './cache-times'
import { type GuestLessonFilters, lessonKeys } from './keys'

/** The query of both catalogues: 5 per page, newest first, filtered by title and category (§7). */
export const catalogueQuery = (page: number, filters: GuestLessonFilters) => ({
  ...LANDING_CATALOGUE_QUERY,
  page,
  ...(filters.title ? { title: filters.title } : {}),
  ...(filters.categoryIds ? { categoryIds: filters.categoryIds } : {}),
})

/** GET /guest/lessons. */
export const getGuestLessons = (page: number, filters: GuestLessonFilters) =>
  request(guestLessons, { query: catalogueQuery(page, filters) })

export const guestLessonsQueryOptions = (filters: GuestLessonFilters) =>
  infiniteQueryOptions({
    queryKey: lessonKeys.guestList(filters),
    queryFn: ({ pageParam }) => getGuestLessons(pageParam, filters),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      nextPageWhileNonEmpty(lastPage, lastPageParam),
    staleTime: FIVE_MINUTES,
  })

export const useGuestLessons = (filters: GuestLessonFilters) =>
  useInfiniteQuery(guestLessonsQueryOptions(filters))
