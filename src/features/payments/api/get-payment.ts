import { getPayment as getPaymentCall } from '@contract/descriptors/payments'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { paymentKeys } from './keys'

/** While the provider has not settled a payment, its screen asks again this often (ms). */
export const UNSETTLED_REFETCH_MS = 3000

/** GET /payments/:id: one of the caller's payments. */
export const getPayment = (paymentId: number) =>
  request(getPaymentCall, { params: { id: paymentId } })

export const paymentQueryOptions = (paymentId: number) =>
  queryOptions({
    queryKey: paymentKeys.detail(paymentId),
    queryFn: () => getPayment(paymentId),
    // Processing and refunding settle on the provider's side: ask again until they do.
    refetchInterval: (query) => {
      const status = query.state.data?.status
      return status === 'processing' || status === 'refunding' ? UNSETTLED_REFETCH_MS : false
    },
  })

export const usePayment = (paymentId: number) => useQuery(paymentQueryOptions(paymentId))
