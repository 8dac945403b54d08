import { updateSession as updateSessionCall } from '@contract/descriptors/sessions'
import type { SessionWriteBody } from '@contract/index'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { sessionKeys } from './keys'
import { refreshLessonSessions } from './refresh-lesson-sessions'

export interface UpdateSession {
  lessonId: number
  sessionId: number
  body: SessionWriteBody
}

/** PUT /lessons/:id/sessions/:sessionId: moves a session that has not started. */
export const updateSession = ({ lessonId, sessionId, body }: UpdateSession) =>
  request(updateSessionCall, { params: { id: lessonId, sessionId }, body })

/** The lesson's session lists and the session's meeting link (it may have changed) refresh. */
export const useUpdateSession = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateSession,
    onSuccess: (_session, { lessonId, sessionId }) =>
      Promise.all([
        refreshLessonSessions(queryClient, lessonId),
        queryClient.invalidateQueries({ queryKey: sessionKeys.joinLink(lessonId, sessionId) }),
      ]),
  })
}
