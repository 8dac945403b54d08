import type { Enrollment } from '../../../contract/entities.ts'
import { MESSAGES } from '../../../contract/messages.ts'
import { feeShares, sessionPriceInCents } from '../../../contract/rules.ts'
import {
  captureOutcome,
  captureRefundReason,
  enrollRefusal,
  holdsSeat,
  type Refusal,
  refundOwed,
  seatsLeft,
  sessionDeleteRefusal,
  unenrollRefusal,
} from '../../../contract/seats.ts'
import type { Executor } from '../db/client.ts'
import { ConflictError, found, refusalError } from '../domain/errors.ts'
import { lessonPageUrl } from '../mail/links.ts'
import type { Mail } from '../mail/mailer.ts'
import { emails, type PaidSeat } from '../mail/templates.ts'
import {
  cancelOpenPayments,
  cancelSeat,
  findPayment,
  findPaymentBy,
  findSeat,
  insertSeat,
  lockSession,
  type PaymentRow,
  seatCounts,
  type SeatedSession,
  seatsOf,
  updatePayment,
} from '../repositories/seats.ts'
import { findLessonRow } from '../repositories/lessons.ts'
import { deleteSessionRow } from '../repositories/sessions.ts'
import { findUserById, isDeactivated, type UserRow } from '../repositories/users.ts'
import { endPlace, findPlace } from '../repositories/waitlist.ts'
import { toCalendar } from '../serializers/calendar.ts'
import type { ServiceDeps } from './deps.ts'
import { type FreeingDeps, mailEach, outboxMail, seatChange, type SeatDeps } from './seat-change.ts'
import { closeLineTellingEach, offerFreedSeats, passFreedSeats } from './waitlist-offers.ts'

/**
 * Who takes, gives back and loses seats, and what each change owes: e-mails (through the outbox,
 * in the change's transaction) and refunds (recorded as due in it, sent after it). The decisions
 * are contract/seats.ts's; this loads their facts under the session's lock and stores the outcome.
 */

type SessionIds = { id: number; sessionId: number }

const refuse = (refusal: Refusal): never => {
  throw refusalError(refusal)
}

export const priceOf = ({ session, lesson }: SeatedSession) =>
  sessionPriceInCents(
    lesson.priceInCents,
    session.startTime.toISOString(),
    session.endTime.toISOString(),
  )

/** What the seat decisions know of the session itself: its start, and whether it was cancelled. */
export const sessionFacts = ({ session }: SeatedSession) => ({
  startsAt: session.startTime.getTime(),
  cancelled: session.decision === 'cancelled',
})

/** Seats left in the session at `now` as the student sees them (their own hold is theirs). */
export const seatsLeftFor = async (
  tx: Executor,
  seated: SeatedSession,
  studentId: number,
  now: Date,
) =>
  seatsLeft({
    maxSlots: seated.lesson.maxSlots,
    ...(await seatCounts(tx, seated.session.id, studentId, now)),
  })

/** Whether the payment holds its seat at `now`. */
export const paymentHolds = (payment: PaymentRow, now: Date) =>
  holdsSeat(
    { status: payment.status, holdExpiresAt: payment.holdExpiresAt?.getTime() ?? null },
    now.getTime(),
  )

/**
 * The seat a payment paid for, as its refund e-mails name it: the lesson, the session's date and
 * hours when the session still exists, the sum and the lesson's page. A payment goes with its
 * lesson (the foreign key cascades), so the lesson is there while the payment is.
 */
const paidSeat = async (
  deps: SeatDeps,
  tx: Executor,
  payment: Pick<PaymentRow, 'lessonId' | 'amountInCents'>,
  seated: SeatedSession | undefined,
): Promise<PaidSeat> => {
  const lesson = seated?.lesson ?? found(await findLessonRow(tx, payment.lessonId), 'Lesson')
  return {
    lessonTitle: lesson.title,
    session: seated?.session,
    refundCents: payment.amountInCents,
    lessonUrl: lessonPageUrl(deps.appOrigin, payment.lessonId),
  }
}

/** The student's confirmation with the session's calendar file, in their language. */
export const enqueueConfirmation = async (
  deps: SeatDeps,
  tx: Executor,
  student: Pick<UserRow, 'email' | 'name' | 'language'>,
  seated: SeatedSession,
  paidCents: number,
) => {
  const lessonUrl = lessonPageUrl(deps.appOrigin, seated.lesson.id)
  return deps.mailer.enqueue(tx, student.email, {
    ...emails.enrolled(student, {
      lessonTitle: seated.lesson.title,
      session: seated.session,
      paidCents,
      lessonUrl,
    }),
    attachments: [calendarAttachment(deps, student, seated)],
  })
}

/**
 * The session as a calendar file attached to an e-mail, in the reader's language; without the
 * meeting link, which shows on the lesson page when joining opens.
 */
export const calendarAttachment = (
  deps: Pick<ServiceDeps, 'appOrigin' | 'eventDomain'>,
  reader: Pick<UserRow, 'language'>,
  seated: SeatedSession,
) => ({
  filename: `session-${seated.session.id}.ics`,
  contentType: 'text/calendar; charset=utf-8',
  content: toCalendar(
    seated.lesson,
    seated.session,
    {
      language: reader.language,
      lessonUrl: lessonPageUrl(deps.appOrigin, seated.lesson.id),
      eventDomain: deps.eventDomain,
    },
    false,
  ),
})

/**
 * Seats the student in a free session. The session's row is locked while the seats are counted
 * and the seat written, so parallel requests never seat more students than the lesson's max
 * slots (holds of open payments count as taken), and a unique index keeps one seat per student.
 */
export const enroll = async (
  deps: FreeingDeps,
  user: UserRow,
  ids: SessionIds,
): Promise<Enrollment> => {
  await passFreedSeats(deps, ids.id, ids.sessionId)
  return seatChange(deps, async (tx, effects) => {
    const now = new Date()
    const seated = found(await lockSession(tx, ids.id, ids.sessionId), 'Session')
    const refusal = enrollRefusal({
      now: now.getTime(),
      ...sessionFacts(seated),
      enrolled: (await findSeat(tx, seated.session.id, user.id)) !== undefined,
      seatsLeft: await seatsLeftFor(tx, seated, user.id, now),
      priceInCents: priceOf(seated),
      educatorDeactivated: await isDeactivated(tx, seated.lesson.ownerId),
    })
    if (refusal) refuse(refusal)
    if (
      !(await insertSeat(tx, { sessionId: seated.session.id, userId: user.id, paymentId: null }))
    ) {
      throw new ConflictError(MESSAGES.enrollments.alreadyEnrolled)
    }
    const seat = found(await findSeat(tx, seated.session.id, user.id), 'Enrollment')
    await leaveLineSeated(tx, seated.session.id, user.id, now)
    effects.mails.push(await enqueueConfirmation(deps, tx, user, seated, 0))
    return {
      id: seat.id,
      lessonId: seated.lesson.id,
      sessionId: seated.session.id,
      createdAt: seat.createdAt.toISOString(),
    }
  })
}

/** The student took a seat (or a hold): their place in the session's line, if any, ends. */
export const leaveLineSeated = async (
  tx: Executor,
  sessionId: number,
  userId: number,
  now: Date,
) => {
  const place = await findPlace(tx, sessionId, userId)
  if (place) await endPlace(tx, place.id, 'seated', now)
}

/**
 * Gives the seat back before the session starts: a paid seat's refund is recorded as due in the
 * same transaction and then sent to the provider, the educator is told, and the seat is offered
 * to the first student waiting for one (services/waitlist-offers.ts). Answers the message to show.
 */
export const unenroll = async (deps: FreeingDeps, user: UserRow, ids: SessionIds) =>
  seatChange(deps, async (tx, effects) => {
    const now = new Date()
    const seated = found(await lockSession(tx, ids.id, ids.sessionId), 'Session')
    const seat = found(await findSeat(tx, seated.session.id, user.id, { lock: true }), 'Enrollment')
    const refusal = unenrollRefusal({
      now: now.getTime(),
      startsAt: seated.session.startTime.getTime(),
    })
    if (refusal) refuse(refusal)
    await cancelSeat(tx, seat.id, now)
    const payment = seat.paymentId === null ? undefined : await findPayment(tx, seat.paymentId)
    const refunded = refundOwed(payment ?? null) > 0
    if (payment && refunded) {
      await updatePayment(tx, payment.id, { status: 'refunding', refundReason: 'unenrolled' })
      effects.refunds.push(payment.id)
    }
    const educator = await findUserById(tx, seated.lesson.ownerId)
    if (educator) {
      const email = emails.unenrolled(educator, {
        studentName: user.name,
        lessonTitle: seated.lesson.title,
        session: seated.session,
      })
      effects.mails.push(await deps.mailer.enqueue(tx, educator.email, email))
    }
    await offerFreedSeats(deps, tx, seated, now, outboxMail(deps, tx, effects))
    return refunded ? MESSAGES.enrollments.unenrolledRefund : MESSAGES.enrollments.unenrolled
  })

/**
 * Cancels the open payments of a session going away (deleted, or cancelled for too few students)
 * and tells each student who was paying that nothing was charged, in their language.
 */
export const cancelPaymentsTellingEach = async (
  deps: Pick<SeatDeps, 'appOrigin'>,
  tx: Executor,
  seated: SeatedSession,
  reason: 'tooFewStudents' | 'sessionCancelled',
  mail: Mail,
) => {
  const lessonUrl = lessonPageUrl(deps.appOrigin, seated.lesson.id)
  const payers = await cancelOpenPayments(tx, seated.session.id)
  await mailEach(tx, payers, mail, (payer) =>
    emails.paymentStopped(payer, {
      lessonTitle: seated.lesson.title,
      session: seated.session,
      reason,
      lessonUrl,
    }),
  )
}

/**
 * Deletes a session that has not started, with everything that hangs on it, in one transaction:
 * every seated student is told and a paid seat's refund is recorded as due (then sent), open
 * payments holding seats are cancelled. Answers how many students held seats.
 */
export const deleteSessionWithSeats = async (
  deps: SeatDeps,
  ids: SessionIds,
  checkDeletable: (tx: Executor) => Promise<void>,
  /** What else goes with the session, in its transaction (its jobs). */
  onDelete: (tx: Executor, session: SeatedSession['session']) => Promise<void>,
) =>
  seatChange(deps, async (tx, effects) => {
    await checkDeletable(tx)
    const seated = found(await lockSession(tx, ids.id, ids.sessionId), 'Session')
    const refusal = sessionDeleteRefusal({
      now: Date.now(),
      startsAt: seated.session.startTime.getTime(),
    })
    if (refusal) refuse(refusal)
    const seats = await seatsOf(tx, seated.session.id)
    const mail = outboxMail(deps, tx, effects)
    for (const { seat, payment } of seats) {
      const student = await findUserById(tx, seat.userId)
      const refundCents = refundOwed(payment)
      if (payment && refundCents > 0) {
        await updatePayment(tx, payment.id, {
          status: 'refunding',
          refundReason: 'sessionCancelled',
        })
        effects.refunds.push(payment.id)
      }
      if (student) {
        const email = emails.sessionCancelled(student, {
          lessonTitle: seated.lesson.title,
          session: seated.session,
          refundCents,
        })
        await mail(student.email, email)
      }
    }
    await cancelPaymentsTellingEach(deps, tx, seated, 'sessionCancelled', mail)
    await closeLineTellingEach(deps, tx, seated, new Date(), mail)
    await onDelete(tx, seated.session)
    await deleteSessionRow(tx, seated.session.id)
    return seats.length
  })

/**
 * The session a payment is for, locked (undefined once the session is gone). Taken before the
 * payment's own lock, so that changes of seats and of payments lock in one order and never wait
 * on each other in a circle.
 */
export const lockSessionOf = (
  tx: Executor,
  payment: { lessonId: number; sessionId: number | null },
) => (payment.sessionId === null ? undefined : lockSession(tx, payment.lessonId, payment.sessionId))

/** What a completed capture did: seated the student, or found the seat gone and refunds. */
export type CaptureOutcome = 'seated' | 'refunding' | 'recorded before'

/**
 * Records a completed capture, from the browser's call or the provider's webhook, in one
 * transaction with its consequence (contract/seats.ts captureOutcome): the student's seat and the
 * confirmation e-mail, or, when the seat is gone, a refund due at once and an e-mail saying why
 * (the seat was taken, or the session cancelled for too few students). A capture recorded before
 * (a retry, a race with the webhook) changes nothing.
 */
export const recordCapture = async (
  deps: SeatDeps,
  paymentId: number,
  captureId: string,
): Promise<CaptureOutcome> =>
  seatChange(deps, async (tx, effects) => {
    // The session's lock first, then the payment's, as every change of seats takes them.
    const seated = await lockSessionOf(tx, found(await findPayment(tx, paymentId), 'Payment'))
    const payment = found(await findPayment(tx, paymentId, { lock: true }), 'Payment')
    if (payment.transactionId !== null) return 'recorded before'
    const now = new Date()
    const student = found(await findUserById(tx, payment.userId), 'User')
    const captured = {
      transactionId: captureId,
      holdExpiresAt: null,
      ...feeShares(payment.amountInCents, deps.payments.feeBasisPoints),
    }
    const outcome = seated
      ? captureOutcome({
          now: now.getTime(),
          session: sessionFacts(seated),
          enrolled: (await findSeat(tx, seated.session.id, student.id)) !== undefined,
          holding: paymentHolds(payment, now),
          seatsLeft: await seatsLeftFor(tx, seated, student.id, now),
          educatorDeactivated: await isDeactivated(tx, seated.lesson.ownerId),
        })
      : 'refund'
    if (
      seated &&
      outcome === 'seat' &&
      (await insertSeat(tx, { sessionId: seated.session.id, userId: student.id, paymentId }))
    ) {
      await updatePayment(tx, paymentId, { ...captured, status: 'success' })
      await leaveLineSeated(tx, seated.session.id, student.id, now)
      effects.mails.push(
        await enqueueConfirmation(deps, tx, student, seated, payment.amountInCents),
      )
      return 'seated'
    }
    const refundReason = captureRefundReason({ session: seated ? sessionFacts(seated) : null })
    await updatePayment(tx, paymentId, { ...captured, status: 'refunding', refundReason })
    const seat = await paidSeat(deps, tx, payment, seated)
    const email =
      refundReason === 'tooFewStudents' && seat.session
        ? emails.tooFewStudents(student, { ...seat, session: seat.session })
        : emails.seatTaken(student, seat)
    effects.mails.push(await deps.mailer.enqueue(tx, student.email, email))
    effects.refunds.push(paymentId)
    return 'refunding'
  })

/**
 * A refund made at the provider (or ours, confirmed), in one transaction: the payment is refunded
 * and, when the refund was not ours (the payment still counted as paid), its seat returns (offered
 * to the first student waiting for one) and the student is told by e-mail. Ours was told when we
 * asked for it.
 */
export const recordProviderRefund = async (
  deps: FreeingDeps,
  captureId: string,
  refundId: string,
) => {
  await seatChange(deps, async (tx, effects) => {
    const payment = await findPaymentBy(tx, { transactionId: captureId })
    if (!payment) return
    // The session's lock first, then the payment's, as every change of seats takes them.
    const seated = await lockSessionOf(tx, payment)
    const locked = found(await findPayment(tx, payment.id, { lock: true }), 'Payment')
    if (locked.status === 'refunded') return
    if (refundOwed(locked) > 0) {
      if (seated) {
        const seat = await findSeat(tx, seated.session.id, locked.userId, { lock: true })
        if (seat?.paymentId === locked.id) {
          const now = new Date()
          await cancelSeat(tx, seat.id, now)
          await offerFreedSeats(deps, tx, seated, now, outboxMail(deps, tx, effects))
        }
      }
      const student = found(await findUserById(tx, locked.userId), 'User')
      const email = emails.refundedByProvider(student, await paidSeat(deps, tx, locked, seated))
      effects.mails.push(await deps.mailer.enqueue(tx, student.email, email))
    }
    await updatePayment(tx, locked.id, {
      status: 'refunded',
      refundId,
      refundedAt: new Date(),
      refundReason: locked.refundReason ?? 'provider',
    })
  })
}
