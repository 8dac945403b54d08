import { upcomingLessons } from '@contract/descriptors/lessons'
import type { UpcomingSession } from '@contract/index'
import { PAGE_SIZE } from '@contract/landing-rules'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { dashboardKeys } from './keys'

// Lesson data is fresh for 60 s (§9); the screens refetch at their sessions' own edges.
const STALE_TIME = 60_000

/**
 * GET /lessons/upcoming: one page (20) of the sessions that have not ended which the caller
 * attends (student) or teaches (educator), soonest first.
 */
export const getUpcomingSessionsPage = (page: number) =>
  request(upcomingLessons, { query: { page, take: PAGE_SIZE.default } })

/** The student dashboard shows the first page (20 sessions). */
export const getUpcomingSessions = async () => (await getUpcomingSessionsPage(1)).data

export const upcomingSessionsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.upcoming(),
    queryFn: getUpcomingSessions,
    staleTime: STALE_TIME,
  })

export const useUpcomingSessions = () => useQuery(upcomingSessionsQueryOptions())

/** A page of the upcoming sessions with its paging facts, for the educator's paged list. */
export const upcomingSessionsPageQueryOptions = (page: number) =>
  queryOptions({
    queryKey: dashboardKeys.upcomingPage(page),
    queryFn: () => getUpcomingSessionsPage(page),
    staleTime: STALE_TIME,
    // Coming back to the list after 60 s (§9) asks again rather than showing the cached page.
    refetchOnMount: true,
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  })

export const useUpcomingSessionsPage = (page: number) =>
  useQuery(upcomingSessionsPageQueryOptions(page))

/** Every upcoming session, page after page: what an overlap check needs, however many. */
export const getAllUpcomingSessions = async () => {
  const sessions: UpcomingSession[] = []
  for (let page = 1; ; page += 1) {
    const { data, meta } = await getUpcomingSessionsPage(page)
    sessions.push(...data)
    if (!meta.hasNextPage || data.length === 0) return sessions
  }
}

export const allUpcomingSessionsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.allUpcoming(),
    queryFn: getAllUpcomingSessions,
    staleTime: STALE_TIME,
  })
