/**
 * The decisions about seats, holds and payments (§4, §7), as pure functions over plain facts.
 * The server and the mock catalogue load the facts from their storage, ask the decision here and
 * store its outcome, so the two backends refuse, seat, charge and refund alike by construction.
 * Instants are epoch milliseconds; a session that starts at `now` has started.
 */
import type { PaymentStatus, SeatDecision } from './entities.ts'
import { type Message, MESSAGES } from './messages.ts'

/** Why a call is refused: the status and the message (or a 400's problems) the API answers. */
export type Refusal =
  | { readonly status: 400; readonly message: Message | readonly Message[] }
  | { readonly status: 402 | 403 | 409; readonly message: Message }

const conflict = (message: Message): Refusal => ({ status: 409, message })

/** Whether the session has started at `now` (its first instant counts as started). */
export const hasStarted = (startsAt: number, now: number) => startsAt <= now

/** Whether a payment holds a seat at `now`: it is processing and its hold has not run out. */
export const holdsSeat = (
  payment: { readonly status: PaymentStatus; readonly holdExpiresAt: number | null },
  now: number,
) =>
  payment.status === 'processing' && payment.holdExpiresAt !== null && payment.holdExpiresAt > now

/** Seats left: the lesson's max less the seats taken and the holds counted, never below 0. */
export const seatsLeft = (seats: {
  readonly maxSlots: number
  readonly seated: number
  readonly held: number
}) => Math.max(0, seats.maxSlots - seats.seated - seats.held)

/**
 * Whether a session is closed to a viewer's enroll button: it was cancelled for too few students,
 * or no seat is left or its educator is deactivated (no new seat is given, as enrollRefusal
 * says), and the viewer neither has a seat in it nor holds one while paying (they may still
 * finish).
 */
export const isClosedTo = (facts: {
  readonly cancelled: boolean
  readonly seatsLeft: number
  readonly educatorDeactivated: boolean
  readonly enrolled: boolean
  readonly holding: boolean
}) =>
  facts.cancelled ||
  ((facts.seatsLeft === 0 || facts.educatorDeactivated) && !facts.enrolled && !facts.holding)

const HOUR_MS = 60 * 60 * 1000

/** The instant a session's minimum seats decide whether it takes place: `hours` before its start. */
export const decisionInstant = (startsAt: number, hours: number) => startsAt - hours * HOUR_MS

/**
 * A new session's standing at `now`: pending while its decision instant is ahead, unconditional
 * once it has come (scheduled that late, it takes place with whoever enrolls).
 */
export const initialDecision = (startsAt: number, now: number, hours: number): SeatDecision =>
  decisionInstant(startsAt, hours) > now ? 'pending' : 'unconditional'

/** Where a session stands with its minimum seats, and when that is decided or was (epoch ms). */
export interface SeatStanding {
  readonly decision: SeatDecision
  readonly decisionAt: number | null
}

/** Where a session starting at `startsAt` stands when scheduled at `now`, `hours` its cutoff. */
export const standingOf = (startsAt: number, now: number, hours: number): SeatStanding => {
  const decision = initialDecision(startsAt, now, hours)
  return { decision, decisionAt: decision === 'pending' ? decisionInstant(startsAt, hours) : null }
}

/**
 * Where a session stands once changed at `now` to start at `startsAt`. A decision made (or an
 * unconditional session) stays, as its students were told; so does a pending one whose start
 * is kept, or whose cutoff has come (its job is deciding it). A pending one that moves keeps its
 * own lead before the start (the setting in force when it was scheduled): decided that long
 * before its new start, or taking place with whoever enrolls when that has passed.
 */
export const standingAfterChange = (
  current: SeatStanding & { readonly startsAt: number },
  startsAt: number,
  now: number,
): SeatStanding => {
  const { decision, decisionAt } = current
  const kept = { decision, decisionAt }
  if (decision !== 'pending' || decisionAt === null) return kept
  if (startsAt === current.startsAt || decisionAt <= now) return kept
  const movedAt = startsAt - (current.startsAt - decisionAt)
  return movedAt > now
    ? { decision, decisionAt: movedAt }
    : { decision: 'unconditional', decisionAt: null }
}

/** The decision at the instant: it takes place when its seated students reach the minimum. */
export const decisionAtCutoff = (facts: {
  readonly enrolled: number
  readonly minSlots: number
}): 'confirmed' | 'cancelled' => (facts.enrolled >= facts.minSlots ? 'confirmed' : 'cancelled')

/**
 * The decision a due job makes at `now`: the cutoff's, or none when it was missed until the
 * session started (no instance ran), which then takes place with whoever enrolled.
 */
export const decisionWhenDue = (facts: {
  readonly now: number
  readonly startsAt: number
  readonly enrolled: number
  readonly minSlots: number
}): 'confirmed' | 'cancelled' | 'unconditional' =>
  hasStarted(facts.startsAt, facts.now) ? 'unconditional' : decisionAtCutoff(facts)

/** Students a pending session still needs to reach the minimum (0 once reached or decided). */
export const seatsNeeded = (facts: {
  readonly decision: SeatDecision
  readonly enrolled: number
  readonly minSlots: number
}) => (facts.decision === 'pending' ? Math.max(0, facts.minSlots - facts.enrolled) : 0)

/**
 * What the seat decisions know of a student and a session at `now`. `seatsLeft` is as the student
 * sees them: the holds of others count, their own does not.
 */
export interface SeatFacts {
  readonly now: number
  readonly startsAt: number
  /** Cancelled at its cutoff for too few students. */
  readonly cancelled: boolean
  readonly enrolled: boolean
  readonly seatsLeft: number
  readonly priceInCents: number
  /** The lesson's educator is deactivated (§9): their seats taken stay, no new ones are given. */
  readonly educatorDeactivated: boolean
}

const educatorGone: Refusal = { status: 403, message: MESSAGES.enrollments.educatorDeactivated }

/** Taking a seat in a session without paying (POST …/enroll): refused, or null to seat. */
export const enrollRefusal = (facts: SeatFacts): Refusal | null => {
  if (facts.enrolled) return conflict(MESSAGES.enrollments.alreadyEnrolled)
  if (facts.educatorDeactivated) return educatorGone
  if (hasStarted(facts.startsAt, facts.now)) return conflict(MESSAGES.enrollments.alreadyStarted)
  if (facts.cancelled) return conflict(MESSAGES.enrollments.tooFewStudents)
  if (facts.seatsLeft === 0) return conflict(MESSAGES.enrollments.noSeatsLeft)
  if (facts.priceInCents > 0) return { status: 402, message: MESSAGES.enrollments.paymentRequired }
  return null
}

/** Opening a payment for a seat (POST /payments/create-order). */
export type OrderDecision =
  | { readonly kind: 'refuse'; readonly refusal: Refusal }
  /** The student's own hold still runs: answer that payment again. */
  | { readonly kind: 'answer open' }
  /**
   * Hold a seat with a new payment; the student's open payments are cancelled: one whose hold ran
   * out, or one opened at a price the lesson no longer has.
   */
  | { readonly kind: 'open' }

/**
 * The student's own open payment for the session: none, one whose hold still runs at today's
 * price, one whose hold still runs at a price the educator has changed since (`repriced`), or one
 * whose hold ran out.
 */
export type OpenHold = 'running' | 'repriced' | 'expired' | 'none'

/**
 * A running hold is answered again, so a second click opens no second order. One opened at a
 * price the educator changed since is replaced by a payment at today's price, which the pay
 * dialog shows (the student pays what the lesson says, not what it said), unless no new seat may
 * be held: then its own seat is kept at the price it was opened at.
 */
export const orderDecision = (
  facts: SeatFacts & { readonly openHold: OpenHold },
): OrderDecision => {
  const refuse = (refusal: Refusal) => ({ kind: 'refuse', refusal }) as const
  const holding = facts.openHold === 'running' || facts.openHold === 'repriced'
  if (facts.enrolled) return refuse(conflict(MESSAGES.enrollments.alreadyEnrolled))
  if (facts.educatorDeactivated && !holding) return refuse(educatorGone)
  if (hasStarted(facts.startsAt, facts.now)) {
    return refuse(conflict(MESSAGES.enrollments.alreadyStarted))
  }
  if (facts.cancelled) return refuse(conflict(MESSAGES.enrollments.tooFewStudents))
  if (facts.priceInCents === 0) {
    return refuse({ status: 400, message: MESSAGES.payments.freeSession })
  }
  if (facts.openHold === 'running') return { kind: 'answer open' }
  if (facts.openHold === 'repriced') {
    return facts.educatorDeactivated || facts.seatsLeft === 0
      ? { kind: 'answer open' }
      : { kind: 'open' }
  }
  if (facts.seatsLeft === 0) return refuse(conflict(MESSAGES.enrollments.noSeatsLeft))
  return { kind: 'open' }
}

/**
 * What capturing a payment knows before it charges. `session` is null when the session is gone;
 * `captured` when a capture was recorded before (whatever happened to the payment since).
 */
export interface CaptureFacts {
  readonly now: number
  readonly status: PaymentStatus
  readonly captured: boolean
  readonly hasOrder: boolean
  readonly session: { readonly startsAt: number; readonly cancelled: boolean } | null
  readonly enrolled: boolean
  readonly holding: boolean
  readonly seatsLeft: number
  /** The lesson's educator was deactivated by the earnings rule: no new seats, only held ones. */
  readonly educatorDeactivated: boolean
}

export type CaptureCheck =
  /** Captured before (a retry, a race with the webhook): answer the payment as it is. */
  | { readonly kind: 'answer' }
  /** Refused; `cancel` also cancels the payment, which then holds no seat. */
  | { readonly kind: 'refuse'; readonly refusal: Refusal; readonly cancel: boolean }
  /** Charge it; `renewHold` holds the seat again (the hold ran out but a seat is free). */
  | { readonly kind: 'charge'; readonly renewHold: boolean }

/**
 * Before charging, the seat must still be there: nothing is charged for a session that is gone,
 * has started or was cancelled for too few students, a seat the buyer already has, or a hold that
 * ran out while the seat went to someone else or its educator was deactivated; each of those
 * cancels the payment.
 */
export const captureCheck = (facts: CaptureFacts): CaptureCheck => {
  if (facts.captured) return { kind: 'answer' }
  if (facts.status !== 'processing' || !facts.hasOrder) {
    return {
      kind: 'refuse',
      refusal: conflict(MESSAGES.payments.notProcessing({ status: facts.status })),
      cancel: false,
    }
  }
  const cancel = (message: Message) =>
    ({ kind: 'refuse', refusal: conflict(message), cancel: true }) as const
  if (facts.session === null) return cancel(MESSAGES.payments.sessionClosed)
  if (hasStarted(facts.session.startsAt, facts.now)) {
    return cancel(MESSAGES.enrollments.alreadyStarted)
  }
  if (facts.session.cancelled) return cancel(MESSAGES.enrollments.tooFewStudents)
  if (facts.enrolled) return cancel(MESSAGES.enrollments.alreadyEnrolled)
  if (facts.holding) return { kind: 'charge', renewHold: false }
  // A hold that ran out is a new seat, which a deactivated educator's session no longer gives.
  if (facts.educatorDeactivated) return { kind: 'refuse', refusal: educatorGone, cancel: true }
  if (facts.seatsLeft === 0) return cancel(MESSAGES.payments.holdExpired)
  return { kind: 'charge', renewHold: true }
}

/**
 * What a completed capture does (from the buyer's call or the provider's webhook): seat the buyer
 * when their hold runs or a seat is free, or refund in full when the seat is gone (the session
 * was deleted, cancelled or has started, the buyer has a seat already, or the seat went to
 * someone else).
 */
export const captureOutcome = (
  facts: Pick<
    CaptureFacts,
    'now' | 'session' | 'enrolled' | 'holding' | 'seatsLeft' | 'educatorDeactivated'
  >,
): 'seat' | 'refund' =>
  facts.session !== null &&
  !facts.session.cancelled &&
  !hasStarted(facts.session.startsAt, facts.now) &&
  !facts.enrolled &&
  (facts.holding || (facts.seatsLeft > 0 && !facts.educatorDeactivated))
    ? 'seat'
    : 'refund'

/** Why a completed capture whose seat is gone is refunded: the session's cancellation, or the seat. */
export const captureRefundReason = (facts: Pick<CaptureFacts, 'session'>) =>
  facts.session?.cancelled ? ('tooFewStudents' as const) : ('seatTaken' as const)

/**
 * Joining a session's waitlist (POST …/waitlist): only a full session that has not started nor
 * was cancelled, whose educator is not deactivated, has one, and a student with a seat, a hold or
 * a place in it already does not join again. Refused, or null to join.
 */
export const waitlistJoinRefusal = (facts: {
  readonly educatorDeactivated: boolean
  readonly now: number
  readonly startsAt: number
  readonly cancelled: boolean
  readonly enrolled: boolean
  readonly holding: boolean
  readonly waiting: boolean
  readonly seatsLeft: number
}): Refusal | null => {
  if (facts.enrolled) return conflict(MESSAGES.enrollments.alreadyEnrolled)
  if (hasStarted(facts.startsAt, facts.now)) return conflict(MESSAGES.enrollments.alreadyStarted)
  if (facts.cancelled) return conflict(MESSAGES.enrollments.tooFewStudents)
  if (facts.educatorDeactivated) return educatorGone
  if (facts.waiting) return conflict(MESSAGES.waitlist.alreadyWaiting)
  if (facts.holding || facts.seatsLeft > 0) return conflict(MESSAGES.waitlist.seatsFree)
  return null
}

/**
 * How many of those waiting are offered a seat now: one per seat neither taken, held by a payment
 * nor already offered, while anyone waits; none once the session has started or was cancelled,
 * nor while its educator is deactivated (no new seats: the line waits for a reactivation).
 */
export const offersToMake = (facts: {
  readonly educatorDeactivated: boolean
  readonly now: number
  readonly startsAt: number
  readonly cancelled: boolean
  readonly maxSlots: number
  readonly seated: number
  readonly held: number
  readonly offered: number
  readonly waiting: number
}) =>
  facts.cancelled || facts.educatorDeactivated || hasStarted(facts.startsAt, facts.now)
    ? 0
    : Math.min(
        facts.waiting,
        Math.max(0, facts.maxSlots - facts.seated - facts.held - facts.offered),
      )

/** Whether an offer holds its seat at `now`: made, and its time not run out. */
export const offerHolds = (offer: { readonly offerExpiresAt: number | null }, now: number) =>
  offer.offerExpiresAt !== null && offer.offerExpiresAt > now

/** Giving a seat back (DELETE …/enroll; the seat was found): refused, or null to free it. */
export const unenrollRefusal = (facts: { readonly now: number; readonly startsAt: number }) =>
  hasStarted(facts.startsAt, facts.now) ? conflict(MESSAGES.enrollments.unenrollTooLate) : null

/** Deleting a session (§7): refused once it has started, or null. */
export const sessionDeleteRefusal = (facts: {
  readonly now: number
  readonly startsAt: number
}): Refusal | null =>
  hasStarted(facts.startsAt, facts.now) ? conflict(MESSAGES.sessions.startedCannotDelete) : null

/**
 * The refund a freed seat is owed, in cents: the whole payment when it was paid and not refunded
 * yet (a free seat, or a payment already refunded or being refunded, is owed nothing).
 */
export const refundOwed = (
  payment: { readonly status: PaymentStatus; readonly amountInCents: number } | null,
) => (payment?.status === 'success' ? payment.amountInCents : 0)
