import type { RefundReason } from '@contract/entities'
import { DEFAULT_WAITLIST_OFFER_MINUTES } from '@contract/rules'
import { decisionWhenDue, offerHolds, offersToMake, refundOwed } from '@contract/seats'
import { db, type DbEnrollment, type DbSession, type DbWaitlistPlace, sendEmail } from './db'
import { ownerDeactivated } from './queries'

/** What the mock does to seats and payments beyond one request: refunds and timed decisions. */

/** Gives back the seats that match: kept aside, as the server keeps a seat given back. */
export const giveBackSeats = (matches: (seat: DbEnrollment) => boolean) => {
  db.cancelledSeats.push(...db.enrollments.filter(matches))
  db.enrollments = db.enrollments.filter((seat) => !matches(seat))
}

/** Refunds a student's paid seat in a session; true when a payment was refunded. */
export const refundSeat = (sessionId: number, userId: number, reason: RefundReason) => {
  let refunded = false
  for (const payment of db.payments) {
    const matches = payment.sessionId === sessionId && payment.userId === userId
    const owed = refundOwed({ status: payment.status, amountInCents: payment.amount_in_cents })
    if (matches && owed > 0) {
      payment.status = 'refunded'
      payment.refundReason = reason
      payment.refundDueAt ??= new Date().toISOString()
      refunded = true
    }
  }
  return refunded
}

/**
 * Cancels the open payments holding seats in a session going away, and tells each student who was
 * paying that nothing was charged (the server's cancelPaymentsTellingEach).
 */
export const cancelPaymentsTellingEach = (sessionId: number) => {
  const payers = new Set<number>()
  for (const payment of db.payments) {
    if (payment.sessionId === sessionId && payment.status === 'processing') {
      payment.status = 'cancelled'
      payment.holdExpiresAt = null
      payers.add(payment.userId)
    }
  }
  for (const payerId of payers) {
    const payer = db.users.find((row) => row.id === payerId)
    if (payer) sendEmail(payer.email, 'A session was cancelled', 'You have not been charged.')
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
    cancelPaymentsTellingEach(session.id)
    closeLine(session)
    giveBackSeats((row) => row.sessionId === session.id)
  }
}

/**
 * Closes the session's line (it was cancelled or is being removed), as the server does
 * (services/waitlist-offers.ts closeLineTellingEach): each student in it is told.
 */
export const closeLine = (session: DbSession) => {
  const lesson = db.lessons.find((row) => row.id === session.lessonId)
  for (const place of db.waitlist) {
    if (place.sessionId !== session.id) continue
    if (!isInLine(place)) continue
    place.status = 'closed'
    const student = db.users.find((row) => row.id === place.userId)
    if (student) {
      sendEmail(
        student.email,
        'The session you were waiting for was cancelled',
        `"${lesson?.title ?? ''}" on ${session.start_time} was cancelled.`,
      )
    }
  }
}

/** The student took a seat or a hold: their place in the session's line, if any, ends. */
export const leaveLineSeated = (sessionId: number, userId: number) => {
  const place = placeOf(sessionId, userId)
  if (place) place.status = 'seated'
}

/**
 * A payment's hold released (failed or given up), as the server does (services/payments.ts
 * releaseHold): a seat the student had been offered is theirs again while the offer lasts, unless
 * they are in the line anew; otherwise the seat goes to the first in line.
 */
export const releaseHold = (session: DbSession, userId: number, now = Date.now()) => {
  if (!placeOf(session.id, userId)) {
    const taken = db.waitlist.find(
      (place) =>
        place.sessionId === session.id &&
        place.userId === userId &&
        place.status === 'seated' &&
        place.offerExpiresAt !== null &&
        Date.parse(place.offerExpiresAt) > now,
    )
    if (taken) taken.status = 'offered'
  }
  offerFreedSeats(session, now)
}

/** Whether the place is still in its line: waiting, or offered a seat. */
export const isInLine = (place: DbWaitlistPlace) =>
  place.status === 'waiting' || place.status === 'offered'

/** The student's place in the session's line (waiting or offered), undefined when none. */
export const placeOf = (sessionId: number, userId: number) =>
  db.waitlist.find(
    (place) => place.sessionId === sessionId && place.userId === userId && isInLine(place),
  )

/** Whether the place holds a seat offered to it at `now`. */
export const holdsOffer = (place: DbWaitlistPlace, now: number) =>
  place.status === 'offered' &&
  offerHolds(
    { offerExpiresAt: place.offerExpiresAt === null ? null : Date.parse(place.offerExpiresAt) },
    now,
  )

/** The place's position in its line, 1 for the first. */
export const positionOf = (place: DbWaitlistPlace) =>
  db.waitlist.filter(
    (other) => other.sessionId === place.sessionId && isInLine(other) && other.id < place.id,
  ).length + 1

/**
 * Offers the session's free seats to the first in line, as the server does
 * (services/waitlist-offers.ts): lapsed offers end first; one offer per seat neither taken, held
 * nor offered, each held for the offer's time and e-mailed.
 */
export const offerFreedSeats = (session: DbSession, now = Date.now()) => {
  const line = db.waitlist.filter((place) => place.sessionId === session.id)
  for (const place of line) {
    if (place.status === 'offered' && !holdsOffer(place, now)) place.status = 'expired'
  }
  const lesson = db.lessons.find((row) => row.id === session.lessonId)
  const waiting = line.filter((place) => place.status === 'waiting').sort((a, b) => a.id - b.id)
  const take = offersToMake({
    educatorDeactivated: ownerDeactivated(session),
    now,
    startsAt: Date.parse(session.start_time),
    cancelled: session.decision === 'cancelled',
    maxSlots: lesson?.max_slots ?? 0,
    seated: db.enrollments.filter((row) => row.sessionId === session.id).length,
    held: db.payments.filter(
      (payment) =>
        payment.sessionId === session.id &&
        payment.status === 'processing' &&
        payment.holdExpiresAt !== null &&
        Date.parse(payment.holdExpiresAt) > now,
    ).length,
    offered: line.filter((place) => holdsOffer(place, now)).length,
    waiting: waiting.length,
  })
  const until = new Date(now + DEFAULT_WAITLIST_OFFER_MINUTES * 60_000).toISOString()
  for (const place of waiting.slice(0, take)) {
    place.status = 'offered'
    place.offerExpiresAt = until
    const student = db.users.find((row) => row.id === place.userId)
    if (student) {
      sendEmail(student.email, 'A seat is held for you', `"${lesson?.title ?? ''}" until ${until}.`)
    }
  }
}

/**
 * Seats freed by `now` without a request (an offer or a payment's hold that ended) go to the
 * next in line, as the server's offer-end and hold-end jobs do.
 */
export const passFreedSeats = (now = Date.now()) => {
  const lines = new Set(db.waitlist.filter(isInLine).map((place) => place.sessionId))
  for (const session of db.sessions) if (lines.has(session.id)) offerFreedSeats(session, now)
}
