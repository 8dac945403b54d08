import { cancelPayment as cancelPaymentCall } from '@contract/descriptors/payments'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { paymentKeys } from './keys'

/** POST /payments/:id/cancel: the buyer closed the wallet; the held seat is freed. */
export const cancelPayment = (paymentId: number) =>
  request(cancelPaymentCall, { params: { id: paymentId } })

/** The cancelled payment is cached for its result screen; after a refusal the screen asks. */
export const useCancelPayment = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelPayment,
    onSuccess: (payment) => queryClient.setQueryData(paymentKeys.detail(payment.id), payment),
    onError: (_error, paymentId) =>
      queryClient.removeQueries({ queryKey: paymentKeys.detail(paymentId) }),
  })
}
