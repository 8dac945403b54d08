import * as endpoints from '@contract/endpoints/payments'
import type { PaymentStatus } from '@contract/entities'
import { MESSAGES } from '@contract/messages'
import { paymentEvent } from '@contract/payment-events'
import { DEFAULT_PAYMENT_HOLD_MINUTES, PAGE_SIZE } from '@contract/rules'
import {
  captureCheck,
  captureOutcome,
  captureRefundReason,
  type OpenHold,
  orderDecision,
  refundOwed,
} from '@contract/seats'
import { db, type DbPayment, type DbUser, newToken, nextId } from '../db'
import { apiUrl, fail, found, paginate, refuse, route } from '../http'
import { ownerDeactivated, sessionOf } from '../queries'
import { giveBackSeats, leaveLineSeated, releaseHold } from '../seats'
import {
  fullPriceOf,
  isEnrolled,
  paymentHolds,
  seatsLeftFor,
  sessionFacts,
  toPayment,
} from '../serializers'

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

/** The facts the core's capture decisions read, for the payment's buyer at `now`. */
const captureFacts = (payment: DbPayment, now: number) => {
  const session = db.sessions.find(
    (row) => row.id === payment.sessionId && row.lessonId === payment.lessonId,
  )
  return {
    now,
    status: payment.status,
    captured: payment.transactionId !== null,
    hasOrder: payment.orderId !== null,
    session: session ? sessionFacts(session) : null,
    enrolled: session !== undefined && isEnrolled(payment.userId, session.id),
    holding: paymentHolds(payment, now),
    seatsLeft: session ? seatsLeftFor(session, payment.userId, now) : 0,
    educatorDeactivated: session !== undefined && ownerDeactivated(session),
  }
}

/**
 * Records a completed capture as the server does (contract/seats.ts captureOutcome): the buyer's
 * seat, or a full refund when the seat is gone. The mock's provider refunds at once.
 */
const recordCapture = (payment: DbPayment, captureId: string) => {
  if (payment.transactionId !== null) return
  // Decided on the payment as it stands: its running hold keeps the seat for it.
  const facts = captureFacts(payment, Date.now())
  const outcome = captureOutcome(facts)
  payment.transactionId = captureId
  payment.holdExpiresAt = null
  payment.capturedAt = new Date().toISOString()
  if (outcome === 'refund') {
    payment.status = 'refunded'
    payment.refundReason = captureRefundReason(facts)
    payment.refundDueAt = payment.capturedAt
    return
  }
  payment.status = 'success'
  if (payment.sessionId !== null) leaveLineSeated(payment.sessionId, payment.userId)
  db.enrollments.push({
    id: nextId(db.enrollments),
    userId: payment.userId,
    lessonId: payment.lessonId,
    sessionId: payment.sessionId,
    createdAt: new Date().toISOString(),
  })
}

/**
 * Captures a payment as the server does (contract/seats.ts captureCheck): a capture recorded
 * before is answered as it is; a refusal may cancel the payment; otherwise the mock's provider
 * charges at once and the capture is recorded.
 */
const capture = (payment: DbPayment) => {
  const now = Date.now()
  const check = captureCheck(captureFacts(payment, now))
  if (check.kind === 'answer') return
  if (check.kind === 'refuse') {
    if (check.cancel) {
      payment.status = 'cancelled'
      payment.holdExpiresAt = null
    }
    return refuse(check.refusal)
  }
  if (check.renewHold) {
    payment.holdExpiresAt = new Date(now + DEFAULT_PAYMENT_HOLD_MINUTES * 60_000).toISOString()
    if (payment.sessionId !== null) leaveLineSeated(payment.sessionId, payment.userId)
  }
  recordCapture(payment, `CAPTURE-${newToken().slice(0, 12).toUpperCase()}`)
}

/** The captured payments: paid, being refunded or refunded. */
const CAPTURED: readonly PaymentStatus[] = ['success', 'refunding', 'refunded']

/** The buyer's open payments as opening a payment weighs them (contract/seats.ts). */
const openHoldOf = (
  open: readonly DbPayment[],
  holding: DbPayment | undefined,
  amount: number,
): OpenHold => {
  if (holding) return holding.amount_in_cents === amount ? 'running' : 'repriced'
  return open.length > 0 ? 'expired' : 'none'
}

export const paymentHandlers = [
  // Before the /payments/:id calls: MSW matches in order.
  route(endpoints.getPaymentConfig, () => ({
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

  route(endpoints.listMyPayments, ({ user, query }) => {
    const payments = db.payments
      .filter((row) => row.userId === user.id && CAPTURED.includes(row.status))
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id)
      .map(toPayment)
    return { status: 200, body: paginate(payments, query, PAGE_SIZE.default) }
  }),

  route(endpoints.createOrder, ({ user, body }) => {
    const session = sessionOf(body.lessonId, body.sessionId)
    const now = Date.now()
    // The buyer's open payments for this session; one still holding the seat at today's price is
    // answered again.
    const open = db.payments.filter(
      (row) =>
        row.userId === user.id && row.sessionId === session.id && row.status === 'processing',
    )
    const holding = open.find((row) => paymentHolds(row, now))
    const amount = fullPriceOf(session)
    const decision = orderDecision({
      now,
      ...sessionFacts(session),
      enrolled: isEnrolled(user.id, session.id),
      seatsLeft: seatsLeftFor(session, user.id, now),
      priceInCents: amount,
      educatorDeactivated: ownerDeactivated(session),
      openHold: openHoldOf(open, holding, amount),
    })
    if (decision.kind === 'refuse') refuse(decision.refusal)
    if (holding && decision.kind === 'answer open') return { status: 201, body: toPayment(holding) }
    // Those whose hold ran out, or one opened at a price the lesson no longer has.
    for (const replaced of open) {
      replaced.status = 'cancelled'
      replaced.holdExpiresAt = null
    }
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
    // The hold replaces the student's place in line (an offer taken, or a seat found free).
    leaveLineSeated(session.id, user.id)
    return { status: 201, body: toPayment(payment) }
  }),

  route(endpoints.capturePayment, ({ user, params }) => {
    const payment = paymentFor(params.id, user)
    capture(payment)
    return { status: 200, body: toPayment(payment) }
  }),

  route(endpoints.cancelPayment, ({ user, params }) => {
    const payment = paymentFor(params.id, user)
    if (payment.status !== 'processing')
      fail(409, MESSAGES.payments.notProcessing({ status: payment.status }))
    payment.status = 'cancelled'
    payment.holdExpiresAt = null
    const session = db.sessions.find((row) => row.id === payment.sessionId)
    if (session) releaseHold(session, payment.userId)
    return { status: 200, body: toPayment(payment) }
  }),

  route(endpoints.getPayment, ({ user, params }) => ({
    status: 200,
    body: toPayment(paymentFor(params.id, user, { read: true })),
  })),

  // The server's reconciliation (contract/payment-events.ts): a capture the browser never
  // reported, a capture declined later, a refund made at the provider.
  route(endpoints.paymentWebhook, ({ body }) => {
    const event = paymentEvent(body)
    switch (event.kind) {
      case 'captured': {
        const payment = db.payments.find((row) => row.orderId === event.orderId)
        if (payment) recordCapture(payment, event.captureId)
        break
      }
      case 'denied': {
        const payment = db.payments.find((row) => row.orderId === event.orderId)
        if (payment?.status === 'processing') {
          payment.status = 'error'
          payment.holdExpiresAt = null
          const session = db.sessions.find((row) => row.id === payment.sessionId)
          if (session) releaseHold(session, payment.userId)
        }
        break
      }
      case 'refunded': {
        const payment = db.payments.find((row) => row.transactionId === event.captureId)
        if (!payment || payment.status === 'refunded') break
        if (refundOwed({ status: payment.status, amountInCents: payment.amount_in_cents }) > 0) {
          giveBackSeats(
            (row) => row.userId === payment.userId && row.sessionId === payment.sessionId,
          )
        }
        payment.refundReason ??= 'provider'
        payment.refundDueAt ??= new Date().toISOString()
        payment.status = 'refunded'
        break
      }
      case 'ignored':
        break
    }
    return { status: 200, body: { received: true } }
  }),
]
