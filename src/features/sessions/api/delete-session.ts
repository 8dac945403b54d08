import { deleteSession as deleteSessionCall } from '@contract/descriptors/sessions'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { sessionKeys } from './keys'
import { refreshLessonSessions } from './refresh-lesson-sessions'

export interface DeleteSession {
  lessonId: number
  sessionId: number
}

/**
 * DELETE /lessons/:id/sessions/:sessionId: removes a session that has not started; every student
 * holding a seat is refunded in full and e-mailed. Answers how many there were (`enrolledCount`).
 */
export const deleteSession = ({ lessonId, sessionId }: DeleteSession) =>
  request(deleteSessionCall, { params: { id: lessonId, sessionId } })

/** The lesson's session lists refresh; the deleted session's meeting link is forgotten. */
export const useDeleteSession = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: (_deleted, { lessonId, sessionId }) => {
      queryClient.removeQueries({ queryKey: sessionKeys.joinLink(lessonId, sessionId) })
      return refreshLessonSessions(queryClient, lessonId)
    },
  })
}
