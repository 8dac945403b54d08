import type {
  AdminOverview,
  AdminRefund,
  AdminSession,
  InstantRange,
  OverviewWeek,
} from '@contract/entities'
import type { AdminUsersQuery } from '@contract/endpoints/admin'
import {
  isBelowEarningsRule,
  OVERVIEW_WEEKS,
  PENDING_EDUCATOR_STATE,
  utcToZoned,
  zonedTimeToUtc,
} from '@contract/rules'
import { db, type DbPayment, type DbUser, timeZoneOf } from './db'
import { capturedAtOf, earningsRuleOf, refundDueAtOf, sharesOf } from './earnings'
import { toPoolLicence } from './serializers'

/**
 * The admin's overview and the lists behind its figures, as the server counts them
 * (server/src/repositories/admin-overview.ts): each figure selects what its list selects, so it
 * is the list's total for the same bounds. Weeks run Monday 00:00 to Monday 00:00 in the admin's
 * zone.
 */

/** Whether the educator is in the admin user list's state at `now`. */
const inState = (
  user: DbUser,
  state: NonNullable<AdminUsersQuery['state']>,
  now: number,
): boolean => {
  switch (state) {
    case 'awaiting_approval':
      return !user.isValidated
    case 'approved':
      return user.isValidated
    case 'no_licence':
      return user.videoLicenceId === null
    case 'deactivated':
      return user.deactivatedAt !== null
    case 'below_earnings_rule': {
      const rule = earningsRuleOf(user, now)
      return rule !== null && isBelowEarningsRule(rule)
    }
  }
}

/** Whether the user is in the admin user list's educator state (GET /admin/users?state=). */
export const matchesState = (user: DbUser, state: AdminUsersQuery['state'], now = Date.now()) =>
  state === undefined || (user.role === 'educator' && inState(user, state, now))

/** Instants in ms; a bound left out does not bound. */
export interface MsRange {
  from?: number | undefined
  to?: number | undefined
}

const within = (instant: string, { from, to }: MsRange) => {
  const at = Date.parse(instant)
  return (from === undefined || at >= from) && (to === undefined || at < to)
}

/** The sessions starting in the range: only those cancelled for too few students, all but those, or all. */
export const adminSessions = (range: MsRange, cancelled: boolean | undefined): AdminSession[] =>
  db.sessions
    .filter((session) => within(session.start_time, range))
    .filter(
      (session) => cancelled === undefined || (session.decision === 'cancelled') === cancelled,
    )
    .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time) || a.id - b.id)
    .flatMap((session) => {
      const lesson = db.lessons.find((row) => row.id === session.lessonId)
      const educator = db.users.find((row) => row.id === lesson?.ownerId)
      if (!lesson || !educator) return []
      return [
        {
          id: session.id,
          lessonId: lesson.id,
          lessonTitle: lesson.title,
          educator: { id: educator.id, name: educator.name },
          start_time: session.start_time,
          end_time: session.end_time,
          timezone: session.timezone,
          seatsTaken: db.enrollments.filter((row) => row.sessionId === session.id).length,
          minSlots: lesson.min_slots,
          maxSlots: lesson.max_slots,
          decision: session.decision,
        },
      ]
    })

/** A payment whose refund became due in the range, with when. */
const refundDueIn = (payment: DbPayment, range: MsRange) => {
  if (payment.status !== 'refunding' && payment.status !== 'refunded') return null
  const dueAt = refundDueAtOf(payment)
  return dueAt !== null && within(dueAt, range) ? { status: payment.status, dueAt } : null
}

/** The refunds that became due in the range, newest first. */
export const adminRefunds = (range: MsRange): AdminRefund[] =>
  db.payments
    .flatMap((payment): AdminRefund[] => {
      const refund = refundDueIn(payment, range)
      const lesson = db.lessons.find((row) => row.id === payment.lessonId)
      const student = db.users.find((row) => row.id === payment.userId)
      if (!refund || !lesson || !student) return []
      const session = db.sessions.find((row) => row.id === payment.sessionId)
      return [
        {
          paymentId: payment.id,
          lessonId: lesson.id,
          lessonTitle: lesson.title,
          sessionId: session?.id ?? null,
          sessionStart: session?.start_time ?? null,
          student: { id: student.id, name: student.name },
          amountCents: payment.amount_in_cents,
          refundReason: payment.refundReason,
          status: refund.status,
          refundDueAt: refund.dueAt,
        },
      ]
    })
    .sort(
      (a, b) => Date.parse(b.refundDueAt) - Date.parse(a.refundDueAt) || b.paymentId - a.paymentId,
    )

/** The Mondays (YYYY-MM-DD in the zone) of the `count` weeks up to the one of `now`, and the one after. */
const mondays = (now: number, timeZone: string, count: number) => {
  const [year = 0, month = 1, day = 1] = utcToZoned(now, timeZone).date.split('-').map(Number)
  const sinceMonday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7
  return Array.from({ length: count + 1 }, (_, index) =>
    new Date(Date.UTC(year, month - 1, day - sinceMonday - 7 * (count - 1 - index)))
      .toISOString()
      .slice(0, 10),
  )
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

const toRange = ({ from, to }: Required<MsRange>): InstantRange => ({
  from: new Date(from).toISOString(),
  to: new Date(to).toISOString(),
})

/** How many users the list of the state selects at `now`. */
const usersIn = (state: AdminUsersQuery['state'], now: number) =>
  db.users.filter((user) => matchesState(user, state, now)).length

export const adminOverview = (admin: DbUser, now = Date.now()): AdminOverview => {
  const timezone = timeZoneOf(admin)
  const days = mondays(now, timezone, OVERVIEW_WEEKS)
  const edges = days.map((date) => zonedTimeToUtc(date, '00:00', timezone).getTime())
  const weeks = days.slice(0, -1).map((weekStart, index): OverviewWeek => {
    const range = { from: edges[index] ?? now, to: edges[index + 1] ?? now }
    const captured = db.payments.filter((payment) => {
      const at = capturedAtOf(payment)
      return at !== null && within(at, range)
    })
    return {
      weekStart,
      ...toRange(range),
      enrollments: [...db.enrollments, ...db.cancelledSeats].filter((seat) =>
        within(seat.createdAt, range),
      ).length,
      grossCents: sum(captured.map((payment) => payment.amount_in_cents)),
      feeCents: sum(captured.map((payment) => sharesOf(payment).platformFeeInCents)),
      refundedCents: sum(adminRefunds(range).map((refund) => refund.amountCents)),
    }
  })
  const window = { from: edges[0] ?? now, to: edges.at(-1) ?? now }
  const thisWeek = { from: edges.at(-2) ?? now, to: window.to }
  const refunds = adminRefunds(window)
  // The pool as GET /admin/video-licences lists it.
  const held = db.licences.map(toPoolLicence).filter((licence) => licence.holder !== null).length
  return {
    timezone,
    pendingEducators: usersIn(PENDING_EDUCATOR_STATE, now),
    licences: { free: db.licences.length - held, held },
    thisWeek: toRange(thisWeek),
    sessionsThisWeek: adminSessions(thisWeek, false).length,
    window: toRange(window),
    weeks,
    cancelledTooFew: adminSessions(window, true).length,
    refunds: { count: refunds.length, cents: sum(refunds.map((refund) => refund.amountCents)) },
    belowEarningsRule: usersIn('below_earnings_rule', now),
    deactivatedEducators: usersIn('deactivated', now),
  }
}
