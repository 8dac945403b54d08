import type { Lesson, Paginated } from '@contract/index'
import { PAGE_SIZE } from '@contract/rules'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/shared/api/client'
import { nextPageWhileNonEmpty } from '@/shared/api/paging'
import { FIVE_MINUTES } from './cache-times'
import { type GuestLessonFilters, lessonKeys } from './keys'

/** The query of both catalogues: 5 per page, newest first, filtered by title and category (§7). */
export const catalogueParams = (page: number, filters: GuestLessonFilters) => ({
  page,
  take: PAGE_SIZE.guestLessons,
  order: 'DESC',
  ...(filters.title ? { title: filters.title } : {}),
  ...(filters.categoryIds ? { categoryIds: filters.categoryIds } : {}),
})

/** GET /guest/lessons. */
export const getGuestLessons = async (page: number, filters: GuestLessonFilters) => {
  const { data } = await api.get<Paginated<Lesson>>('/guest/lessons', {
    params: catalogueParams(page, filters),
  })
  return data
}

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
