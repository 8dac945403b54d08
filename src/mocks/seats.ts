import type { RefundReason } from '@contract/entities'
import { decisionWhenDue, refundOwed } from '@contract/seats'
import { db, sendEmail } from './db'

/** What the mock does to seats and payments beyond one request: refunds and timed decisions. */

/** Refunds a student's paid seat in a session; true when a payment was refunded. */
export const refundSeat = (sessionId: number, userId: number, reason: RefundReason) => {
  let refunded = false
  for (const payment of db.payments) {
    const matches = payment.sessionId === sessionId && payment.userId === userId
    const owed = refundOwed({ status: payment.status, amountInCents: payment.amount_in_cents })
    if (matches && owed > 0) {
      payment.status = 'refunded'
      payment.refundReason = reason
      refunded = true
    }
  }
  return refunded
}

/** Cancels the open payments holding seats in a session. */
export const cancelOpenPayments = (sessionId: number) => {
  for (const payment of db.payments) {
    if (payment.sessionId === sessionId && payment.status === 'processing') {
      payment.status = 'cancelled'
      payment.holdExpiresAt = null
    }
  }
}

/**
 * The minimum-seat decisions due at `now`, made before the mock answers, as the server's job
 * makes them at each cutoff (services/seat-decisions.ts, contract/seats.ts decisionWhenDue): a
 * pending session with enough seated students is confirmed and its students told; one with fewer
 * is cancelled, its seats given back and refunded in full (the mock's provider refunds at once),
 * its open payments cancelled, its students told; one missed until its start takes place.
 */
export const makeDueDecisions = (now = Date.now()) => {
  for (const session of db.sessions) {
    if (session.decision !== 'pending' || session.decisionAt === null) continue
    if (Date.parse(session.decisionAt) > now) continue
    const lesson = db.lessons.find((row) => row.id === session.lessonId)
    const seats = db.enrollments.filter((row) => row.sessionId === session.id)
    const students = seats.flatMap((seat) => db.users.filter((row) => row.id === seat.userId))
    const title = lesson?.title ?? ''
    session.decision = decisionWhenDue({
      now,
      startsAt: Date.parse(session.start_time),
      enrolled: seats.length,
      minSlots: lesson?.min_slots ?? 0,
    })
    if (session.decision === 'unconditional') {
      session.decisionAt = null
      continue
    }
    session.decisionAt = new Date(now).toISOString()
    if (session.decision === 'confirmed') {
      for (const student of students) {
        sendEmail(student.email, 'A session will take place', `"${title}" will take place.`)
      }
      continue
    }
    for (const seat of seats) refundSeat(session.id, seat.userId, 'tooFewStudents')
    for (const student of students) {
      sendEmail(
        student.email,
        'A session was cancelled: too few students',
        `"${title}" on ${session.start_time} was cancelled.`,
      )
    }
    cancelOpenPayments(session.id)
    db.enrollments = db.enrollments.filter((row) => row.sessionId !== session.id)
  }
}
