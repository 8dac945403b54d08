import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { allUpcomingSessionsQueryOptions } from '@/features/dashboard/api/get-upcoming-sessions'
import type { HeldSeat } from '@/features/sessions/lib/overlap'

/**
 * The seats the signed-in student holds in sessions that have not ended (the dashboard's
 * GET /lessons/upcoming, every page), for the sessions feature's overlap warning. Read when the
 * student asks for a seat, from the cache while it is fresh; a seat change refreshes it.
 */
export const useHeldSeats = () => {
  const queryClient = useQueryClient()
  return useCallback(
    async (): Promise<HeldSeat[]> =>
      (await queryClient.fetchQuery(allUpcomingSessionsQueryOptions())).map(
        ({ lesson, session }) => ({
          sessionId: session.id,
          lessonTitle: lesson.title,
          start_time: session.start_time,
          end_time: session.end_time,
        }),
      ),
    [queryClient],
  )
}
