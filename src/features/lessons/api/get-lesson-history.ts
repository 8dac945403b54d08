import { lessonHistory } from '@contract/descriptors/lessons'
import { PAGE_SIZE } from '@contract/rules'
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { request } from '@/shared/api/request'
import { lessonKeys } from './keys'

/**
 * GET /lessons/history: one page of the lessons the student attended (one entry per lesson),
 * the most recently attended first, each to review or reviewed (§4).
 */
export const getLessonHistory = (page: number) =>
  request(lessonHistory, { query: { page, take: PAGE_SIZE.default } })

export const lessonHistoryQueryOptions = (page: number) =>
  queryOptions({
    queryKey: lessonKeys.historyPage(page),
    queryFn: () => getLessonHistory(page),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  })

export const useLessonHistory = (page: number) => useQuery(lessonHistoryQueryOptions(page))

/**
 * What a screen calls once the student reviewed a lesson (elsewhere, in the reviews feature):
 * every page of the history (the entry is now reviewed) and the catalogues, whose cards show the
 * educator's rating, are asked again.
 */
export const useRefreshAfterReview = () => {
  const queryClient = useQueryClient()
  return useCallback(
    () =>
      Promise.all(
        [lessonKeys.history(), lessonKeys.lists(), lessonKeys.guestLists()].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ).then(() => undefined),
    [queryClient],
  )
}
