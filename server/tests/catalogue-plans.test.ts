import { asc, desc, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import * as guest from '../../contract/descriptors/guest.ts'
import * as lessonCalls from '../../contract/descriptors/lessons.ts'
import { cookieFor } from './catalogue-fixtures.ts'
import { lessons } from '../src/db/schema.ts'
import { type ApiResponse, bodyOf, createUser, setupTestApp } from './helpers.ts'
import { explain, readsOf, recordQueries, scansOf } from './query-plans.ts'

/**
 * The plans PostgreSQL chooses for the catalogue's reads, on a catalogue big enough for the
 * planner to prefer an index over reading a whole table: every query a catalogue call runs must
 * reach the sessions, seats, payments and reviews through an index, never by a sequential scan.
 * The plans of PGlite are not PostgreSQL's to judge, so this runs on PostgreSQL only.
 */
const onPostgres = Boolean(process.env.DATABASE_URL)
const context = setupTestApp()

/** The tables that grow with the catalogue's use; reading one whole per call is the defect. */
const BIG_TABLES = ['lesson_sessions', 'enrollments', 'payments', 'reviews']
const LESSONS = 400

/** 20 educators, LESSONS lessons, ten sessions each (two past), seats, holds and reviews. */
const seedCatalogue = async () => {
  await context.db.execute(sql`
    insert into categories (title, title_jp)
    select 'Category ' || n, 'カテゴリー' || n from generate_series(1, 8) as n`)
  await context.db.execute(sql`
    insert into users (name, email, password_hash, role, email_confirmed_at, approved_at)
    select 'Educator ' || n, 'educator' || n || '@plans.test', 'x', 'educator', now(), now()
    from generate_series(1, 20) as n`)
  await context.db.execute(sql`
    insert into users (name, email, password_hash, role, email_confirmed_at)
    select 'Student ' || n, 'student' || n || '@plans.test', 'x', 'student', now()
    from generate_series(1, 60) as n`)
  await context.db.execute(sql`
    insert into lessons (owner_id, category_id, title, price_in_cents, min_slots, max_slots,
      created_at)
    select e.id, c.id, 'Lesson ' || n, 1000, 1, 3, now() - n * interval '1 minute'
    from generate_series(1, ${LESSONS}) as n
    join (select id, row_number() over (order by id) - 1 as k from users where role = 'educator')
      as e on e.k = n % 20
    join (select id, row_number() over (order by id) - 1 as k from categories) as c
      on c.k = n % 8`)
  // Each lesson owns ten separate hours, so no two sessions of an educator overlap.
  await context.db.execute(sql`
    insert into lesson_sessions (lesson_id, owner_id, start_time, end_time, timezone, url)
    select l.id, l.owner_id, t.start, t.start + interval '1 hour', 'Asia/Tokyo',
      'https://meet.google.com/abc-defg-hij'
    from lessons l
    cross join generate_series(-2, 7) as k
    cross join lateral (
      select case when k < 0 then now() - (l.id * 10 + k) * interval '1 hour'
        else now() + (l.id * 10 + k + 1) * interval '1 hour' end as start
    ) as t`)
  await context.db.execute(sql`
    insert into enrollments (session_id, user_id)
    select s.id, u.id from lesson_sessions s
    join (select id, row_number() over (order by id) - 1 as k from users where role = 'student')
      as u on u.k < s.id % 4 + (s.id % 60)  and u.k >= s.id % 60`)
  await context.db.execute(sql`
    insert into payments (user_id, lesson_id, session_id, status, amount_in_cents,
      hold_expires_at)
    select u.id, s.lesson_id, s.id, 'processing', 1000, now() + interval '10 minutes'
    from lesson_sessions s
    join (select id from users where role = 'student' order by id limit 1) as u on true
    where s.id % 7 = 0`)
  await context.db.execute(sql`
    insert into reviews (lesson_id, author_id, body, rating)
    select l.id, u.id, 'Fine', 1 + (l.id + u.k) % 5 from lessons l
    join (select id, row_number() over (order by id) - 1 as k from users where role = 'student')
      as u on u.k < 3`)
  await context.db.execute(sql`analyze`)
}

describe.runIf(onPostgres)('the catalogue reads on PostgreSQL', () => {
  let calls: [string, () => Promise<ApiResponse>][] = []

  beforeEach(async () => {
    await seedCatalogue()
    const [lesson] = await context.db.select().from(lessons).orderBy(asc(lessons.id)).limit(1)
    if (!lesson) throw new Error('No lesson')
    const student = await createUser(context.db, { role: 'student' })
    const studentCookie = await cookieFor(context.db, student)
    const educatorCookie = await cookieFor(context.db, { id: lesson.ownerId })
    const { call } = context
    const params = { id: lesson.id }
    calls = [
      ['guest lessons', () => call(guest.guestLessons)],
      ['guest lessons, page 7', () => call(guest.guestLessons, { query: { page: 7 } })],
      ['guest lessons, oldest first', () => call(guest.guestLessons, { query: { order: 'ASC' } })],
      ['guest lessons by title', () => call(guest.guestLessons, { query: { title: 'Lesson 12' } })],
      [
        'guest lessons by category',
        () => call(guest.guestLessons, { query: { categoryIds: '1,2' } }),
      ],
      ['guest categories', () => call(guest.guestCategories)],
      ['guest lesson', () => call(guest.guestLesson, { params })],
      ['guest sessions', () => call(guest.guestSessions, { params })],
      ['lessons', () => call(lessonCalls.listLessons, { cookie: studentCookie })],
      ['lesson', () => call(lessonCalls.getLesson, { params, cookie: studentCookie })],
      ['my lessons', () => call(lessonCalls.myLessons, { cookie: educatorCookie })],
      ['upcoming lessons', () => call(lessonCalls.upcomingLessons, { cookie: studentCookie })],
      ['lesson history', () => call(lessonCalls.lessonHistory, { cookie: studentCookie })],
    ]
  }, 60_000)

  it('reads no big table whole for any catalogue call', async () => {
    const offenders: string[] = []
    for (const [name, send] of calls) {
      const queries = await recordQueries(context, async () => {
        const response = await send()
        expect(response.statusCode, `${name}: ${response.body}`).toBe(200)
      })
      for (const query of readsOf(queries)) {
        const plan = await explain(context, query)
        for (const scan of scansOf(plan)) {
          if (
            scan['Node Type'] === 'Seq Scan' &&
            BIG_TABLES.includes(scan['Relation Name'] ?? '')
          ) {
            offenders.push(
              `${name}: seq scan on ${scan['Relation Name']} in ${query.text.slice(0, 60)}…`,
            )
          }
        }
      }
    }
    expect(offenders).toEqual([])
  })

  it('reads a deep page after a lesson from the order index, not every row before it', async () => {
    const place = 300
    const [deep] = await context.db
      .select({ id: lessons.id })
      .from(lessons)
      .orderBy(desc(lessons.createdAt), desc(lessons.id))
      .offset(place - 1)
      .limit(1)
    const query = { page: place / 5 + 1, after: deep!.id }
    const pageQuery = readsOf(
      await recordQueries(context, async () => {
        const response = await context.call(guest.guestLessons, { query })
        expect(bodyOf(response).data).toHaveLength(5)
      }),
    ).find(({ text }) => text.includes('page_lesson_id'))
    const plan = await explain(context, pageQuery!, { analyze: true })
    // Either index on the lessons' creation serves the seek (the planner weighs them by the
    // tables' statistics): it starts at the lesson, by created_at.
    const seeks = scansOf(plan).filter(
      (node) => node['Relation Name'] === 'lessons' && /created_at/.test(node['Index Cond'] ?? ''),
    )
    expect(seeks).toHaveLength(1)
    expect(seeks[0]!['Index Name']).toMatch(/^lessons_(catalogue|created)_idx$/)
    // The page's five rows (a sort by id after created_at may read one more), where an offset
    // reads the 300 before them too.
    expect(seeks[0]!['Actual Rows']).toBeLessThanOrEqual(6)
  })

  it('answers a catalogue page in one query, and counts a search once for all its pages', async () => {
    const lessonReads = async (query: { page?: number; title?: string }) =>
      readsOf(
        await recordQueries(context, () => context.call(guest.guestLessons, { query })),
      ).filter(({ text }) => /\blessons\b/.test(text))
    // The page and the count of the lessons the filter keeps.
    expect(await lessonReads({ title: 'Lesson 1' })).toHaveLength(2)
    // The next page of the same search: its page only.
    const next = await lessonReads({ title: 'Lesson 1', page: 2 })
    expect(next).toHaveLength(1)
    expect(next[0]?.text).not.toMatch(/^select count/)
  })
})
