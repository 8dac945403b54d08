import { guestLessons } from '@contract/descriptors/guest'
import { LANDING_CATALOGUE_QUERY } from '@contract/landing-rules'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { FIRST_KEYSET_PAGE, type KeysetPageParam, nextPageAfterLast } from '@/shared/api/paging'
import { request } from '@/shared/api/request'
import { FIVE_MINUTES } from './cache-times'
import { type GuestLessonFilters, lessonKeys } from './keys'

/**
 * The query of both catalogues: 5 per page, newest first, filtered by title and category (§7);
 * each page after the first starts after the last lesson of the page before.
 */
export const catalogueQuery = ({ page, after }: KeysetPageParam, filters: GuestLessonFilters) => ({
  ...LANDING_CATALOGUE_QUERY,
  page,
  ...(after === undefined ? {} : { after }),
  ...(filters.title ? { title: filters.title } : {}),
  ...(filters.categoryIds ? { categoryIds: filters.categoryIds } : {}),
})

/** GET /guest/lessons. */
export const getGuestLessons = (page: KeysetPageParam, filters: GuestLessonFilters) =>
  request(guestLessons, { query: catalogueQuery(page, filters) })

export const guestLessonsQueryOptions = (filters: GuestLessonFilters) =>
  infiniteQueryOptions({
    queryKey: lessonKeys.guestList(filters),
    queryFn: ({ pageParam }) => getGuestLessons(pageParam, filters),
    initialPageParam: FIRST_KEYSET_PAGE,
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      nextPageAfterLast(lastPage, lastPageParam),
    staleTime: FIVE_MINUTES,
  })

export const useGuestLessons = (filters: GuestLessonFilters) =>
  useInfiniteQuery(guestLessonsQueryOptions(filters))
