import {
  cancelPayment,
  capturePayment,
  createOrder,
  getPayment,
  paymentWebhook,
} from '@contract/endpoints/payments'
import { MESSAGES } from '@contract/messages'
import { DEFAULT_PAYMENT_HOLD_MINUTES } from '@contract/rules'
import { db, type DbPayment, type DbUser, newToken, nextId } from '../db'
import { fail, found, route } from '../http'
import { sessionOf } from '../queries'
import { fullPriceOf, isEnrolled, seatsLeft, toPayment } from '../serializers'

/** The caller's payment: 404 when missing, 403 when someone else's (admins may read any). */
const paymentFor = (id: number, user: DbUser, { read = false } = {}) => {
  const payment = found(
    db.payments.find((row) => row.id === id),
    'Payment',
  )
  if (payment.userId !== user.id && !(read && user.role === 'admin')) {
    fail(403, MESSAGES.payments.someoneElses)
  }
  return payment
}

/** Takes the seat; when the seat is gone meanwhile the payment fails and is not charged. */
const capture = (payment: DbPayment) => {
  if (payment.status !== 'processing') fail(409, MESSAGES.payments.notProcessing(payment.status))
  const session = sessionOf(payment.lessonId, payment.sessionId)
  if (isEnrolled(payment.userId, session.id)) fail(409, MESSAGES.enrollments.alreadyEnrolled)
  if (seatsLeft(session) === 0 || Date.parse(session.start_time) <= Date.now()) {
    payment.status = 'error'
    fail(409, MESSAGES.payments.sessionClosed)
  }
  payment.status = 'success'
  payment.transactionId = `CAPTURE-${newToken().slice(0, 12).toUpperCase()}`
  db.enrollments.push({
    id: nextId(db.enrollments),
    userId: payment.userId,
    lessonId: payment.lessonId,
    sessionId: payment.sessionId,
    createdAt: new Date().toISOString(),
  })
}

export const paymentHandlers = [
  route(createOrder, ({ user, body }) => {
    const session = sessionOf(body.lessonId, body.sessionId)
    if (isEnrolled(user.id, session.id)) fail(409, MESSAGES.enrollments.alreadyEnrolled)
    if (Date.parse(session.start_time) <= Date.now()) fail(409, MESSAGES.enrollments.alreadyStarted)
    if (seatsLeft(session) === 0) fail(409, MESSAGES.enrollments.noSeatsLeft)
    const amount = fullPriceOf(session)
    if (amount === 0) fail(400, MESSAGES.payments.freeSession)
    const payment: DbPayment = {
      id: nextId(db.payments),
      userId: user.id,
      lessonId: session.lessonId,
      sessionId: session.id,
      orderId: `ORDER-${newToken().slice(0, 12).toUpperCase()}`,
      transactionId: null,
      status: 'processing',
      amount_in_cents: amount,
      holdExpiresAt: new Date(Date.now() + DEFAULT_PAYMENT_HOLD_MINUTES * 60_000).toISOString(),
      refundReason: null,
      createdAt: new Date().toISOString(),
    }
    db.payments.push(payment)
    return { status: 201, body: toPayment(payment) }
  }),

  route(capturePayment, ({ user, params }) => {
    const payment = paymentFor(params.id, user)
    capture(payment)
    return { status: 200, body: toPayment(payment) }
  }),

  route(cancelPayment, ({ user, params }) => {
    const payment = paymentFor(params.id, user)
    if (payment.status !== 'processing') fail(409, MESSAGES.payments.notProcessing(payment.status))
    payment.status = 'cancelled'
    return { status: 200, body: toPayment(payment) }
  }),

  route(getPayment, ({ user, params }) => ({
    status: 200,
    body: toPayment(paymentFor(params.id, user, { read: true })),
  })),

  // A completed capture event for a still-processing order captures it (the wallet closed early).
  route(paymentWebhook, ({ body }) => {
    const related = body.resource['supplementary_data'] as
      { related_ids?: { order_id?: unknown } } | undefined
    const orderId = related?.related_ids?.order_id ?? body.resource['id']
    const payment = db.payments.find((row) => row.orderId === orderId)
    if (body.event_type === 'PAYMENT.CAPTURE.COMPLETED' && payment?.status === 'processing') {
      try {
        capture(payment)
      } catch {
        // The payment is marked failed; the provider only needs the acknowledgement.
      }
    }
    return { status: 200, body: { received: true } }
  }),
]
