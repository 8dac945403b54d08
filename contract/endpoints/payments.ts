import Type from 'typebox'
import { errors, Id, IdParam, PageQuery, Paginated } from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'
import { Payment, PaymentConfig } from '../entities.ts'

export const PaymentParams = Type.Object({ id: IdParam })

export const CreateOrderBody = Type.Object({ lessonId: Id, sessionId: Id })
export type CreateOrderBody = Type.Static<typeof CreateOrderBody>

export const PaymentsQuery = Type.Object({ ...PageQuery })
export type PaymentsQuery = Type.Static<typeof PaymentsQuery>

/**
 * PayPal's webhook event (the server verifies its signature with PayPal before reading it); only
 * `id`, `event_type` and the capture in `resource` are read.
 */
export const WebhookBody = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 255 }),
  event_type: Type.String({ minLength: 1, maxLength: 255 }),
  resource: Type.Record(Type.String(), Type.Unknown()),
})
export type WebhookBody = Type.Static<typeof WebhookBody>

export const getPaymentConfig = defineEndpoint({
  method: 'GET',
  path: '/payments/config',
  access: 'public',
  summary: 'What the SPA needs to load the payment SDK (client id, environment, test mode)',
  description:
    'Answers the PayPal client id, environment (sandbox or production), SDK address, currency and seat-hold length the SPA needs to load the payment SDK.',
  response: { 200: PaymentConfig },
})

export const listMyPayments = defineEndpoint({
  method: 'GET',
  path: '/payments',
  access: ['student'],
  summary: "The calling student's payments, newest first",
  description:
    "Pages through the caller's own payments, newest first, each with its status, amount, lesson and session.",
  querystring: PaymentsQuery,
  response: { 200: Paginated(Payment), ...errors(400, 401, 403) },
})

export const createOrder = defineEndpoint({
  method: 'POST',
  path: '/payments/orders',
  access: ['student'],
  summary:
    'Hold a seat in a paid session and open a provider order for it (USD, intent capture, the amount from the database); the same open payment is answered again while its hold lasts',
  description:
    'Holds a seat in a paid session for the caller and opens a PayPal order for its price; refused when the session is free, has started or is full.',
  body: CreateOrderBody,
  response: { 201: Payment, ...errors(400, 401, 403, 404, 409, 502) },
})

export const capturePayment = defineEndpoint({
  method: 'POST',
  path: '/payments/:id/capture',
  access: ['student'],
  summary:
    'Capture an approved order; the student is enrolled in the same transaction that records it (retries answer the same payment, a seat gone meanwhile is refunded at once)',
  description:
    "Captures the caller's approved PayPal order and enrolls the caller in the session in one transaction; 502 when PayPal cannot be reached.",
  params: PaymentParams,
  response: { 200: Payment, ...errors(400, 401, 403, 404, 409, 502) },
})

export const cancelPayment = defineEndpoint({
  method: 'POST',
  path: '/payments/:id/cancel',
  access: ['student'],
  summary: 'Mark a processing payment cancelled (the buyer closed the wallet); frees the held seat',
  description:
    "Marks the caller's processing payment cancelled and frees the seat it held; 409 when the payment is no longer processing.",
  params: PaymentParams,
  response: { 200: Payment, ...errors(400, 401, 403, 404, 409) },
})

export const getPayment = defineEndpoint({
  method: 'GET',
  path: '/payments/:id',
  access: 'user',
  summary: "One of the caller's payments (admins: any)",
  description:
    "Answers one payment with its status and transaction id: the payer's own, or any payment for an admin.",
  params: PaymentParams,
  response: { 200: Payment, ...errors(400, 401, 403, 404) },
})

export const paymentWebhook = defineEndpoint({
  method: 'POST',
  path: '/payments/webhook/paypal',
  access: 'public',
  summary:
    "PayPal's webhook: the signature is verified with PayPal first, a replayed event id changes nothing; reconciles captures completed, denied and refunded",
  description:
    "Receives PayPal's events, verified by their signature with PayPal, and brings captures completed, denied or refunded into the payments they belong to.",
  body: WebhookBody,
  response: { 200: Type.Object({ received: Type.Boolean() }), ...errors(400) },
})
