import type { Paginated } from '../../../contract/common.ts'
import type { Payment } from '../../../contract/entities.ts'
import type {
  CreateOrderBody,
  PaymentsQuery,
  WebhookBody,
} from '../../../contract/endpoints/payments.ts'
import { MESSAGES } from '../../../contract/messages.ts'
import { pageRequest, toPage } from '../../../contract/paging.ts'
import { paymentEvent } from '../../../contract/payment-events.ts'
import { PAGE_SIZE } from '../../../contract/rules.ts'
import { captureCheck, type OpenHold, orderDecision } from '../../../contract/seats.ts'
import type { Executor } from '../db/client.ts'
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  found,
  refusalError,
} from '../domain/errors.ts'
import { requestIds } from '../payments/request-ids.ts'
import {
  findOpenPayment,
  findPayment,
  findPaymentBy,
  findPaymentRecord,
  findSeat,
  insertPayment,
  isWebhookEventSeen,
  listCapturedPayments,
  lockSession,
  type PaymentRow,
  type SeatedSession,
  recordWebhookEvent,
  updatePayment,
} from '../repositories/seats.ts'
import { isDeactivated, type UserRow } from '../repositories/users.ts'
import { reopenOffer } from '../repositories/waitlist.ts'
import { toPayment } from '../serializers/payments.ts'
import type { ServiceDeps } from './deps.ts'
import { type FreeingDeps, outboxMail, seatChange, type SeatEffects } from './seat-change.ts'
import { offerFreedSeats, passFreedSeats, planHoldEnd } from './waitlist-offers.ts'
import {
  paymentHolds,
  priceOf,
  recordCapture,
  recordProviderRefund,
  leaveLineSeated,
  lockSessionOf,
  seatsLeftFor,
  sessionFacts,
} from './seats.ts'

/**
 * Paying for a seat (§4): the order that holds it, the capture that charges it, the payments a
 * student sees, and the provider's webhook. Whether each may go ahead is contract/seats.ts's
 * decision; what a completed capture does to the seat is ./seats.ts's.
 */

/** The payment as its answer shows it. */
export const paymentView = async (
  { db }: Pick<ServiceDeps, 'db'>,
  paymentId: number,
): Promise<Payment> => toPayment(found(await findPaymentRecord(db, paymentId), 'Payment'))

const ownPayment = async (db: Executor, paymentId: number, user: Pick<UserRow, 'id' | 'role'>) => {
  const payment = found(await findPayment(db, paymentId), 'Payment')
  if (payment.userId !== user.id) throw new ForbiddenError(MESSAGES.payments.someoneElses)
  return payment
}

/**
 * Holds a seat in a paid session and opens a provider order for its price (from the database,
 * never the browser). While the student's hold lasts, asking again answers the same payment; a
 * payment whose opening died with its server before its order was recorded asks the provider
 * again, under the same request id, so the provider answers the order it made for it, if any.
 */
export const createOrder = async (
  deps: FreeingDeps,
  user: UserRow,
  body: CreateOrderBody,
): Promise<Payment> => {
  const claim: { paymentId?: number } = {}
  try {
    return await openPayment(deps, user, body, claim)
  } finally {
    if (claim.paymentId !== undefined) deps.payments.opening.delete(claim.paymentId)
  }
}

/** The student's open payment as opening a payment weighs it (contract/seats.ts). */
const openHoldOf = (open: PaymentRow | undefined, amountInCents: number, now: Date): OpenHold => {
  if (!open) return 'none'
  if (!paymentHolds(open, now)) return 'expired'
  return open.amountInCents === amountInCents ? 'running' : 'repriced'
}

const openPayment = async (
  deps: FreeingDeps,
  user: UserRow,
  body: CreateOrderBody,
  /** The payment this call asks the provider for, claimed before its transaction commits. */
  claim: { paymentId?: number },
): Promise<Payment> => {
  // A seat run free goes to those waiting before this student may hold it.
  await passFreedSeats(deps, body.lessonId, body.sessionId)
  const now = new Date()
  const { opening } = deps.payments
  const opened = await deps.db.transaction(async (tx) => {
    const seated = found(await lockSession(tx, body.lessonId, body.sessionId), 'Session')
    const open = await findOpenPayment(tx, user.id, seated.session.id)
    const amountInCents = priceOf(seated)
    const decision = orderDecision({
      now: now.getTime(),
      ...sessionFacts(seated),
      enrolled: (await findSeat(tx, seated.session.id, user.id)) !== undefined,
      seatsLeft: await seatsLeftFor(tx, seated, user.id, now),
      priceInCents: amountInCents,
      educatorDeactivated: await isDeactivated(tx, seated.lesson.ownerId),
      openHold: openHoldOf(open, amountInCents, now),
    })
    if (decision.kind === 'refuse') throw refusalError(decision.refusal)
    if (open && decision.kind === 'answer open') {
      if (open.orderId !== null) return { payment: open, asks: 'no' as const, seated }
      // A second opening while the first is still asking the provider has no order to show.
      if (opening.has(open.id)) {
        throw new ConflictError(MESSAGES.payments.notProcessing({ status: 'processing' }))
      }
      claim.paymentId = open.id
      opening.add(open.id)
      return { payment: open, asks: 'again' as const, seated }
    }
    if (open) await updatePayment(tx, open.id, { status: 'cancelled', holdExpiresAt: null })
    const holdEnd = new Date(now.getTime() + deps.payments.holdMs)
    const payment = await insertPayment(tx, {
      userId: user.id,
      lessonId: seated.lesson.id,
      sessionId: seated.session.id,
      status: 'processing',
      amountInCents,
      holdExpiresAt: holdEnd,
    })
    await planHoldEnd(deps, tx, {
      paymentId: payment.id,
      sessionId: seated.session.id,
      endsAt: holdEnd,
    })
    // The hold replaces the student's place in line (an offer taken, or a seat found free).
    await leaveLineSeated(tx, seated.session.id, user.id, now)
    claim.paymentId = payment.id
    opening.add(payment.id)
    return { payment, asks: 'first' as const, seated }
  })
  const { payment, asks, seated } = opened
  if (asks === 'no') return paymentView(deps, payment.id)
  try {
    const { orderId } = await deps.payments.provider.createOrder({
      requestId: requestIds.order(payment),
      amountInCents: payment.amountInCents,
      referenceId: `payment-${payment.id}`,
      description: seated.lesson.title,
    })
    await updatePayment(deps.db, payment.id, { orderId })
  } catch (error) {
    // No order, no charge: the hold is released and the student may try again. Asking again
    // keeps the hold: another instance may be opening the payment still.
    if (asks === 'first') await failPayment(deps, payment)
    throw error
  }
  return paymentView(deps, payment.id)
}

/**
 * Captures an approved order. Before charging it makes sure the seat is still there (renewing an
 * expired hold when a seat is free; otherwise nothing is charged); the capture's request id makes
 * retries and parallel calls charge once; the capture is recorded with the seat in one
 * transaction. A retried call after success answers the same payment.
 */
export const capturePayment = async (
  deps: FreeingDeps,
  user: UserRow,
  paymentId: number,
): Promise<Payment> => {
  const payment = await ownPayment(deps.db, paymentId, user)
  // A seat run free goes to those waiting before this payment may hold it again.
  if (payment.sessionId !== null) await passFreedSeats(deps, payment.lessonId, payment.sessionId)
  const { decision, orderId } = await deps.db.transaction(async (tx) => {
    const now = new Date()
    // The session's lock first, then the payment's, as every change of seats takes them.
    const seated = await lockSessionOf(tx, payment)
    const current = found(await findPayment(tx, payment.id, { lock: true }), 'Payment')
    const decision = captureCheck({
      now: now.getTime(),
      status: current.status,
      captured: current.transactionId !== null,
      hasOrder: current.orderId !== null,
      session: seated ? sessionFacts(seated) : null,
      enrolled:
        seated !== undefined && (await findSeat(tx, seated.session.id, user.id)) !== undefined,
      holding: paymentHolds(current, now),
      seatsLeft: seated ? await seatsLeftFor(tx, seated, user.id, now) : 0,
      educatorDeactivated: seated ? await isDeactivated(tx, seated.lesson.ownerId) : false,
    })
    if (decision.kind === 'refuse' && decision.cancel) {
      await updatePayment(tx, current.id, { status: 'cancelled', holdExpiresAt: null })
    }
    if (decision.kind === 'charge' && decision.renewHold && seated) {
      // A seat is free: hold it again for the time the capture takes.
      const holdEnd = new Date(now.getTime() + deps.payments.holdMs)
      await updatePayment(tx, current.id, { holdExpiresAt: holdEnd })
      await leaveLineSeated(tx, seated.session.id, user.id, now)
      await planHoldEnd(deps, tx, {
        paymentId: current.id,
        sessionId: seated.session.id,
        endsAt: holdEnd,
      })
    }
    return { decision, orderId: current.orderId }
  })
  if (decision.kind === 'answer') return paymentView(deps, payment.id)
  if (decision.kind === 'refuse') throw refusalError(decision.refusal)

  const result = await deps.payments.provider.captureOrder(
    // Charged only with an order (captureCheck refuses a payment without one).
    found(orderId, 'Order'),
    requestIds.capture(payment),
  )
  switch (result.kind) {
    case 'notApproved':
      throw new ConflictError(MESSAGES.payments.notApproved)
    case 'declined':
      await failPayment(deps, payment, ['processing'])
      throw new ConflictError(MESSAGES.payments.declined)
    case 'pending':
      // The provider settles it later and tells the webhook; the hold keeps the seat meanwhile.
      return paymentView(deps, payment.id)
    case 'completed':
      await recordCapture(deps, payment.id, result.captureId)
      return paymentView(deps, payment.id)
  }
}

/**
 * A payment's hold released (failed or given up), in its transaction: a seat the student had
 * been offered from the waitlist is theirs again while the offer lasts; otherwise the seat goes
 * to the first in line.
 */
const releaseHold = async (
  deps: FreeingDeps,
  tx: Executor,
  seated: SeatedSession,
  userId: number,
  effects: SeatEffects,
  now = new Date(),
) => {
  await reopenOffer(tx, seated.session.id, userId, now)
  await offerFreedSeats(deps, tx, seated, now, outboxMail(deps, tx, effects))
}

/**
 * A payment that failed (no order, a declined capture): in error and its seat hold released
 * (`releaseHold`), in one transaction.
 */
const failPayment = (
  deps: FreeingDeps,
  payment: Pick<PaymentRow, 'id' | 'userId' | 'lessonId' | 'sessionId'>,
  from: readonly PaymentRow['status'][] | null = null,
) =>
  seatChange(deps, async (tx, effects) => {
    const seated = await lockSessionOf(tx, payment)
    const failed = await updatePayment(
      tx,
      payment.id,
      { status: 'error', holdExpiresAt: null },
      from,
    )
    if (failed && seated) await releaseHold(deps, tx, seated, payment.userId, effects)
  })

/**
 * The buyer gave up: the payment is cancelled and its seat hold released (`releaseHold`), in one
 * transaction.
 */
export const cancelPayment = async (deps: FreeingDeps, user: UserRow, paymentId: number) => {
  const payment = await ownPayment(deps.db, paymentId, user)
  await seatChange(deps, async (tx, effects) => {
    const now = new Date()
    const seated = await lockSessionOf(tx, payment)
    const cancelled = await updatePayment(
      tx,
      payment.id,
      { status: 'cancelled', holdExpiresAt: null },
      ['processing'],
    )
    if (!cancelled) {
      throw new ConflictError(MESSAGES.payments.notProcessing({ status: payment.status }))
    }
    if (seated) await releaseHold(deps, tx, seated, payment.userId, effects, now)
  })
  return paymentView(deps, payment.id)
}

/** One payment: the student's own; admins may read any. */
export const getPayment = async (
  deps: Pick<ServiceDeps, 'db'>,
  user: UserRow,
  paymentId: number,
) => {
  if (user.role === 'admin') return paymentView(deps, paymentId)
  return paymentView(deps, (await ownPayment(deps.db, paymentId, user)).id)
}

export const myPayments = async (
  { db }: Pick<ServiceDeps, 'db'>,
  user: UserRow,
  query: PaymentsQuery,
): Promise<Paginated<Payment>> => {
  const page = pageRequest(query, PAGE_SIZE.default)
  const { records, itemCount } = await listCapturedPayments(db, user.id, page)
  return toPage(records.map(toPayment), page, itemCount)
}

/**
 * PayPal's webhook. The event's signature is checked with PayPal before anything is read; an
 * event id seen before changes nothing; captures completed, denied and refunded that the browser
 * never reported are reconciled. Each action is idempotent itself, and the event is recorded
 * after it, so a crash in between is repaired by PayPal's redelivery.
 */
export const handleWebhook = async (
  deps: FreeingDeps,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  event: WebhookBody,
) => {
  if (!(await deps.payments.provider.verifyWebhook(headers, event))) {
    throw new BadRequestError(MESSAGES.payments.invalidSignature)
  }
  if (await isWebhookEventSeen(deps.db, event.id)) return
  const action = paymentEvent(event)
  switch (action.kind) {
    case 'captured': {
      const payment = await findPaymentBy(deps.db, { orderId: action.orderId })
      if (payment) await recordCapture(deps, payment.id, action.captureId)
      break
    }
    case 'denied': {
      const payment = await findPaymentBy(deps.db, { orderId: action.orderId })
      if (payment) await failPayment(deps, payment, ['processing'])
      break
    }
    case 'refunded':
      await recordProviderRefund(deps, action.captureId, action.refundId)
      break
    case 'ignored':
      break
  }
  await recordWebhookEvent(deps.db, { id: event.id, type: event.event_type })
}
