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
 * Fetches every page of the history again: what a screen calls once something changed an
 * entry's status (a review written) elsewhere.
 */
export const useRefreshLessonHistory = () => {
  const queryClient = useQueryClient()
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: lessonKeys.history() }),
    [queryClient],
  )
}
