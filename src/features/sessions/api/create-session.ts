import { createSession as createSessionCall } from '@contract/descriptors/sessions'
import type { SessionWriteBody } from '@contract/index'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { refreshLessonSessions } from './refresh-lesson-sessions'

export interface CreateSession {
  lessonId: number
  body: SessionWriteBody
}

/** POST /lessons/:id/sessions: schedules a session of the caller's lesson (201, or 403/409/400). */
export const createSession = ({ lessonId, body }: CreateSession) =>
  request(createSessionCall, { params: { id: lessonId }, body })

/** The lesson's session lists refresh; the caller shows the toast or the error. */
export const useCreateSession = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createSession,
    onSuccess: (_session, { lessonId }) => refreshLessonSessions(queryClient, lessonId),
  })
}
