import type { EarningsLine, EarningsRule, EarningsSummary } from '@contract/entities'
import {
  DEFAULT_EARNINGS_MIN_JPY,
  DEFAULT_EARNINGS_USD_JPY,
  DEFAULT_PLATFORM_FEE_PERCENT,
  type EarningsRuleAnchor,
  type EarningsRulePeriod,
  earningsRuleJudgedPeriod,
  earningsRulePeriod,
  earningsRulePeriodAt,
  earningsRuleStanding,
  feeShares,
} from '@contract/rules'
import { firstNameOf, sumEarnings } from '@contract/users'
import { db, type DbPayment, type DbUser, sendEmail, timeZoneOf } from './db'

/**
 * An educator's earnings as the server sums them (server/src/repositories/earnings.ts): each
 * captured payment of their lessons when it was captured, each refund (negative) when it became
 * due; months are the educator's calendar months.
 */

const SUMMARY_MONTHS = 12

/** When the payment was captured, null if it was not: a seeded capture, when it was made. */
export const capturedAtOf = (payment: DbPayment) =>
  payment.capturedAt ?? (payment.transactionId ? payment.createdAt : null)

/** When its refund became due, null if none did: a seeded refund, when it was made. */
export const refundDueAtOf = (payment: DbPayment) => {
  const refunded = payment.status === 'refunding' || payment.status === 'refunded'
  return payment.refundDueAt ?? (refunded ? payment.createdAt : null)
}

/** The platform's fee and the educator's share of a payment, at the fee in force. */
export const sharesOf = (payment: DbPayment) =>
  feeShares(payment.amount_in_cents, DEFAULT_PLATFORM_FEE_PERCENT * 100)

/** Every line of the educator's earnings, newest first (a refund before its payment at one instant). */
export const earningsLines = (educatorId: number): EarningsLine[] => {
  const lines: EarningsLine[] = []
  for (const payment of db.payments) {
    const lesson = db.lessons.find((row) => row.id === payment.lessonId)
    if (lesson?.ownerId !== educatorId) continue
    const capturedAt = capturedAtOf(payment)
    if (capturedAt === null) continue
    const refundAt = refundDueAtOf(payment)
    const shares = sharesOf(payment)
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
  return {
    timezone,
    months,
    lastThreeMonths: sumEarnings(months.slice(-3)),
    rule: earningsRuleOf(educator, now),
  }
}

/** The rule's settings: the server's defaults. */
const RULE_SETTINGS = { usdJpy: DEFAULT_EARNINGS_USD_JPY, minJpy: DEFAULT_EARNINGS_MIN_JPY }

/** The educator's anchor (contract/rules.ts), while approved with one. */
const anchorOf = (user: DbUser): EarningsRuleAnchor | undefined =>
  user.role === 'educator' && user.approvedAt !== null && user.earningsRuleFrom !== null
    ? { ruleFrom: Date.parse(user.earningsRuleFrom), approvedAt: Date.parse(user.approvedAt) }
    : undefined

/** The educator's earnings in a period, weighed against the rule (the same lines as above). */
const standingIn = (educatorId: number, period: EarningsRulePeriod) =>
  earningsRuleStanding(
    period,
    earningsLines(educatorId)
      .filter((line) => {
        const at = Date.parse(line.at)
        return at >= period.start && at < period.deadline
      })
      .reduce((total, line) => total + line.shareCents, 0),
    RULE_SETTINGS,
  )

/** The rule for the educator's current period; null unless approved and active. */
export const earningsRuleOf = (user: DbUser, now = Date.now()): EarningsRule | null => {
  const anchor = anchorOf(user)
  if (!anchor || user.deactivatedAt !== null) return null
  return standingIn(user.id, earningsRulePeriodAt(anchor, now))
}

/** The first period the rule judges after `from` (the deadline the server's job is planned at). */
export const judgedDeadline = (user: DbUser, from: number) => {
  const anchor = anchorOf(user)
  return anchor ? earningsRuleJudgedPeriod(anchor, from).deadline : undefined
}

/**
 * What the server's deadline jobs would have done by `now`: each judged period that ended below
 * the rule deactivates its educator as of its deadline (and tells them); one met lets the next
 * follow.
 */
export const judgeEarningsRules = (now = Date.now()) => {
  for (const user of db.users) {
    const anchor = anchorOf(user)
    if (!anchor || user.deactivatedAt !== null) continue
    // As the server: the first period judged is the one its sweep found when the world began.
    let period = earningsRuleJudgedPeriod(anchor, Math.max(anchor.ruleFrom, db.seededAt))
    while (period.deadline <= now) {
      if (!standingIn(user.id, period).met) {
        user.deactivatedAt = new Date(period.deadline).toISOString()
        sendEmail(user.email, 'Account deactivated', 'Your earnings were below the rule.')
        break
      }
      period = earningsRulePeriod(anchor, period.index + 1)
    }
  }
}
