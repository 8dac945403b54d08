import { afterEach, describe, expect, it, vi } from 'vitest'
import * as admin from '@contract/descriptors/admin'
import * as sessionsApi from '@contract/descriptors/sessions'
import type { AdminUserState } from '@contract/entities'
import { db, nextId, seedIds } from '@/mocks/db'
import { earningsRuleOf } from '@/mocks/earnings'
import { call } from './helpers'

/**
 * The admin calls' rules are compared with the server's in server/tests/contract-parity.test.ts.
 * The count below is not: the server's demo gives its educators showcase lessons the mock leaves
 * out, so only the mock's own rows can tell what the count must be.
 */
describe("the mock admin list's upcoming session count", () => {
  it("counts the sessions of the educator's lessons that have not ended", async () => {
    const page = await call(admin.listUsers, { as: seedIds.admin, query: { role: 'educator' } })
    const kenji = page.body.data.find((row) => row.id === seedIds.educator)
    const now = Date.now()
    const lessonIds = new Set(
      db.lessons.filter((lesson) => lesson.ownerId === seedIds.educator).map((lesson) => lesson.id),
    )
    const expected = db.sessions.filter(
      (session) => lessonIds.has(session.lessonId) && Date.parse(session.end_time) > now,
    ).length
    expect(expected).toBeGreaterThan(0)
    // The paid lesson's ended session is not counted.
    expect(expected).toBeLessThan(db.sessions.filter((row) => lessonIds.has(row.lessonId)).length)
    expect(kenji?.upcomingSessionCount).toBe(expected)
  })
})

/**
 * The overview's figures the parity test cannot compare (the server's demo adds showcase
 * lessons and licences), and its weeks in a zone with summer time, on the mock's own rows.
 */
describe("the mock admin's overview", () => {
  /** Wednesday 18 November 2026, 12:00 in Tokyo, 22:00 on Tuesday in New York (EST). */
  const NOW = Date.parse('2026-11-18T03:00:00.000Z')
  afterEach(() => {
    vi.useRealTimers()
  })

  it('counts its own pool, and each figure is the total of its list', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
    db.reset()
    const overview = (await call(admin.adminOverview, { as: seedIds.admin })).body
    expect(overview.licences).toEqual({ free: 2, held: 2 })
    expect(overview.pendingEducators).toBe(1)
    const thisWeek = await call(admin.listAdminSessions, {
      as: seedIds.admin,
      query: { ...overview.thisWeek, cancelled: false, take: 100 },
    })
    expect(thisWeek.body.meta.itemCount).toBe(overview.sessionsThisWeek)
    const expected = db.sessions.filter(
      (row) =>
        Date.parse(row.start_time) >= Date.parse('2026-11-15T15:00:00.000Z') &&
        Date.parse(row.start_time) < Date.parse('2026-11-22T15:00:00.000Z'),
    ).length
    expect(expected).toBeGreaterThan(0)
    expect(overview.sessionsThisWeek).toBe(expected)
  })

  it("draws New York's weeks at its Mondays, across the end of summer time, and counts a seat given back", async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
    db.reset()
    db.users.find((row) => row.id === seedIds.admin)!.timezone = 'America/New_York'
    // Monday 9 November, 00:30 in Tokyo: Sunday 8 November in New York.
    db.enrollments.push({
      id: 999,
      userId: seedIds.student3,
      lessonId: seedIds.freeLesson,
      sessionId: seedIds.sessions.futureFree,
      createdAt: '2026-11-08T15:30:00.000Z',
    })
    const before = (await call(admin.adminOverview, { as: seedIds.admin })).body
    expect(before).toMatchObject({
      timezone: 'America/New_York',
      thisWeek: { from: '2026-11-16T05:00:00.000Z', to: '2026-11-23T05:00:00.000Z' },
      window: { from: '2026-08-31T04:00:00.000Z', to: '2026-11-23T05:00:00.000Z' },
    })
    const week = (weekStart: string) =>
      before.weeks.find((row) => row.weekStart === weekStart)?.enrollments
    const sunday = week('2026-11-02')
    expect(sunday).toBeGreaterThan(0)
    const left = await call(sessionsApi.unenroll, {
      as: seedIds.student3,
      params: { id: seedIds.freeLesson, sessionId: seedIds.sessions.futureFree },
    })
    expect(left.status).toBe(200)
    const after = (await call(admin.adminOverview, { as: seedIds.admin })).body
    expect(after.weeks).toEqual(before.weeks)
  })
})

/**
 * The earnings rule's states of the list on the mock's own rows (the parity test compares the
 * demo's with the server's): laura's judged second period, with nothing earned, is below it.
 */
describe("the mock admin list's earnings rule states", () => {
  const userRow = (id: number) => db.users.find((row) => row.id === id)!

  /** Both lists and the overview's counts of them, which must be their totals. */
  const ruleStates = async () => {
    const listed = async (state: AdminUserState) =>
      (await call(admin.listUsers, { as: seedIds.admin, query: { state } })).body
    const below = await listed('below_earnings_rule')
    const deactivated = await listed('deactivated')
    const overview = (await call(admin.adminOverview, { as: seedIds.admin })).body
    expect(overview.belowEarningsRule).toBe(below.meta.itemCount)
    expect(overview.deactivatedEducators).toBe(deactivated.meta.itemCount)
    return { below: below.data, deactivated: deactivated.data }
  }

  /** A lesson of laura's with a session, and a student's payment of `cents` captured now. */
  const lauraEarns = (cents: number) => {
    const template = db.lessons.find((row) => row.id === seedIds.paidLesson)!
    const lesson = {
      ...template,
      id: nextId(db.lessons),
      ownerId: seedIds.educatorWithoutLicence,
      price_in_cents: cents,
    }
    db.lessons.push(lesson)
    const start = Date.now() + 2 * 86_400_000
    const session = {
      id: nextId(db.sessions),
      lessonId: lesson.id,
      start_time: new Date(start).toISOString(),
      end_time: new Date(start + 3_600_000).toISOString(),
      timezone: 'Asia/Tokyo',
      url: 'https://zoom.us/j/5551234',
      decision: 'unconditional' as const,
      decisionAt: null,
    }
    db.sessions.push(session)
    const now = new Date().toISOString()
    db.payments.push({
      id: nextId(db.payments),
      userId: seedIds.student,
      lessonId: lesson.id,
      sessionId: session.id,
      orderId: 'ORDER-LAURA-1',
      transactionId: 'CAPTURE-LAURA-1',
      status: 'success',
      amount_in_cents: cents,
      holdExpiresAt: null,
      refundReason: null,
      createdAt: now,
      capturedAt: now,
    })
  }

  it('lists laura below the rule with her rule, until a capture in her period meets it', async () => {
    const laura = seedIds.educatorWithoutLicence
    const before = await ruleStates()
    expect(before.below.map((row) => row.id)).toEqual([laura])
    expect(before.below[0]!.earningsRule).toEqual(earningsRuleOf(userRow(laura)))
    expect(before.below[0]!.earningsRule).toMatchObject({ exempt: false, earnedJpy: 0, met: false })
    expect(before.deactivated).toEqual([])
    // ¥7,197 at ¥150 a dollar: an hour at $53.31, less its 10 % fee.
    lauraEarns(5331)
    const after = await ruleStates()
    expect(after.below).toEqual([])
    const rows = (await call(admin.listUsers, { as: seedIds.admin, query: { search: 'laura' } }))
      .body.data
    expect(rows[0]?.earningsRule).toMatchObject({ earnedJpy: 7197, met: true })
  })

  it('lists a deactivated educator as such, with no rule, and not below it', async () => {
    const kenji = seedIds.educator
    // Kenji's first period is exempt; reactivated, his new one would be judged.
    userRow(kenji).deactivatedAt = new Date(Date.now() - 60_000).toISOString()
    const states = await ruleStates()
    expect(states.deactivated.map((row) => [row.id, row.earningsRule])).toEqual([[kenji, null]])
    expect(states.below.map((row) => row.id)).toEqual([seedIds.educatorWithoutLicence])
    const reactivated = await call(admin.reactivateUser, {
      as: seedIds.admin,
      params: { id: kenji },
    })
    expect(reactivated.body.earningsRule).toMatchObject({ exempt: false, earnedJpy: 0, met: false })
    const after = await ruleStates()
    expect(after.deactivated).toEqual([])
    expect(after.below.map((row) => row.id)).toEqual([seedIds.educatorWithoutLicence, kenji])
  })
})
