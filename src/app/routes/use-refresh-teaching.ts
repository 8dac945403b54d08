import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { dashboardKeys } from '@/features/dashboard/api/keys'
import { lessonKeys } from '@/features/lessons/api/keys'
import { sessionKeys } from '@/features/sessions/api/keys'

/**
 * After a session is added, moved or deleted: the lesson's open sessions (its page, every lesson
 * list, the educator's own list) and the educator's upcoming sessions change.
 */
export const useRefreshTeaching = () => {
  const queryClient = useQueryClient()
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: lessonKeys.all })
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.upcoming() })
  }, [queryClient])
}

/**
 * After the lesson itself is updated (the lessons feature refreshes its own lists): its sessions
 * are priced from its price and seated from its maximum seats, and the upcoming sessions show its
 * title, so those lists are asked again.
 */
export const useRefreshLessonTerms = () => {
  const queryClient = useQueryClient()
  return useCallback(
    (lessonId: number) =>
      Promise.all(
        [...sessionKeys.lessonLists(lessonId), dashboardKeys.upcoming()].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ).then(() => undefined),
    [queryClient],
  )
}
