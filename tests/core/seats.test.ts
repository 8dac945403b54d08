import { describe, expect, it } from 'vitest'
import type { PaymentStatus } from '@contract/entities'
import { type Message, MESSAGES } from '@contract/messages'
import { isSeatRange } from '@contract/rules'
import {
  captureCheck,
  type CaptureFacts,
  captureOutcome,
  captureRefundReason,
  decisionAtCutoff,
  decisionInstant,
  decisionWhenDue,
  enrollRefusal,
  hasStarted,
  holdsSeat,
  initialDecision,
  isClosedTo,
  offerHolds,
  offersToMake,
  orderDecision,
  refundOwed,
  type SeatFacts,
  seatsLeft,
  seatsNeeded,
  sessionDeleteRefusal,
  standingAfterChange,
  standingOf,
  unenrollRefusal,
  waitlistJoinRefusal,
} from '@contract/seats'

/** The seat decisions of contract/seats.ts, at their exact instants and in their exact order. */

const NOW = Date.parse('2026-11-26T10:00:00.000Z')
const conflict = (message: Message) => ({ status: 409, message })

describe('instants', () => {
  it('counts a session as started from its first instant', () => {
    expect(hasStarted(NOW, NOW)).toBe(true)
    expect(hasStarted(NOW + 1, NOW)).toBe(false)
    expect(hasStarted(NOW - 1, NOW)).toBe(true)
  })

  it('lets a hold keep its seat until, not at, the instant it expires', () => {
    const hold = (holdExpiresAt: number | null, status: PaymentStatus = 'processing') => ({
      status,
      holdExpiresAt,
    })
    expect(holdsSeat(hold(NOW + 1), NOW)).toBe(true)
    expect(holdsSeat(hold(NOW), NOW)).toBe(false)
    expect(holdsSeat(hold(NOW - 1), NOW)).toBe(false)
    expect(holdsSeat(hold(null), NOW)).toBe(false)
    for (const status of ['success', 'cancelled', 'error', 'refunding', 'refunded'] as const) {
      expect(holdsSeat(hold(NOW + 60_000, status), NOW), status).toBe(false)
    }
  })
})

describe('seats', () => {
  it('leaves max less seated less held, never below none', () => {
    expect(seatsLeft({ maxSlots: 3, seated: 1, held: 1 })).toBe(1)
    expect(seatsLeft({ maxSlots: 3, seated: 3, held: 0 })).toBe(0)
    expect(seatsLeft({ maxSlots: 3, seated: 0, held: 3 })).toBe(0)
    expect(seatsLeft({ maxSlots: 3, seated: 3, held: 2 })).toBe(0)
    expect(seatsLeft({ maxSlots: 5, seated: 0, held: 0 })).toBe(5)
  })

  it('takes as many seats at most as at least, or more, never fewer', () => {
    expect(isSeatRange(3, 3)).toBe(true)
    expect(isSeatRange(3, 4)).toBe(true)
    expect(isSeatRange(3, 2)).toBe(false)
  })

  const open = { cancelled: false, educatorDeactivated: false, enrolled: false, holding: false }

  it('closes a full session to all but those with a seat or a hold in it', () => {
    expect(isClosedTo({ ...open, seatsLeft: 0 })).toBe(true)
    expect(isClosedTo({ ...open, seatsLeft: 0, enrolled: true })).toBe(false)
    expect(isClosedTo({ ...open, seatsLeft: 0, holding: true })).toBe(false)
    expect(isClosedTo({ ...open, seatsLeft: 1 })).toBe(false)
  })

  it("closes a deactivated educator's session with seats left to all but those with a seat or a hold", () => {
    expect(isClosedTo({ ...open, seatsLeft: 3, educatorDeactivated: true })).toBe(true)
    expect(isClosedTo({ ...open, seatsLeft: 3, educatorDeactivated: true, enrolled: true })).toBe(
      false,
    )
    expect(isClosedTo({ ...open, seatsLeft: 3, educatorDeactivated: true, holding: true })).toBe(
      false,
    )
  })
})

const seat = (overrides: Partial<SeatFacts> = {}): SeatFacts => ({
  now: NOW,
  startsAt: NOW + 60_000,
  cancelled: false,
  enrolled: false,
  seatsLeft: 1,
  priceInCents: 0,
  educatorDeactivated: false,
  ...overrides,
})

describe('enrolling without paying', () => {
  it('seats a student in a free session with a seat left until the session starts', () => {
    expect(enrollRefusal(seat())).toBeNull()
    expect(enrollRefusal(seat({ startsAt: NOW + 1 }))).toBeNull()
    expect(enrollRefusal(seat({ startsAt: NOW }))).toEqual(
      conflict(MESSAGES.enrollments.alreadyStarted),
    )
  })

  it('refuses in the API order: already seated, started, full, then payment required', () => {
    const everything = seat({ enrolled: true, startsAt: NOW, seatsLeft: 0, priceInCents: 100 })
    expect(enrollRefusal(everything)).toEqual(conflict(MESSAGES.enrollments.alreadyEnrolled))
    expect(enrollRefusal({ ...everything, enrolled: false })).toEqual(
      conflict(MESSAGES.enrollments.alreadyStarted),
    )
    expect(enrollRefusal({ ...everything, enrolled: false, startsAt: NOW + 1 })).toEqual(
      conflict(MESSAGES.enrollments.noSeatsLeft),
    )
    expect(enrollRefusal(seat({ priceInCents: 1 }))).toEqual({
      status: 402,
      message: MESSAGES.enrollments.paymentRequired,
    })
  })

  it('refuses a new seat with a deactivated educator (§9), after one the student holds', () => {
    const deactivated = seat({ educatorDeactivated: true })
    expect(enrollRefusal(deactivated)).toEqual({
      status: 403,
      message: MESSAGES.enrollments.educatorDeactivated,
    })
    expect(enrollRefusal({ ...deactivated, enrolled: true })).toEqual(
      conflict(MESSAGES.enrollments.alreadyEnrolled),
    )
  })
})

describe('opening a payment', () => {
  const order = (overrides: Partial<Parameters<typeof orderDecision>[0]> = {}) =>
    orderDecision({ ...seat({ priceInCents: 1500 }), openHold: 'none', ...overrides })
  const refused = (refusal: { status: number; message: Message }) => ({ kind: 'refuse', refusal })

  it('holds a seat with a new payment, even over a hold of the student that ran out', () => {
    expect(order()).toEqual({ kind: 'open' })
    expect(order({ openHold: 'expired' })).toEqual({ kind: 'open' })
    expect(order({ startsAt: NOW + 1 })).toEqual({ kind: 'open' })
  })

  it('opens no payment with a deactivated educator (§9), but answers a hold already running', () => {
    expect(order({ educatorDeactivated: true })).toEqual(
      refused({ status: 403, message: MESSAGES.enrollments.educatorDeactivated }),
    )
    expect(order({ educatorDeactivated: true, openHold: 'expired' })).toEqual(
      refused({ status: 403, message: MESSAGES.enrollments.educatorDeactivated }),
    )
    expect(order({ educatorDeactivated: true, openHold: 'running' })).toEqual({
      kind: 'answer open',
    })
  })

  it("answers the student's running hold again, even when no other seat is left", () => {
    expect(order({ openHold: 'running' })).toEqual({ kind: 'answer open' })
    expect(order({ openHold: 'running', seatsLeft: 0 })).toEqual({ kind: 'answer open' })
  })

  it('replaces a running hold opened at a price the lesson no longer has, unless no seat is left', () => {
    expect(order({ openHold: 'repriced' })).toEqual({ kind: 'open' })
    // Keeping its own seat at the old price beats refusing it one.
    expect(order({ openHold: 'repriced', seatsLeft: 0 })).toEqual({ kind: 'answer open' })
    expect(order({ openHold: 'repriced', educatorDeactivated: true })).toEqual({
      kind: 'answer open',
    })
    // Made free since: no payment at all.
    expect(order({ openHold: 'repriced', priceInCents: 0 })).toEqual(
      refused({ status: 400, message: MESSAGES.payments.freeSession }),
    )
    expect(order({ openHold: 'repriced', startsAt: NOW })).toEqual(
      refused(conflict(MESSAGES.enrollments.alreadyStarted)),
    )
  })

  it('refuses in the API order: seated, started, free, then full', () => {
    const everything = { enrolled: true, startsAt: NOW, priceInCents: 0, seatsLeft: 0 }
    expect(order(everything)).toEqual(refused(conflict(MESSAGES.enrollments.alreadyEnrolled)))
    expect(order({ ...everything, enrolled: false })).toEqual(
      refused(conflict(MESSAGES.enrollments.alreadyStarted)),
    )
    expect(order({ ...everything, enrolled: false, startsAt: NOW + 1 })).toEqual(
      refused({ status: 400, message: MESSAGES.payments.freeSession }),
    )
    expect(order({ seatsLeft: 0 })).toEqual(refused(conflict(MESSAGES.enrollments.noSeatsLeft)))
    expect(order({ seatsLeft: 0, openHold: 'expired' })).toEqual(
      refused(conflict(MESSAGES.enrollments.noSeatsLeft)),
    )
  })
})

const capture = (overrides: Partial<CaptureFacts> = {}): CaptureFacts => ({
  now: NOW,
  status: 'processing',
  captured: false,
  hasOrder: true,
  session: { startsAt: NOW + 60_000, cancelled: false },
  enrolled: false,
  holding: true,
  seatsLeft: 0,
  educatorDeactivated: false,
  ...overrides,
})

describe('checking a capture before charging', () => {
  const cancelled = (message: Message) => ({
    kind: 'refuse',
    refusal: conflict(message),
    cancel: true,
  })

  it('charges a running hold as it is, and renews one that ran out while a seat is free', () => {
    expect(captureCheck(capture())).toEqual({ kind: 'charge', renewHold: false })
    expect(captureCheck(capture({ holding: false, seatsLeft: 1 }))).toEqual({
      kind: 'charge',
      renewHold: true,
    })
    expect(captureCheck(capture({ session: { startsAt: NOW + 1, cancelled: false } }))).toEqual({
      kind: 'charge',
      renewHold: false,
    })
  })

  it("charges a running hold of a deactivated educator's session, and refuses one that ran out", () => {
    expect(captureCheck(capture({ educatorDeactivated: true }))).toEqual({
      kind: 'charge',
      renewHold: false,
    })
    expect(
      captureCheck(capture({ educatorDeactivated: true, holding: false, seatsLeft: 3 })),
    ).toEqual({
      kind: 'refuse',
      refusal: { status: 403, message: MESSAGES.enrollments.educatorDeactivated },
      cancel: true,
    })
    // Once captured (the webhook, a race), a seat no hold keeps is refunded, not given.
    expect(captureOutcome(capture({ educatorDeactivated: true }))).toBe('seat')
    expect(
      captureOutcome(capture({ educatorDeactivated: true, holding: false, seatsLeft: 3 })),
    ).toBe('refund')
  })

  it('answers a payment captured before as it is, whatever became of it', () => {
    for (const status of ['success', 'refunding', 'refunded', 'cancelled'] as const) {
      expect(captureCheck(capture({ captured: true, status, session: null }))).toEqual({
        kind: 'answer',
      })
    }
  })

  it('refuses a payment that is not open, or has no order, without touching it', () => {
    for (const status of ['success', 'cancelled', 'error', 'refunding', 'refunded'] as const) {
      expect(captureCheck(capture({ status }))).toEqual({
        kind: 'refuse',
        refusal: conflict(MESSAGES.payments.notProcessing({ status })),
        cancel: false,
      })
    }
    expect(captureCheck(capture({ hasOrder: false }))).toEqual({
      kind: 'refuse',
      refusal: conflict(MESSAGES.payments.notProcessing({ status: 'processing' })),
      cancel: false,
    })
  })

  it('cancels in the API order: session gone, started (at its first instant), seated, hold lost', () => {
    const everything = capture({
      session: null,
      enrolled: true,
      holding: false,
      seatsLeft: 0,
    })
    expect(captureCheck(everything)).toEqual(cancelled(MESSAGES.payments.sessionClosed))
    expect(captureCheck({ ...everything, session: { startsAt: NOW, cancelled: false } })).toEqual(
      cancelled(MESSAGES.enrollments.alreadyStarted),
    )
    expect(
      captureCheck({ ...everything, session: { startsAt: NOW + 1, cancelled: false } }),
    ).toEqual(cancelled(MESSAGES.enrollments.alreadyEnrolled))
    expect(
      captureCheck({
        ...everything,
        session: { startsAt: NOW + 1, cancelled: false },
        enrolled: false,
      }),
    ).toEqual(cancelled(MESSAGES.payments.holdExpired))
  })
})

describe('what a completed capture does', () => {
  it('seats the buyer whose hold runs, or who finds a seat free', () => {
    expect(captureOutcome(capture())).toBe('seat')
    expect(captureOutcome(capture({ holding: false, seatsLeft: 1 }))).toBe('seat')
    expect(captureOutcome(capture({ session: { startsAt: NOW + 1, cancelled: false } }))).toBe(
      'seat',
    )
  })

  it('refunds when the seat is gone: no session, started, seated already, or taken', () => {
    expect(captureOutcome(capture({ session: null }))).toBe('refund')
    expect(captureOutcome(capture({ session: { startsAt: NOW, cancelled: false } }))).toBe('refund')
    expect(captureOutcome(capture({ enrolled: true }))).toBe('refund')
    expect(captureOutcome(capture({ holding: false, seatsLeft: 0 }))).toBe('refund')
  })
})

describe('giving a seat back and deleting a session', () => {
  it('frees a seat until the session starts, not at its start', () => {
    expect(unenrollRefusal({ now: NOW, startsAt: NOW + 1 })).toBeNull()
    expect(unenrollRefusal({ now: NOW, startsAt: NOW })).toEqual(
      conflict(MESSAGES.enrollments.unenrollTooLate),
    )
  })

  it('deletes a session until it starts, not at its start', () => {
    expect(sessionDeleteRefusal({ now: NOW, startsAt: NOW + 1 })).toBeNull()
    expect(sessionDeleteRefusal({ now: NOW, startsAt: NOW })).toEqual(
      conflict(MESSAGES.sessions.startedCannotDelete),
    )
  })

  it('owes the whole of a paid seat, and nothing for one free, refunded or being refunded', () => {
    expect(refundOwed({ status: 'success', amountInCents: 1250 })).toBe(1250)
    expect(refundOwed(null)).toBe(0)
    for (const status of ['processing', 'cancelled', 'error', 'refunding', 'refunded'] as const) {
      expect(refundOwed({ status, amountInCents: 1250 }), status).toBe(0)
    }
  })
})

describe('the minimum-seat decision', () => {
  const HOUR = 3_600_000
  const start = NOW + 48 * HOUR

  it('falls the configured hours before the start', () => {
    expect(decisionInstant(start, 24)).toBe(NOW + 24 * HOUR)
    expect(decisionInstant(start, 1)).toBe(start - HOUR)
  })

  it('leaves a session pending until its instant; scheduled at it or later, it takes place regardless', () => {
    const cutoff = decisionInstant(start, 24)
    expect(initialDecision(start, cutoff - 1, 24)).toBe('pending')
    expect(initialDecision(start, cutoff, 24)).toBe('unconditional')
    expect(initialDecision(start, cutoff + 1, 24)).toBe('unconditional')
  })

  it('stands pending with its instant, or unconditional when scheduled past it', () => {
    expect(standingOf(start, NOW, 24)).toEqual({ decision: 'pending', decisionAt: NOW + 24 * HOUR })
    expect(standingOf(NOW + HOUR, NOW, 24)).toEqual({ decision: 'unconditional', decisionAt: null })
  })

  it('keeps a changed session’s standing while its start stays, or its cutoff has come', () => {
    const pending = { decision: 'pending', decisionAt: NOW + 24 * HOUR, startsAt: start } as const
    const kept = { decision: 'pending', decisionAt: NOW + 24 * HOUR }
    expect(standingAfterChange(pending, start, NOW)).toEqual(kept)
    // Past its cutoff, its job is deciding it: a move does not reopen or drop the decision.
    expect(standingAfterChange(pending, start + HOUR, NOW + 24 * HOUR)).toEqual(kept)
  })

  it('moves a pending session’s cutoff with it, its own lead kept, or lets it take place', () => {
    // Scheduled when the cutoff was 48 hours: moved a day later, still decided 48 hours before.
    const pending = { decision: 'pending', decisionAt: start - 48 * HOUR, startsAt: start } as const
    expect(standingAfterChange(pending, start + 24 * HOUR, NOW - HOUR)).toEqual({
      decision: 'pending',
      decisionAt: start - 24 * HOUR,
    })
    // Moved two hours earlier, its cutoff two hours earlier: pending until that instant, which
    // has come at that instant itself (it then takes place with whoever enrolls).
    const earlier = start - 2 * HOUR
    expect(standingAfterChange(pending, earlier, earlier - 48 * HOUR - 1)).toEqual({
      decision: 'pending',
      decisionAt: earlier - 48 * HOUR,
    })
    expect(standingAfterChange(pending, earlier, earlier - 48 * HOUR)).toEqual({
      decision: 'unconditional',
      decisionAt: null,
    })
  })

  it('keeps a decision made, or an unconditional session, wherever it moves', () => {
    for (const decision of ['confirmed', 'cancelled', 'unconditional'] as const) {
      const current = { decision, decisionAt: decision === 'unconditional' ? null : NOW - HOUR }
      expect(
        standingAfterChange({ ...current, startsAt: start }, start + 30 * 24 * HOUR, NOW),
      ).toEqual(current)
    }
  })

  it('makes no decision once the session has started: it takes place', () => {
    const facts = { startsAt: start, enrolled: 0, minSlots: 2 }
    expect(decisionWhenDue({ ...facts, now: start - 1 })).toBe('cancelled')
    expect(decisionWhenDue({ ...facts, now: start })).toBe('unconditional')
    expect(decisionWhenDue({ ...facts, enrolled: 2, now: start - 1 })).toBe('confirmed')
  })

  it('refunds a capture of a cancelled session for that reason, any other for the seat', () => {
    expect(captureRefundReason({ session: { startsAt: start, cancelled: true } })).toBe(
      'tooFewStudents',
    )
    expect(captureRefundReason({ session: { startsAt: start, cancelled: false } })).toBe(
      'seatTaken',
    )
    expect(captureRefundReason({ session: null })).toBe('seatTaken')
  })

  it('confirms at the minimum exactly, and cancels one below it', () => {
    expect(decisionAtCutoff({ enrolled: 3, minSlots: 3 })).toBe('confirmed')
    expect(decisionAtCutoff({ enrolled: 4, minSlots: 3 })).toBe('confirmed')
    expect(decisionAtCutoff({ enrolled: 2, minSlots: 3 })).toBe('cancelled')
    expect(decisionAtCutoff({ enrolled: 0, minSlots: 1 })).toBe('cancelled')
  })

  it('counts the students still needed only while pending', () => {
    expect(seatsNeeded({ decision: 'pending', enrolled: 1, minSlots: 3 })).toBe(2)
    expect(seatsNeeded({ decision: 'pending', enrolled: 3, minSlots: 3 })).toBe(0)
    expect(seatsNeeded({ decision: 'pending', enrolled: 5, minSlots: 3 })).toBe(0)
    expect(seatsNeeded({ decision: 'unconditional', enrolled: 0, minSlots: 3 })).toBe(0)
    expect(seatsNeeded({ decision: 'cancelled', enrolled: 0, minSlots: 3 })).toBe(0)
  })

  it('closes a cancelled session to everyone, and refuses its seats, orders and captures', () => {
    expect(
      isClosedTo({
        cancelled: true,
        seatsLeft: 3,
        educatorDeactivated: false,
        enrolled: false,
        holding: true,
      }),
    ).toBe(true)
    const refused = conflict(MESSAGES.enrollments.tooFewStudents)
    expect(enrollRefusal(seat({ cancelled: true }))).toEqual(refused)
    // A started session says so first; a seat already held says that.
    expect(enrollRefusal(seat({ cancelled: true, startsAt: NOW }))).toEqual(
      conflict(MESSAGES.enrollments.alreadyStarted),
    )
    expect(
      orderDecision({ ...seat({ cancelled: true, priceInCents: 100 }), openHold: 'running' }),
    ).toEqual({
      kind: 'refuse',
      refusal: refused,
    })
    const cancelledSession = { startsAt: NOW + 1, cancelled: true }
    expect(captureCheck(capture({ session: cancelledSession }))).toEqual({
      kind: 'refuse',
      refusal: refused,
      cancel: true,
    })
    expect(captureOutcome(capture({ session: cancelledSession }))).toBe('refund')
  })
})

describe('the waitlist', () => {
  const HOUR = 3_600_000
  const full = {
    educatorDeactivated: false,
    now: NOW,
    startsAt: NOW + 48 * HOUR,
    cancelled: false,
    enrolled: false,
    holding: false,
    waiting: false,
    seatsLeft: 0,
  }

  it('is joined only when no seat is left, the session neither started nor cancelled', () => {
    expect(waitlistJoinRefusal(full)).toBeNull()
    expect(waitlistJoinRefusal({ ...full, seatsLeft: 1 })).toEqual(
      conflict(MESSAGES.waitlist.seatsFree),
    )
    expect(waitlistJoinRefusal({ ...full, startsAt: NOW })).toEqual(
      conflict(MESSAGES.enrollments.alreadyStarted),
    )
    expect(waitlistJoinRefusal({ ...full, cancelled: true })).toEqual(
      conflict(MESSAGES.enrollments.tooFewStudents),
    )
  })

  it('is not joined by a student with a seat, a hold or a place in it already', () => {
    expect(waitlistJoinRefusal({ ...full, enrolled: true })).toEqual(
      conflict(MESSAGES.enrollments.alreadyEnrolled),
    )
    expect(waitlistJoinRefusal({ ...full, holding: true })).toEqual(
      conflict(MESSAGES.waitlist.seatsFree),
    )
    expect(waitlistJoinRefusal({ ...full, waiting: true })).toEqual(
      conflict(MESSAGES.waitlist.alreadyWaiting),
    )
  })

  it('offers one seat per seat neither taken, held nor offered, to as many as wait', () => {
    const line = { ...full, maxSlots: 3, seated: 2, held: 0, offered: 0, waiting: 5 }
    expect(offersToMake(line)).toBe(1)
    expect(offersToMake({ ...line, offered: 1 })).toBe(0)
    expect(offersToMake({ ...line, held: 1 })).toBe(0)
    expect(offersToMake({ ...line, seated: 0 })).toBe(3)
    expect(offersToMake({ ...line, seated: 0, waiting: 2 })).toBe(2)
    expect(offersToMake({ ...line, waiting: 0 })).toBe(0)
    // More taken than the lesson now allows (its maximum lowered): nothing, never negative.
    expect(offersToMake({ ...line, maxSlots: 1 })).toBe(0)
  })

  it('offers nothing once the session has started or was cancelled', () => {
    const line = { ...full, maxSlots: 3, seated: 0, held: 0, offered: 0, waiting: 5 }
    expect(offersToMake({ ...line, startsAt: NOW })).toBe(0)
    expect(offersToMake({ ...line, cancelled: true })).toBe(0)
  })

  it("is closed, and offers nothing, while the session's educator is deactivated", () => {
    expect(waitlistJoinRefusal({ ...full, educatorDeactivated: true })).toEqual({
      status: 403,
      message: MESSAGES.enrollments.educatorDeactivated,
    })
    const line = { ...full, maxSlots: 3, seated: 0, held: 0, offered: 0, waiting: 5 }
    expect(offersToMake({ ...line, educatorDeactivated: true })).toBe(0)
  })

  it('holds an offered seat until its end, not at it', () => {
    expect(offerHolds({ offerExpiresAt: NOW + 1 }, NOW)).toBe(true)
    expect(offerHolds({ offerExpiresAt: NOW }, NOW)).toBe(false)
    expect(offerHolds({ offerExpiresAt: null }, NOW)).toBe(false)
  })
})
