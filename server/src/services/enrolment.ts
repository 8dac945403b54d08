import { eq } from 'drizzle-orm'
import type { Enrollment } from '../../../contract/entities.ts'
import { MESSAGES } from '../../../contract/messages.ts'
import type { Executor } from '../db/client.ts'
import { lessonSessions } from '../db/schema.ts'
import { ConflictError, found, NotFoundError, PaymentRequiredError } from '../domain/errors.ts'
import { emails, sessionWhen } from '../mail/templates.ts'
import {
  cancelOpenPayments,
  cancelSeat,
  findPayment,
  findSeat,
  insertSeat,
  lockSession,
  seatsOf,
  seatsTaken,
  updatePayment,
} from '../repositories/seats.ts'
import { findUserById, type UserRow } from '../repositories/users.ts'
import { enqueueConfirmation, priceOf, seatChange, type SeatDeps } from './payments.ts'

type SessionIds = { id: number; sessionId: number }

/**
 * Seats the student in a free session. The session's row is locked while the seats are counted
 * and the seat written, so parallel requests never seat more students than the lesson's max
 * slots (holds of open payments count as taken), and a unique index keeps one seat per student.
 */
export const enroll = async (deps: SeatDeps, user: UserRow, ids: SessionIds): Promise<Enrollment> =>
  seatChange(deps, async (tx, effects) => {
    const now = new Date()
    const seated = found(await lockSession(tx, ids.id, ids.sessionId), 'Session')
    if (await findSeat(tx, seated.session.id, user.id)) {
      throw new ConflictError(MESSAGES.enrollments.alreadyEnrolled)
    }
    if (seated.session.startTime.getTime() <= now.getTime()) {
      throw new ConflictError(MESSAGES.enrollments.alreadyStarted)
    }
    if ((await seatsTaken(tx, seated.session.id, user.id, now)) >= seated.lesson.maxSlots) {
      throw new ConflictError(MESSAGES.enrollments.noSeatsLeft)
    }
    if (priceOf(seated) > 0) throw new PaymentRequiredError(MESSAGES.enrollments.paymentRequired)
    if (
      !(await insertSeat(tx, { sessionId: seated.session.id, userId: user.id, paymentId: null }))
    ) {
      throw new ConflictError(MESSAGES.enrollments.alreadyEnrolled)
    }
    const seat = found(await findSeat(tx, seated.session.id, user.id), 'Enrollment')
    effects.mails.push(await enqueueConfirmation(deps, tx, user, seated, 0))
    return {
      id: seat.id,
      lessonId: seated.lesson.id,
      sessionId: seated.session.id,
      createdAt: seat.createdAt.toISOString(),
    }
  })

/**
 * Gives the seat back before the session starts (`now` at the start counts as started): a paid
 * seat's refund is recorded as due in the same transaction and then sent to the provider, and the
 * educator is told. Answers the message to show.
 */
export const unenroll = async (deps: SeatDeps, user: UserRow, ids: SessionIds) =>
  seatChange(deps, async (tx, effects) => {
    const now = new Date()
    const seated = found(await lockSession(tx, ids.id, ids.sessionId), 'Session')
    const seat = await findSeat(tx, seated.session.id, user.id, { lock: true })
    if (!seat) throw new NotFoundError('Enrollment')
    if (seated.session.startTime.getTime() <= now.getTime()) {
      throw new ConflictError(MESSAGES.enrollments.unenrollTooLate)
    }
    await cancelSeat(tx, seat.id, now)
    const payment = seat.paymentId === null ? undefined : await findPayment(tx, seat.paymentId)
    let refunded = false
    if (payment?.status === 'success') {
      await updatePayment(tx, payment.id, { status: 'refunding', refundReason: 'unenrolled' })
      effects.refunds.push(payment.id)
      refunded = true
    }
    const educator = await findUserById(tx, seated.lesson.ownerId)
    if (educator) {
      const email = emails.unenrolled(
        educator.language,
        educator.name,
        user.name,
        seated.lesson.title,
        sessionWhen(educator.language, seated.session),
      )
      effects.mails.push(await deps.mailer.enqueue(tx, educator.email, email))
    }
    return refunded ? MESSAGES.enrollments.unenrolledRefund : MESSAGES.enrollments.unenrolled
  })

/**
 * Deletes a session that has not started, with everything that hangs on it, in one transaction:
 * every seated student is told and a paid seat's refund is recorded as due (then sent), open
 * payments holding seats are cancelled. Answers how many students held seats.
 */
export const deleteSessionWithSeats = async (
  deps: SeatDeps,
  ids: SessionIds,
  checkDeletable: (tx: Executor) => Promise<void>,
) =>
  seatChange(deps, async (tx, effects) => {
    await checkDeletable(tx)
    const seated = found(await lockSession(tx, ids.id, ids.sessionId), 'Session')
    if (seated.session.startTime.getTime() <= Date.now()) {
      throw new ConflictError(MESSAGES.sessions.startedCannotDelete)
    }
    const seats = await seatsOf(tx, seated.session.id)
    for (const { seat, payment } of seats) {
      const student = await findUserById(tx, seat.userId)
      let refundCents = 0
      if (payment?.status === 'success') {
        await updatePayment(tx, payment.id, {
          status: 'refunding',
          refundReason: 'sessionCancelled',
        })
        effects.refunds.push(payment.id)
        refundCents = payment.amountInCents
      }
      if (student) {
        const email = emails.sessionCancelled(
          student.language,
          student.name,
          seated.lesson.title,
          sessionWhen(student.language, seated.session),
          refundCents,
        )
        effects.mails.push(await deps.mailer.enqueue(tx, student.email, email))
      }
    }
    await cancelOpenPayments(tx, seated.session.id)
    // Its seats go with it (the foreign key cascades); its payments keep their records.
    await tx.delete(lessonSessions).where(eq(lessonSessions.id, seated.session.id))
    return seats.length
  })
