import { getPaymentConfig as getPaymentConfigCall } from '@contract/descriptors/payments'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { paymentKeys } from './keys'

/** GET /payments/config: what the payment SDK needs (client id, environment, test mode). */
export const getPaymentConfig = () => request(getPaymentConfigCall)

export const paymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.config(),
    queryFn: getPaymentConfig,
    // The server's settings do not change while the app runs.
    staleTime: Infinity,
  })

export const usePaymentConfig = () => useQuery(paymentConfigQueryOptions())
