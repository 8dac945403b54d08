import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { dashboardKeys } from '@/features/dashboard/api/keys'
import { lessonKeys } from '@/features/lessons/api/keys'
import { materialKeys } from '@/features/materials/api/keys'
import { paymentKeys } from '@/features/payments/api/keys'
import { sessionKeys } from '@/features/sessions/api/keys'

/**
 * After a student's seat in one of a lesson's sessions changed (taken, paid for, held while paying,
 * given back, refunded, or its payment settled), or their place in one's waitlist: what each
 * feature shows of it. The lesson's session cards (seats, the student's state), the lesson and the
 * catalogues (sessions open, seats of the next one), the lesson's materials (readable only with a
 * seat), the student's upcoming sessions and waitlists, and the payments (history, a payment's
 * own screen after a refund). Each mutation refreshes its own feature; this is what the route adds
 * across features, on every path.
 */
export const useRefreshSeats = () => {
  const queryClient = useQueryClient()
  return useCallback(
    (lessonId: number) =>
      Promise.all(
        [
          ...sessionKeys.lessonLists(lessonId),
          lessonKeys.detail(lessonId),
          lessonKeys.lists(),
          materialKeys.list(lessonId),
          dashboardKeys.upcoming(),
          dashboardKeys.waitlist(),
          paymentKeys.mine(),
          paymentKeys.details(),
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ).then(() => undefined),
    [queryClient],
  )
}
