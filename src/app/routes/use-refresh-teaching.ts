import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { dashboardKeys } from '@/features/dashboard/api/keys'
import { lessonKeys } from '@/features/lessons/api/keys'

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
