import { rangeProblem } from '../../../contract/checks.ts'
import type { Paginated } from '../../../contract/common.ts'
import type { AdminOverview, AdminRefund, AdminSession } from '../../../contract/entities.ts'
import type { AdminRefundsQuery, AdminSessionsQuery } from '../../../contract/endpoints/admin.ts'
import { pageRequest, toPage } from '../../../contract/paging.ts'
import { OVERVIEW_WEEKS, PAGE_SIZE, PENDING_EDUCATOR_STATE } from '../../../contract/rules.ts'
import { BadRequestError } from '../domain/errors.ts'
import {
  countSessions,
  listRefundsPage,
  listSessionsPage,
  type Range,
  refundTotals,
  weeklyFigures,
} from '../repositories/admin-overview.ts'
import { listPool } from '../repositories/licences.ts'
import type { UserRow } from '../repositories/users.ts'
import { usersCount } from './admin.ts'
import type { ServiceDeps } from './deps.ts'

/**
 * The admin's overview of the marketplace, and the lists its figures link to. Every figure is
 * counted by the repository function its list counts with, for the bounds the overview gives.
 */

type Deps = Pick<ServiceDeps, 'db'>

/** The range a list's query gives, as instants; `from` after `to` is a bad request. */
const rangeOf = (query: { from?: string | undefined; to?: string | undefined }): Range => {
  const problem = rangeProblem(query)
  if (problem) throw new BadRequestError(problem)
  return {
    from: query.from === undefined ? undefined : new Date(query.from),
    to: query.to === undefined ? undefined : new Date(query.to),
  }
}

const toRange = ({ from, to }: { from: Date; to: Date }) => ({
  from: from.toISOString(),
  to: to.toISOString(),
})

export const overview = async (
  deps: Pick<ServiceDeps, 'db' | 'earningsRule'>,
  admin: UserRow,
): Promise<AdminOverview> => {
  const { db } = deps
  // The app's clock, as every rule of time reads it (a test moves it).
  const now = new Date()
  const weeks = await weeklyFigures(db, admin.timezone, now, OVERVIEW_WEEKS)
  const first = weeks[0]
  const current = weeks.at(-1)
  if (!first || !current) throw new Error('The overview has no week')
  const window = { from: first.from, to: current.to }
  const pool = await listPool(db)
  const held = pool.filter((row) => row.holder !== null).length
  return {
    timezone: admin.timezone,
    pendingEducators: await usersCount(deps, { state: PENDING_EDUCATOR_STATE }, now),
    licences: { free: pool.length - held, held },
    thisWeek: toRange(current),
    sessionsThisWeek: await countSessions(db, { ...current, cancelled: false }),
    window: toRange(window),
    weeks: weeks.map(
      ({ weekStart, from, to, enrollments, grossCents, feeCents, refundedCents }) => ({
        weekStart,
        ...toRange({ from, to }),
        enrollments,
        grossCents,
        feeCents,
        refundedCents,
      }),
    ),
    cancelledTooFew: await countSessions(db, { ...window, cancelled: true }),
    refunds: await refundTotals(db, window),
    belowEarningsRule: await usersCount(deps, { state: 'below_earnings_rule' }, now),
    deactivatedEducators: await usersCount(deps, { state: 'deactivated' }, now),
  }
}

export const sessionsPage = async (
  { db }: Deps,
  query: AdminSessionsQuery,
): Promise<Paginated<AdminSession>> => {
  const range = rangeOf(query)
  const page = pageRequest(query, PAGE_SIZE.default)
  const { rows, itemCount } = await listSessionsPage(
    db,
    { ...range, cancelled: query.cancelled },
    page,
  )
  const sessions = rows.map(
    ({ session, lessonTitle, minSlots, maxSlots, educator, seatsTaken }): AdminSession => ({
      id: session.id,
      lessonId: session.lessonId,
      lessonTitle,
      educator,
      start_time: session.startTime.toISOString(),
      end_time: session.endTime.toISOString(),
      timezone: session.timezone,
      seatsTaken,
      minSlots,
      maxSlots,
      decision: session.decision,
    }),
  )
  return toPage(sessions, page, itemCount)
}

export const refundsPage = async (
  { db }: Deps,
  query: AdminRefundsQuery,
): Promise<Paginated<AdminRefund>> => {
  const range = rangeOf(query)
  const page = pageRequest(query, PAGE_SIZE.default)
  const { rows, itemCount } = await listRefundsPage(db, range, page)
  const refunds = rows.flatMap(({ payment, lessonTitle, sessionStart, student }): AdminRefund[] => {
    const { status, refundDueAt } = payment
    // The list selects these only; the guard tells the types so.
    if ((status !== 'refunding' && status !== 'refunded') || refundDueAt === null) return []
    return [
      {
        paymentId: payment.id,
        lessonId: payment.lessonId,
        lessonTitle,
        sessionId: payment.sessionId,
        sessionStart: sessionStart?.toISOString() ?? null,
        student,
        amountCents: payment.amountInCents,
        refundReason: payment.refundReason ?? null,
        status,
        refundDueAt: refundDueAt.toISOString(),
      },
    ]
  })
  return toPage(refunds, page, itemCount)
}
