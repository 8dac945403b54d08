import { upcomingLessons } from '@contract/descriptors/lessons'
import { PAGE_SIZE } from '@contract/rules'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { dashboardKeys } from './keys'

/**
 * GET /lessons/upcoming: the sessions the student is enrolled in that have not ended, soonest
 * first. The dashboard shows the first page (20 sessions).
 */
export const getUpcomingSessions = async () =>
  (await request(upcomingLessons, { query: { page: 1, take: PAGE_SIZE.default } })).data

export const upcomingSessionsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.upcoming(),
    queryFn: getUpcomingSessions,
    // Lesson data is fresh for 60 s (§9); the countdown refetches at its own edges.
    staleTime: 60_000,
  })

export const useUpcomingSessions = () => useQuery(upcomingSessionsQueryOptions())
