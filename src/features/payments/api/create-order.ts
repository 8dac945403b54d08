import { createOrder as createOrderCall } from '@contract/descriptors/payments'
import type { CreateOrderBody } from '@contract/index'
import { useMutation } from '@tanstack/react-query'
import { request } from '@/shared/api/request'

/**
 * POST /payments/orders: holds a seat in a paid session and opens the provider's order for it;
 * while the hold lasts the same open payment is answered again. Nothing cached changes: the open
 * payment stays in the dialog until it is captured or cancelled.
 */
export const createOrder = (body: CreateOrderBody) => request(createOrderCall, { body })

export const useCreateOrder = () => useMutation({ mutationFn: createOrder })
