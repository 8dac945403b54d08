import { and, count, desc, eq, gt, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm'
import type { PageRequest } from '../../../contract/paging.ts'
import type { Executor } from '../db/client.ts'
import { PG, pgErrorCode } from '../db/errors.ts'
import {
  enrollments,
  lessonSessions,
  lessons,
  payments,
  waitlistEntries,
  webhookEvents,
} from '../db/schema.ts'
import { countedPage, countOf } from './counted-page.ts'

/**
 * Seats and the payments for them. Whatever changes who holds a seat first locks the session's
 * row (`lockSession`), so seat counts and the writes that follow them are serialised per session:
 * no interleaving of requests can seat more students than the lesson's max slots.
 */

export type PaymentRow = typeof payments.$inferSelect
export type EnrollmentRow = typeof enrollments.$inferSelect
type PaymentStatus = PaymentRow['status']

/** A session with the lesson terms its seats depend on. */
export interface SeatedSession {
  session: typeof lessonSessions.$inferSelect
  lesson: {
    id: number
    ownerId: number
    title: string
    about: string
    priceInCents: number
    minSlots: number
    maxSlots: number
  }
}

const lessonTerms = {
  id: lessons.id,
  ownerId: lessons.ownerId,
  title: lessons.title,
  about: lessons.about,
  priceInCents: lessons.priceInCents,
  minSlots: lessons.minSlots,
  maxSlots: lessons.maxSlots,
}

/**
 * The session the condition names with its lesson's terms, its row locked until the transaction
 * ends. The terms are read once the lock is held: a statement that waited for the lock would
 * still see the lesson as it was when it began, and a maximum lowered meanwhile (which locks the
 * sessions first, services/lessons.ts) would be missed.
 */
const lockSessionWhere = async (
  tx: Executor,
  condition: SQL | undefined,
): Promise<SeatedSession | undefined> => {
  const [locked] = await tx
    .select({ id: lessonSessions.id })
    .from(lessonSessions)
    .where(condition)
    .for('update')
  if (!locked) return undefined
  const [row] = await tx
    .select({ session: lessonSessions, lesson: lessonTerms })
    .from(lessonSessions)
    .innerJoin(lessons, eq(lessons.id, lessonSessions.lessonId))
    .where(eq(lessonSessions.id, locked.id))
  return row
}

/** The session of the lesson, its row locked until the transaction ends; undefined when unknown. */
export const lockSession = (tx: Executor, lessonId: number, sessionId: number) =>
  lockSessionWhere(tx, and(eq(lessonSessions.id, sessionId), eq(lessonSessions.lessonId, lessonId)))

/** A session by its id alone, with its lesson's terms, locked as `lockSession` locks it. */
export const lockSessionById = (tx: Executor, sessionId: number) =>
  lockSessionWhere(tx, eq(lessonSessions.id, sessionId))

/**
 * The seats of a session at `now` as a student other than `viewerId` sees them: live enrollments,
 * and those held for others: open payments whose hold has not run out, and waitlist offers that
 * have not ended (contract/seats.ts seatsLeft counts them).
 */
export const seatCounts = async (
  tx: Executor,
  sessionId: number,
  viewerId: number,
  now: Date,
): Promise<{ seated: number; held: number }> => {
  // One after the other: a transaction is one connection, which runs one query at a time (pg
  // queues a second one sent meanwhile, a use it deprecates).
  const [seated] = await tx
    .select({ n: count() })
    .from(enrollments)
    .where(and(eq(enrollments.sessionId, sessionId), isNull(enrollments.cancelledAt)))
  const [held] = await tx
    .select({ n: count() })
    .from(payments)
    .where(
      and(
        eq(payments.sessionId, sessionId),
        eq(payments.status, 'processing'),
        ne(payments.userId, viewerId),
        gt(payments.holdExpiresAt, now),
      ),
    )
  const [offered] = await tx
    .select({ n: count() })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.sessionId, sessionId),
        eq(waitlistEntries.status, 'offered'),
        ne(waitlistEntries.userId, viewerId),
        gt(waitlistEntries.offerExpiresAt, now),
      ),
    )
  return { seated: seated?.n ?? 0, held: (held?.n ?? 0) + (offered?.n ?? 0) }
}

/** The student's active seat in the session, locked when asked. */
export const findSeat = async (
  tx: Executor,
  sessionId: number,
  userId: number,
  { lock = false } = {},
): Promise<EnrollmentRow | undefined> => {
  const query = tx
    .select()
    .from(enrollments)
    .where(
      and(
        eq(enrollments.sessionId, sessionId),
        eq(enrollments.userId, userId),
        isNull(enrollments.cancelledAt),
      ),
    )
  const [row] = lock ? await query.for('update') : await query
  return row
}

/**
 * Seats a student; a seat already held (a racing request) is a unique violation: false. Taken
 * when the app's clock says, as a payment is captured, so the admin's weeks count both alike.
 */
export const insertSeat = async (
  tx: Executor,
  seat: { sessionId: number; userId: number; paymentId: number | null },
): Promise<boolean> => {
  try {
    await tx.insert(enrollments).values({ ...seat, createdAt: new Date() })
    return true
  } catch (error) {
    if (pgErrorCode(error) === PG.uniqueViolation) return false
    throw error
  }
}

export const cancelSeat = async (tx: Executor, seatId: number, at: Date) => {
  await tx.update(enrollments).set({ cancelledAt: at }).where(eq(enrollments.id, seatId))
}

/** Every active seat of the session with its payment, if any (for a session being deleted or cancelled). */
export const seatsOf = (tx: Executor, sessionId: number) =>
  tx
    .select({ seat: enrollments, payment: payments })
    .from(enrollments)
    .leftJoin(payments, eq(payments.id, enrollments.paymentId))
    .where(and(eq(enrollments.sessionId, sessionId), isNull(enrollments.cancelledAt)))

export const insertPayment = async (
  tx: Executor,
  values: typeof payments.$inferInsert,
): Promise<PaymentRow> => {
  const [row] = await tx.insert(payments).values(values).returning()
  if (!row) throw new Error('INSERT ... RETURNING gave no row')
  return row
}

export const findPayment = async (
  tx: Executor,
  paymentId: number,
  { lock = false } = {},
): Promise<PaymentRow | undefined> => {
  const query = tx.select().from(payments).where(eq(payments.id, paymentId))
  const [row] = lock ? await query.for('update') : await query
  return row
}

export const findPaymentBy = async (
  tx: Executor,
  by: { orderId: string } | { transactionId: string },
): Promise<PaymentRow | undefined> => {
  const where =
    'orderId' in by
      ? eq(payments.orderId, by.orderId)
      : eq(payments.transactionId, by.transactionId)
  const [row] = await tx.select().from(payments).where(where)
  return row
}

/** The student's open payment (seat hold) for the session, locked. */
export const findOpenPayment = async (tx: Executor, userId: number, sessionId: number) => {
  const [row] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.sessionId, sessionId),
        eq(payments.status, 'processing'),
      ),
    )
    .for('update')
  return row
}

/** Changes a payment, only while it is in one of `from` (null: any); answers whether it did. */
export const updatePayment = async (
  tx: Executor,
  paymentId: number,
  fields: Partial<typeof payments.$inferInsert>,
  from: readonly PaymentStatus[] | null = null,
): Promise<boolean> => {
  const now = new Date()
  const at = sql`${now.toISOString()}::timestamptz`
  // The instants earnings are counted at, kept here for every writer: the first capture, and the
  // first time a refund is due (or learnt of from the provider).
  const refunding = fields.status === 'refunding' || fields.status === 'refunded'
  const changed = await tx
    .update(payments)
    .set({
      ...fields,
      ...(fields.transactionId ? { capturedAt: sql`coalesce(${payments.capturedAt}, ${at})` } : {}),
      ...(refunding ? { refundDueAt: sql`coalesce(${payments.refundDueAt}, ${at})` } : {}),
      updatedAt: now,
    })
    .where(and(eq(payments.id, paymentId), from ? inArray(payments.status, [...from]) : undefined))
    .returning({ id: payments.id })
  return changed.length > 0
}

/** Open payments of the session (holds) close: the session is going away. */
export const cancelOpenPayments = async (tx: Executor, sessionId: number) => {
  const cancelled = await tx
    .update(payments)
    .set({ status: 'cancelled', holdExpiresAt: null, updatedAt: new Date() })
    .where(and(eq(payments.sessionId, sessionId), eq(payments.status, 'processing')))
    .returning({ userId: payments.userId })
  // The students who were paying for a seat (one payment each, but a retry may leave two).
  return [...new Set(cancelled.map((payment) => payment.userId))]
}

/** A payment with the lesson title and session start its answer shows. */
export interface PaymentRecord {
  payment: PaymentRow
  lessonTitle: string
  sessionStart: Date | null
}

const paymentRecordFields = {
  payment: payments,
  lessonTitle: lessons.title,
  sessionStart: lessonSessions.startTime,
}

export const findPaymentRecord = async (
  db: Executor,
  paymentId: number,
): Promise<PaymentRecord | undefined> => {
  const [row] = await db
    .select(paymentRecordFields)
    .from(payments)
    .innerJoin(lessons, eq(lessons.id, payments.lessonId))
    .leftJoin(lessonSessions, eq(lessonSessions.id, payments.sessionId))
    .where(eq(payments.id, paymentId))
  return row
}

/** A student's captured payments (paid, refunding, refunded), newest first. */
export const listCapturedPayments = async (db: Executor, userId: number, page: PageRequest) => {
  const where = and(
    eq(payments.userId, userId),
    inArray(payments.status, ['success', 'refunding', 'refunded']),
  )
  const rows = db
    .select(paymentRecordFields)
    .from(payments)
    .innerJoin(lessons, eq(lessons.id, payments.lessonId))
    .leftJoin(lessonSessions, eq(lessonSessions.id, payments.sessionId))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(page.take)
    .offset(page.offset)
  return countedPage(page, rows.execute(), () =>
    countOf(db.select({ count: count() }).from(payments).where(where)),
  )
}

/** Payments whose refund is due but not confirmed by the provider yet. */
export const dueRefunds = (db: Executor) =>
  db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.status, 'refunding'))
    .orderBy(payments.id)

/**
 * Closes the holds of open payments that expired before `before`: cancelled, their seat no longer
 * held. Answers how many.
 */
export const closeLapsedHolds = async (db: Executor, before: Date, now: Date) =>
  (
    await db
      .update(payments)
      .set({ status: 'cancelled', holdExpiresAt: null, updatedAt: now })
      .where(and(eq(payments.status, 'processing'), lt(payments.holdExpiresAt, before)))
      .returning({ id: payments.id })
  ).length

/** Whether a provider's webhook event was handled before (its id is recorded once handled). */
export const isWebhookEventSeen = async (db: Executor, eventId: string) => {
  const [seen] = await db
    .select({ id: webhookEvents.eventId })
    .from(webhookEvents)
    .where(eq(webhookEvents.eventId, eventId))
  return seen !== undefined
}

/** Records a webhook event as handled; a second record of the same id changes nothing. */
export const recordWebhookEvent = async (db: Executor, event: { id: string; type: string }) => {
  await db
    .insert(webhookEvents)
    .values({ eventId: event.id, eventType: event.type })
    .onConflictDoNothing()
}

/** Forgets the webhook events received before `before`; answers how many. */
export const purgeWebhookEvents = async (db: Executor, before: Date) =>
  (
    await db
      .delete(webhookEvents)
      .where(lt(webhookEvents.receivedAt, before))
      .returning({ id: webhookEvents.eventId })
  ).length
