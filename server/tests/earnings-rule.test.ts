import { and, eq, like } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import * as admin from '../../contract/descriptors/admin.ts'
import * as guest from '../../contract/descriptors/guest.ts'
import * as paymentCalls from '../../contract/descriptors/payments.ts'
import * as sessions from '../../contract/descriptors/sessions.ts'
import * as user from '../../contract/descriptors/user.ts'
import { addUtcMonths, EARNINGS_RULE_WARNING_MS, feeShares } from '../../contract/rules.ts'
import { ConfigError, loadConfig } from '../src/config.ts'
import { outbox, payments, users } from '../src/db/schema.ts'
import type { EarningsRuleJob } from '../src/jobs/queues.ts'
import { judgeEarningsRule, planMissingEarningsRuleJobs } from '../src/services/earnings-rule.ts'
import { cookieFor, createLesson, createSession, DAY, enroll } from './catalogue-fixtures.ts'
import { bodyOf, createUser, errorOf, setupSecondApp, setupTestApp, testClock } from './helpers.ts'
import { createStudents } from './payment-fixtures.ts'
import { at, DUE, licensedEducator, SECOND, waitingJobs } from './session-job-fixtures.ts'

/**
 * The terms' earnings rule (§9): each period of three months from an educator's anchor (approval,
 * the first period exempt, or reactivation) must earn EARNINGS_MIN_JPY yen at EARNINGS_USD_JPY, or
 * the account is deactivated at its deadline; a warning goes 14 days before. Jobs are run at their
 * exact instants on the test clock; a second and third instance share the database.
 */
const context = setupTestApp()
const second = setupSecondApp(context)
const third = setupSecondApp(context)
const clock = testClock(context)

afterEach(async () => {
  await clock.reset()
})

/** The approval every scene starts from: its exempt first period ends on 28 May, the second on 28 August. */
const APPROVED = new Date('2026-02-28T09:00:00.000Z')
const FIRST_DEADLINE = new Date(addUtcMonths(APPROVED.getTime(), 3))
const DEADLINE = new Date(addUtcMonths(APPROVED.getTime(), 6))
const WARNING = new Date(DEADLINE.getTime() - EARNINGS_RULE_WARNING_MS)

/** An educator approved at APPROVED, with a lesson, a session and a seated student. */
const scene = async (options: { language?: 'en-US' | 'jp-JP' } = {}) => {
  const educator = await licensedEducator(context.db, options)
  await context.db
    .update(users)
    .set({ approvedAt: APPROVED, earningsRuleFrom: APPROVED, timezone: 'Asia/Tokyo' })
    .where(eq(users.id, educator.id))
  const lesson = await createLesson(context.db, educator, { title: 'Sumi-e', priceInCents: 3000 })
  const session = await createSession(context.db, lesson, { startsIn: 400 * DAY })
  const [student] = await createStudents(context.db, 1)
  await enroll(context.db, session, student!.user)
  return { educator, lesson, session, student: student! }
}
type Scene = Awaited<ReturnType<typeof scene>>

/** A captured payment whose educator share is `shareCents`, refunded at `refundDueAt` if given. */
const earned = async (s: Scene, amountInCents: number, capturedAt: Date, refundDueAt?: Date) => {
  await context.db.insert(payments).values({
    userId: s.student.user.id,
    lessonId: s.lesson.id,
    sessionId: s.session.id,
    transactionId: `CAPTURE-${Math.random().toString(36).slice(2)}`,
    status: refundDueAt ? 'refunded' : 'success',
    amountInCents,
    ...feeShares(amountInCents, 1000),
    refundReason: refundDueAt ? 'unenrolled' : null,
    capturedAt,
    refundDueAt: refundDueAt ?? null,
    createdAt: capturedAt,
  })
}

/** ¥7,197 at ¥150 a dollar: a net share of $47.98, the gross of $53.31 less its 10 % fee. */
const ENOUGH_GROSS = 5331
const JUST_SHORT_GROSS = 5330

const mailsTo = async (email: string) =>
  context.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(outbox.id)
const userRow = async (id: number) =>
  (await context.db.select().from(users).where(eq(users.id, id)))[0]!
const plan = () => planMissingEarningsRuleJobs(context.app.serviceDeps)
const runWarnings = () => context.app.runDueJobs(['earningsRuleWarning'])
const runDeadlines = () => context.app.runDueJobs(['earningsRuleDeadline'])

describe('the periods and their jobs', () => {
  it('plans the second period on approval: the first is exempt', async () => {
    const educator = await createUser(context.db, { role: 'educator', approvedAt: null })
    const adminUser = await createUser(context.db, { role: 'admin' })
    await clock.set(APPROVED)
    const approved = await context.call(admin.approveUser, {
      params: { id: educator.id },
      cookie: await cookieFor(context.db, adminUser),
    })
    expect(approved.statusCode).toBe(200)
    const row = await userRow(educator.id)
    expect(row.earningsRuleFrom?.getTime()).toBe(row.approvedAt?.getTime())
    const from = row.earningsRuleFrom!
    const deadline = new Date(addUtcMonths(from.getTime(), 6)).toISOString()
    const data = { userId: educator.id, ruleFrom: from.toISOString(), deadline }
    expect(await waitingJobs(context.db, 'earningsRuleDeadline')).toEqual([{ data, at: deadline }])
    expect(await waitingJobs(context.db, 'earningsRuleWarning')).toEqual([
      { data, at: new Date(Date.parse(deadline) - EARNINGS_RULE_WARNING_MS).toISOString() },
    ])
    const summary = bodyOf(
      await context.call(user.myEarningsSummary, { cookie: await cookieFor(context.db, row) }),
    )
    expect(summary.rule).toEqual({
      periodStart: from.toISOString(),
      deadline: new Date(addUtcMonths(from.getTime(), 3)).toISOString(),
      exempt: true,
      earnedJpy: 0,
      minJpy: 7197,
      usdJpy: 150,
      met: false,
    })
    // The admin's answer tells the rule the educator's earnings screen shows.
    expect(bodyOf(approved).earningsRule).toEqual(summary.rule)
  })

  it('judges nothing at the end of the exempt first period', async () => {
    const s = await scene()
    await clock.set(at(FIRST_DEADLINE, -DAY))
    await plan()
    await clock.set(at(FIRST_DEADLINE, DUE))
    expect(await runDeadlines()).toBe(0)
    expect((await userRow(s.educator.id)).deactivatedAt).toBeNull()
    expect(await mailsTo(s.educator.email)).toEqual([])
  })

  it('shows the rule of the current period, with what it earned so far', async () => {
    const s = await scene()
    await earned(s, 3000, at(FIRST_DEADLINE, -SECOND))
    await earned(s, 2000, at(FIRST_DEADLINE, 0))
    await clock.set(at(FIRST_DEADLINE, DAY))
    const summary = bodyOf(
      await context.call(user.myEarningsSummary, {
        cookie: await cookieFor(context.db, s.educator),
      }),
    )
    // $18.00 of share at ¥150: ¥2,700.
    expect(summary.rule).toEqual({
      periodStart: FIRST_DEADLINE.toISOString(),
      deadline: DEADLINE.toISOString(),
      exempt: false,
      earnedJpy: 2700,
      minJpy: 7197,
      usdJpy: 150,
      met: false,
    })
  })
})

describe('the warning, 14 days before the deadline', () => {
  it('is sent at its instant to an educator below the rule, once', async () => {
    const s = await scene({ language: 'jp-JP' })
    await earned(s, 2000, at(FIRST_DEADLINE, DAY))
    await clock.set(at(WARNING, -DAY))
    await plan()
    await clock.set(at(WARNING, -SECOND))
    expect(await runWarnings()).toBe(0)
    await clock.set(at(WARNING, DUE))
    expect(await runWarnings()).toBe(1)
    const [mail, ...more] = await mailsTo(s.educator.email)
    expect(more).toEqual([])
    expect(mail?.subject).toMatch(/^まなび: /)
    // ¥2,700 earned, ¥4,497 short, by 28 August 18:00 in Tokyo (09:00 UTC).
    expect(mail?.text).toContain('￥2,700')
    expect(mail?.text).toContain('￥4,497')
    expect(mail?.text).toContain('2026年8月28日')
    expect(mail?.text).toContain('18:00')
    expect(mail?.text).toContain('http://localhost:3000/earnings')
    // Planned again (the sweep) and run again: decided for this period, nothing more is sent.
    await plan()
    await runWarnings()
    expect(await mailsTo(s.educator.email)).toHaveLength(1)
    expect((await userRow(s.educator.id)).earningsWarningFor?.toISOString()).toBe(
      DEADLINE.toISOString(),
    )
  })

  it('is not sent to an educator who meets the rule', async () => {
    const s = await scene()
    await earned(s, ENOUGH_GROSS, at(FIRST_DEADLINE, DAY))
    await clock.set(at(WARNING, -DAY))
    await plan()
    await clock.set(at(WARNING, DUE))
    expect(await runWarnings()).toBe(1)
    expect(await mailsTo(s.educator.email)).toEqual([])
  })
})

describe('the deadline', () => {
  it('deactivates an educator below the rule at its exact instant, and tells them why', async () => {
    const s = await scene()
    await earned(s, JUST_SHORT_GROSS, at(FIRST_DEADLINE, DAY))
    await clock.set(at(DEADLINE, -DAY))
    await plan()
    await clock.set(at(DEADLINE, -SECOND))
    expect(await runDeadlines()).toBe(0)
    await clock.set(at(DEADLINE, DUE))
    expect(await runDeadlines()).toBe(1)
    const row = await userRow(s.educator.id)
    expect(row.deactivatedAt?.toISOString()).toBe(DEADLINE.toISOString())
    expect(row.deactivationReason).toBe('earnings_rule')
    const [mail] = await mailsTo(s.educator.email)
    expect(mail?.subject).toBe('Manabi: your educator account is deactivated')
    expect(mail?.text).toContain('¥7,195')
    expect(mail?.text).toContain('¥7,197')
    expect(mail?.text).toContain('support@manabi.example')
    const cookie = await cookieFor(context.db, s.educator)
    expect(bodyOf(await context.call(user.me, { cookie })).deactivation).toEqual({
      at: DEADLINE.toISOString(),
      reason: 'earningsRule',
    })
    expect(bodyOf(await context.call(user.myEarningsSummary, { cookie })).rule).toBeNull()
    expect(await waitingJobs(context.db, 'earningsRuleDeadline')).toEqual([])
  })

  it('lets an educator who meets it go on: the next period is planned', async () => {
    const s = await scene()
    await earned(s, ENOUGH_GROSS, at(DEADLINE, -SECOND))
    await clock.set(at(DEADLINE, -DAY))
    await plan()
    await clock.set(at(DEADLINE, DUE))
    expect(await runDeadlines()).toBe(1)
    expect((await userRow(s.educator.id)).deactivatedAt).toBeNull()
    expect(await mailsTo(s.educator.email)).toEqual([])
    const next = new Date(addUtcMonths(APPROVED.getTime(), 9)).toISOString()
    expect((await waitingJobs(context.db, 'earningsRuleDeadline')).map((job) => job.at)).toEqual([
      next,
    ])
  })

  it('counts a refund due inside the period against it, and a payment at the deadline in the next', async () => {
    const s = await scene()
    await earned(s, ENOUGH_GROSS, at(FIRST_DEADLINE, DAY), at(DEADLINE, -DAY))
    await earned(s, ENOUGH_GROSS, at(DEADLINE, 0))
    await clock.set(at(DEADLINE, -DAY))
    await plan()
    await clock.set(at(DEADLINE, DUE))
    await runDeadlines()
    expect((await userRow(s.educator.id)).deactivatedAt?.toISOString()).toBe(DEADLINE.toISOString())
  })

  it('deactivates once and tells once though three instances run the same job', async () => {
    const s = await scene()
    await clock.set(at(DEADLINE, -DAY))
    await plan()
    await clock.set(at(DEADLINE, DUE))
    const [job] = await context.app.boss.fetch<EarningsRuleJob>('earningsRuleDeadline')
    expect(job).toBeDefined()
    const runs = await Promise.all(
      [context.app, second.app, third.app].map((app) =>
        judgeEarningsRule(app.serviceDeps, { id: job!.id, data: job!.data }),
      ),
    )
    expect(runs.filter(Boolean)).toHaveLength(1)
    expect(await mailsTo(s.educator.email)).toHaveLength(1)
    expect((await userRow(s.educator.id)).deactivatedAt?.toISOString()).toBe(DEADLINE.toISOString())
  })

  it('is moot once the educator was reactivated since (another anchor)', async () => {
    const s = await scene()
    await clock.set(at(DEADLINE, -DAY))
    await plan()
    await context.db
      .update(users)
      .set({ earningsRuleFrom: at(DEADLINE, -DAY) })
      .where(eq(users.id, s.educator.id))
    await clock.set(at(DEADLINE, DUE))
    expect(await runDeadlines()).toBe(1)
    expect((await userRow(s.educator.id)).deactivatedAt).toBeNull()
  })
})

/** The scene's educator deactivated at DEADLINE by the job, the clock a day later. */
const deactivated = async () => {
  const s = await scene()
  await clock.set(at(DEADLINE, -DAY))
  await plan()
  await clock.set(at(DEADLINE, DUE))
  await runDeadlines()
  await clock.set(at(DEADLINE, DAY))
  return s
}

describe('a deactivated educator', () => {
  it('schedules and moves no sessions', async () => {
    const s = await deactivated()
    const cookie = await cookieFor(context.db, s.educator)
    const form = {
      date: '2026-10-01',
      startHour: '10:00',
      endHour: '11:00',
      timezone: 'Asia/Tokyo',
      url: 'https://zoom.us/j/5551234',
    }
    const created = await context.call(sessions.createSession, {
      params: { id: s.lesson.id },
      cookie,
      body: form,
    })
    expect(created.statusCode).toBe(403)
    expect(errorOf(created).code).toBe('sessions.accountDeactivated')
    const moved = await context.call(sessions.updateSession, {
      params: { id: s.lesson.id, sessionId: s.session.id },
      cookie,
      body: form,
    })
    expect(moved.statusCode).toBe(403)
    expect(errorOf(moved).code).toBe('sessions.accountDeactivated')
  })

  it('leaves the catalogue, cached pages too, while seated students keep the lesson', async () => {
    const s = await scene()
    const listed = async () =>
      bodyOf(await context.call(guest.guestLessons, { query: {} })).data.map((row) => row.id)
    await clock.set(at(DEADLINE, -DAY))
    await plan()
    // Read (and cached) before the deadline: the lesson is listed.
    expect(await listed()).toEqual([s.lesson.id])
    await clock.set(at(DEADLINE, DUE))
    await runDeadlines()
    expect(await listed()).toEqual([])
    const filtered = await context.call(guest.guestLessons, {
      query: { title: 'Sumi', categoryIds: String(s.lesson.categoryId) },
    })
    expect(bodyOf(filtered).data).toEqual([])
    const cookie = s.student.cookie
    expect(
      (await context.call(guest.guestLesson, { params: { id: s.lesson.id } })).statusCode,
    ).toBe(200)
    const params = { id: s.lesson.id, sessionId: s.session.id }
    expect((await context.call(sessions.unenroll, { params, cookie })).statusCode).toBe(200)
  })

  it('takes no new students, free or paying', async () => {
    const s = await deactivated()
    const [newcomer] = await createStudents(context.db, 1)
    const params = { id: s.lesson.id, sessionId: s.session.id }
    const enrolled = await context.call(sessions.enroll, { params, cookie: newcomer!.cookie })
    expect(enrolled.statusCode).toBe(403)
    expect(errorOf(enrolled).code).toBe('enrollments.educatorDeactivated')
    const ordered = await context.call(paymentCalls.createOrder, {
      cookie: newcomer!.cookie,
      body: { lessonId: s.lesson.id, sessionId: s.session.id },
    })
    expect(ordered.statusCode).toBe(403)
    expect(errorOf(ordered).code).toBe('enrollments.educatorDeactivated')
  })
})

describe('reactivation by an admin', () => {
  it('starts a new period, not exempt, with its jobs, and tells the educator', async () => {
    const s = await deactivated()
    const adminUser = await createUser(context.db, { role: 'admin' })
    const cookie = await cookieFor(context.db, adminUser)
    const now = new Date(Date.now())
    const answer = await context.call(admin.reactivateUser, {
      params: { id: s.educator.id },
      cookie,
    })
    expect(answer.statusCode).toBe(200)
    expect(bodyOf(answer).deactivatedAt).toBeNull()
    const row = await userRow(s.educator.id)
    expect(row.deactivatedAt).toBeNull()
    expect(row.deactivationReason).toBeNull()
    const from = row.earningsRuleFrom!
    expect(Math.abs(from.getTime() - now.getTime())).toBeLessThan(5 * SECOND)
    const deadline = new Date(addUtcMonths(from.getTime(), 3)).toISOString()
    expect(await waitingJobs(context.db, 'earningsRuleDeadline')).toEqual([
      { data: { userId: s.educator.id, ruleFrom: from.toISOString(), deadline }, at: deadline },
    ])
    const rule = bodyOf(
      await context.call(user.myEarningsSummary, {
        cookie: await cookieFor(context.db, s.educator),
      }),
    ).rule
    expect(rule).toMatchObject({ exempt: false, deadline, earnedJpy: 0, met: false })
    expect(bodyOf(answer).earningsRule).toEqual(rule)
    const told = await context.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, s.educator.email), like(outbox.subject, '%account is active again')))
    expect(told).toHaveLength(1)
    expect(
      bodyOf(await context.call(guest.guestLessons, { query: {} })).data.map((row) => row.id),
    ).toEqual([s.lesson.id])
    // A reactivated educator below the rule at the new deadline is deactivated again.
    await clock.set(new Date(Date.parse(deadline) + DUE))
    expect(await runDeadlines()).toBe(1)
    expect((await userRow(s.educator.id)).deactivatedAt?.toISOString()).toBe(deadline)
  })

  it('is a conflict for an active account, not found for an unknown one', async () => {
    const s = await scene()
    const adminUser = await createUser(context.db, { role: 'admin' })
    const cookie = await cookieFor(context.db, adminUser)
    const active = await context.call(admin.reactivateUser, {
      params: { id: s.educator.id },
      cookie,
    })
    expect(active.statusCode).toBe(409)
    expect(errorOf(active).code).toBe('accounts.notDeactivated')
    const unknown = await context.call(admin.reactivateUser, { params: { id: 999_999 }, cookie })
    expect(unknown.statusCode).toBe(404)
    const student = await context.call(admin.reactivateUser, {
      params: { id: s.educator.id },
      cookie: s.student.cookie,
    })
    expect(student.statusCode).toBe(403)
  })
})

describe('the settings', () => {
  const base = { NODE_ENV: 'test' as const }
  it('default to ¥7,197 at ¥150 a dollar', () => {
    const config = loadConfig(base)
    expect([config.EARNINGS_USD_JPY, config.EARNINGS_MIN_JPY]).toEqual([150, 7197])
    expect(loadConfig({ ...base, EARNINGS_USD_JPY: '151.3725' }).EARNINGS_USD_JPY).toBe(151.3725)
    expect(loadConfig({ ...base, EARNINGS_USD_JPY: '10000' }).EARNINGS_USD_JPY).toBe(10_000)
    expect(loadConfig({ ...base, EARNINGS_MIN_JPY: '0' }).EARNINGS_MIN_JPY).toBe(0)
    expect(loadConfig({ ...base, EARNINGS_MIN_JPY: '100000000' }).EARNINGS_MIN_JPY).toBe(1e8)
  })

  it.each([
    ['EARNINGS_USD_JPY', '0'],
    ['EARNINGS_USD_JPY', '-150'],
    ['EARNINGS_USD_JPY', '10000.5'],
    ['EARNINGS_USD_JPY', '150.00001'],
    ['EARNINGS_USD_JPY', 'lots'],
    ['EARNINGS_MIN_JPY', '-1'],
    ['EARNINGS_MIN_JPY', '100000001'],
    ['EARNINGS_MIN_JPY', '7197.5'],
    ['SUPPORT_EMAIL', 'nobody'],
  ])('refuse %s=%s', (key, value) => {
    expect(() => loadConfig({ ...base, [key]: value })).toThrow(ConfigError)
    expect(() => loadConfig({ ...base, [key]: value })).toThrow(key)
  })
})
