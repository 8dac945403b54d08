import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Paginated } from '../../../contract/common.ts'
import type { Payment } from '../../../contract/entities.ts'
import type {
  CreateOrderBody,
  PaymentsQuery,
  WebhookBody,
} from '../../../contract/endpoints/payments.ts'
import { MESSAGES } from '../../../contract/messages.ts'
import { pageRequest, toPage } from '../../../contract/paging.ts'
import { PAGE_SIZE, sessionPriceInCents } from '../../../contract/rules.ts'
import type { Database, Executor } from '../db/client.ts'
import { webhookEvents } from '../db/schema.ts'
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  found,
  ProviderUnavailableError,
} from '../domain/errors.ts'
import { feeShares } from '../domain/money.ts'
import type { Mailer } from '../mail/mailer.ts'
import { emails, sessionWhen } from '../mail/templates.ts'
import type { PaymentsRuntime } from '../payments/runtime.ts'
import {
  cancelSeat,
  dueRefunds,
  findOpenPayment,
  findPayment,
  findPaymentBy,
  findPaymentRecord,
  findSeat,
  insertPayment,
  insertSeat,
  listCapturedPayments,
  lockSession,
  type PaymentRow,
  type SeatedSession,
  seatsTaken,
  updatePayment,
} from '../repositories/seats.ts'
import { findUserById, type UserRow } from '../repositories/users.ts'
import { toCalendar } from '../serializers/calendar.ts'
import { toPayment } from '../serializers/lessons.ts'

/** What seat and payment changes need: the database, the mailer, the provider and the log. */
export interface SeatDeps {
  db: Database
  mailer: Mailer
  payments: PaymentsRuntime
  log: FastifyBaseLogger
  /** The domain of calendar event ids (the app's host). */
  eventDomain: string
}

/**
 * Request ids derived from our payment: PayPal answers a repeated one with its first result. The
 * creation instant is part of it, so a database started afresh (or another environment on the
 * same PayPal account) never reuses the id of an older payment.
 */
const requestKey = (payment: Pick<PaymentRow, 'id' | 'createdAt'>) =>
  `${payment.id}-${payment.createdAt.getTime().toString(36)}`
export const requestIds = {
  order: (payment: Pick<PaymentRow, 'id' | 'createdAt'>) => `manabi-order-${requestKey(payment)}`,
  capture: (payment: Pick<PaymentRow, 'id' | 'createdAt'>) =>
    `manabi-capture-${requestKey(payment)}`,
  refund: (payment: Pick<PaymentRow, 'id' | 'createdAt'>) => `manabi-refund-${requestKey(payment)}`,
}

const isHoldActive = (payment: PaymentRow, now: Date) =>
  payment.status === 'processing' &&
  payment.holdExpiresAt !== null &&
  payment.holdExpiresAt.getTime() > now.getTime()

const hasStarted = (seated: SeatedSession, now: Date) =>
  seated.session.startTime.getTime() <= now.getTime()

export const priceOf = ({ session, lesson }: SeatedSession) =>
  sessionPriceInCents(
    lesson.priceInCents,
    session.startTime.toISOString(),
    session.endTime.toISOString(),
  )

/** The payment as its answer shows it. */
export const paymentView = async (db: Executor, paymentId: number): Promise<Payment> =>
  toPayment(found(await findPaymentRecord(db, paymentId), 'Payment'))

/** The student's confirmation with the session's calendar file, in their language. */
export const enqueueConfirmation = async (
  deps: SeatDeps,
  tx: Executor,
  student: Pick<UserRow, 'email' | 'name' | 'language'>,
  seated: SeatedSession,
  paidCents: number,
) => {
  const email = emails.enrolled(
    student.language,
    student.name,
    seated.lesson.title,
    sessionWhen(student.language, seated.session),
    paidCents,
  )
  return deps.mailer.enqueue(tx, student.email, {
    ...email,
    attachments: [
      {
        filename: `session-${seated.session.id}.ics`,
        contentType: 'text/calendar; charset=utf-8',
        content: toCalendar(seated.lesson, seated.session, deps.eventDomain, false),
      },
    ],
  })
}

/**
 * Sends a due refund to the provider and records its confirmation. The request id makes a repeat
 * (this call retried, or racing the sweeper) refund once; a provider that does not answer leaves
 * the refund due for the next try.
 */
export const settleRefund = async (deps: SeatDeps, paymentId: number) => {
  const payment = await findPayment(deps.db, paymentId)
  if (payment?.status !== 'refunding' || payment.transactionId === null) return
  try {
    const { refundId } = await deps.payments.provider.refundCapture(
      payment.transactionId,
      requestIds.refund(payment),
      payment.amountInCents,
    )
    await updatePayment(
      deps.db,
      payment.id,
      { status: 'refunded', refundId, refundedAt: new Date() },
      ['refunding'],
    )
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error
    deps.log.warn({ paymentId, detail: error.detail }, 'Refund not confirmed yet; it stays due')
  }
}

/** Every refund still due (a crash or an unavailable provider came between); run periodically. */
export const settleDueRefunds = async (deps: SeatDeps) => {
  for (const { id } of await dueRefunds(deps.db)) await settleRefund(deps, id)
}

/** Runs a change of seats in one transaction, then sends its e-mails and settles its refunds. */
export const seatChange = async <T>(
  deps: SeatDeps,
  change: (tx: Executor, effects: { mails: number[]; refunds: number[] }) => Promise<T>,
): Promise<T> => {
  const effects = { mails: [] as number[], refunds: [] as number[] }
  const result = await deps.db.transaction((tx) => change(tx, effects))
  await deps.mailer.deliver(effects.mails)
  for (const paymentId of effects.refunds) await settleRefund(deps, paymentId)
  return result
}

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
  deps: SeatDeps,
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

const openPayment = async (
  deps: SeatDeps,
  user: UserRow,
  body: CreateOrderBody,
  /** The payment this call asks the provider for, claimed before its transaction commits. */
  claim: { paymentId?: number },
): Promise<Payment> => {
  const now = new Date()
  const { opening } = deps.payments
  const opened = await deps.db.transaction(async (tx) => {
    const seated = found(await lockSession(tx, body.lessonId, body.sessionId), 'Session')
    if (await findSeat(tx, seated.session.id, user.id)) {
      throw new ConflictError(MESSAGES.enrollments.alreadyEnrolled)
    }
    if (hasStarted(seated, now)) throw new ConflictError(MESSAGES.enrollments.alreadyStarted)
    const amountInCents = priceOf(seated)
    if (amountInCents === 0) throw new BadRequestError(MESSAGES.payments.freeSession)
    const open = await findOpenPayment(tx, user.id, seated.session.id)
    if (open && isHoldActive(open, now)) {
      if (open.orderId !== null) return { payment: open, asks: 'no' as const, seated }
      // A second opening while the first is still asking the provider has no order to show.
      if (opening.has(open.id)) {
        throw new ConflictError(MESSAGES.payments.notProcessing('processing'))
      }
      claim.paymentId = open.id
      opening.add(open.id)
      return { payment: open, asks: 'again' as const, seated }
    }
    if (open) await updatePayment(tx, open.id, { status: 'cancelled', holdExpiresAt: null })
    if ((await seatsTaken(tx, seated.session.id, user.id, now)) >= seated.lesson.maxSlots) {
      throw new ConflictError(MESSAGES.enrollments.noSeatsLeft)
    }
    const payment = await insertPayment(tx, {
      userId: user.id,
      lessonId: seated.lesson.id,
      sessionId: seated.session.id,
      status: 'processing',
      amountInCents,
      holdExpiresAt: new Date(now.getTime() + deps.payments.holdMs),
    })
    claim.paymentId = payment.id
    opening.add(payment.id)
    return { payment, asks: 'first' as const, seated }
  })
  const { payment, asks, seated } = opened
  if (asks === 'no') return paymentView(deps.db, payment.id)
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
    if (asks === 'first') {
      await updatePayment(deps.db, payment.id, { status: 'error', holdExpiresAt: null })
    }
    throw error
  }
  return paymentView(deps.db, payment.id)
}

/** What a completed capture did: seated the student, or found the seat gone and refunds. */
type CaptureOutcome = 'seated' | 'refunding' | 'recorded before'

/**
 * Records a completed capture, from the browser's call or the provider's webhook, in one
 * transaction with its consequence: the student's seat (their hold, or a seat still free) and
 * the confirmation e-mail, or, when the seat is gone (the session started, or the hold expired
 * and the seat went to someone else), a refund due at once and an e-mail saying so. A capture
 * recorded before (a retry, a race with the webhook) changes nothing.
 */
export const recordCapture = async (
  deps: SeatDeps,
  paymentId: number,
  captureId: string,
): Promise<CaptureOutcome> =>
  seatChange(deps, async (tx, effects) => {
    const payment = found(await findPayment(tx, paymentId, { lock: true }), 'Payment')
    if (payment.transactionId !== null) return 'recorded before'
    const now = new Date()
    const student = found(await findUserById(tx, payment.userId), 'User')
    const seated =
      payment.sessionId === null
        ? undefined
        : await lockSession(tx, payment.lessonId, payment.sessionId)
    const captured = {
      transactionId: captureId,
      holdExpiresAt: null,
      ...feeShares(payment.amountInCents, deps.payments.feeBasisPoints),
    }
    const seatFree =
      seated !== undefined &&
      !hasStarted(seated, now) &&
      (isHoldActive(payment, now) ||
        (await seatsTaken(tx, seated.session.id, student.id, now)) < seated.lesson.maxSlots)
    if (
      seated &&
      seatFree &&
      (await insertSeat(tx, { sessionId: seated.session.id, userId: student.id, paymentId }))
    ) {
      await updatePayment(tx, paymentId, { ...captured, status: 'success' })
      effects.mails.push(
        await enqueueConfirmation(deps, tx, student, seated, payment.amountInCents),
      )
      return 'seated'
    }
    await updatePayment(tx, paymentId, {
      ...captured,
      status: 'refunding',
      refundReason: 'seatTaken',
    })
    const when = seated ? sessionWhen(student.language, seated.session) : ''
    const title = seated?.lesson.title ?? ''
    effects.mails.push(
      await deps.mailer.enqueue(
        tx,
        student.email,
        emails.seatTaken(student.language, student.name, title, when, payment.amountInCents),
      ),
    )
    effects.refunds.push(paymentId)
    return 'refunding'
  })

/**
 * Captures an approved order. Before charging it makes sure the seat is still there (renewing an
 * expired hold when a seat is free; otherwise nothing is charged); the capture's request id makes
 * retries and parallel calls charge once; the capture is recorded with the seat in one
 * transaction. A retried call after success answers the same payment.
 */
export const capturePayment = async (
  deps: SeatDeps,
  user: UserRow,
  paymentId: number,
): Promise<Payment> => {
  const payment = await ownPayment(deps.db, paymentId, user)
  if (payment.transactionId !== null) return paymentView(deps.db, payment.id)
  if (payment.status !== 'processing' || payment.orderId === null) {
    throw new ConflictError(MESSAGES.payments.notProcessing(payment.status))
  }
  const check = await deps.db.transaction(async (tx) => {
    const now = new Date()
    const current = found(await findPayment(tx, payment.id, { lock: true }), 'Payment')
    // A parallel call captured it meanwhile: answer what it recorded.
    if (current.transactionId !== null) return { captured: true, refusal: null }
    if (current.status !== 'processing') {
      return { captured: false, refusal: MESSAGES.payments.notProcessing(current.status) }
    }
    const seated =
      current.sessionId === null
        ? undefined
        : await lockSession(tx, current.lessonId, current.sessionId)
    let refusal: string | null = null
    if (!seated) refusal = MESSAGES.payments.sessionClosed
    else if (hasStarted(seated, now)) refusal = MESSAGES.enrollments.alreadyStarted
    else if (await findSeat(tx, seated.session.id, user.id)) {
      refusal = MESSAGES.enrollments.alreadyEnrolled
    } else if (!isHoldActive(current, now)) {
      const taken = await seatsTaken(tx, seated.session.id, user.id, now)
      if (taken >= seated.lesson.maxSlots) refusal = MESSAGES.payments.holdExpired
      else {
        // A seat is free: hold it again for the time the capture takes.
        await updatePayment(tx, current.id, {
          holdExpiresAt: new Date(now.getTime() + deps.payments.holdMs),
        })
      }
    }
    if (refusal) await updatePayment(tx, current.id, { status: 'cancelled', holdExpiresAt: null })
    return { captured: false, refusal }
  })
  if (check.captured) return paymentView(deps.db, payment.id)
  if (check.refusal) throw new ConflictError(check.refusal)

  const result = await deps.payments.provider.captureOrder(
    payment.orderId,
    requestIds.capture(payment),
  )
  switch (result.kind) {
    case 'notApproved':
      throw new ConflictError(MESSAGES.payments.notApproved)
    case 'declined':
      await updatePayment(deps.db, payment.id, { status: 'error', holdExpiresAt: null }, [
        'processing',
      ])
      throw new ConflictError(MESSAGES.payments.declined)
    case 'pending':
      // The provider settles it later and tells the webhook; the hold keeps the seat meanwhile.
      return paymentView(deps.db, payment.id)
    case 'completed':
      await recordCapture(deps, payment.id, result.captureId)
      return paymentView(deps.db, payment.id)
  }
}

/** The buyer gave up: the payment is cancelled and its seat hold released. */
export const cancelPayment = async (deps: SeatDeps, user: UserRow, paymentId: number) => {
  const payment = await ownPayment(deps.db, paymentId, user)
  const cancelled = await updatePayment(
    deps.db,
    payment.id,
    { status: 'cancelled', holdExpiresAt: null },
    ['processing'],
  )
  if (!cancelled) throw new ConflictError(MESSAGES.payments.notProcessing(payment.status))
  return paymentView(deps.db, payment.id)
}

/** One payment: the student's own; admins may read any. */
export const getPayment = async (db: Executor, user: UserRow, paymentId: number) => {
  if (user.role === 'admin') return paymentView(db, paymentId)
  return paymentView(db, (await ownPayment(db, paymentId, user)).id)
}

export const myPayments = async (
  db: Executor,
  user: UserRow,
  query: PaymentsQuery,
): Promise<Paginated<Payment>> => {
  const page = pageRequest(query, PAGE_SIZE.default)
  const { records, itemCount } = await listCapturedPayments(db, user.id, page)
  return toPage(records.map(toPayment), page, itemCount)
}

const stringAt = (value: unknown, ...path: string[]): string | undefined => {
  let current = value
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return typeof current === 'string' ? current : undefined
}

/** The capture a refund event is about: its `up` link (…/captures/{id}). */
const refundedCaptureId = (resource: Record<string, unknown>) => {
  const links = Array.isArray(resource['links']) ? (resource['links'] as unknown[]) : []
  for (const link of links) {
    const href = stringAt(link, 'href')
    if (stringAt(link, 'rel') === 'up' && href) {
      return /\/captures\/([^/?#]+)/.exec(href)?.[1]
    }
  }
  return stringAt(resource, 'supplementary_data', 'related_ids', 'capture_id')
}

/**
 * A refund made at the provider (or ours, confirmed), in one transaction: the payment is refunded
 * and, when the refund was not ours (the payment still counted as paid), its seat returns and the
 * student is told by e-mail. Ours was told when we asked for it.
 */
export const recordProviderRefund = async (deps: SeatDeps, captureId: string, refundId: string) => {
  await seatChange(deps, async (tx, effects) => {
    const payment = await findPaymentBy(tx, { transactionId: captureId })
    if (!payment) return
    const locked = found(await findPayment(tx, payment.id, { lock: true }), 'Payment')
    if (locked.status === 'refunded') return
    if (locked.status === 'success') {
      const seated =
        locked.sessionId === null
          ? undefined
          : await lockSession(tx, locked.lessonId, locked.sessionId)
      if (seated) {
        const seat = await findSeat(tx, seated.session.id, locked.userId, { lock: true })
        if (seat?.paymentId === locked.id) await cancelSeat(tx, seat.id, new Date())
      }
      const student = found(await findUserById(tx, locked.userId), 'User')
      effects.mails.push(
        await deps.mailer.enqueue(
          tx,
          student.email,
          emails.refundedByProvider(
            student.language,
            student.name,
            seated?.lesson.title ?? '',
            seated ? sessionWhen(student.language, seated.session) : '',
            locked.amountInCents,
          ),
        ),
      )
    }
    await updatePayment(tx, locked.id, {
      status: 'refunded',
      refundId,
      refundedAt: new Date(),
      refundReason: locked.refundReason ?? 'provider',
    })
  })
}

/**
 * PayPal's webhook. The event's signature is checked with PayPal before anything is read; an
 * event id seen before changes nothing; captures completed, denied and refunded that the browser
 * never reported are reconciled. Each action is idempotent itself, and the event is recorded
 * after it, so a crash in between is repaired by PayPal's redelivery.
 */
export const handleWebhook = async (
  deps: SeatDeps,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  event: WebhookBody,
) => {
  if (!(await deps.payments.provider.verifyWebhook(headers, event))) {
    throw new BadRequestError(MESSAGES.payments.invalidSignature)
  }
  const [seen] = await deps.db
    .select({ id: webhookEvents.eventId })
    .from(webhookEvents)
    .where(eq(webhookEvents.eventId, event.id))
  if (seen) return
  const { resource } = event
  const orderId = stringAt(resource, 'supplementary_data', 'related_ids', 'order_id')
  const resourceId = stringAt(resource, 'id')
  const payment = orderId ? await findPaymentBy(deps.db, { orderId }) : undefined
  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
      if (payment && resourceId) await recordCapture(deps, payment.id, resourceId)
      break
    case 'PAYMENT.CAPTURE.DENIED':
      if (payment) {
        await updatePayment(deps.db, payment.id, { status: 'error', holdExpiresAt: null }, [
          'processing',
        ])
      }
      break
    case 'PAYMENT.CAPTURE.REFUNDED': {
      const captureId = refundedCaptureId(resource)
      if (captureId && resourceId) await recordProviderRefund(deps, captureId, resourceId)
      break
    }
    default:
      break
  }
  await deps.db
    .insert(webhookEvents)
    .values({ eventId: event.id, eventType: event.event_type })
    .onConflictDoNothing()
}
