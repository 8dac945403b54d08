import { sql } from 'drizzle-orm'
import type { RefundReason } from '../../../contract/entities.ts'
import type { PageRequest } from '../../../contract/paging.ts'
import type { Executor } from '../db/client.ts'

/**
 * An educator's earnings, summed by the database over integer cents: each captured payment of
 * their lessons counts when it was captured, each refund (negative) when it became due.
 */

export interface EarningsLineRow {
  paymentId: number
  kind: 'payment' | 'refund'
  at: Date
  lessonId: number
  lessonTitle: string
  sessionStart: Date | null
  studentName: string
  grossCents: number
  feeCents: number
  shareCents: number
  refundReason: RefundReason | null
  pending: boolean
}

/** The lines of the educator's earnings, as one relation (payments and refunds). */
const linesOf = (educatorId: number) => sql`
  select p.id as payment_id, 'payment' as kind, p.captured_at as at, p.lesson_id,
    p.amount_in_cents as gross, coalesce(p.platform_fee_cents, 0) as fee,
    coalesce(p.educator_share_cents, p.amount_in_cents) as share,
    null::text as refund_reason, false as pending, p.session_id, p.user_id
  from payments as p join lessons as l on l.id = p.lesson_id
  where l.owner_id = ${educatorId} and p.captured_at is not null
  union all
  select p.id, 'refund', p.refund_due_at, p.lesson_id,
    -p.amount_in_cents, -coalesce(p.platform_fee_cents, 0),
    -coalesce(p.educator_share_cents, p.amount_in_cents),
    p.refund_reason, p.status = 'refunding', p.session_id, p.user_id
  from payments as p join lessons as l on l.id = p.lesson_id
  where l.owner_id = ${educatorId} and p.captured_at is not null and p.refund_due_at is not null`

type Rows<T> = { rows: T[] }

/**
 * One page of the educator's earnings lines (every line when `page` is null), newest first (a
 * refund before its payment at one instant).
 */
export const listEarningsLines = async (
  db: Executor,
  educatorId: number,
  page: PageRequest | null,
) => {
  const lines = linesOf(educatorId)
  const result = (await db.execute(sql`
    select line.payment_id, line.kind, line.at, line.lesson_id, l.title as lesson_title,
      s.start_time as session_start, u.name as student_name, line.gross, line.fee, line.share,
      line.refund_reason, line.pending
    from (${lines}) as line
    join lessons as l on l.id = line.lesson_id
    join users as u on u.id = line.user_id
    left join lesson_sessions as s on s.id = line.session_id
    order by line.at desc, line.payment_id desc, line.kind desc
    ${page === null ? sql`` : sql`limit ${page.take} offset ${page.offset}`}`)) as Rows<{
    payment_id: number
    kind: 'payment' | 'refund'
    at: string | Date
    lesson_id: number
    lesson_title: string
    session_start: string | Date | null
    student_name: string
    gross: number
    fee: number
    share: number
    refund_reason: RefundReason | null
    pending: boolean
  }>
  const total = (await db.execute(sql`select count(*)::int as n from (${lines}) as line`)) as Rows<{
    n: number
  }>
  const records: EarningsLineRow[] = result.rows.map((row) => ({
    paymentId: Number(row.payment_id),
    kind: row.kind,
    at: new Date(row.at),
    lessonId: Number(row.lesson_id),
    lessonTitle: row.lesson_title,
    sessionStart: row.session_start === null ? null : new Date(row.session_start),
    studentName: row.student_name,
    grossCents: Number(row.gross),
    feeCents: Number(row.fee),
    shareCents: Number(row.share),
    refundReason: row.refund_reason,
    pending: row.pending,
  }))
  return { records, itemCount: Number(total.rows[0]?.n ?? 0) }
}

export interface EarningsMonthRow {
  /** YYYY-MM in the educator's zone. */
  month: string
  grossCents: number
  feeCents: number
  shareCents: number
}

/**
 * The educator's earnings summed per calendar month of `timezone`, for the `count` months up to
 * the one `now` falls in, oldest first; a month without lines sums to 0.
 */
export const earningsByMonth = async (
  db: Executor,
  educatorId: number,
  timezone: string,
  now: Date,
  count: number,
): Promise<EarningsMonthRow[]> => {
  const current = sql`date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${timezone})`
  const result = (await db.execute(sql`
    with months as (
      select generate_series(${current} - make_interval(months => ${count - 1}), ${current},
        interval '1 month') as start
    )
    select to_char(m.start, 'YYYY-MM') as month,
      coalesce(sum(line.gross), 0)::bigint as gross,
      coalesce(sum(line.fee), 0)::bigint as fee,
      coalesce(sum(line.share), 0)::bigint as share
    from months as m
    left join (${linesOf(educatorId)}) as line
      on date_trunc('month', line.at at time zone ${timezone}) = m.start
    group by m.start
    order by m.start`)) as Rows<{ month: string; gross: string; fee: string; share: string }>
  return result.rows.map((row) => ({
    month: row.month,
    grossCents: Number(row.gross),
    feeCents: Number(row.fee),
    shareCents: Number(row.share),
  }))
}

/**
 * The educator's net share in [from, to): the same lines as the earnings (captures less the
 * refunds due), so the terms' rule weighs exactly what the earnings screen shows.
 */
export const shareBetween = async (db: Executor, educatorId: number, from: Date, to: Date) => {
  const result = (await db.execute(sql`
    select coalesce(sum(line.share), 0)::bigint as share
    from (${linesOf(educatorId)}) as line
    where line.at >= ${from.toISOString()}::timestamptz
      and line.at < ${to.toISOString()}::timestamptz`)) as Rows<{ share: string | number }>
  return Number(result.rows[0]?.share ?? 0)
}
