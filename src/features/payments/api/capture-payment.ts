import { capturePayment as capturePaymentCall } from '@contract/descriptors/payments'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { paymentKeys } from './keys'

/** POST /payments/:id/capture: takes the approved payment; the student is enrolled with it. */
export const capturePayment = (paymentId: number) =>
  request(capturePaymentCall, { params: { id: paymentId } })

/** The payment as captured; the history gains it. A refusal also changes it (cancelled). */
export const useCapturePayment = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: capturePayment,
    onSuccess: (payment) => queryClient.setQueryData(paymentKeys.detail(payment.id), payment),
    onSettled: (_payment, _error, paymentId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentKeys.detail(paymentId) }),
        queryClient.invalidateQueries({ queryKey: paymentKeys.mine() }),
      ]),
  })
}
