import type { EarningsLine, EarningsSummary } from '@contract/entities'
import { DEFAULT_PLATFORM_FEE_PERCENT, feeShares } from '@contract/rules'
import { firstNameOf, sumEarnings } from '@contract/users'
import { db, type DbUser, timeZoneOf } from './db'

/**
 * An educator's earnings as the server sums them (server/src/repositories/earnings.ts): each
 * captured payment of their lessons when it was captured, each refund (negative) when it became
 * due; months are the educator's calendar months.
 */

const SUMMARY_MONTHS = 12

/** Every line of the educator's earnings, newest first (a refund before its payment at one instant). */
export const earningsLines = (educatorId: number): EarningsLine[] => {
  const lines: EarningsLine[] = []
  for (const payment of db.payments) {
    const lesson = db.lessons.find((row) => row.id === payment.lessonId)
    if (lesson?.ownerId !== educatorId) continue
    const capturedAt = payment.capturedAt ?? (payment.transactionId ? payment.createdAt : null)
    if (capturedAt === null) continue
    const refunded = payment.status === 'refunding' || payment.status === 'refunded'
    const refundAt = payment.refundDueAt ?? (refunded ? payment.createdAt : null)
    const shares = feeShares(payment.amount_in_cents, DEFAULT_PLATFORM_FEE_PERCENT * 100)
    const student = db.users.find((row) => row.id === payment.userId)
    const session = db.sessions.find((row) => row.id === payment.sessionId)
    const common = {
      paymentId: payment.id,
      lessonId: lesson.id,
      lessonTitle: lesson.title,
      sessionStart: session?.start_time ?? null,
      studentFirstName: firstNameOf(student?.name ?? ''),
    }
    lines.push({
      ...common,
      kind: 'payment',
      at: capturedAt,
      grossCents: payment.amount_in_cents,
      feeCents: shares.platformFeeInCents,
      shareCents: shares.educatorShareInCents,
      refundReason: null,
      pending: false,
    })
    if (refundAt !== null) {
      lines.push({
        ...common,
        kind: 'refund',
        at: refundAt,
        grossCents: -payment.amount_in_cents,
        feeCents: -shares.platformFeeInCents,
        shareCents: -shares.educatorShareInCents,
        refundReason: payment.refundReason,
        pending: payment.status === 'refunding',
      })
    }
  }
  return lines.sort(
    (a, b) =>
      Date.parse(b.at) - Date.parse(a.at) ||
      b.paymentId - a.paymentId ||
      b.kind.localeCompare(a.kind),
  )
}

/** YYYY-MM of the instant in the zone. */
const monthIn = (instant: string | number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' })
    .format(new Date(instant))
    .slice(0, 7)

/** The `count` months up to the one of `now` in the zone, oldest first, as YYYY-MM. */
const lastMonths = (now: number, timeZone: string, count: number) => {
  const [year = 0, month = 1] = monthIn(now, timeZone).split('-').map(Number)
  return Array.from({ length: count }, (_, index) => {
    const back = count - 1 - index
    const total = year * 12 + (month - 1) - back
    return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`
  })
}

export const earningsSummary = (educator: DbUser, now = Date.now()): EarningsSummary => {
  const timezone = timeZoneOf(educator)
  const lines = earningsLines(educator.id)
  const months = lastMonths(now, timezone, SUMMARY_MONTHS).map((month) => ({
    month,
    ...sumEarnings(lines.filter((line) => monthIn(line.at, timezone) === month)),
  }))
  return { timezone, months, lastThreeMonths: sumEarnings(months.slice(-3)) }
}
