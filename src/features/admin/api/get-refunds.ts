import { listRefunds } from '@contract/descriptors/admin'
import { PAGE_SIZE } from '@contract/rules'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { adminKeys, type RefundListFilters } from './keys'

/** GET /admin/refunds: one page of the refunds due in the range, newest first. */
export const getRefunds = ({ from, to, page }: RefundListFilters) =>
  request(listRefunds, {
    query: {
      page,
      take: PAGE_SIZE.default,
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    },
  })

export const refundsQueryOptions = (filters: RefundListFilters) =>
  queryOptions({
    queryKey: adminKeys.refundList(filters),
    queryFn: () => getRefunds(filters),
    placeholderData: keepPreviousData,
  })

export const useRefunds = (filters: RefundListFilters) => useQuery(refundsQueryOptions(filters))
