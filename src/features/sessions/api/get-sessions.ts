import { guestSessions } from '@contract/descriptors/guest'
import { listSessions } from '@contract/descriptors/sessions'
import { PAGE_SIZE } from '@contract/rules'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { nextPageWhileNonEmpty } from '@/shared/api/paging'
import { request } from '@/shared/api/request'
import { type Audience, useAudience } from '@/shared/auth/current-user'
import { sessionKeys } from './keys'

const sessionsCall = { guest: guestSessions, user: listSessions }

/** A lesson's sessions, 100 per page, soonest first, each as the viewer sees it (§2, §4). */
export const getSessions = (lessonId: number, audience: Audience, page: number) =>
  request(sessionsCall[audience], {
    params: { id: lessonId },
    query: { page, take: PAGE_SIZE.sessions },
  })

export const sessionsQueryOptions = (lessonId: number, audience: Audience) =>
  infiniteQueryOptions({
    queryKey: sessionKeys.list(lessonId, audience),
    queryFn: ({ pageParam }) => getSessions(lessonId, audience, pageParam),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      nextPageWhileNonEmpty(lastPage, lastPageParam),
  })

/** Waits for the current user, so a signed-in viewer never asks the guest call first. */
export const useSessions = (lessonId: number) => {
  const audience = useAudience()
  return useInfiniteQuery({
    ...sessionsQueryOptions(lessonId, audience ?? 'guest'),
    enabled: audience !== undefined,
  })
}
