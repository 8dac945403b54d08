import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import * as payments from '../../contract/descriptors/payments.ts'
import * as sessions from '../../contract/descriptors/sessions.ts'
import * as user from '../../contract/descriptors/user.ts'
import { feeShares } from '../../contract/rules.ts'
import { payments as paymentRows, users } from '../src/db/schema.ts'
import { cookieFor, createLesson, createSession, DAY } from './catalogue-fixtures.ts'
import { createStudents, openApproved, setupPaymentsApp } from './payment-fixtures.ts'
import { bodyOf, createUser, testClock } from './helpers.ts'

/**
 * An educator's earnings (issue 32): each captured payment of their lessons when it was captured,
 * each refund (negative) when it became due, summed by the database per calendar month of the
 * educator's time zone. Payments go to a local fake of PayPal; time is the test clock.
 */
const { context, fake } = setupPaymentsApp()
const clock = testClock(context)

afterEach(async () => {
  await clock.reset()
})

const NOW = new Date('2026-11-15T03:00:00.000Z')

/** An educator in `timezone` with a lesson, and a student with a name of two words. */
const scene = async (timezone = 'Asia/Tokyo') => {
  const educator = await createUser(context.db, { role: 'educator' })
  await context.db.update(users).set({ timezone }).where(eq(users.id, educator.id))
  const lesson = await createLesson(context.db, educator, { title: 'Ikebana', priceInCents: 3000 })
  const session = await createSession(context.db, lesson, { startsIn: 2 * DAY })
  const [student] = await createStudents(context.db, 1)
  await context.db.update(users).set({ name: 'Hana Sato' }).where(eq(users.id, student!.user.id))
  return { educator, lesson, session, student: student! }
}

type Scene = Awaited<ReturnType<typeof scene>>

/** A payment of the scene's student captured at `capturedAt`, refunded at `refundedAt` if given. */
const captured = async (
  s: Scene,
  amountInCents: number,
  capturedAt: Date,
  options: { feeBasisPoints?: number; refundedAt?: Date; refunding?: boolean } = {},
) => {
  const refunded = options.refundedAt !== undefined
  const [row] = await context.db
    .insert(paymentRows)
    .values({
      userId: s.student.user.id,
      lessonId: s.lesson.id,
      sessionId: s.session.id,
      transactionId: `CAPTURE-${Math.random().toString(36).slice(2)}`,
      status: refunded ? (options.refunding ? 'refunding' : 'refunded') : 'success',
      amountInCents,
      ...feeShares(amountInCents, options.feeBasisPoints ?? 1000),
      refundReason: refunded ? 'unenrolled' : null,
      capturedAt,
      refundDueAt: options.refundedAt ?? null,
      createdAt: capturedAt,
    })
    .returning()
  return row!
}

const summary = async (s: Scene) =>
  bodyOf(
    await context.call(user.myEarningsSummary, {
      cookie: await cookieFor(context.db, s.educator),
    }),
  )
const lines = async (s: Scene) =>
  bodyOf(
    await context.call(user.myEarnings, {
      query: {},
      cookie: await cookieFor(context.db, s.educator),
    }),
  )
/** The instant as the CSV writes it in Tokyo (UTC+9, no summer time). */
const tokyo = (instant: Date) =>
  new Date(instant.getTime() + 9 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')

const month = (page: Awaited<ReturnType<typeof summary>>, key: string) =>
  page.months.find((row) => row.month === key)

describe('the earnings lines', () => {
  it('lists each payment and its refund, newest first, with the shares the capture recorded', async () => {
    await clock.set(NOW)
    const s = await scene()
    const first = await captured(s, 3000, new Date('2026-10-02T01:00:00Z'))
    const second = await captured(s, 2000, new Date('2026-10-20T01:00:00Z'), {
      feeBasisPoints: 1500,
      refundedAt: new Date('2026-11-03T01:00:00Z'),
    })
    const page = await lines(s)
    expect(page.meta.itemCount).toBe(3)
    expect(page.data).toEqual([
      {
        paymentId: second.id,
        kind: 'refund',
        at: '2026-11-03T01:00:00.000Z',
        lessonId: s.lesson.id,
        lessonTitle: 'Ikebana',
        sessionStart: s.session.startTime.toISOString(),
        studentFirstName: 'Hana',
        grossCents: -2000,
        feeCents: -300,
        shareCents: -1700,
        refundReason: 'unenrolled',
        pending: false,
      },
      expect.objectContaining({
        paymentId: second.id,
        kind: 'payment',
        grossCents: 2000,
        feeCents: 300,
        shareCents: 1700,
        refundReason: null,
      }),
      expect.objectContaining({
        paymentId: first.id,
        kind: 'payment',
        at: '2026-10-02T01:00:00.000Z',
        grossCents: 3000,
        feeCents: 300,
        shareCents: 2700,
      }),
    ])
  })

  it("shows only the educator's own lessons, and is the educators' alone", async () => {
    await clock.set(NOW)
    const s = await scene()
    const other = await scene()
    await captured(other, 5000, new Date('2026-11-01T01:00:00Z'))
    expect((await lines(s)).data).toEqual([])
    const asStudent = await context.call(user.myEarnings, { query: {}, cookie: s.student.cookie })
    expect(asStudent.statusCode).toBe(403)
    const admin = await createUser(context.db, { role: 'admin' })
    const asAdmin = await context.call(user.myEarningsSummary, {
      cookie: await cookieFor(context.db, admin),
    })
    expect(asAdmin.statusCode).toBe(403)
    expect((await context.call(user.myEarnings, { query: {} })).statusCode).toBe(401)
  })

  it('records a capture and a refund through the payment flow at the instants they happen', async () => {
    const s = await scene()
    const ids = { lessonId: s.lesson.id, sessionId: s.session.id }
    const payment = await openApproved(context, fake, ids, s.student.cookie)
    const before = Date.now()
    await context.call(payments.capturePayment, {
      params: { id: payment.id },
      cookie: s.student.cookie,
    })
    await context.call(sessions.unenroll, {
      params: { id: s.lesson.id, sessionId: s.session.id },
      cookie: s.student.cookie,
    })
    const page = await lines(s)
    expect(page.data.map((line) => [line.kind, line.grossCents, line.pending])).toEqual([
      ['refund', -3000, false],
      ['payment', 3000, false],
    ])
    for (const line of page.data) {
      expect(Date.parse(line.at)).toBeGreaterThanOrEqual(before - 1000)
      expect(Date.parse(line.at)).toBeLessThanOrEqual(Date.now())
    }
  })
})

describe('the earnings by month', () => {
  it("sums each calendar month of the educator's zone, refunds in the month they were made", async () => {
    await clock.set(NOW)
    const s = await scene()
    await captured(s, 7000, new Date('2026-08-31T14:59:59Z'))
    await captured(s, 3000, new Date('2026-09-10T00:00:00Z'))
    await captured(s, 2000, new Date('2026-09-20T00:00:00Z'), {
      refundedAt: new Date('2026-10-05T00:00:00Z'),
    })
    await captured(s, 1000, new Date('2026-11-01T00:00:00Z'), { feeBasisPoints: 2000 })
    const page = await summary(s)
    expect(page.timezone).toBe('Asia/Tokyo')
    expect(page.months).toHaveLength(12)
    expect(page.months[0]?.month).toBe('2025-12')
    expect(page.months.at(-1)?.month).toBe('2026-11')
    expect(month(page, '2026-09')).toEqual({
      month: '2026-09',
      grossCents: 5000,
      feeCents: 500,
      shareCents: 4500,
    })
    expect(month(page, '2026-10')).toEqual({
      month: '2026-10',
      grossCents: -2000,
      feeCents: -200,
      shareCents: -1800,
    })
    expect(month(page, '2026-11')).toEqual({
      month: '2026-11',
      grossCents: 1000,
      feeCents: 200,
      shareCents: 800,
    })
    // 23:59:59 on 31 August in Tokyo: August's, and not in the last three months.
    expect(month(page, '2026-08')).toEqual({
      month: '2026-08',
      grossCents: 7000,
      feeCents: 700,
      shareCents: 6300,
    })
    expect(month(page, '2026-07')).toEqual({
      month: '2026-07',
      grossCents: 0,
      feeCents: 0,
      shareCents: 0,
    })
    // The last three calendar months, the current one included: September to November.
    expect(page.lastThreeMonths).toEqual({ grossCents: 4000, feeCents: 500, shareCents: 3500 })
  })

  it('puts one instant in the month of each zone: 1 November in Tokyo is 31 October in New York', async () => {
    await clock.set(NOW)
    const instant = new Date('2026-10-31T16:30:00Z')
    const tokyo = await scene('Asia/Tokyo')
    const newYork = await scene('America/New_York')
    await captured(tokyo, 3000, instant)
    await captured(newYork, 3000, instant)
    expect(month(await summary(tokyo), '2026-11')?.grossCents).toBe(3000)
    expect(month(await summary(tokyo), '2026-10')?.grossCents).toBe(0)
    expect(month(await summary(newYork), '2026-10')?.grossCents).toBe(3000)
    expect(month(await summary(newYork), '2026-11')?.grossCents).toBe(0)
    expect((await summary(newYork)).timezone).toBe('America/New_York')
  })

  it('counts a month from its first instant in the zone to the last before the next', async () => {
    // Tokyo's November begins at 2026-10-31T15:00Z; the clock in the middle of a partial month.
    await clock.set(new Date('2026-11-02T00:00:00Z'))
    const s = await scene('Asia/Tokyo')
    await captured(s, 1000, new Date('2026-10-31T14:59:59.999Z'))
    await captured(s, 2000, new Date('2026-10-31T15:00:00.000Z'))
    const page = await summary(s)
    expect(month(page, '2026-10')?.grossCents).toBe(1000)
    expect(month(page, '2026-11')?.grossCents).toBe(2000)
    expect(page.months.at(-1)?.month).toBe('2026-11')
  })

  it('counts a refund due but not yet confirmed by PayPal, marked pending', async () => {
    await clock.set(NOW)
    const s = await scene()
    await captured(s, 4000, new Date('2026-11-01T00:00:00Z'), {
      refundedAt: new Date('2026-11-10T00:00:00Z'),
      refunding: true,
    })
    const page = await lines(s)
    expect(page.data[0]).toMatchObject({ kind: 'refund', pending: true, grossCents: -4000 })
    expect(month(await summary(s), '2026-11')?.grossCents).toBe(0)
  })
})

describe('the earnings file', () => {
  it("sends every line as CSV in the educator's language and zone, a line per row", async () => {
    await clock.set(NOW)
    const s = await scene('Asia/Tokyo')
    await context.db.update(users).set({ language: 'jp-JP' }).where(eq(users.id, s.educator.id))
    await captured(s, 3000, new Date('2026-10-31T15:30:00Z'), {
      refundedAt: new Date('2026-11-02T00:00:00Z'),
    })
    const answer = await context.call(user.myEarningsCsv, {
      cookie: await cookieFor(context.db, s.educator),
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="earnings.csv"/)
    const rows = answer.body.split('\r\n')
    expect(rows[0]).toMatch(/^\uFEFF日時,種別,レッスン,/)
    expect(rows.slice(1)).toEqual([
      `2026-11-02 09:00,返金,Ikebana,${tokyo(s.session.startTime)},Hana,-30.00,-3.00,-27.00,受講者が受講を取り消しました,いいえ`,
      `2026-11-01 00:30,支払い,Ikebana,${tokyo(s.session.startTime)},Hana,30.00,3.00,27.00,,`,
      '',
    ])
    const asStudent = await context.call(user.myEarningsCsv, { cookie: s.student.cookie })
    expect(asStudent.statusCode).toBe(403)
  })
})
