import { type SQL, sql } from 'drizzle-orm'
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

/**
 * The lines of the earnings of one educator, or of every educator a sub-select names, as one
 * relation (payments and refunds), each with its educator.
 */
const linesOf = (owners: number | SQL) => {
  const ownerIs =
    typeof owners === 'number' ? sql`l.owner_id = ${owners}` : sql`l.owner_id in (${owners})`
  return sql`
  select p.id as payment_id, 'payment' as kind, p.captured_at as at, p.lesson_id,
    p.amount_in_cents as gross, coalesce(p.platform_fee_cents, 0) as fee,
    coalesce(p.educator_share_cents, p.amount_in_cents) as share,
    null::text as refund_reason, false as pending, p.session_id, p.user_id,
    l.owner_id as educator_id
  from payments as p join lessons as l on l.id = p.lesson_id
  where ${ownerIs} and p.captured_at is not null
  union all
  select p.id, 'refund', p.refund_due_at, p.lesson_id,
    -p.amount_in_cents, -coalesce(p.platform_fee_cents, 0),
    -coalesce(p.educator_share_cents, p.amount_in_cents),
    p.refund_reason, p.status = 'refunding', p.session_id, p.user_id, l.owner_id
  from payments as p join lessons as l on l.id = p.lesson_id
  where ${ownerIs} and p.captured_at is not null and p.refund_due_at is not null`
}

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

/** An educator's span of time, [from, to). */
export interface EducatorSpan {
  educatorId: number
  from: Date
  to: Date
}

/**
 * Each educator's net share in their own span, summed in one query whatever their number: the
 * same lines as the earnings (captures less the refunds due), so the terms' rule weighs exactly
 * what the earnings screen shows. The spans (an educator once each) go as one JSON parameter.
 * Answers the share by educator id, 0 for one without lines.
 */
export const sharesIn = async (
  db: Executor,
  spans: readonly EducatorSpan[],
): Promise<Map<number, number>> => {
  if (spans.length === 0) return new Map()
  const json = JSON.stringify(
    spans.map(({ educatorId, from, to }) => ({
      educator_id: educatorId,
      span_from: from.toISOString(),
      span_to: to.toISOString(),
    })),
  )
  const result = (await db.execute(sql`
    with span as (
      select * from jsonb_to_recordset(${json}::jsonb)
        as s(educator_id integer, span_from timestamptz, span_to timestamptz)
    )
    select span.educator_id, total.share
    from span
    cross join lateral (
      select coalesce(sum(line.share), 0)::bigint as share
      from (${linesOf(sql`span.educator_id`)}) as line
      where line.at >= span.span_from and line.at < span.span_to
    ) as total`)) as Rows<{ educator_id: number; share: string | number }>
  return new Map(result.rows.map((row) => [Number(row.educator_id), Number(row.share)]))
}

/** The educator's net share in [from, to), as `sharesIn` sums it. */
export const shareBetween = async (db: Executor, educatorId: number, from: Date, to: Date) =>
  (await sharesIn(db, [{ educatorId, from, to }])).get(educatorId) ?? 0
