import { myEarnings } from '@contract/descriptors/user'
import { PAGE_SIZE } from '@contract/rules'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { earningsKeys } from './keys'

/** GET /user/earnings: one page (20) of the educator's lines, newest first. */
export const getEarningsLines = (page: number) =>
  request(myEarnings, { query: { page, take: PAGE_SIZE.default } })

export const earningsLinesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: earningsKeys.linesPage(page),
    queryFn: () => getEarningsLines(page),
    // A payment or refund may come any moment: coming back to the screen asks again.
    staleTime: 0,
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  })

export const useEarningsLines = (page: number) => useQuery(earningsLinesQueryOptions(page))
