import { enroll as enrollCall } from '@contract/descriptors/sessions'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { refreshLessonSessions } from './refresh-lesson-sessions'

export interface SeatTarget {
  lessonId: number
  sessionId: number
}

/** POST /lessons/:id/sessions/:sessionId/enroll: takes a seat in a free session. */
export const enroll = ({ lessonId, sessionId }: SeatTarget) =>
  request(enrollCall, { params: { id: lessonId, sessionId } })

/** The lesson's session lists refresh either way (a refusal means the seats changed). */
export const useEnroll = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: enroll,
    onSettled: (_enrollment, _error, { lessonId }) => refreshLessonSessions(queryClient, lessonId),
  })
}
