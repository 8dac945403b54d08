import { listMyPayments } from '@contract/descriptors/payments'
import { PAGE_SIZE } from '@contract/rules'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { paymentKeys } from './keys'

/** GET /payments: one page (20) of the student's captured payments, newest first. */
export const getMyPayments = (page: number) =>
  request(listMyPayments, { query: { page, take: PAGE_SIZE.default } })

export const myPaymentsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: paymentKeys.mine(),
    queryFn: ({ pageParam }) => getMyPayments(pageParam),
    initialPageParam: 1,
    getNextPageParam: (lastPage) =>
      lastPage.meta.hasNextPage ? lastPage.meta.page + 1 : undefined,
  })

export const useMyPayments = () => useInfiniteQuery(myPaymentsQueryOptions())
