import { eq, sql } from 'drizzle-orm'
import Value from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { buildPath } from '../../contract/descriptor.ts'
import * as guest from '../../contract/descriptors/guest.ts'
import * as lessons from '../../contract/descriptors/lessons.ts'
import { guestLesson, guestLessons, guestSessions } from '../../contract/endpoints/guest.ts'
import { files, lessonSessions } from '../src/db/schema.ts'
import {
  createCast,
  createCategory,
  createLesson,
  createSession,
  DAY,
  enroll,
  HOUR,
  MINUTE,
  userOf,
} from './catalogue-fixtures.ts'
import {
  type ApiResponse,
  bodyOf,
  createUser,
  errorOf,
  type QueryInput,
  setupTestApp,
} from './helpers.ts'

const context = setupTestApp()

const listLessons = (
  query: QueryInput<typeof guest.guestLessons> = {},
  cookie: string | null = null,
) => context.call(guest.guestLessons, { query, cookie })

const getLesson = (id: number | string) => context.call(guest.guestLesson, { params: { id } })

const BASE_TIME = Date.parse('2025-01-01T00:00:00.000Z')

/** `count` lessons of one educator, each created a minute after the previous, each with a session. */
const lessonsWithSessions = async (count: number, owner: { id: number }) => {
  const rows = []
  for (let index = 0; index < count; index += 1) {
    const lesson = await createLesson(context.db, owner, {
      title: `Lesson ${index + 1}`,
      createdAt: new Date(BASE_TIME + index * MINUTE),
    })
    // Sessions of one educator may not overlap: two hours apart.
    await createSession(context.db, lesson, { startsIn: DAY + index * 2 * HOUR })
    rows.push(lesson)
  }
  return rows
}

const titles = (response: ApiResponse<typeof guest.guestLessons>) =>
  bodyOf(response).data.map((lesson) => lesson.title)

describe('GET /guest/lessons', () => {
  it('lists lessons with a session, newest first, five to a page', async () => {
    const owner = await createUser(context.db, { role: 'educator' })
    await lessonsWithSessions(7, owner)
    // The newest lesson has no session yet, so nobody browsing sees it (§4).
    await createLesson(context.db, owner, {
      title: 'Draft without sessions',
      createdAt: new Date(BASE_TIME + DAY),
    })

    const first = await listLessons()
    expect(first.statusCode).toBe(200)
    expect(Value.Check(guestLessons.response[200], first.json())).toBe(true)
    expect(titles(first)).toEqual(['Lesson 7', 'Lesson 6', 'Lesson 5', 'Lesson 4', 'Lesson 3'])
    expect(bodyOf(first).meta).toEqual({
      page: 1,
      take: 5,
      itemCount: 7,
      pageCount: 2,
      hasNextPage: true,
    })

    const second = await listLessons({ page: 2 })
    expect(titles(second)).toEqual(['Lesson 2', 'Lesson 1'])
    expect(bodyOf(second).meta).toEqual({
      page: 2,
      take: 5,
      itemCount: 7,
      pageCount: 2,
      hasNextPage: false,
    })

    const past = await listLessons({ page: 3 })
    expect(past.statusCode).toBe(200)
    expect(past.json()).toEqual({
      data: [],
      meta: { page: 3, take: 5, itemCount: 7, pageCount: 2, hasNextPage: false },
    })
  })

  it('keeps listing a lesson whose only session is over', async () => {
    const owner = await createUser(context.db, { role: 'educator' })
    const lesson = await createLesson(context.db, owner, { title: 'Held once' })
    await createSession(context.db, lesson, { startsIn: -3 * HOUR })
    const response = await listLessons()
    expect(titles(response)).toEqual(['Held once'])
    expect(bodyOf(response).data[0]?.availableSessions).toBe(0)
  })

  it('orders oldest first with order=ASC, equal times by id', async () => {
    const owner = await createUser(context.db, { role: 'educator' })
    const same = new Date(BASE_TIME)
    const a = await createLesson(context.db, owner, { title: 'A', createdAt: same })
    const b = await createLesson(context.db, owner, { title: 'B', createdAt: same })
    const c = await createLesson(context.db, owner, {
      title: 'C',
      createdAt: new Date(BASE_TIME - DAY),
    })
    for (const [index, lesson] of [a, b, c].entries()) {
      await createSession(context.db, lesson, { startsIn: DAY + index * 2 * HOUR })
    }
    expect(titles(await listLessons({ order: 'ASC' }))).toEqual(['C', 'A', 'B'])
    expect(titles(await listLessons({ order: 'DESC' }))).toEqual(['B', 'A', 'C'])
  })

  it('filters by a comma-separated list of category ids', async () => {
    const owner = await createUser(context.db, { role: 'educator' })
    const [music, maths, cooking] = [
      await createCategory(context.db, { title: 'Music' }),
      await createCategory(context.db, { title: 'Maths' }),
      await createCategory(context.db, { title: 'Cooking' }),
    ]
    const lessons = [
      await createLesson(context.db, owner, { title: 'Guitar', categoryId: music.id }),
      await createLesson(context.db, owner, { title: 'Algebra', categoryId: maths.id }),
      await createLesson(context.db, owner, { title: 'Sushi', categoryId: cooking.id }),
    ]
    for (const [index, lesson] of lessons.entries()) {
      await createSession(context.db, lesson, { startsIn: DAY + index * 2 * HOUR })
    }
    const both = await listLessons({ categoryIds: `${music.id},${cooking.id}`, order: 'ASC' })
    expect(titles(both)).toEqual(['Guitar', 'Sushi'])
    expect(bodyOf(both).meta.itemCount).toBe(2)
    const one = await listLessons({ categoryIds: `${maths.id}` })
    expect(titles(one)).toEqual(['Algebra'])
    const none = await listLessons({ categoryIds: '999999' })
    expect(bodyOf(none).data).toEqual([])
  })

  it('searches titles case-insensitively, taking % and _ literally', async () => {
    const owner = await createUser(context.db, { role: 'educator' })
    const names = [
      'Japanese for Beginners',
      'Advanced JAPANESE',
      '100% Guitar',
      'Snake_case Python',
      'Snakeycase Python',
    ]
    for (const [index, title] of names.entries()) {
      const lesson = await createLesson(context.db, owner, {
        title,
        createdAt: new Date(BASE_TIME + index * MINUTE),
      })
      await createSession(context.db, lesson, { startsIn: DAY + index * 2 * HOUR })
    }
    const search = async (title: string) => titles(await listLessons({ order: 'ASC', title }))
    expect(await search('japanese')).toEqual(['Japanese for Beginners', 'Advanced JAPANESE'])
    expect(await search('  JaPaNeSe ')).toEqual(['Japanese for Beginners', 'Advanced JAPANESE'])
    expect(await search('%')).toEqual(['100% Guitar'])
    expect(await search('e_c')).toEqual(['Snake_case Python'])
    expect(await search('python')).toEqual(['Snake_case Python', 'Snakeycase Python'])
    expect(await search('violin')).toEqual([])
  })

  it('combines filters with paging', async () => {
    const owner = await createUser(context.db, { role: 'educator' })
    const music = await createCategory(context.db, { title: 'Music' })
    for (let index = 0; index < 4; index += 1) {
      const lesson = await createLesson(context.db, owner, {
        title: index % 2 === 0 ? `Piano ${index}` : `Drums ${index}`,
        categoryId: music.id,
        createdAt: new Date(BASE_TIME + index * MINUTE),
      })
      await createSession(context.db, lesson, { startsIn: DAY + index * 2 * HOUR })
    }
    const response = await listLessons({
      categoryIds: `${music.id}`,
      title: 'piano',
      take: 1,
      page: 2,
    })
    expect(titles(response)).toEqual(['Piano 0'])
    expect(bodyOf(response).meta).toEqual({
      page: 2,
      take: 1,
      itemCount: 2,
      pageCount: 2,
      hasNextPage: false,
    })
  })

  describe('after the last card (keyset paging)', () => {
    const idsOf = (response: ApiResponse<typeof guest.guestLessons>) =>
      bodyOf(response).data.map((lesson) => lesson.id)

    it('starts after the lesson named, numbering the page as asked, to an empty page', async () => {
      const owner = await createUser(context.db, { role: 'educator' })
      const rows = await lessonsWithSessions(7, owner)
      const first = await listLessons()
      const last = bodyOf(first).data.at(-1)!
      expect(last.title).toBe('Lesson 3')
      const second = await listLessons({ page: 2, after: last.id })
      expect(titles(second)).toEqual(['Lesson 2', 'Lesson 1'])
      expect(bodyOf(second).meta).toEqual({
        page: 2,
        take: 5,
        itemCount: 7,
        pageCount: 2,
        hasNextPage: false,
      })
      const end = await listLessons({ page: 3, after: rows[0]!.id })
      expect(end.json()).toEqual({
        data: [],
        meta: { page: 3, take: 5, itemCount: 7, pageCount: 2, hasNextPage: false },
      })
    })

    it('shows no lesson twice when one is added between two pages, as an offset would', async () => {
      const owner = await createUser(context.db, { role: 'educator' })
      await lessonsWithSessions(7, owner)
      const first = await listLessons()
      const added = await createLesson(context.db, owner, {
        title: 'Added meanwhile',
        createdAt: new Date(BASE_TIME + HOUR),
      })
      await createSession(context.db, added, { startsIn: 2 * DAY })
      expect(titles(await listLessons({ page: 2 }))).toEqual(['Lesson 3', 'Lesson 2', 'Lesson 1'])
      const after = bodyOf(first).data.at(-1)!.id
      expect(titles(await listLessons({ page: 2, after }))).toEqual(['Lesson 2', 'Lesson 1'])
    })

    it('orders lessons created in one millisecond by the microsecond, then by id', async () => {
      const owner = await createUser(context.db, { role: 'educator' })
      // Three lessons in one millisecond: a JavaScript date holds none of them apart.
      const at = ['.000300', '.000100', '.000100'].map((fraction) =>
        new Date(`2025-01-01T00:00:00.000Z`).toISOString().replace('.000Z', `${fraction}Z`),
      )
      const rows = []
      for (const [index, createdAt] of at.entries()) {
        const lesson = await createLesson(context.db, owner, { title: `Micro ${index}` })
        await context.db.execute(
          sql`update lessons set created_at = ${createdAt}::timestamptz where id = ${lesson.id}`,
        )
        await createSession(context.db, lesson, { startsIn: DAY + index * 2 * HOUR })
        rows.push(lesson)
      }
      const [late, early, earlyTwin] = rows.map((row) => row.id)
      expect(idsOf(await listLessons())).toEqual([late, earlyTwin, early])
      expect(idsOf(await listLessons({ after: late }))).toEqual([earlyTwin, early])
      expect(idsOf(await listLessons({ after: earlyTwin }))).toEqual([early])
      expect(idsOf(await listLessons({ order: 'ASC' }))).toEqual([early, earlyTwin, late])
      expect(idsOf(await listLessons({ order: 'ASC', after: early }))).toEqual([earlyTwin, late])
      expect(idsOf(await listLessons({ order: 'ASC', after: earlyTwin }))).toEqual([late])
    })

    it('starts after the place of a lesson the list does not show, and by number after none', async () => {
      const owner = await createUser(context.db, { role: 'educator' })
      await lessonsWithSessions(4, owner)
      const elsewhere = await createLesson(context.db, owner, {
        title: 'Violin',
        createdAt: new Date(BASE_TIME + 2 * MINUTE + 30_000),
      })
      await createSession(context.db, elsewhere, { startsIn: 3 * DAY })
      const draft = await createLesson(context.db, owner, {
        title: 'Draft',
        createdAt: new Date(BASE_TIME + MINUTE + 30_000),
      })
      // 'Violin' sits between Lesson 4 and Lesson 3, the draft between Lesson 2 and Lesson 1.
      expect(titles(await listLessons({ title: 'lesson', after: elsewhere.id }))).toEqual([
        'Lesson 3',
        'Lesson 2',
        'Lesson 1',
      ])
      expect(titles(await listLessons({ after: draft.id }))).toEqual(['Lesson 2', 'Lesson 1'])
      const gone = await listLessons({ page: 2, take: 2, after: 2 ** 31 - 1 })
      expect(titles(gone)).toEqual(['Lesson 3', 'Lesson 2'])
      expect(bodyOf(gone).meta.page).toBe(2)
    })

    it.each([
      [{ after: 0 }, 'after must be >= 1'],
      [{ after: 2 ** 31 }, 'after must be <= 2147483647'],
      [{ after: 'x' }, 'after must be integer'],
      [{ after: '1.5' }, 'after must be integer'],
    ])('refuses %j with 400', async (query, message) => {
      const response = await listLessons(query)
      expect(response.statusCode).toBe(400)
      expect(errorOf(response).message).toContain(message)
    })
  })

  it.each([
    [{ categoryIds: 'music' }, 'categoryIds has an invalid format'],
    [{ take: 101 }, 'take must be <= 100'],
    [{ take: 0 }, 'take must be >= 1'],
    [{ page: 0 }, 'page must be >= 1'],
  ])('refuses the query %j with 400', async (query, message) => {
    const response = await listLessons(query)
    expect(response.statusCode).toBe(400)
    expect(errorOf(response).message).toContain(message)
  })

  it('refuses an unknown order with 400', async () => {
    const response = await listLessons({ order: 'NEWEST' })
    expect(response.statusCode).toBe(400)
  })

  it('counts the sessions still open to enroll in availableSessions', async () => {
    const owner = await createUser(context.db, { role: 'educator' })
    const students = [
      await createUser(context.db),
      await createUser(context.db),
      await createUser(context.db),
    ]
    const [s1, s2, s3] = students
    if (!s1 || !s2 || !s3) throw new Error('students missing')
    const lesson = await createLesson(context.db, owner, { maxSlots: 2 })
    const oneSeatTaken = await createSession(context.db, lesson, { startsIn: DAY })
    await enroll(context.db, oneSeatTaken, s1)
    const full = await createSession(context.db, lesson, { startsIn: DAY + 2 * HOUR })
    await enroll(context.db, full, s1)
    await enroll(context.db, full, s2)
    const freedByCancellation = await createSession(context.db, lesson, {
      startsIn: DAY + 4 * HOUR,
    })
    await enroll(context.db, freedByCancellation, s1)
    await enroll(context.db, freedByCancellation, s2, { cancelled: true })
    await createSession(context.db, lesson, { startsIn: -3 * HOUR }) // over
    await createSession(context.db, lesson, { startsIn: -30 * MINUTE }) // live
    const notStartedButFull = await createSession(context.db, lesson, { startsIn: DAY + 6 * HOUR })
    await enroll(context.db, notStartedButFull, s2)
    await enroll(context.db, notStartedButFull, s3)

    const response = await listLessons()
    // oneSeatTaken and freedByCancellation; the others are full, over or under way.
    expect(bodyOf(response).data[0]?.availableSessions).toBe(2)
    const detail = await getLesson(lesson.id)
    expect(bodyOf(detail).availableSessions).toBe(2)
  })

  it('answers anyone, signed in or not', async () => {
    const cast = await createCast(context.db)
    await lessonsWithSessions(1, userOf(cast.owner))
    for (const member of [cast.guest, cast.student, cast.owner, cast.admin]) {
      const response = await listLessons({}, member.cookie)
      expect(response.statusCode).toBe(200)
      expect(bodyOf(response).meta.itemCount).toBe(1)
    }
  })
})

describe('GET /guest/lessons/:id', () => {
  it('answers the lesson with its category, owner, image path and links', async () => {
    const owner = await createUser(context.db, {
      role: 'educator',
      name: 'Aiko Tanaka',
      description: 'Tokyo native',
    })
    const category = await createCategory(context.db, { title: 'Languages', titleJp: '言語' })
    const [image] = await context.db
      .insert(files)
      .values({
        ownerId: owner.id,
        kind: 'image',
        filename: 'cover.png',
        mimeType: 'image/png',
        size: 10,
        storageKey: 'cover-test.png',
      })
      .returning()
    const lesson = await createLesson(context.db, owner, {
      title: 'Japanese',
      categoryId: category.id,
      priceInCents: 2500,
      minSlots: 2,
      maxSlots: 6,
      imageId: image?.id ?? null,
      links: [{ title: 'Kana chart', description: 'Print it', url: 'https://example.com/kana' }],
      createdAt: new Date(BASE_TIME),
    })
    // Held once: listed, with no session open to enroll.
    await createSession(context.db, lesson, { startsIn: -DAY })

    const response = await getLesson(lesson.id)
    expect(response.statusCode).toBe(200)
    expect(Value.Check(guestLesson.response[200], response.json())).toBe(true)
    expect(response.json()).toEqual({
      id: lesson.id,
      title: 'Japanese',
      category: { id: category.id, title: 'Languages', titleJp: '言語' },
      categoryId: category.id,
      price_in_cents: 2500,
      about: 'About the lesson',
      details: 'Details of the lesson',
      owner: { id: owner.id, name: 'Aiko Tanaka', description: 'Tokyo native' },
      imageId: image?.id,
      imageUrl: buildPath(lessons.lessonImage.path, { id: lesson.id }),
      min_slots: 2,
      max_slots: 6,
      links: [{ title: 'Kana chart', description: 'Print it', url: 'https://example.com/kana' }],
      availableSessions: 0,
      createdAt: '2025-01-01T00:00:00.000Z',
    })
  })

  it('answers a draft (a lesson without sessions) 404, as if it did not exist, to everyone (§4)', async () => {
    const cast = await createCast(context.db)
    const draft = await createLesson(context.db, userOf(cast.owner), { title: 'No sessions yet' })
    // The guest call is the public catalogue: its owner and an admin signed in see it as a guest.
    for (const member of [cast.guest, cast.student, cast.owner, cast.admin]) {
      const response = await context.call(guest.guestLesson, {
        params: { id: draft.id },
        cookie: member.cookie,
      })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Lesson not found',
        code: 'http.notFound',
        params: { what: 'Lesson' },
        requestId: expect.any(String) as string,
      })
    }
  })

  it('answers a lesson from its first session on, and while its only session is over', async () => {
    const owner = await createUser(context.db, { role: 'educator' })
    const lesson = await createLesson(context.db, owner, { title: 'Soon listed' })
    expect((await getLesson(lesson.id)).statusCode).toBe(404)
    const session = await createSession(context.db, lesson, { startsIn: -3 * HOUR })
    const response = await getLesson(lesson.id)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ title: 'Soon listed', imageUrl: null })
    // Its last session deleted, it is a draft again.
    await context.db.delete(lessonSessions).where(eq(lessonSessions.id, session.id))
    expect((await getLesson(lesson.id)).statusCode).toBe(404)
  })

  it('answers 404 for an unknown lesson and 400 for an invalid id', async () => {
    const missing = await getLesson(999999)
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Lesson not found',
      code: 'http.notFound',
      params: { what: 'Lesson' },
      requestId: expect.any(String) as string,
    })
    expect((await getLesson('abc')).statusCode).toBe(400)
    expect((await getLesson(0)).statusCode).toBe(400)
  })
})

describe('GET /guest/lessons/:id/sessions', () => {
  const sessionsOf = async (
    lessonId: number,
    query: QueryInput<typeof guest.guestSessions> = {},
    cookie: string | null = null,
  ) => {
    const response = await context.call(guest.guestSessions, {
      params: { id: lessonId },
      query,
      cookie,
    })
    expect(response.statusCode).toBe(200)
    expect(Value.Check(guestSessions.response[200], response.json())).toBe(true)
    return bodyOf(response)
  }

  it('lists the sessions that have not ended soonest first, then the ended ones latest first, as a guest sees them', async () => {
    const owner = await createUser(context.db, { role: 'educator' })
    const student = await createUser(context.db)
    const other = await createUser(context.db)
    const lesson = await createLesson(context.db, owner, { priceInCents: 3000, maxSlots: 2 })
    const future = await createSession(context.db, lesson, {
      startsIn: DAY,
      lasts: 90 * MINUTE,
      timezone: 'Europe/Paris',
    })
    const past = await createSession(context.db, lesson, { startsIn: -DAY })
    const older = await createSession(context.db, lesson, { startsIn: -2 * DAY })
    const live = await createSession(context.db, lesson, {
      startsIn: -2 * MINUTE,
      lasts: 4 * MINUTE,
    })
    const soon = await createSession(context.db, lesson, { startsIn: 4 * MINUTE })
    await enroll(context.db, future, student)
    await enroll(context.db, future, other, { cancelled: true })
    await enroll(context.db, soon, student)
    await enroll(context.db, soon, other)

    const { data, meta } = await sessionsOf(lesson.id)
    expect(data.map((session) => session.id)).toEqual([
      live.id,
      soon.id,
      future.id,
      past.id,
      older.id,
    ])
    expect(data.map((session) => session.type)).toEqual([
      'closed',
      'open',
      'open',
      'closed',
      'closed',
    ])
    // Never a meeting link for a guest, even inside the join window.
    expect(data.every((session) => session.url === null)).toBe(true)
    expect(data[2]).toEqual({
      id: future.id,
      lessonId: lesson.id,
      type: 'open',
      start_time: future.startTime.toISOString(),
      end_time: future.endTime.toISOString(),
      timezone: 'Europe/Paris',
      url: null,
      availableSlots: 1,
      enrolledCount: 1,
      fullPrice: 4500,
      paidPrice: null,
      disabled: false,
      educatorDeactivated: false,
      // Written directly, as sessions from before the minimum-seat rule were.
      decision: 'unconditional',
      decidesAt: null,
      seatsNeeded: 0,
      waitingCount: 0,
      waitlistPlace: null,
    })
    // Two of two seats taken: out of slots for a guest.
    expect(data[1]).toMatchObject({ availableSlots: 0, enrolledCount: 2, disabled: true })
    expect(meta).toEqual({ page: 1, take: 100, itemCount: 5, pageCount: 1, hasNextPage: false })
  })

  it('shows the guest view even to a signed-in owner or enrolled student', async () => {
    const cast = await createCast(context.db)
    const lesson = await createLesson(context.db, userOf(cast.owner))
    const session = await createSession(context.db, lesson, { startsIn: 2 * MINUTE })
    await enroll(context.db, session, userOf(cast.student))
    for (const member of [cast.owner, cast.student]) {
      const { data } = await sessionsOf(lesson.id, {}, member.cookie)
      expect(data[0]).toMatchObject({ type: 'open', url: null })
    }
  })

  it('pages with take and page', async () => {
    const owner = await createUser(context.db, { role: 'educator' })
    const lesson = await createLesson(context.db, owner)
    const sessions = []
    for (let index = 0; index < 3; index += 1) {
      sessions.push(await createSession(context.db, lesson, { startsIn: DAY + index * 2 * HOUR }))
    }
    const second = await sessionsOf(lesson.id, { take: 2, page: 2 })
    expect(second.data.map((session) => session.id)).toEqual([sessions[2]?.id])
    expect(second.meta).toEqual({
      page: 2,
      take: 2,
      itemCount: 3,
      pageCount: 2,
      hasNextPage: false,
    })
    expect((await sessionsOf(lesson.id, { take: 2, page: 3 })).data).toEqual([])
  })

  it('answers 404 for an unknown lesson', async () => {
    const response = await context.call(guest.guestSessions, { params: { id: 424242 } })
    expect(response.statusCode).toBe(404)
    expect(errorOf(response).message).toBe('Lesson not found')
  })

  it("answers 404 for a draft's sessions, like the draft itself, to everyone", async () => {
    const cast = await createCast(context.db)
    const draft = await createLesson(context.db, userOf(cast.owner))
    for (const member of [cast.guest, cast.owner, cast.admin]) {
      const response = await context.call(guest.guestSessions, {
        params: { id: draft.id },
        cookie: member.cookie,
      })
      expect(response.statusCode).toBe(404)
      expect(errorOf(response).message).toBe('Lesson not found')
    }
  })
})
