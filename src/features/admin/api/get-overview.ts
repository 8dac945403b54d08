import { adminOverview } from '@contract/descriptors/admin'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { adminKeys } from './keys'

/** GET /admin/overview: the marketplace's figures and twelve weeks, in the admin's zone. */
export const getOverview = () => request(adminOverview)

export const overviewQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.overview(), queryFn: getOverview, staleTime: 0 })

export const useOverview = () => useQuery(overviewQueryOptions())
