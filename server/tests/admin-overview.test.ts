import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { type ErrorBody, PAGE_MAX } from '../../contract/common.ts'
import * as admin from '../../contract/descriptors/admin.ts'
import type { AdminRefundsQuery, AdminSessionsQuery } from '../../contract/endpoints/admin.ts'
import { MESSAGES } from '../../contract/messages.ts'
import type { AdminUser, AdminUserState } from '../../contract/entities.ts'
import { addUtcMonths, feeShares } from '../../contract/rules.ts'
import {
  enrollments,
  lessonSessions,
  payments as paymentRows,
  users,
  videoLicences,
} from '../src/db/schema.ts'
import { cookieFor, createLesson, DAY, HOUR } from './catalogue-fixtures.ts'
import { createStudents, openApproved, setupPaymentsApp } from './payment-fixtures.ts'
import * as payments from '../../contract/descriptors/payments.ts'
import * as sessions from '../../contract/descriptors/sessions.ts'
import * as user from '../../contract/descriptors/user.ts'
import { planMissingEarningsRuleJobs } from '../src/services/earnings-rule.ts'
import { createSession } from './catalogue-fixtures.ts'
import { bodyOf, createUser, testClock, type UserFixture } from './helpers.ts'
import { at, DUE, licensedEducator, SECOND, sessionForm } from './session-job-fixtures.ts'

/**
 * The admin's overview: each figure is the total of the admin list behind it for the bounds the
 * overview gives; weeks run Monday 00:00 to Monday 00:00 in the admin's zone, summed by the
 * database; the lists bound every query parameter. Time is the test clock.
 */
const { context, fake } = setupPaymentsApp()
const clock = testClock(context)

afterEach(async () => {
  await clock.reset()
})

/** Wednesday 18 November 2026, 12:00 in Tokyo (03:00 UTC), Tuesday 22:00 in New York (EST). */
const NOW = new Date('2026-11-18T03:00:00.000Z')
/** This week's Monday 00:00 in Tokyo (UTC+9). */
const TOKYO_MONDAY = new Date('2026-11-15T15:00:00.000Z')
const WEEK = 7 * DAY

const adminIn = async (timezone = 'Asia/Tokyo') => {
  const user = await createUser(context.db, { role: 'admin', timezone })
  return { user, cookie: await cookieFor(context.db, user) }
}
type Admin = Awaited<ReturnType<typeof adminIn>>

const overviewOf = async (viewer: Admin) =>
  bodyOf(await context.call(admin.adminOverview, { cookie: viewer.cookie }))

const sessionsListed = async (viewer: Admin, query: AdminSessionsQuery) =>
  bodyOf(await context.call(admin.listAdminSessions, { query, cookie: viewer.cookie }))

const refundsListed = async (viewer: Admin, query: AdminRefundsQuery) =>
  bodyOf(await context.call(admin.listRefunds, { query, cookie: viewer.cookie }))

/** An educator's lesson, and a session of it at each instant asked. */
const lessonOf = async (educator: UserFixture, priceInCents = 2000) =>
  createLesson(context.db, educator, { title: 'Ikebana', priceInCents, minSlots: 2 })

type Lesson = Awaited<ReturnType<typeof lessonOf>>

const sessionAt = async (
  lesson: Lesson,
  start: Date,
  decision: 'unconditional' | 'cancelled' = 'unconditional',
) => {
  const [row] = await context.db
    .insert(lessonSessions)
    .values({
      lessonId: lesson.id,
      ownerId: lesson.ownerId,
      startTime: start,
      endTime: at(start, HOUR),
      timezone: 'Asia/Tokyo',
      url: 'https://zoom.us/j/5551234',
      decision,
      decisionAt: decision === 'cancelled' ? at(start, -DAY) : null,
    })
    .returning()
  return row!
}

/** A payment of the student captured at `capturedAt`; its refund due at `refundDueAt` if given. */
const paymentAt = async (
  lesson: Lesson,
  student: { id: number },
  amountInCents: number,
  capturedAt: Date,
  refund: { dueAt: Date; confirmed: boolean } | null = null,
) => {
  const [row] = await context.db
    .insert(paymentRows)
    .values({
      userId: student.id,
      lessonId: lesson.id,
      transactionId: `CAPTURE-${Math.random().toString(36).slice(2)}`,
      status: refund === null ? 'success' : refund.confirmed ? 'refunded' : 'refunding',
      amountInCents,
      ...feeShares(amountInCents, 1000),
      refundReason: refund === null ? null : 'unenrolled',
      capturedAt,
      refundDueAt: refund?.dueAt ?? null,
      createdAt: capturedAt,
    })
    .returning()
  return row!
}

const seatTakenAt = async (sessionId: number, student: { id: number }, createdAt: Date) => {
  await context.db.insert(enrollments).values({ sessionId, userId: student.id, createdAt })
}

/** Every item of a list, page after page. */
const everyItem = async <T>(
  list: (page: number) => Promise<{ data: T[]; meta: { hasNextPage: boolean } }>,
) => {
  const items: T[] = []
  for (let page = 1; ; page++) {
    const answer = await list(page)
    items.push(...answer.data)
    if (!answer.meta.hasNextPage) return items
  }
}

describe("the admin's overview", () => {
  it('gives each figure as the total of the list behind it, for the bounds it gives', async () => {
    await clock.set(NOW)
    const viewer = await adminIn()
    const educator = await licensedEducator(context.db, { name: 'Emi Educator' })
    await createUser(context.db, { role: 'educator', approvedAt: null })
    await createUser(context.db, { role: 'educator', approvedAt: null })
    await context.db.insert(videoLicences).values([
      { provider: 'zoom', accountEmail: 'free-1@pool.example' },
      { provider: 'google_meet', accountEmail: 'free-2@pool.example' },
    ])
    const lesson = await lessonOf(educator)
    const [student] = await createStudents(context.db, 1)
    const buyer = student!.user

    // This week: from its Monday 00:00 (included) to the next one (excluded), cancelled ones aside.
    const monday = await sessionAt(lesson, TOKYO_MONDAY)
    await sessionAt(lesson, at(TOKYO_MONDAY, DAY))
    await sessionAt(lesson, at(TOKYO_MONDAY, 3 * DAY), 'cancelled')
    await sessionAt(lesson, at(TOKYO_MONDAY, 4 * DAY))
    await sessionAt(lesson, at(TOKYO_MONDAY, WEEK))
    // Ends as the week begins.
    await sessionAt(lesson, at(TOKYO_MONDAY, -HOUR))
    // Cancelled for too few students five weeks ago (in the window) and twelve weeks ago (not).
    await sessionAt(lesson, at(TOKYO_MONDAY, -5 * WEEK), 'cancelled')
    await sessionAt(lesson, at(TOKYO_MONDAY, -12 * WEEK), 'cancelled')

    await seatTakenAt(monday.id, buyer, at(TOKYO_MONDAY, HOUR))
    await paymentAt(lesson, buyer, 2000, at(TOKYO_MONDAY, HOUR))
    await paymentAt(lesson, buyer, 3000, at(TOKYO_MONDAY, -3 * WEEK), {
      dueAt: at(TOKYO_MONDAY, 2 * HOUR),
      confirmed: true,
    })
    await paymentAt(lesson, buyer, 1500, at(TOKYO_MONDAY, -4 * WEEK), {
      dueAt: at(TOKYO_MONDAY, -3 * WEEK),
      confirmed: false,
    })
    // Due a moment before the window.
    await paymentAt(lesson, buyer, 900, at(TOKYO_MONDAY, -13 * WEEK), {
      dueAt: at(TOKYO_MONDAY, -11 * WEEK - 1),
      confirmed: true,
    })

    const overview = await overviewOf(viewer)
    expect(overview).toMatchObject({
      timezone: 'Asia/Tokyo',
      pendingEducators: 2,
      licences: { free: 2, held: 1 },
      thisWeek: { from: '2026-11-15T15:00:00.000Z', to: '2026-11-22T15:00:00.000Z' },
      sessionsThisWeek: 3,
      window: { from: '2026-08-30T15:00:00.000Z', to: '2026-11-22T15:00:00.000Z' },
      cancelledTooFew: 2,
      refunds: { count: 2, cents: 4500 },
    })

    const pending = bodyOf(
      await context.call(admin.listUsers, {
        query: { state: 'awaiting_approval' },
        cookie: viewer.cookie,
      }),
    )
    expect(pending.meta.itemCount).toBe(overview.pendingEducators)
    const pool = bodyOf(await context.call(admin.listVideoLicences, { cookie: viewer.cookie }))
    expect({
      free: pool.filter((row) => row.holder === null).length,
      held: pool.filter((row) => row.holder !== null).length,
    }).toEqual(overview.licences)

    const thisWeek = await sessionsListed(viewer, { ...overview.thisWeek, cancelled: false })
    expect(thisWeek.meta.itemCount).toBe(overview.sessionsThisWeek)
    expect(thisWeek.data.map((row) => row.start_time)).toEqual([
      '2026-11-15T15:00:00.000Z',
      '2026-11-16T15:00:00.000Z',
      '2026-11-19T15:00:00.000Z',
    ])
    expect(thisWeek.data[0]).toEqual({
      id: monday.id,
      lessonId: lesson.id,
      lessonTitle: 'Ikebana',
      educator: { id: educator.id, name: 'Emi Educator' },
      start_time: '2026-11-15T15:00:00.000Z',
      end_time: '2026-11-15T16:00:00.000Z',
      timezone: 'Asia/Tokyo',
      seatsTaken: 1,
      minSlots: 2,
      maxSlots: 3,
      decision: 'unconditional',
    })
    const cancelled = await sessionsListed(viewer, { ...overview.window, cancelled: true })
    expect(cancelled.meta.itemCount).toBe(overview.cancelledTooFew)
    expect(cancelled.data.every((row) => row.decision === 'cancelled')).toBe(true)
    const everyThisWeek = await sessionsListed(viewer, overview.thisWeek)
    expect(everyThisWeek.meta.itemCount).toBe(4)

    const refunds = await everyItem((page) =>
      refundsListed(viewer, { ...overview.window, page, take: 1 }),
    )
    expect(refunds.length).toBe(overview.refunds.count)
    expect(refunds.reduce((sum, row) => sum + row.amountCents, 0)).toBe(overview.refunds.cents)
    expect(refunds.map((row) => [row.amountCents, row.status, row.refundReason])).toEqual([
      [3000, 'refunded', 'unenrolled'],
      [1500, 'refunding', 'unenrolled'],
    ])
    expect(refunds[0]).toMatchObject({
      lessonId: lesson.id,
      lessonTitle: 'Ikebana',
      sessionId: null,
      sessionStart: null,
      student: { id: buyer.id, name: buyer.name },
      refundDueAt: '2026-11-15T17:00:00.000Z',
    })

    expect(overview.weeks).toHaveLength(12)
    expect(overview.weeks[0]!.weekStart).toBe('2026-08-31')
    expect(overview.weeks.at(-1)).toEqual({
      weekStart: '2026-11-16',
      from: '2026-11-15T15:00:00.000Z',
      to: '2026-11-22T15:00:00.000Z',
      enrollments: 1,
      grossCents: 2000,
      feeCents: 200,
      refundedCents: 3000,
    })
    // The payment of 3000 was captured three weeks before it was refunded.
    expect(overview.weeks.at(-4)).toEqual({
      weekStart: '2026-10-26',
      from: '2026-10-25T15:00:00.000Z',
      to: '2026-11-01T15:00:00.000Z',
      enrollments: 0,
      grossCents: 3000,
      feeCents: 300,
      refundedCents: 1500,
    })
    expect(overview.weeks.at(-5)).toMatchObject({ weekStart: '2026-10-19', grossCents: 1500 })
    // An empty week is zeros.
    expect(overview.weeks.at(-2)).toEqual({
      weekStart: '2026-11-09',
      from: '2026-11-08T15:00:00.000Z',
      to: '2026-11-15T15:00:00.000Z',
      enrollments: 0,
      grossCents: 0,
      feeCents: 0,
      refundedCents: 0,
    })
    // Every week's Monday, seven days apart.
    expect(overview.weeks.map((week) => Date.parse(`${week.weekStart}T00:00:00Z`))).toEqual(
      overview.weeks.map((_, index) => Date.parse('2026-08-31T00:00:00Z') + index * WEEK),
    )
  })

  it("draws the weeks' edges at Monday 00:00 in each admin's zone, across a change of summer time", async () => {
    await clock.set(NOW)
    const tokyo = await adminIn('Asia/Tokyo')
    const newYork = await adminIn('America/New_York')
    const educator = await licensedEducator(context.db)
    const lesson = await lessonOf(educator)
    const [student] = await createStudents(context.db, 1)
    // Monday 9 November, 00:30 in Tokyo: still Sunday 8 November (10:30) in New York.
    const mondayInTokyo = new Date('2026-11-08T15:30:00.000Z')
    await paymentAt(lesson, student!.user, 2500, mondayInTokyo)
    const session = await sessionAt(lesson, at(mondayInTokyo, DAY))
    await seatTakenAt(session.id, student!.user, mondayInTokyo)

    const inTokyo = await overviewOf(tokyo)
    const inNewYork = await overviewOf(newYork)
    const week = (overview: typeof inTokyo, weekStart: string) =>
      overview.weeks.find((row) => row.weekStart === weekStart)
    expect(week(inTokyo, '2026-11-09')).toMatchObject({ enrollments: 1, grossCents: 2500 })
    expect(week(inTokyo, '2026-11-02')).toMatchObject({ enrollments: 0, grossCents: 0 })
    expect(week(inNewYork, '2026-11-02')).toMatchObject({ enrollments: 1, grossCents: 2500 })
    expect(week(inNewYork, '2026-11-09')).toMatchObject({ enrollments: 0, grossCents: 0 })
    // New York's Mondays: EDT (UTC-4) until 1 November, EST (UTC-5) after.
    expect(inNewYork).toMatchObject({
      timezone: 'America/New_York',
      thisWeek: { from: '2026-11-16T05:00:00.000Z', to: '2026-11-23T05:00:00.000Z' },
      window: { from: '2026-08-31T04:00:00.000Z', to: '2026-11-23T05:00:00.000Z' },
    })
    expect(inNewYork.weeks.at(-1)!.weekStart).toBe('2026-11-16')
    // Each week's bounds, which its refunds link asks the list for: the week of the change has
    // an hour more; each week ends where the next begins, the last where the window does.
    expect(week(inNewYork, '2026-10-26')).toMatchObject({
      from: '2026-10-26T04:00:00.000Z',
      to: '2026-11-02T05:00:00.000Z',
    })
    expect(week(inTokyo, '2026-10-26')).toMatchObject({
      from: '2026-10-25T15:00:00.000Z',
      to: '2026-11-01T15:00:00.000Z',
    })
    for (const overview of [inTokyo, inNewYork]) {
      expect(overview.weeks.slice(1).map((row) => row.from)).toEqual(
        overview.weeks.slice(0, -1).map((row) => row.to),
      )
      expect(overview.weeks[0]!.from).toBe(overview.window.from)
      expect(overview.weeks.at(-1)!.to).toBe(overview.window.to)
    }
  })

  it('counts a session cancelled for too few students, its refund, and not in the week it was to run', async () => {
    await clock.set(NOW)
    const viewer = await adminIn()
    const educator = await licensedEducator(context.db)
    const lesson = await createLesson(context.db, educator, {
      title: 'Tea Ceremony',
      minSlots: 2,
      maxSlots: 5,
      priceInCents: 2000,
    })
    // Friday 12:00 in Tokyo: its cutoff, a day before, falls in this week too.
    const start = at(NOW, 2 * DAY)
    const created = await context.call(sessions.createSession, {
      params: { id: lesson.id },
      cookie: await cookieFor(context.db, educator),
      body: sessionForm(start),
    })
    expect(created.statusCode).toBe(201)
    const session = bodyOf(created)
    const [paying] = await createStudents(context.db, 1)
    const payment = await openApproved(
      context,
      fake,
      { lessonId: lesson.id, sessionId: session.id },
      paying!.cookie,
    )
    const captured = await context.call(payments.capturePayment, {
      params: { id: payment.id },
      cookie: paying!.cookie,
    })
    expect(bodyOf(captured).status).toBe('success')
    const cutoff = new Date(Date.parse(session.decidesAt!))
    await clock.set(at(cutoff, DUE))
    expect(await context.app.runDueJobs(['seatDecision'])).toBe(1)

    const again = { ...viewer, cookie: await cookieFor(context.db, viewer.user) }
    const overview = await overviewOf(again)
    expect(overview.cancelledTooFew).toBe(1)
    expect(overview.refunds).toEqual({ count: 1, cents: session.fullPrice })
    const cancelled = await sessionsListed(again, { ...overview.window, cancelled: true })
    expect(cancelled.data).toEqual([
      expect.objectContaining({ id: session.id, decision: 'cancelled', seatsTaken: 0 }),
    ])
    // It was to run this week: listed there, but not counted among the sessions that run.
    expect(overview.sessionsThisWeek).toBe(0)
    const running = await sessionsListed(again, { ...overview.thisWeek, cancelled: false })
    expect(running.meta.itemCount).toBe(overview.sessionsThisWeek)
    expect((await sessionsListed(again, overview.thisWeek)).meta.itemCount).toBe(1)
    const refunds = await refundsListed(again, overview.window)
    expect(refunds.data).toEqual([
      expect.objectContaining({
        paymentId: payment.id,
        sessionId: session.id,
        sessionStart: session.start_time,
        refundReason: 'tooFewStudents',
        amountCents: session.fullPrice,
      }),
    ])
    // The seat was taken this week, and counts though it was given back.
    expect(overview.weeks.reduce((sum, week) => sum + week.enrollments, 0)).toBe(1)
  })

  it('is twelve weeks of zeros on an empty marketplace', async () => {
    await clock.set(NOW)
    const overview = await overviewOf(await adminIn())
    expect(overview.weeks).toHaveLength(12)
    expect(
      overview.weeks.every(
        (week) =>
          week.enrollments === 0 &&
          week.grossCents === 0 &&
          week.feeCents === 0 &&
          week.refundedCents === 0,
      ),
    ).toBe(true)
    expect(overview).toMatchObject({
      pendingEducators: 0,
      licences: { free: 0, held: 0 },
      sessionsThisWeek: 0,
      cancelledTooFew: 0,
      refunds: { count: 0, cents: 0 },
    })
  })
})

/**
 * The terms' earnings rule (§9) in the admin's users list: the approved, active educators whose
 * current period is judged (not a new educator's exempt first one) and under the minimum so far,
 * and those the rule deactivated; each row carries the rule its educator's earnings screen shows,
 * and the overview counts each list.
 */
describe("the earnings rule in the admin's users list", () => {
  /** An approval whose exempt first period ends on 28 May 2026, the second on 28 August. */
  const APPROVED = new Date('2026-02-28T09:00:00.000Z')
  const FIRST_DEADLINE = new Date(addUtcMonths(APPROVED.getTime(), 3))
  const DEADLINE = new Date(addUtcMonths(APPROVED.getTime(), 6))
  /** ¥7,197 at ¥150 a dollar: a net share of $47.98, an hour at $53.31 less its 10 % fee. */
  const ENOUGH_CENTS = 5331
  /** The rule of the second period, the first one judged. */
  const SECOND_PERIOD = {
    periodStart: FIRST_DEADLINE.toISOString(),
    deadline: DEADLINE.toISOString(),
    exempt: false,
    minJpy: 7197,
    usdJpy: 150,
  }

  /** A licensed educator whose rule counts from `approvedAt`, their approval. */
  const educatorApprovedAt = async (approvedAt: Date, name: string) => {
    const educator = await licensedEducator(context.db, { name })
    await context.db
      .update(users)
      .set({ approvedAt, earningsRuleFrom: approvedAt })
      .where(eq(users.id, educator.id))
    return educator
  }

  const listed = async (cookie: string, query: Record<string, string | number>) =>
    bodyOf(await context.call(admin.listUsers, { query, cookie }))

  /**
   * The lists of both states and the overview at the clock's instant (a cookie made then): each
   * figure must be its list's total.
   */
  const ruleLists = async (viewer: Admin) => {
    const cookie = await cookieFor(context.db, viewer.user)
    const stateList = (state: AdminUserState) => listed(cookie, { state, take: 100 })
    const below = await stateList('below_earnings_rule')
    const deactivated = await stateList('deactivated')
    const overview = bodyOf(await context.call(admin.adminOverview, { cookie }))
    expect(overview.belowEarningsRule).toBe(below.meta.itemCount)
    expect(overview.deactivatedEducators).toBe(deactivated.meta.itemCount)
    return { below: below.data, deactivated: deactivated.data }
  }

  const ruleOfRow = (rows: AdminUser[], educator: { id: number }) =>
    rows.find((row) => row.id === educator.id)?.earningsRule

  /** Every educator's row, as the admin's list shows it at the clock's instant. */
  const educatorRows = async (viewer: Admin) =>
    (await listed(await cookieFor(context.db, viewer.user), { role: 'educator', take: 100 })).data

  /** The rule on the educator's own earnings screen. */
  const summaryRule = async (educator: { id: number }) =>
    bodyOf(
      await context.call(user.myEarningsSummary, { cookie: await cookieFor(context.db, educator) }),
    ).rule

  it('lists an educator under the minimum in a judged period, not once a paid capture meets it, and again once its refund is due', async () => {
    await clock.set(at(FIRST_DEADLINE, DAY))
    const viewer = await adminIn()
    const educator = await educatorApprovedAt(APPROVED, 'Kana Kobayashi')
    // Approved now: their first period is exempt, so earning nothing puts them below nothing.
    const newcomer = await educatorApprovedAt(new Date(Date.now()), 'Nao Nakamura')

    const before = await ruleLists(viewer)
    expect(before.below.map((row) => row.id)).toEqual([educator.id])
    expect(before.below[0]!.earningsRule).toEqual({ ...SECOND_PERIOD, earnedJpy: 0, met: false })
    expect(before.below[0]!.earningsRule).toEqual(await summaryRule(educator))
    expect(before.deactivated).toEqual([])
    const newcomerRule = ruleOfRow(await educatorRows(viewer), newcomer)
    expect(newcomerRule).toMatchObject({ exempt: true, earnedJpy: 0, met: false })
    expect(newcomerRule).toEqual(await summaryRule(newcomer))

    const lesson = await createLesson(context.db, educator, {
      title: 'Calligraphy',
      priceInCents: ENOUGH_CENTS,
    })
    const session = await createSession(context.db, lesson, { startsIn: 2 * DAY })
    const [student] = await createStudents(context.db, 1)
    const ids = { lessonId: lesson.id, sessionId: session.id }
    const payment = await openApproved(context, fake, ids, student!.cookie)
    const captured = await context.call(payments.capturePayment, {
      params: { id: payment.id },
      cookie: student!.cookie,
    })
    expect(bodyOf(captured).status).toBe('success')
    const met = await ruleLists(viewer)
    expect(met.below).toEqual([])
    const metRule = ruleOfRow(await educatorRows(viewer), educator)
    expect(metRule).toEqual({ ...SECOND_PERIOD, earnedJpy: 7197, met: true })
    expect(metRule).toEqual(await summaryRule(educator))

    // The student gives the seat back: its refund is due now, inside the period.
    const left = await context.call(sessions.unenroll, {
      params: { id: lesson.id, sessionId: session.id },
      cookie: student!.cookie,
    })
    expect(left.statusCode).toBe(200)
    const refunded = await ruleLists(viewer)
    expect(refunded.below.map((row) => [row.id, row.earningsRule])).toEqual([
      [educator.id, { ...SECOND_PERIOD, earnedJpy: 0, met: false }],
    ])
  })

  it("takes the next period as current from the exact instant of a period's deadline", async () => {
    await clock.set(at(FIRST_DEADLINE, -DAY))
    const viewer = await adminIn()
    const educator = await educatorApprovedAt(APPROVED, 'Kana Kobayashi')
    const lesson = await lessonOf(educator)
    const [student] = await createStudents(context.db, 1)
    // Captured at the second period's deadline: it counts in the third period, not the second.
    await paymentAt(lesson, student!.user, ENOUGH_CENTS, DEADLINE)
    const belowAt = async (instant: Date) => {
      await clock.set(instant)
      const cookie = await cookieFor(context.db, viewer.user)
      return (await listed(cookie, { state: 'below_earnings_rule' })).data.map((row) => row.id)
    }

    expect(ruleOfRow(await educatorRows(viewer), educator)).toMatchObject({
      exempt: true,
      deadline: FIRST_DEADLINE.toISOString(),
    })
    expect(await belowAt(at(FIRST_DEADLINE, -SECOND))).toEqual([])
    expect(await belowAt(FIRST_DEADLINE)).toEqual([educator.id])
    expect(await belowAt(at(DEADLINE, -SECOND))).toEqual([educator.id])
    // The deadline's judgement has not run: the third period is current, and its capture meets it.
    expect(await belowAt(DEADLINE)).toEqual([])
    expect(ruleOfRow(await educatorRows(viewer), educator)).toEqual({
      ...SECOND_PERIOD,
      periodStart: DEADLINE.toISOString(),
      deadline: new Date(addUtcMonths(APPROVED.getTime(), 9)).toISOString(),
      earnedJpy: 7197,
      met: true,
    })
  })

  it('moves an educator the rule deactivated from below it to deactivated, with no rule', async () => {
    await clock.set(at(DEADLINE, -DAY))
    const viewer = await adminIn()
    const educator = await educatorApprovedAt(APPROVED, 'Kana Kobayashi')
    await planMissingEarningsRuleJobs(context.app.serviceDeps)
    const before = await ruleLists(viewer)
    expect(before.below.map((row) => row.id)).toEqual([educator.id])
    expect(before.deactivated).toEqual([])

    await clock.set(at(DEADLINE, DUE))
    expect(await context.app.runDueJobs(['earningsRuleDeadline'])).toBe(1)
    const after = await ruleLists(viewer)
    expect(after.below).toEqual([])
    expect(after.deactivated).toEqual([
      expect.objectContaining({
        id: educator.id,
        deactivatedAt: DEADLINE.toISOString(),
        earningsRule: null,
      }),
    ])
    expect(await summaryRule(educator)).toBeNull()
  })

  it('pages the educators below the rule, its count the total of its pages, with the other filters', async () => {
    await clock.set(at(FIRST_DEADLINE, DAY))
    const viewer = await adminIn()
    const below = []
    for (const name of ['Aki Abe', 'Ben Baba', 'Chie Chiba']) {
      below.push(await educatorApprovedAt(APPROVED, name))
    }
    const meeting = await educatorApprovedAt(APPROVED, 'Dai Doi')
    await paymentAt(
      await lessonOf(meeting),
      await createUser(context.db),
      ENOUGH_CENTS,
      at(FIRST_DEADLINE, HOUR),
    )
    await educatorApprovedAt(new Date(Date.now()), 'Eri Endo')
    const gone = await educatorApprovedAt(APPROVED, 'Fumi Fujita')
    await context.db
      .update(users)
      .set({ deactivatedAt: FIRST_DEADLINE, deactivationReason: 'earnings_rule' })
      .where(eq(users.id, gone.id))
    await createUser(context.db, { role: 'educator', approvedAt: null })

    const figures = await ruleLists(viewer)
    expect(figures.deactivated.map((row) => row.id)).toEqual([gone.id])
    const cookie = await cookieFor(context.db, viewer.user)
    const pages = []
    for (let page = 1; page <= 2; page++) {
      pages.push(await listed(cookie, { state: 'below_earnings_rule', page, take: 2 }))
    }
    expect(pages.map((page) => page.meta.itemCount)).toEqual([3, 3])
    expect(pages.map((page) => page.meta.hasNextPage)).toEqual([true, false])
    expect(pages.flatMap((page) => page.data.map((row) => row.id))).toEqual(
      below.map((educator) => educator.id).reverse(),
    )
    const searched = await listed(cookie, { state: 'below_earnings_rule', search: 'baba' })
    expect(searched.data.map((row) => row.id)).toEqual([below[1]!.id])
    expect(searched.meta.itemCount).toBe(1)
    const students = await listed(cookie, { state: 'below_earnings_rule', role: 'student' })
    expect(students.meta.itemCount).toBe(0)
  })

  it("answers every change to an educator with their current period's rule", async () => {
    await clock.set(at(FIRST_DEADLINE, DAY))
    const viewer = await adminIn()
    const cookie = viewer.cookie
    await context.db
      .insert(videoLicences)
      .values({ provider: 'zoom', accountEmail: 'free@pool.example' })
    const waiting = await createUser(context.db, { role: 'educator', approvedAt: null })
    const approved = bodyOf(
      await context.call(admin.approveUser, { params: { id: waiting.id }, cookie }),
    )
    expect(approved.earningsRule).toMatchObject({ exempt: true, earnedJpy: 0, met: false })
    expect(approved.earningsRule).toEqual(await summaryRule(waiting))

    const educator = await educatorApprovedAt(APPROVED, 'Kana Kobayashi')
    const params = { id: educator.id }
    const rule = { ...SECOND_PERIOD, earnedJpy: 0, met: false }
    const removed = bodyOf(await context.call(admin.removeVideoLicence, { params, cookie }))
    expect(removed.earningsRule).toEqual(rule)
    const assigned = bodyOf(
      await context.call(admin.assignVideoLicence, { params, cookie, body: {} }),
    )
    expect(assigned.earningsRule).toEqual(rule)

    await context.db
      .update(users)
      .set({ deactivatedAt: FIRST_DEADLINE, deactivationReason: 'earnings_rule' })
      .where(eq(users.id, educator.id))
    const deactivatedRow = bodyOf(await context.call(admin.removeVideoLicence, { params, cookie }))
    expect(deactivatedRow.earningsRule).toBeNull()
    const reactivated = bodyOf(await context.call(admin.reactivateUser, { params, cookie }))
    // A new period from now, judged (not exempt).
    expect(reactivated.earningsRule).toMatchObject({ exempt: false, earnedJpy: 0, met: false })
    expect(reactivated.earningsRule?.periodStart).not.toBe(SECOND_PERIOD.periodStart)
    expect(reactivated.earningsRule).toEqual(await summaryRule(educator))
  })
})

describe("the admin's lists bound their queries", () => {
  const refused = async (
    descriptor: typeof admin.listAdminSessions | typeof admin.listRefunds,
    query: Record<string, unknown>,
  ) => {
    const viewer = await adminIn()
    const response = await context.callPath({
      method: 'GET',
      url: `${descriptor.path}?${new URLSearchParams(query as Record<string, string>)}`,
      cookie: viewer.cookie,
    })
    return { status: response.statusCode, body: response.json<ErrorBody>() }
  }

  it.each([admin.listAdminSessions, admin.listRefunds])(
    '%s: refuses a range whose start is after its end, a malformed instant, a page past 2^31',
    async (descriptor) => {
      const reversed = await refused(descriptor, {
        from: '2026-11-18T00:00:00Z',
        to: '2026-11-17T23:59:59Z',
      })
      expect(reversed.status).toBe(400)
      expect(reversed.body.code).toBe('admin.rangeReversed')
      expect(reversed.body.message).toEqual([MESSAGES.admin.rangeReversed.text])
      for (const from of [
        'yesterday',
        '2026-02-30T00:00:00Z',
        '2026-06-30T23:59:60Z',
        '2026-11-18 00:00:00Z',
        '2026-11-18',
        '0999-01-01T00:00:00Z',
        `2026-11-18T00:00:00Z${'0'.repeat(50)}`,
        '2026-11-18T00:00:00\u0000Z',
      ]) {
        const malformed = await refused(descriptor, { from })
        expect(malformed.status, from).toBe(400)
        expect(malformed.body.code, from).toMatch(/^validation\./)
      }
      expect((await refused(descriptor, { page: String(PAGE_MAX + 1) })).status).toBe(400)
      expect((await refused(descriptor, { take: '101' })).status).toBe(400)
      expect((await refused(descriptor, { take: '0' })).status).toBe(400)
    },
  )

  it('refuses cancelled other than true or false', async () => {
    expect((await refused(admin.listAdminSessions, { cancelled: 'maybe' })).status).toBe(400)
  })

  it('takes an empty range, and instants with an offset', async () => {
    const viewer = await adminIn()
    const educator = await licensedEducator(context.db)
    const lesson = await lessonOf(educator)
    await sessionAt(lesson, new Date('2026-11-16T00:00:00.000Z'))
    const empty = await sessionsListed(viewer, {
      from: '2026-11-16T00:00:00Z',
      to: '2026-11-16T00:00:00Z',
    })
    expect(empty.meta.itemCount).toBe(0)
    const withOffset = await sessionsListed(viewer, {
      from: '2026-11-16T09:00:00+09:00',
      to: '2026-11-16T09:00:01+09:00',
    })
    expect(withOffset.meta.itemCount).toBe(1)
  })
})

describe("the admin's overview is the admins' alone", () => {
  it.each([admin.adminOverview, admin.listAdminSessions, admin.listRefunds])(
    '%s: 401 for a guest, 403 for a student and an educator',
    async (descriptor) => {
      const guest = await context.callPath({ method: 'GET', url: descriptor.path })
      expect(guest.statusCode).toBe(401)
      for (const role of ['student', 'educator'] as const) {
        const user = await createUser(context.db, { role })
        const answer = await context.callPath({
          method: 'GET',
          url: descriptor.path,
          cookie: await cookieFor(context.db, user),
        })
        expect(answer.statusCode, role).toBe(403)
      }
    },
  )
})

// The admin's zone is a column of theirs: moved, the same figures fall in other weeks.
describe("the admin's zone", () => {
  it('is read at each call', async () => {
    await clock.set(NOW)
    const viewer = await adminIn('Asia/Tokyo')
    expect((await overviewOf(viewer)).thisWeek.from).toBe(TOKYO_MONDAY.toISOString())
    await context.db
      .update(users)
      .set({ timezone: 'Europe/London' })
      .where(eq(users.id, viewer.user.id))
    expect((await overviewOf(viewer)).thisWeek.from).toBe('2026-11-16T00:00:00.000Z')
  })
})
