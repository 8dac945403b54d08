import { createOrder as createOrderCall } from '@contract/descriptors/payments'
import type { CreateOrderBody } from '@contract/index'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { paymentKeys } from './keys'

/**
 * POST /payments/orders: holds a seat in a paid session and opens the provider's order for it;
 * while the hold lasts the same open payment is answered again.
 */
export const createOrder = (body: CreateOrderBody) => request(createOrderCall, { body })

export const useCreateOrder = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createOrder,
    onSuccess: (payment) => queryClient.setQueryData(paymentKeys.detail(payment.id), payment),
  })
}
