import { describe, expect, it } from 'vitest'
import { centsAsDollars, earningsCsv } from '@contract/earnings-csv'
import type { EarningsLine } from '@contract/entities'

/** The earnings CSV (issue 32), as the server and the mocks both write it. */

const line = (overrides: Partial<EarningsLine> = {}): EarningsLine => ({
  paymentId: 1,
  kind: 'payment',
  at: '2026-10-31T15:30:00.000Z',
  lessonId: 2,
  lessonTitle: 'Ikebana',
  sessionStart: '2026-11-05T01:00:00.000Z',
  studentFirstName: 'Hana',
  grossCents: 3000,
  feeCents: 300,
  shareCents: 2700,
  refundReason: null,
  pending: false,
  ...overrides,
})

describe('centsAsDollars', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1705, '17.05'],
    [-1705, '-17.05'],
    [-5, '-0.05'],
    [123456789, '1234567.89'],
  ])('writes %i cents as %s', (cents, text) => {
    expect(centsAsDollars(cents)).toBe(text)
  })
})

describe('earningsCsv', () => {
  it('starts with a byte order mark, ends lines with CRLF, and writes instants in the zone', () => {
    const csv = earningsCsv([line()], { language: 'en-US', timeZone: 'Asia/Tokyo' })
    expect(csv.startsWith('\uFEFFDate,Type,Lesson,Session,Student,')).toBe(true)
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFDate,Type,Lesson,Session,Student,Gross (USD),Platform fee (USD),Your share (USD),Refund reason,Refund pending',
      '2026-11-01 00:30,Payment,Ikebana,2026-11-05 10:00,Hana,30.00,3.00,27.00,,',
      '',
    ])
    const newYork = earningsCsv([line()], { language: 'en-US', timeZone: 'America/New_York' })
    expect(newYork.split('\r\n')[1]).toMatch(/^2026-10-31 11:30,/)
  })

  it('writes a refund negative, with its reason and whether it is pending, in Japanese', () => {
    const csv = earningsCsv(
      [
        line({
          kind: 'refund',
          grossCents: -3000,
          feeCents: -300,
          shareCents: -2700,
          refundReason: 'tooFewStudents',
          pending: true,
          studentFirstName: '花子',
          lessonTitle: '生け花',
          sessionStart: null,
        }),
      ],
      { language: 'jp-JP', timeZone: 'Asia/Tokyo' },
    )
    expect(csv.split('\r\n')[1]).toBe(
      '2026-11-01 00:30,返金,生け花,,花子,-30.00,-3.00,-27.00,受講者不足,はい',
    )
  })

  it('quotes commas, quotes and line breaks, and keeps formula-like text as text', () => {
    const csv = earningsCsv(
      [line({ lessonTitle: 'Tea, "matcha"\nand sweets', studentFirstName: '=HYPERLINK("x")' })],
      { language: 'en-US', timeZone: 'UTC' },
    )
    const [, row] = csv.split('\r\n')
    expect(row).toContain('"Tea, ""matcha""\nand sweets"')
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`)
    for (const start of ['+1', '-2', '@SUM(A1)', '\tx']) {
      const text = earningsCsv([line({ studentFirstName: start })], {
        language: 'en-US',
        timeZone: 'UTC',
      })
      expect(text).toContain(`'${start}`)
    }
  })

  it('writes only the header row for no lines', () => {
    expect(earningsCsv([], { language: 'en-US', timeZone: 'UTC' }).split('\r\n')).toHaveLength(2)
  })
})
