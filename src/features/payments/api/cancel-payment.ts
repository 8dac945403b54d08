import { cancelPayment as cancelPaymentCall } from '@contract/descriptors/payments'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { paymentKeys } from './keys'

/** POST /payments/:id/cancel: the buyer closed the wallet; the held seat is freed. */
export const cancelPayment = (paymentId: number) =>
  request(cancelPaymentCall, { params: { id: paymentId } })

export const useCancelPayment = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelPayment,
    onSettled: (_payment, _error, paymentId) =>
      queryClient.invalidateQueries({ queryKey: paymentKeys.detail(paymentId) }),
  })
}
