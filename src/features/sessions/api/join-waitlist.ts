import { joinWaitlist as joinWaitlistCall } from '@contract/descriptors/sessions'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import type { SeatTarget } from './enroll'
import { refreshLessonSessions } from './refresh-lesson-sessions'

/**
 * POST /lessons/:id/sessions/:sessionId/waitlist: joins a full session's line; a seat that frees
 * is offered to the first in line and held for them a while.
 */
export const joinWaitlist = ({ lessonId, sessionId }: SeatTarget) =>
  request(joinWaitlistCall, { params: { id: lessonId, sessionId } })

/** The lesson's session lists refresh either way (a refusal means the seats changed). */
export const useJoinWaitlist = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: joinWaitlist,
    onSettled: (_place, _error, { lessonId }) => refreshLessonSessions(queryClient, lessonId),
  })
}
