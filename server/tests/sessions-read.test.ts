import Value from 'typebox/value'
import { describe, expect, it } from 'vitest'
import * as guest from '../../contract/descriptors/guest.ts'
import * as sessions from '../../contract/descriptors/sessions.ts'
import { listSessions } from '../../contract/endpoints/sessions.ts'
import type { Session } from '../../contract/entities.ts'
import {
  cookieFor,
  createCast,
  createLesson,
  createSession,
  DAY,
  enroll,
  HOUR,
  MINUTE,
  userOf,
  type Cast,
} from './catalogue-fixtures.ts'
import { bodyOf, createUser, errorOf, type QueryInput, setupTestApp } from './helpers.ts'

const context = setupTestApp()
const SECOND = 1000
const MEETING = 'https://meet.google.com/abc-defg-hij'

const sessionsFor = async (
  lessonId: number,
  cookie: string | null,
  query: QueryInput<typeof sessions.listSessions> = {},
) => {
  const response = await context.call(sessions.listSessions, {
    params: { id: lessonId },
    query,
    cookie,
  })
  expect(response.statusCode).toBe(200)
  expect(Value.Check(listSessions.response[200], response.json())).toBe(true)
  return bodyOf(response)
}

/**
 * One lesson with a session in every state, the cast's student enrolled in each: over, live,
 * starting in 4:59 (inside the join window) and in 5:01 (just outside it).
 */
const scenario = async () => {
  const cast = await createCast(context.db)
  const lesson = await createLesson(context.db, userOf(cast.owner), { maxSlots: 5 })
  const over = await createSession(context.db, lesson, { startsIn: -3 * HOUR })
  const live = await createSession(context.db, lesson, { startsIn: -2 * MINUTE, lasts: 4 * MINUTE })
  const inWindow = await createSession(context.db, lesson, {
    startsIn: 4 * MINUTE + 59 * SECOND,
    lasts: SECOND,
  })
  const beforeWindow = await createSession(context.db, lesson, {
    startsIn: 5 * MINUTE + 1 * SECOND,
  })
  for (const session of [over, live, inWindow, beforeWindow]) {
    await enroll(context.db, session, userOf(cast.student))
  }
  return { cast, lesson, sessions: [over, live, inWindow, beforeWindow] }
}

const typesAndLinks = (data: Session[]) => data.map(({ type, url }) => [type, url])

describe('GET /lessons/:id/sessions', () => {
  it('shows an enrolled student the link from 5 minutes before start until the end', async () => {
    const { cast, lesson } = await scenario()
    const { data } = await sessionsFor(lesson.id, cast.student.cookie)
    expect(typesAndLinks(data)).toEqual([
      ['live', MEETING],
      ['enrolled', MEETING], // 4:59 before start
      ['enrolled', null], // 5:01 before start
      ['closed', null], // over: after the others
    ])
  })

  it('shows the owner every link, live while under way, open before', async () => {
    const { cast, lesson } = await scenario()
    const { data } = await sessionsFor(lesson.id, cast.owner.cookie)
    expect(typesAndLinks(data)).toEqual([
      ['live', MEETING],
      ['open', MEETING],
      ['open', MEETING],
      ['closed', MEETING],
    ])
  })

  it.each(['anotherEducator', 'admin', 'unverifiedEducator'] as const)(
    'shows %s no link: closed once started, open before',
    async (who) => {
      const { cast, lesson } = await scenario()
      const { data } = await sessionsFor(lesson.id, cast[who].cookie)
      expect(typesAndLinks(data)).toEqual([
        ['closed', null],
        ['open', null],
        ['open', null],
        ['closed', null],
      ])
    },
  )

  it('treats a student who is not enrolled, or gave the seat back, as having no seat', async () => {
    const { lesson, sessions } = await scenario()
    const student = await createUser(context.db)
    const [, live, inWindow] = sessions
    if (!live || !inWindow) throw new Error('sessions missing')
    await enroll(context.db, live, student, { cancelled: true })
    await enroll(context.db, inWindow, student, { cancelled: true })
    const { data } = await sessionsFor(lesson.id, await cookieFor(context.db, student))
    expect(typesAndLinks(data)).toEqual([
      ['closed', null],
      ['open', null],
      ['open', null],
      ['closed', null],
    ])
  })

  it('counts seats and disables a full session for viewers without a seat', async () => {
    const cast = await createCast(context.db)
    const lesson = await createLesson(context.db, userOf(cast.owner), {
      maxSlots: 2,
      priceInCents: 1999,
    })
    const full = await createSession(context.db, lesson, { startsIn: DAY, lasts: 30 * MINUTE })
    const free = await createSession(context.db, lesson, { startsIn: DAY + HOUR })
    const other = await createUser(context.db)
    await enroll(context.db, full, userOf(cast.student))
    await enroll(context.db, full, other)
    await enroll(context.db, free, other)

    const seen = await sessionsFor(lesson.id, cast.student.cookie)
    expect(seen.data[0]).toMatchObject({
      id: full.id,
      type: 'enrolled',
      availableSlots: 0,
      enrolledCount: 2,
      disabled: false, // holds a seat
      fullPrice: 1000, // 19.99 an hour for half an hour, rounded to the cent
    })
    expect(seen.data[1]).toMatchObject({
      id: free.id,
      type: 'open',
      availableSlots: 1,
      enrolledCount: 1,
      disabled: false,
      fullPrice: 1999,
    })
    const outsider = await sessionsFor(lesson.id, cast.anotherEducator.cookie)
    expect(outsider.data[0]).toMatchObject({ availableSlots: 0, disabled: true })
  })

  it('pages soonest first, 100 to a page unless told', async () => {
    const cast = await createCast(context.db)
    const lesson = await createLesson(context.db, userOf(cast.owner))
    const later = await createSession(context.db, lesson, { startsIn: 2 * DAY })
    const sooner = await createSession(context.db, lesson, { startsIn: DAY })
    const all = await sessionsFor(lesson.id, cast.student.cookie)
    expect(all.data.map((session) => session.id)).toEqual([sooner.id, later.id])
    expect(all.meta).toEqual({ page: 1, take: 100, itemCount: 2, pageCount: 1, hasNextPage: false })
    const first = await sessionsFor(lesson.id, cast.student.cookie, { take: 1 })
    expect(first.data.map((session) => session.id)).toEqual([sooner.id])
    expect(first.meta.hasNextPage).toBe(true)
    const empty = await sessionsFor(lesson.id, cast.student.cookie, { take: 1, page: 3 })
    expect(empty.data).toEqual([])
  })

  it("counts every page's matches: full, the last one full, part full, and past the end", async () => {
    const cast = await createCast(context.db)
    const lesson = await createLesson(context.db, userOf(cast.owner))
    for (const day of [1, 2, 3, 4, 5])
      await createSession(context.db, lesson, { startsIn: day * DAY })
    // The count rides on the page's rows; a page with none counts on its own.
    const cases = [
      { take: 2, page: 1, rows: 2, pageCount: 3 },
      { take: 2, page: 3, rows: 1, pageCount: 3 },
      { take: 2, page: 4, rows: 0, pageCount: 3 },
      { take: 5, page: 1, rows: 5, pageCount: 1 },
      { take: 5, page: 2, rows: 0, pageCount: 1 },
    ]
    const asGuest = async (lessonId: number, query: { take?: number; page?: number }) => {
      const response = await context.call(guest.guestSessions, { params: { id: lessonId }, query })
      expect(response.statusCode).toBe(200)
      return bodyOf(response)
    }
    const lists = [
      (query: { take: number; page: number }) => sessionsFor(lesson.id, cast.student.cookie, query),
      (query: { take: number; page: number }) => asGuest(lesson.id, query),
    ]
    for (const list of lists) {
      for (const { take, page, rows, pageCount } of cases) {
        const listed = await list({ take, page })
        expect(listed.data).toHaveLength(rows)
        expect(listed.meta).toEqual({
          page,
          take,
          itemCount: 5,
          pageCount,
          hasNextPage: page < pageCount,
        })
      }
    }
    // A lesson without sessions: only its owner sees it (§4).
    const none = await createLesson(context.db, userOf(cast.owner))
    expect((await sessionsFor(none.id, cast.owner.cookie)).meta).toMatchObject({
      itemCount: 0,
      pageCount: 0,
    })
    expect((await sessionsFor(none.id, cast.owner.cookie, { page: 2 })).meta.itemCount).toBe(0)
  })

  it('answers 404 for an unknown lesson', async () => {
    const cast = await createCast(context.db)
    const response = await context.call(sessions.listSessions, {
      params: { id: 987654 },
      cookie: cast.student.cookie,
    })
    expect(response.statusCode).toBe(404)
    expect(errorOf(response).message).toBe('Lesson not found')
  })

  it('lists the sessions that have not ended first, soonest first, then the ended ones latest first', async () => {
    const cast = await createCast(context.db)
    const lesson = await createLesson(context.db, userOf(cast.owner))
    const longAgo = await createSession(context.db, lesson, { startsIn: -3 * DAY })
    const later = await createSession(context.db, lesson, { startsIn: 2 * DAY })
    const justEnded = await createSession(context.db, lesson, { startsIn: -HOUR - MINUTE })
    const live = await createSession(context.db, lesson, {
      startsIn: -30 * SECOND,
      lasts: 2 * HOUR,
    })
    const yesterday = await createSession(context.db, lesson, { startsIn: -DAY })
    const sooner = await createSession(context.db, lesson, { startsIn: DAY })
    const expected = [live, sooner, later, justEnded, yesterday, longAgo].map(({ id }) => id)
    for (const member of [cast.student, cast.owner]) {
      const all = await sessionsFor(lesson.id, member.cookie)
      expect(all.data.map((session) => session.id)).toEqual(expected)
    }
    // Paged the same way: the upcoming ones come on the first pages.
    const first = await sessionsFor(lesson.id, cast.student.cookie, { take: 2 })
    expect(first.data.map((session) => session.id)).toEqual(expected.slice(0, 2))
    const third = await sessionsFor(lesson.id, cast.student.cookie, { take: 2, page: 3 })
    expect(third.data.map((session) => session.id)).toEqual(expected.slice(4, 6))
  })

  // §4: the sessions of a draft are as hidden as the draft (its owner and admins only).
  it.each([
    ['student', 404],
    ['anotherEducator', 404],
    ['unverifiedEducator', 404],
    ['owner', 200],
    ['admin', 200],
  ] as const)("answers %s with %i for a draft's sessions", async (who, status) => {
    const cast = await createCast(context.db)
    const draft = await createLesson(context.db, userOf(cast.owner))
    const response = await context.call(sessions.listSessions, {
      params: { id: draft.id },
      cookie: cast[who].cookie,
    })
    expect(response.statusCode).toBe(status)
    if (status === 404) expect(errorOf(response).message).toBe('Lesson not found')
    else expect(bodyOf(response).data).toEqual([])
  })

  it.each([
    ['guest', 401],
    ['student', 200],
    ['unverifiedEducator', 200],
    ['owner', 200],
    ['anotherEducator', 200],
    ['admin', 200],
  ] as const)('answers %s with %i', async (who, status) => {
    const cast: Cast = await createCast(context.db)
    const lesson = await createLesson(context.db, userOf(cast.owner))
    await createSession(context.db, lesson, { startsIn: DAY })
    const response = await context.call(sessions.listSessions, {
      params: { id: lesson.id },
      cookie: cast[who].cookie,
    })
    expect(response.statusCode).toBe(status)
    if (status === 200) expect(bodyOf(response).data).toHaveLength(1)
  })
})
