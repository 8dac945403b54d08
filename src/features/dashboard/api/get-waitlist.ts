import { waitlistLessons } from '@contract/descriptors/lessons'
import { PAGE_SIZE } from '@contract/landing-rules'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { dashboardKeys } from './keys'

/**
 * GET /lessons/waitlist: the first page (20) of the sessions not yet started whose waitlist the
 * student is in, soonest first; each session's waitlistPlace has the position and any offer.
 */
export const getWaitlist = async () =>
  (await request(waitlistLessons, { query: { page: 1, take: PAGE_SIZE.default } })).data

export const waitlistQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.waitlist(),
    queryFn: getWaitlist,
    // An offer may come any moment (an e-mail says so): coming back to the dashboard asks again,
    // and while the student waits in a line the list is asked again every minute.
    staleTime: 0,
    refetchInterval: (query) => ((query.state.data?.length ?? 0) > 0 ? 60_000 : false),
  })

export const useWaitlist = () => useQuery(waitlistQueryOptions())
