import type { QueryClient } from '@tanstack/react-query'
import { sessionKeys } from './keys'

/**
 * After a session write: the lesson's session lists (both audiences) are asked again; the promise
 * ends when the visible list has its new rows, so the dialog closes onto the refreshed list.
 */
export const refreshLessonSessions = (queryClient: QueryClient, lessonId: number) =>
  Promise.all(
    sessionKeys
      .lessonLists(lessonId)
      .map((queryKey) => queryClient.invalidateQueries({ queryKey, exact: true })),
  )
