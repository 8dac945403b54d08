import { joinSession } from '@contract/descriptors/sessions'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { sessionKeys } from './keys'

/**
 * GET /lessons/:id/sessions/:sessionId/join: the meeting link, for the owner, or for an enrolled
 * student from 5 minutes before the start until the end (§7, §9). A list loaded before the join
 * window opened has no link yet; the card asks for it when its join button appears.
 */
export const getJoinLink = (lessonId: number, sessionId: number) =>
  request(joinSession, { params: { id: lessonId, sessionId } })

export const joinLinkQueryOptions = (lessonId: number, sessionId: number) =>
  queryOptions({
    queryKey: sessionKeys.joinLink(lessonId, sessionId),
    queryFn: () => getJoinLink(lessonId, sessionId),
    staleTime: Infinity,
    meta: { silent: true },
  })

export const useJoinLink = (lessonId: number, sessionId: number, enabled: boolean) =>
  useQuery({ ...joinLinkQueryOptions(lessonId, sessionId), enabled })
