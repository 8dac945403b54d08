import { unenroll as unenrollCall } from '@contract/descriptors/sessions'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import type { SeatTarget } from './enroll'
import { sessionKeys } from './keys'
import { refreshLessonSessions } from './refresh-lesson-sessions'

/**
 * DELETE /lessons/:id/sessions/:sessionId/unenroll: gives the seat back before the start; a paid
 * seat is refunded in full.
 */
export const unenroll = ({ lessonId, sessionId }: SeatTarget) =>
  request(unenrollCall, { params: { id: lessonId, sessionId } })

/** The lesson's session lists refresh and the session's meeting link is forgotten. */
export const useUnenroll = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: unenroll,
    onSettled: (_message, _error, { lessonId, sessionId }) => {
      queryClient.removeQueries({ queryKey: sessionKeys.joinLink(lessonId, sessionId) })
      return refreshLessonSessions(queryClient, lessonId)
    },
  })
}
