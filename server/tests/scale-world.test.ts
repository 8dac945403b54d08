import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as admin from '../../contract/descriptors/admin.ts'
import * as guest from '../../contract/descriptors/guest.ts'
import * as lessonCalls from '../../contract/descriptors/lessons.ts'
import {
  generateScaleWorld,
  REFUND_EVERY,
  SCALE_EMAIL_DOMAIN,
  SEATS_PER_SESSION,
  SESSIONS_PER_LESSON,
} from '../../scripts/bench/scale-world.ts'
import { scaleLadder } from '../../scripts/bench/scale.ts'
import { cookieFor } from './catalogue-fixtures.ts'
import { bodyOf, setupTestApp, truncateAll } from './helpers.ts'

/**
 * The bench's generated world (`npm run bench -- --scale N`), at a size a test can afford: what it
 * holds, that it holds to the schema's rules, that a seed makes it again, and that the product
 * reads it as it would its own rows.
 */
const context = setupTestApp()
const NOW = new Date('2026-11-27T09:30:00Z')
const LESSONS = 25

type Rows<T> = { rows: T[] }
const rowsOf = async <T>(statement: string) =>
  ((await context.db.execute(sql.raw(statement))) as Rows<T>).rows
const numberOf = async (statement: string) =>
  Number((await rowsOf<{ n: number | string }>(statement))[0]?.n)

/** Everything generated, as one text: equal texts, equal worlds. */
const fingerprint = async () => {
  const parts = await Promise.all(
    [
      `select id, name, email, role, language, created_at, timezone, rating_total, rating_count from users`,
      `select id, owner_id, category_id, title, price_in_cents, min_slots, max_slots, session_count, created_at from lessons`,
      `select id, lesson_id, owner_id, start_time, end_time, timezone, url from lesson_sessions`,
      `select id, user_id, session_id, status, amount_in_cents, platform_fee_cents, educator_share_cents, captured_at, refunded_at from payments`,
      `select id, session_id, user_id, payment_id, created_at, cancelled_at from enrollments`,
      `select lesson_id, author_id, rating, created_at from reviews`,
    ].map(async (query) =>
      JSON.stringify(await rowsOf(`select * from (${query}) as t order by 1, 2`)),
    ),
  )
  return parts.join('\n')
}

describe('the scale world', () => {
  it('holds, for every ten lessons, an educator, and per lesson two students, ten sessions, twenty paid seats and a review', async () => {
    const world = await generateScaleWorld(context.db, { lessons: LESSONS, seed: 7, now: NOW })
    expect(world).toMatchObject({
      lessons: 25,
      educators: 3,
      students: 50,
      sessions: 250,
      seats: 500,
    })
    expect(await numberOf(`select count(*) as n from users where role = 'educator'`)).toBe(3)
    expect(await numberOf(`select count(*) as n from users where role = 'student'`)).toBe(50)
    expect(await numberOf(`select count(*) as n from users where role = 'admin'`)).toBe(1)
    expect(await numberOf(`select count(*) as n from lessons`)).toBe(25)
    expect(await numberOf(`select count(*) as n from lesson_sessions`)).toBe(250)
    expect(await numberOf(`select count(*) as n from enrollments`)).toBe(500)
    expect(await numberOf(`select count(*) as n from payments`)).toBe(500)
    expect(await numberOf(`select count(*) as n from reviews`)).toBe(25)
    // The last educator has the five lessons left over.
    expect(
      await rowsOf<{ n: number }>(
        `select count(*)::int as n from lessons group by owner_id order by owner_id`,
      ),
    ).toEqual([{ n: 10 }, { n: 10 }, { n: 5 }])
  })

  it('keeps to the rules: five sessions ended and five to come per lesson, seats within bounds, counts and ratings as the triggers keep them', async () => {
    await generateScaleWorld(context.db, { lessons: LESSONS, seed: 7, now: NOW })
    const perLesson = await rowsOf<{ ended: number; coming: number; sessions: number }>(`
      select count(*) filter (where s.end_time <= '${NOW.toISOString()}')::int as ended,
        count(*) filter (where s.start_time > '${NOW.toISOString()}')::int as coming,
        min(l.session_count)::int as sessions
      from lessons as l join lesson_sessions as s on s.lesson_id = l.id group by l.id`)
    expect(perLesson).toHaveLength(LESSONS)
    for (const lesson of perLesson) expect(lesson).toEqual({ ended: 5, coming: 5, sessions: 10 })
    // No session of an educator overlaps another (the exclusion constraint let every row in),
    // and each runs an hour in its educator's zone.
    expect(
      await numberOf(`select count(*) as n from lesson_sessions as s join users as u on u.id = s.owner_id
        where s.end_time - s.start_time <> interval '1 hour' or s.timezone <> u.timezone`),
    ).toBe(0)
    // Two different students a session, within the lesson's seats.
    expect(
      await numberOf(`select count(*) as n from (
        select s.id from lesson_sessions as s join lessons as l on l.id = s.lesson_id
        join enrollments as e on e.session_id = s.id
        group by s.id, l.max_slots
        having count(distinct e.user_id) <> ${SEATS_PER_SESSION} or count(*) > l.max_slots) as wrong`),
    ).toBe(0)
    // Each seat paid the lesson's price, split 10 % / 90 %, before its session began.
    expect(
      await numberOf(`select count(*) as n from enrollments as e
        join payments as p on p.id = e.payment_id
        join lesson_sessions as s on s.id = e.session_id join lessons as l on l.id = s.lesson_id
        where p.user_id <> e.user_id or p.session_id <> s.id or p.amount_in_cents <> l.price_in_cents
          or p.platform_fee_cents * 10 <> p.amount_in_cents
          or p.platform_fee_cents + p.educator_share_cents <> p.amount_in_cents
          or p.captured_at >= s.start_time or p.captured_at >= '${NOW.toISOString()}'`),
    ).toBe(0)
    // A seat given back is cancelled and its payment refunded, both before its session and now.
    const givenBack = await rowsOf<{ status: string; cancelled: boolean; before: boolean }>(`
      select p.status, e.cancelled_at is not null as cancelled,
        p.refunded_at < s.start_time and p.refunded_at <= '${NOW.toISOString()}' as before
      from payments as p join enrollments as e on e.payment_id = p.id
      join lesson_sessions as s on s.id = e.session_id
      where p.status <> 'success' or e.cancelled_at is not null`)
    expect(givenBack.length).toBeGreaterThan(0)
    expect(givenBack.length).toBeLessThan((2 * 500) / REFUND_EVERY)
    for (const seat of givenBack)
      expect(seat).toEqual({ status: 'refunded', cancelled: true, before: true })
    // The reviewer attended an ended session of the lesson; ratings kept on the educator.
    expect(
      await numberOf(`select count(*) as n from reviews as r where not exists (
        select 1 from enrollments as e join lesson_sessions as s on s.id = e.session_id
        where s.lesson_id = r.lesson_id and e.user_id = r.author_id and e.cancelled_at is null
          and s.end_time <= '${NOW.toISOString()}')`),
    ).toBe(0)
    expect(
      await numberOf(`select count(*) as n from users as u cross join lateral (
          select coalesce(sum(r.rating), 0)::int as total, count(*)::int as count
          from reviews as r join lessons as l on l.id = r.lesson_id where l.owner_id = u.id) as kept
        where u.role = 'educator' and (u.rating_total <> kept.total or u.rating_count <> kept.count)`),
    ).toBe(0)
    // Ids go on after the world: the next lesson written by the product gets a new one.
    expect(
      await numberOf(`select count(*) as n from (select nextval(pg_get_serial_sequence('lessons', 'id')) as id) as next
        where id <= ${LESSONS}`),
    ).toBe(0)
  })

  it('is made again, row for row, from the same seed and instant, and differs with another seed', async () => {
    await generateScaleWorld(context.db, { lessons: LESSONS, seed: 7, now: NOW })
    const first = await fingerprint()
    await truncateAll(context.db)
    await generateScaleWorld(context.db, { lessons: LESSONS, seed: 7, now: NOW })
    const again = await fingerprint()
    expect(again.split('\n')).toEqual(first.split('\n'))
    await truncateAll(context.db)
    await generateScaleWorld(context.db, { lessons: LESSONS, seed: 8, now: NOW })
    expect(await fingerprint()).not.toBe(first)
  })

  it('titles lessons in English and Japanese, and names accounts in both', async () => {
    await generateScaleWorld(context.db, { lessons: 200, seed: 3, now: NOW })
    const japanese = `~ '[\\u3040-\\u30ff\\u4e00-\\u9fff]'`
    const titled = await numberOf(`select count(*) as n from lessons where title ${japanese}`)
    expect(titled).toBeGreaterThan(200 * 0.15)
    expect(titled).toBeLessThan(200 * 0.45)
    const named = await numberOf(`select count(*) as n from users where name ${japanese}`)
    expect(named).toBeGreaterThan(0)
    expect(
      await numberOf(
        `select count(*) as n from users where name ${japanese} and language <> 'jp-JP'`,
      ),
    ).toBe(0)
  })

  it('is what the product reads: the catalogue (cached before the load), a lesson, a dashboard and the admin search', async () => {
    const empty = await context.call(guest.guestLessons, { query: { page: 1, take: 5 } })
    expect(bodyOf(empty).meta.itemCount).toBe(0)
    // The load happened after the cached answer: the catalogue's version tells the cache.
    const world = await generateScaleWorld(context.db, {
      lessons: LESSONS,
      seed: 7,
      now: new Date(),
    })
    const catalogue = bodyOf(
      await context.call(guest.guestLessons, { query: { page: 1, take: 5 } }),
    )
    expect(catalogue.meta.itemCount).toBe(LESSONS)
    // The newest lesson is the last generated; its next session has all but two seats left.
    const [newest] = catalogue.data
    expect(newest?.id).toBe(world.firstIds.lesson + LESSONS - 1)
    expect(newest?.availableSessions).toBe(SESSIONS_PER_LESSON / 2)
    const lesson = bodyOf(
      await context.call(guest.guestLesson, { params: { id: world.firstIds.lesson } }),
    )
    expect(lesson.id).toBe(world.firstIds.lesson)

    const student = await cookieFor(context.db, { id: world.studentId(0) })
    const upcoming = bodyOf(await context.call(lessonCalls.upcomingLessons, { cookie: student }))
    const seatsComing = await numberOf(`select count(*) as n from enrollments as e
      join lesson_sessions as s on s.id = e.session_id
      where e.user_id = ${world.studentId(0)} and e.cancelled_at is null and s.end_time > now()`)
    expect(upcoming.meta.itemCount).toBe(seatsComing)

    const adminCookie = await cookieFor(context.db, { id: world.adminId })
    const found = bodyOf(
      await context.call(admin.listUsers, {
        cookie: adminCookie,
        query: { search: `student7@${SCALE_EMAIL_DOMAIN}` },
      }),
    )
    expect(found.data.map((user) => user.id)).toEqual([world.studentId(7)])
  })

  it('refuses a size or a seed that is not a whole number', async () => {
    for (const lessons of [0, -1, 1.5, Number.NaN]) {
      await expect(generateScaleWorld(context.db, { lessons, seed: 1, now: NOW })).rejects.toThrow(
        'lessons',
      )
    }
    await expect(
      generateScaleWorld(context.db, { lessons: 1, seed: 0.5, now: NOW }),
    ).rejects.toThrow('seed')
  })
})

describe('the scale ladder', () => {
  it('measures the powers of ten from a thousand up to the size asked for, and that size', () => {
    expect(scaleLadder(100_000)).toEqual([1_000, 10_000, 100_000])
    expect(scaleLadder(50_000)).toEqual([1_000, 10_000, 50_000])
    expect(scaleLadder(1_000)).toEqual([1_000])
    expect(scaleLadder(500)).toEqual([500])
  })
})
