import type { RefundReason } from '@contract/entities'
import { decisionAtCutoff, refundOwed } from '@contract/seats'
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
 * makes them at each cutoff (services/seat-decisions.ts): a pending session with enough seated
 * students is confirmed; one with fewer is cancelled, its seats given back and refunded in full
 * (the mock's provider refunds at once), its open payments cancelled, its students told.
 */
export const makeDueDecisions = (now = Date.now()) => {
  for (const session of db.sessions) {
    if (session.decision !== 'pending' || session.decisionAt === null) continue
    if (Date.parse(session.decisionAt) > now) continue
    const lesson = db.lessons.find((row) => row.id === session.lessonId)
    const seats = db.enrollments.filter((row) => row.sessionId === session.id)
    session.decision = decisionAtCutoff({
      enrolled: seats.length,
      minSlots: lesson?.min_slots ?? 0,
    })
    session.decisionAt = new Date(now).toISOString()
    if (session.decision === 'confirmed') continue
    for (const seat of seats) {
      refundSeat(session.id, seat.userId, 'tooFewStudents')
      const student = db.users.find((row) => row.id === seat.userId)
      if (student) {
        sendEmail(
          student.email,
          'A session was cancelled: too few students',
          `"${lesson?.title ?? ''}" on ${session.start_time} was cancelled.`,
        )
      }
    }
    cancelOpenPayments(session.id)
    db.enrollments = db.enrollments.filter((row) => row.sessionId !== session.id)
  }
}
