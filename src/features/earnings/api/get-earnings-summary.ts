import { myEarningsSummary } from '@contract/descriptors/user'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { earningsKeys } from './keys'

/** GET /user/earnings/summary: the last twelve months in the educator's zone, oldest first. */
export const getEarningsSummary = () => request(myEarningsSummary)

export const earningsSummaryQueryOptions = () =>
  queryOptions({ queryKey: earningsKeys.summary(), queryFn: getEarningsSummary, staleTime: 0 })

export const useEarningsSummary = () => useQuery(earningsSummaryQueryOptions())
