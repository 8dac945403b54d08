import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { dashboardKeys } from '@/features/dashboard/api/keys'
import { lessonKeys } from '@/features/lessons/api/keys'
import { paymentKeys } from '@/features/payments/api/keys'
import { sessionKeys } from '@/features/sessions/api/keys'

/**
 * After a student took, paid for or gave back a seat: the session lists (seats, types), the
 * lessons' open sessions, the student's upcoming sessions and payment history change.
 */
export const useRefreshSeats = () => {
  const queryClient = useQueryClient()
  return useCallback(() => {
    for (const queryKey of [
      sessionKeys.lists(),
      lessonKeys.all,
      dashboardKeys.upcoming(),
      paymentKeys.mine(),
    ]) {
      void queryClient.invalidateQueries({ queryKey })
    }
  }, [queryClient])
}
