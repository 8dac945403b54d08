import type { Paginated, Session } from '@contract/index'
import { PAGE_SIZE } from '@contract/rules'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/shared/api/client'
import { nextPageWhileNonEmpty } from '@/shared/api/paging'
import { sessionKeys } from './keys'

export type SessionAudience = 'guest' | 'user'

/**
 * GET /guest/lessons/:id/sessions (guests) or GET /lessons/:id/sessions (signed in): 100 per page,
 * soonest first, each session as the viewer sees it (§2, §4).
 */
export const getSessions = async (lessonId: number, audience: SessionAudience, page: number) => {
  const path =
    audience === 'guest' ? `/guest/lessons/${lessonId}/sessions` : `/lessons/${lessonId}/sessions`
  const { data } = await api.get<Paginated<Session>>(path, {
    params: { page, take: PAGE_SIZE.sessions },
  })
  return data
}

export const sessionsQueryOptions = (lessonId: number, audience: SessionAudience) =>
  infiniteQueryOptions({
    queryKey: sessionKeys.list(lessonId, audience),
    queryFn: ({ pageParam }) => getSessions(lessonId, audience, pageParam),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      nextPageWhileNonEmpty(lastPage, lastPageParam),
  })

export const useSessions = (lessonId: number, audience: SessionAudience) =>
  useInfiniteQuery(sessionsQueryOptions(lessonId, audience))
