import { describe, expect, it } from 'vitest'
import {
  addUtcMonths,
  DEFAULT_EARNINGS_MIN_JPY,
  DEFAULT_EARNINGS_USD_JPY,
  earningsRuleJudgedPeriod,
  earningsRulePeriod,
  earningsRulePeriodAt,
  earningsRulePeriodEndingAt,
  earningsRuleStanding,
  isBelowEarningsRule,
  isEarningsRate,
  yenOfShareCents,
} from '@contract/rules'

const at = (iso: string) => Date.parse(iso)
const iso = (ms: number) => new Date(ms).toISOString()

describe('the earnings rule’s periods (§9)', () => {
  it('adds calendar months in UTC, keeping the day or taking the month’s last', () => {
    expect(iso(addUtcMonths(at('2025-01-31T10:00:00Z'), 1))).toBe('2025-02-28T10:00:00.000Z')
    expect(iso(addUtcMonths(at('2024-01-31T10:00:00Z'), 1))).toBe('2024-02-29T10:00:00.000Z')
    expect(iso(addUtcMonths(at('2024-11-30T23:59:59.999Z'), 3))).toBe('2025-02-28T23:59:59.999Z')
    expect(iso(addUtcMonths(at('2025-05-15T00:00:00Z'), 12))).toBe('2026-05-15T00:00:00.000Z')
    expect(iso(addUtcMonths(at('2025-03-31T00:00:00Z'), -1))).toBe('2025-02-28T00:00:00.000Z')
  })

  it('counts every period from the anchor, so a month end does not drift', () => {
    const anchor = { ruleFrom: at('2023-11-30T12:00:00Z'), approvedAt: at('2023-11-30T12:00:00Z') }
    const periods = [0, 1, 2, 3].map((index) => earningsRulePeriod(anchor, index))
    expect(periods.map((period) => iso(period.deadline))).toEqual([
      '2024-02-29T12:00:00.000Z',
      '2024-05-30T12:00:00.000Z',
      '2024-08-30T12:00:00.000Z',
      '2024-11-30T12:00:00.000Z',
    ])
    expect(periods.map((period) => period.exempt)).toEqual([true, false, false, false])
    expect(iso(periods[1]?.start ?? 0)).toBe('2024-02-29T12:00:00.000Z')
    expect(iso(periods[1]?.warningAt ?? 0)).toBe('2024-05-16T12:00:00.000Z')
  })

  it('finds the period an instant falls in; its deadline belongs to the next', () => {
    const anchor = { ruleFrom: at('2025-01-31T00:00:00Z'), approvedAt: at('2025-01-31T00:00:00Z') }
    expect(earningsRulePeriodAt(anchor, at('2025-01-31T00:00:00Z')).index).toBe(0)
    expect(earningsRulePeriodAt(anchor, at('2025-04-29T23:59:59.999Z')).index).toBe(0)
    expect(earningsRulePeriodAt(anchor, at('2025-04-30T00:00:00Z')).index).toBe(1)
    expect(earningsRulePeriodAt(anchor, at('2027-02-01T00:00:00Z')).index).toBe(8)
    expect(earningsRulePeriodAt(anchor, at('2024-01-01T00:00:00Z')).index).toBe(0)
    expect(earningsRulePeriodEndingAt(anchor, at('2025-07-31T00:00:00Z'))?.index).toBe(1)
    expect(earningsRulePeriodEndingAt(anchor, at('2025-07-30T00:00:00Z'))).toBeUndefined()
  })

  it('exempts the first period after an approval, not the first after a reactivation', () => {
    const approvedAt = at('2025-01-10T00:00:00Z')
    const now = at('2025-02-01T00:00:00Z')
    const approved = earningsRuleJudgedPeriod({ ruleFrom: approvedAt, approvedAt }, now)
    expect([approved.index, approved.exempt, iso(approved.deadline)]).toEqual([
      1,
      false,
      '2025-07-10T00:00:00.000Z',
    ])
    const reactivated = { ruleFrom: at('2025-01-20T00:00:00Z'), approvedAt }
    const judged = earningsRuleJudgedPeriod(reactivated, now)
    expect([judged.index, judged.exempt, iso(judged.deadline)]).toEqual([
      0,
      false,
      '2025-04-20T00:00:00.000Z',
    ])
  })
})

describe('the earnings rule’s yen', () => {
  it('turns net share cents into yen rounded down, without float error', () => {
    expect(yenOfShareCents(4798, 150)).toBe(7197)
    expect(yenOfShareCents(4797, 150)).toBe(7195)
    // 0.1 × 3 in floats is 0.30000000000000004; 1000 cents at 0.3 yen are exactly 3 yen.
    expect(yenOfShareCents(1000, 0.3)).toBe(3)
    expect(yenOfShareCents(100, 151.37)).toBe(151)
    expect(yenOfShareCents(10_000_000_000, 9999.9999)).toBe(999_999_990_000)
    expect(yenOfShareCents(-1, 150)).toBe(-2)
    expect(yenOfShareCents(0, 150)).toBe(0)
  })

  it('keeps rates to four decimals, above 0 and up to 10 000', () => {
    expect([150, 0.0001, 151.3725, 10_000].every(isEarningsRate)).toBe(true)
    expect([0, -1, 10_000.0001, 151.37251, Number.NaN].some(isEarningsRate)).toBe(false)
  })

  it('meets the rule from ¥7,197 at ¥150 a dollar', () => {
    const anchor = { ruleFrom: at('2025-01-01T00:00:00Z'), approvedAt: at('2024-01-01T00:00:00Z') }
    const period = earningsRulePeriod(anchor, 0)
    const settings = { usdJpy: DEFAULT_EARNINGS_USD_JPY, minJpy: DEFAULT_EARNINGS_MIN_JPY }
    expect(earningsRuleStanding(period, 4798, settings)).toEqual({
      periodStart: '2025-01-01T00:00:00.000Z',
      deadline: '2025-04-01T00:00:00.000Z',
      exempt: false,
      earnedJpy: 7197,
      minJpy: 7197,
      usdJpy: 150,
      met: true,
    })
    expect(earningsRuleStanding(period, 4797, settings).met).toBe(false)
  })

  it('puts an educator below it in a judged period short of the minimum, never in an exempt one', () => {
    expect(isBelowEarningsRule({ exempt: false, met: false })).toBe(true)
    expect(isBelowEarningsRule({ exempt: false, met: true })).toBe(false)
    expect(isBelowEarningsRule({ exempt: true, met: false })).toBe(false)
    expect(isBelowEarningsRule({ exempt: true, met: true })).toBe(false)
  })
})
