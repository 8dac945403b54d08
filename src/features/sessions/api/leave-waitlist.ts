import { leaveWaitlist as leaveWaitlistCall } from '@contract/descriptors/sessions'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import type { SeatTarget } from './enroll'
import { refreshLessonSessions } from './refresh-lesson-sessions'

/**
 * DELETE /lessons/:id/sessions/:sessionId/waitlist: leaves a session's line; a seat held for the
 * student goes to the next in line.
 */
export const leaveWaitlist = ({ lessonId, sessionId }: SeatTarget) =>
  request(leaveWaitlistCall, { params: { id: lessonId, sessionId } })

export const useLeaveWaitlist = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: leaveWaitlist,
    onSettled: (_message, _error, { lessonId }) => refreshLessonSessions(queryClient, lessonId),
  })
}
