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
    // Processing and refunding settle on the provider's side: ask again until they do, or until
    // a processing payment's hold has run out (nothing settles it then but the student).
    refetchInterval: (query) => {
      const payment = query.state.data
      if (payment?.status === 'refunding') return UNSETTLED_REFETCH_MS
      if (payment?.status !== 'processing') return false
      const lapsed =
        payment.holdExpiresAt !== null && Date.parse(payment.holdExpiresAt) <= Date.now()
      return lapsed ? false : UNSETTLED_REFETCH_MS
    },
  })

export const usePayment = (paymentId: number) => useQuery(paymentQueryOptions(paymentId))
