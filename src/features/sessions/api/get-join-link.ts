import type { MeetingLink } from '@contract/index'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/shared/api/client'
import { sessionKeys } from './keys'

/**
 * GET /lessons/:id/sessions/:sessionId/join: the meeting link, for the owner, or for an enrolled
 * student from 5 minutes before the start until the end (§7, §9). A list loaded before the join
 * window opened has no link yet; the card asks for it when its join button appears.
 */
export const getJoinLink = async (lessonId: number, sessionId: number) => {
  const { data } = await api.get<MeetingLink>(`/lessons/${lessonId}/sessions/${sessionId}/join`)
  return data
}

export const joinLinkQueryOptions = (lessonId: number, sessionId: number) =>
  queryOptions({
    queryKey: sessionKeys.joinLink(lessonId, sessionId),
    queryFn: () => getJoinLink(lessonId, sessionId),
    staleTime: Infinity,
    meta: { silent: true },
  })

export const useJoinLink = (lessonId: number, sessionId: number, enabled: boolean) =>
  useQuery({ ...joinLinkQueryOptions(lessonId, sessionId), enabled })
