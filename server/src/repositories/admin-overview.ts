import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  ne,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { PageRequest } from '../../../contract/paging.ts'
import type { Executor } from '../db/client.ts'
import { enrollments, lessonSessions, lessons, payments, users } from '../db/schema.ts'
import { countedPage, countOf } from './counted-page.ts'

/**
 * The admin's overview and the lists behind its figures. Each figure is counted or summed with
 * the condition its list selects by, so a figure is always its list's total for the same bounds.
 */

/** A lower (included) and upper (excluded) bound, as an instant or an SQL expression of one. */
type Bound = Date | SQL
export interface Range {
  from?: Bound | undefined
  to?: Bound | undefined
}

const within = (
  column: typeof lessonSessions.startTime | typeof payments.refundDueAt,
  range: Range,
) =>
  and(
    range.from === undefined ? undefined : gte(column, range.from),
    range.to === undefined ? undefined : lt(column, range.to),
  )

export interface SessionFilter extends Range {
  /** true: only sessions cancelled for too few students; false: all but those. */
  cancelled?: boolean | undefined
}

const sessionsWhere = ({ cancelled, ...range }: SessionFilter) =>
  and(
    within(lessonSessions.startTime, range),
    cancelled === undefined
      ? undefined
      : cancelled
        ? eq(lessonSessions.decision, 'cancelled')
        : ne(lessonSessions.decision, 'cancelled'),
  )

/** Seats students hold in the session now. */
const seatsTaken = sql<number>`(
  select count(*) from ${enrollments}
  where ${enrollments.sessionId} = ${lessonSessions.id} and ${enrollments.cancelledAt} is null
)`.mapWith(Number)

/** One page of the sessions the filter selects, soonest first, and how many it selects. */
export const listSessionsPage = async (db: Executor, filter: SessionFilter, page: PageRequest) => {
  const rows = db
    .select({
      session: lessonSessions,
      lessonTitle: lessons.title,
      minSlots: lessons.minSlots,
      maxSlots: lessons.maxSlots,
      educator: { id: users.id, name: users.name },
      seatsTaken,
    })
    .from(lessonSessions)
    .innerJoin(lessons, eq(lessons.id, lessonSessions.lessonId))
    .innerJoin(users, eq(users.id, lessonSessions.ownerId))
    .where(sessionsWhere(filter))
    .orderBy(asc(lessonSessions.startTime), asc(lessonSessions.id))
    .offset(page.offset)
    .limit(page.take)
  const { records, itemCount } = await countedPage(page, rows.execute(), () =>
    countSessions(db, filter),
  )
  return { rows: records, itemCount }
}

export const countSessions = (db: Executor, filter: SessionFilter) =>
  countOf(db.select({ count: count() }).from(lessonSessions).where(sessionsWhere(filter)))

/** A refund is a payment whose refund became due (then sent and, once confirmed, refunded). */
const REFUND_STATUSES = ['refunding', 'refunded'] as const

const refundsWhere = (range: Range) =>
  and(
    isNotNull(payments.refundDueAt),
    inArray(payments.status, [...REFUND_STATUSES]),
    within(payments.refundDueAt, range),
  )

/** One page of the refunds due in the range, newest first, and how many there are. */
export const listRefundsPage = async (db: Executor, range: Range, page: PageRequest) => {
  const rows = await db
    .select({
      payment: payments,
      lessonTitle: lessons.title,
      sessionStart: lessonSessions.startTime,
      student: { id: users.id, name: users.name },
    })
    .from(payments)
    .innerJoin(lessons, eq(lessons.id, payments.lessonId))
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(lessonSessions, eq(lessonSessions.id, payments.sessionId))
    .where(refundsWhere(range))
    .orderBy(desc(payments.refundDueAt), desc(payments.id))
    .offset(page.offset)
    .limit(page.take)
  return { rows, itemCount: (await refundTotals(db, range)).count }
}

/** How many refunds became due in the range, and their sum in cents. */
export const refundTotals = async (db: Executor, range: Range) => {
  const [row] = await db
    .select({
      count: count(),
      cents: sql<number>`coalesce(sum(${payments.amountInCents}), 0)`.mapWith(Number),
    })
    .from(payments)
    .where(refundsWhere(range))
  return { count: row?.count ?? 0, cents: row?.cents ?? 0 }
}

export interface WeekRow {
  /** The Monday, YYYY-MM-DD in the zone. */
  weekStart: string
  from: Date
  to: Date
  enrollments: number
  grossCents: number
  feeCents: number
  refundedCents: number
}

type Rows<T> = { rows: T[] }

/**
 * The `count` weeks (ISO: Monday 00:00 to the next Monday 00:00 in `timezone`) up to the one `now`
 * falls in, oldest first, each with the seats taken in it (every enrollment created then, free or
 * paid, given back since or not), the payments captured in it and their fees, and the refunds
 * that became due in it, summed by the database; a week without any is zeros.
 */
export const weeklyFigures = async (
  db: Executor,
  timezone: string,
  now: Date,
  weeks: number,
): Promise<WeekRow[]> => {
  const current = sql`date_trunc('week', ${now.toISOString()}::timestamptz at time zone ${timezone})`
  const weekFrom = sql`w.starts`
  const weekTo = sql`w.ends`
  const result = (await db.execute(sql`
    with w as (
      select local_start, local_start at time zone ${timezone} as starts,
        (local_start + interval '1 week') at time zone ${timezone} as ends
      from generate_series(${current} - make_interval(weeks => ${weeks - 1}), ${current},
        interval '1 week') as local_start
    )
    select to_char(w.local_start, 'YYYY-MM-DD') as week_start, w.starts, w.ends,
      (select count(*) from ${enrollments}
        where ${enrollments.createdAt} >= ${weekFrom} and ${enrollments.createdAt} < ${weekTo}
      )::bigint as enrollments,
      (select coalesce(sum(${payments.amountInCents}), 0) from ${payments}
        where ${payments.capturedAt} >= ${weekFrom} and ${payments.capturedAt} < ${weekTo}
      )::bigint as gross,
      (select coalesce(sum(coalesce(${payments.platformFeeInCents}, 0)), 0) from ${payments}
        where ${payments.capturedAt} >= ${weekFrom} and ${payments.capturedAt} < ${weekTo}
      )::bigint as fee,
      (select coalesce(sum(${payments.amountInCents}), 0) from ${payments}
        where ${refundsWhere({ from: weekFrom, to: weekTo })}
      )::bigint as refunded
    from w
    order by w.local_start`)) as Rows<{
    week_start: string
    starts: string | Date
    ends: string | Date
    enrollments: string | number
    gross: string | number
    fee: string | number
    refunded: string | number
  }>
  return result.rows.map((row) => ({
    weekStart: row.week_start,
    from: new Date(row.starts),
    to: new Date(row.ends),
    enrollments: Number(row.enrollments),
    grossCents: Number(row.gross),
    feeCents: Number(row.fee),
    refundedCents: Number(row.refunded),
  }))
}
