import { capturePayment as capturePaymentCall } from '@contract/descriptors/payments'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { paymentKeys } from './keys'

/** POST /payments/:id/capture: takes the approved payment; the student is enrolled with it. */
export const capturePayment = (paymentId: number) =>
  request(capturePaymentCall, { params: { id: paymentId } })

/**
 * The captured payment is cached for its result screen and the history gains it. A refusal may
 * have changed the payment too (cancelled): its cached copy is dropped, so the screen asks.
 */
export const useCapturePayment = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: capturePayment,
    onSuccess: (payment) => queryClient.setQueryData(paymentKeys.detail(payment.id), payment),
    onError: (_error, paymentId) =>
      queryClient.removeQueries({ queryKey: paymentKeys.detail(paymentId) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.mine() }),
  })
}
