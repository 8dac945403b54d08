import {
  cancelPayment,
  capturePayment,
  createOrder,
  getPayment,
  getPaymentConfig,
  listMyPayments,
  paymentWebhook,
} from '@contract/endpoints/payments'
import type { PaymentStatus } from '@contract/entities'
import { MESSAGES } from '@contract/messages'
import { DEFAULT_PAYMENT_HOLD_MINUTES, PAGE_SIZE } from '@contract/rules'
import { db, type DbPayment, type DbUser, newToken, nextId } from '../db'
import { apiUrl, fail, found, paginate, route } from '../http'
import { sessionOf } from '../queries'
import { fullPriceOf, holdsSeat, isEnrolled, seatsLeft, toPayment } from '../serializers'

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

const hasStarted = (start: string) => Date.parse(start) <= Date.now()

/**
 * Captures a processing payment and enrols its buyer, in the server's order: a started session
 * cancels it (409), an expired hold whose seat is gone cancels it (409, nothing charged), a seat
 * the buyer already holds refuses it (409).
 */
const capture = (payment: DbPayment) => {
  if (payment.status !== 'processing') fail(409, MESSAGES.payments.notProcessing(payment.status))
  const session = sessionOf(payment.lessonId, payment.sessionId)
  if (hasStarted(session.start_time)) {
    payment.status = 'cancelled'
    fail(409, MESSAGES.enrollments.alreadyStarted)
  }
  if (!holdsSeat(payment) && seatsLeft(session, payment.userId) === 0) {
    payment.status = 'cancelled'
    fail(409, MESSAGES.payments.holdExpired)
  }
  if (isEnrolled(payment.userId, session.id)) fail(409, MESSAGES.enrollments.alreadyEnrolled)
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

/** The captured payments: paid, being refunded or refunded. */
const CAPTURED: readonly PaymentStatus[] = ['success', 'refunding', 'refunded']

export const paymentHandlers = [
  // Before the /payments/:id calls: MSW matches in order.
  route(getPaymentConfig, () => ({
    status: 200,
    body: {
      clientId: 'test',
      environment: 'sandbox',
      sdkBaseUrl: apiUrl('/paypal-standin/sdk/js'),
      testMode: true,
      currency: 'USD',
      holdMinutes: DEFAULT_PAYMENT_HOLD_MINUTES,
    },
  })),

  route(listMyPayments, ({ user, query }) => {
    const payments = db.payments
      .filter((row) => row.userId === user.id && CAPTURED.includes(row.status))
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id)
      .map(toPayment)
    return { status: 200, body: paginate(payments, query, PAGE_SIZE.default) }
  }),

  route(createOrder, ({ user, body }) => {
    const session = sessionOf(body.lessonId, body.sessionId)
    if (isEnrolled(user.id, session.id)) fail(409, MESSAGES.enrollments.alreadyEnrolled)
    if (hasStarted(session.start_time)) fail(409, MESSAGES.enrollments.alreadyStarted)
    const amount = fullPriceOf(session)
    if (amount === 0) fail(400, MESSAGES.payments.freeSession)
    // The buyer's open payment for this session: answered again while it holds the seat.
    const open = db.payments.filter(
      (row) =>
        row.userId === user.id && row.sessionId === session.id && row.status === 'processing',
    )
    const holding = open.find((row) => holdsSeat(row))
    if (holding) return { status: 201, body: toPayment(holding) }
    for (const expired of open) expired.status = 'cancelled'
    if (seatsLeft(session, user.id) === 0) fail(409, MESSAGES.enrollments.noSeatsLeft)
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
    // A retried capture answers the payment it already made.
    if (payment.status !== 'success') capture(payment)
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
        // A refused capture is recorded on the payment; the provider only needs the acknowledgement.
      }
    }
    return { status: 200, body: { received: true } }
  }),
]
