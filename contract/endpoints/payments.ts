import Type from 'typebox'
import { errors, Id, IdParam } from '../common.ts'
import * as op from '../descriptors/payments.ts'
import { defineEndpoint } from '../endpoint.ts'
import { Payment } from '../entities.ts'

export const PaymentParams = Type.Object({ id: IdParam })

export const CreateOrderBody = Type.Object({ lessonId: Id, sessionId: Id })
export type CreateOrderBody = Type.Static<typeof CreateOrderBody>

/** The provider's webhook event; only `event_type` and the order/capture ids are read. */
export const WebhookBody = Type.Object({
  id: Type.String(),
  event_type: Type.String(),
  resource: Type.Record(Type.String(), Type.Unknown()),
})
export type WebhookBody = Type.Static<typeof WebhookBody>

export const createOrder = defineEndpoint(op.createOrder, {
  summary: 'Open a provider order (USD, intent capture) for a seat in a paid session',
  body: CreateOrderBody,
  response: { 201: Payment, ...errors(400, 401, 403, 404, 409) },
})

export const capturePayment = defineEndpoint(op.capturePayment, {
  summary: 'Capture an approved order; on success the student is enrolled in the same transaction',
  params: PaymentParams,
  response: { 200: Payment, ...errors(400, 401, 403, 404, 409) },
})

export const cancelPayment = defineEndpoint(op.cancelPayment, {
  summary: 'Mark a processing payment cancelled (the buyer closed the wallet)',
  params: PaymentParams,
  response: { 200: Payment, ...errors(400, 401, 403, 404, 409) },
})

export const getPayment = defineEndpoint(op.getPayment, {
  summary: "One of the caller's payments",
  params: PaymentParams,
  response: { 200: Payment, ...errors(400, 401, 403, 404) },
})

export const paymentWebhook = defineEndpoint(op.paymentWebhook, {
  summary: "The payment provider's webhook (signature verified by the server)",
  body: WebhookBody,
  response: { 200: Type.Object({ received: Type.Boolean() }), ...errors(400) },
})
