import type { Lesson, Paginated } from '@contract/index'
import { PAGE_SIZE } from '@contract/rules'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/shared/api/client'
import { FIVE_MINUTES } from './cache-times'
import { type GuestLessonFilters, lessonKeys } from './keys'

/** GET /guest/lessons: 5 per page, newest first, filtered by title and categories (§7). */
export const getGuestLessons = async (page: number, filters: GuestLessonFilters) => {
  const { data } = await api.get<Paginated<Lesson>>('/guest/lessons', {
    params: {
      page,
      take: PAGE_SIZE.guestLessons,
      order: 'DESC',
      ...(filters.title ? { title: filters.title } : {}),
      ...(filters.categoryIds ? { categoryIds: filters.categoryIds } : {}),
    },
  })
  return data
}

/** The next page is requested while the previous page returned items (§7 paging rule). */
export const nextPageWhileNonEmpty = (lastPage: { data: unknown[] }, lastPageParam: number) =>
  lastPage.data.length > 0 ? lastPageParam + 1 : undefined

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
