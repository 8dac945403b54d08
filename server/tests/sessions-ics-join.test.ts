import { eq } from 'drizzle-orm'
import Value from 'typebox/value'
import { describe, expect, it, vi } from 'vitest'
import * as sessions from '../../contract/descriptors/sessions.ts'
import { MESSAGES } from '../../contract/messages.ts'
import { joinSession } from '../../contract/endpoints/sessions.ts'
import { users } from '../src/db/schema.ts'
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
} from './catalogue-fixtures.ts'
import { APP_ORIGIN, createUser, icsInstant, setupTestApp } from './helpers.ts'

const context = setupTestApp()
const SECOND = 1000
const MEETING = 'https://zoom.us/j/1234567890'
const NOT_ENROLLED = 'You are not enrolled in this session'
const OUTSIDE_WINDOW = 'The session can be joined from 5 minutes before it starts until it ends'

/**
 * The owner's lesson with sessions around the join window, the cast's student holding a seat in
 * each: ended, live, starting in 4:59 (inside the window; one second long so the next one does
 * not overlap it) and in 5:01 (just outside it). Another student gave back a seat in the live
 * one; another educator's lesson has a session of its own.
 */
const scenario = async () => {
  const cast = await createCast(context.db)
  const lesson = await createLesson(context.db, userOf(cast.owner), {
    title: 'Kanji, Kana; and more',
    about: 'Reading practice\nwith a native speaker.',
    maxSlots: 5,
  })
  const at = (startsIn: number, lasts: number) =>
    createSession(context.db, lesson, { startsIn, lasts, url: MEETING })
  const sessions = {
    ended: await at(-2 * HOUR, HOUR),
    live: await at(-2 * MINUTE, 4 * MINUTE),
    inWindow: await at(4 * MINUTE + 59 * SECOND, SECOND),
    beforeWindow: await at(5 * MINUTE + SECOND, HOUR),
  }
  for (const session of Object.values(sessions)) {
    await enroll(context.db, session, userOf(cast.student))
  }
  const leaver = await createUser(context.db, { role: 'student' })
  await enroll(context.db, sessions.live, leaver, { cancelled: true })
  const otherLesson = await createLesson(context.db, userOf(cast.anotherEducator))
  const foreign = await createSession(context.db, otherLesson, { startsIn: DAY })
  return { cast, lesson, sessions, foreign, leaverCookie: await cookieFor(context.db, leaver) }
}

const join = (lessonId: number, sessionId: number, cookie: string | null) =>
  context.call(sessions.joinSession, { params: { id: lessonId, sessionId }, cookie })

const ics = (lessonId: number, sessionId: number, cookie: string | null) =>
  context.call(sessions.sessionIcs, { params: { id: lessonId, sessionId }, cookie })

/** The iCalendar content lines (folded lines joined again) as [name, value] pairs. */
const contentLines = (text: string) =>
  text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => {
      const colon = line.indexOf(':')
      return [line.slice(0, colon).split(';')[0], line.slice(colon + 1)] as const
    })

const propertyOf = (text: string, name: string) =>
  contentLines(text)
    .filter(([key]) => key === name)
    .map(([, value]) => value)

describe('GET /lessons/:id/sessions/:sessionId/join', () => {
  it('gives an enrolled student the link from 4:59 before start until the end', async () => {
    const s = await scenario()
    for (const session of [s.sessions.inWindow, s.sessions.live]) {
      const response = await join(s.lesson.id, session.id, s.cast.student.cookie)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ url: MEETING })
      expect(Value.Check(joinSession.response[200], response.json())).toBe(true)
    }
  })

  it('refuses an enrolled student at 5:01 before start and after the end', async () => {
    const s = await scenario()
    for (const session of [s.sessions.beforeWindow, s.sessions.ended]) {
      const response = await join(s.lesson.id, session.id, s.cast.student.cookie)
      expect(response.json()).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: OUTSIDE_WINDOW,
        code: 'sessions.outsideJoinWindow',
        requestId: expect.any(String) as string,
      })
    }
  })

  it('opens at exactly 5:00 before start, stays open at the start, and closes at the end', async () => {
    const s = await scenario()
    const { beforeWindow: session } = s.sessions
    const start = session.startTime.getTime()
    const end = session.endTime.getTime()
    const statusAt = async (instant: number) => {
      vi.setSystemTime(instant)
      return (await join(s.lesson.id, session.id, s.cast.student.cookie)).statusCode
    }
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      expect(await statusAt(start - 5 * MINUTE - 1)).toBe(403)
      expect(await statusAt(start - 5 * MINUTE)).toBe(200)
      expect(await statusAt(start)).toBe(200)
      expect(await statusAt(end - 1)).toBe(200)
      expect(await statusAt(end)).toBe(403)
    } finally {
      vi.useRealTimers()
    }
  })

  it('gives the owner the link at any time, even after the end', async () => {
    const s = await scenario()
    for (const session of Object.values(s.sessions)) {
      const response = await join(s.lesson.id, session.id, s.cast.owner.cookie)
      expect(response.json()).toEqual({ url: MEETING })
    }
  })

  it.each([
    ['guest', 401, (s: Scenario) => s.cast.guest.cookie],
    ['student without a seat', 403, (s: Scenario) => s.leaverCookie],
    ['unverified educator', 403, (s: Scenario) => s.cast.unverifiedEducator.cookie],
    ['another educator', 403, (s: Scenario) => s.cast.anotherEducator.cookie],
    ['admin', 403, (s: Scenario) => s.cast.admin.cookie],
  ] as const)('refuses a %s (%i) during the live session', async (_, status, cookieOf) => {
    const s = await scenario()
    const response = await join(s.lesson.id, s.sessions.live.id, cookieOf(s))
    expect(response.statusCode).toBe(status)
    if (status === 403) {
      expect(response.json()).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: NOT_ENROLLED,
        code: 'sessions.notEnrolled',
        requestId: expect.any(String) as string,
      })
    }
  })

  it('answers 404 for an unknown lesson, an unknown session and a session of another lesson', async () => {
    const s = await scenario()
    const cases = [
      [s.lesson.id + 1000, s.sessions.live.id, 'Lesson'],
      [s.lesson.id, s.foreign.id + 1000, 'Session'],
      [s.lesson.id, s.foreign.id, 'Session'],
    ] as const
    for (const [lessonId, sessionId, what] of cases) {
      const response = await join(lessonId, sessionId, s.cast.owner.cookie)
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: `${what} not found`,
        code: 'http.notFound',
        params: { what },
        requestId: expect.any(String) as string,
      })
    }
    expect((await join(s.lesson.id, 0, s.cast.owner.cookie)).statusCode).toBe(400)
  })
})

type Scenario = Awaited<ReturnType<typeof scenario>>

describe('GET /lessons/:id/sessions/:sessionId/ics', () => {
  it('sends one event as an iCalendar attachment', async () => {
    const s = await scenario()
    const session = s.sessions.beforeWindow
    const response = await ics(s.lesson.id, session.id, s.cast.student.cookie)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8')
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="session-${session.id}.ics"`,
    )
    const lines = contentLines(response.body)
    expect(lines[0]).toEqual(['BEGIN', 'VCALENDAR'])
    expect(lines.at(-1)).toEqual(['END', 'VCALENDAR'])
    expect(propertyOf(response.body, 'BEGIN')).toEqual(['VCALENDAR', 'VEVENT'])
    expect(propertyOf(response.body, 'SUMMARY')).toEqual(['Kanji\\, Kana\\; and more'])
    expect(propertyOf(response.body, 'DTSTART')).toEqual([icsInstant(session.startTime)])
    expect(propertyOf(response.body, 'DTEND')).toEqual([icsInstant(session.endTime)])
    expect(propertyOf(response.body, 'DESCRIPTION')).toEqual([
      'Reading practice\\nwith a native speaker.\\n\\n' +
        'The join link appears on the lesson page from 5 minutes before the start.\\n' +
        `Lesson page: ${APP_ORIGIN}/lesson/${s.lesson.id}`,
    ])
    expect(propertyOf(response.body, 'UID')).toEqual([`session-${session.id}@localhost:3000`])
    expect(propertyOf(response.body, 'PRODID')).toEqual(['-//Manabi//Manabi//EN'])
  })

  it("is written in the viewer's language", async () => {
    const s = await scenario()
    await context.db
      .update(users)
      .set({ language: 'jp-JP' })
      .where(eq(users.id, userOf(s.cast.student).id))
    const response = await ics(s.lesson.id, s.sessions.beforeWindow.id, s.cast.student.cookie)
    expect(response.statusCode).toBe(200)
    expect(propertyOf(response.body, 'PRODID')).toEqual(['-//Manabi//Manabi//JA'])
    // The lesson's own title and about, as its educator wrote them; the rest in Japanese.
    expect(propertyOf(response.body, 'SUMMARY')).toEqual(['Kanji\\, Kana\\; and more'])
    expect(propertyOf(response.body, 'DESCRIPTION')).toEqual([
      'Reading practice\\nwith a native speaker.\\n\\n' +
        '参加リンクは開始5分前からレッスンページに表示されます。\\n' +
        `レッスンページ: ${APP_ORIGIN}/lesson/${s.lesson.id}`,
    ])
    // The owner, who may join at any time, reads the meeting link itself.
    const owner = await ics(s.lesson.id, s.sessions.beforeWindow.id, s.cast.owner.cookie)
    expect(propertyOf(owner.body, 'PRODID')).toEqual(['-//Manabi//Manabi//EN'])
    expect(propertyOf(owner.body, 'DESCRIPTION')).toEqual([
      'Reading practice\\nwith a native speaker.\\n\\n' +
        `Join the session: ${MEETING}\\n` +
        `Lesson page: ${APP_ORIGIN}/lesson/${s.lesson.id}`,
    ])
  })

  it('carries the meeting link only for those who may join now', async () => {
    const s = await scenario()
    const linkFor = async (sessionId: number, cookie: string | null) => {
      const response = await ics(s.lesson.id, sessionId, cookie)
      expect(response.statusCode).toBe(200)
      return {
        url: propertyOf(response.body, 'URL'),
        location: propertyOf(response.body, 'LOCATION'),
      }
    }
    const withLink = { url: [MEETING], location: [MEETING] }
    const withoutLink = { url: [], location: [] }
    expect(await linkFor(s.sessions.inWindow.id, s.cast.student.cookie)).toEqual(withLink)
    expect(await linkFor(s.sessions.beforeWindow.id, s.cast.student.cookie)).toEqual(withoutLink)
    expect(await linkFor(s.sessions.beforeWindow.id, s.cast.owner.cookie)).toEqual(withLink)
    expect(await linkFor(s.sessions.live.id, s.cast.student.cookie)).toEqual(withLink)
  })

  it.each([
    ['guest', 401, (s: Scenario) => s.cast.guest.cookie],
    ['student who gave the seat back', 403, (s: Scenario) => s.leaverCookie],
    ['unverified educator', 403, (s: Scenario) => s.cast.unverifiedEducator.cookie],
    ['another educator', 403, (s: Scenario) => s.cast.anotherEducator.cookie],
    ['admin', 403, (s: Scenario) => s.cast.admin.cookie],
    ['student holding a seat', 200, (s: Scenario) => s.cast.student.cookie],
    ['owner', 200, (s: Scenario) => s.cast.owner.cookie],
  ] as const)('answers a %s with %i', async (_, status, cookieOf) => {
    const s = await scenario()
    const response = await ics(s.lesson.id, s.sessions.live.id, cookieOf(s))
    expect(response.statusCode).toBe(status)
    if (status === 200) expect(propertyOf(response.body, 'SUMMARY')).toHaveLength(1)
    if (status === 403) {
      expect(response.json()).toMatchObject({ message: MESSAGES.sessions.calendarForbidden.text })
    }
  })

  it('answers 404 for an unknown lesson and a session of another lesson', async () => {
    const s = await scenario()
    const unknownLesson = await ics(s.lesson.id + 1000, s.sessions.live.id, s.cast.student.cookie)
    expect(unknownLesson.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Lesson not found',
      code: 'http.notFound',
      params: { what: 'Lesson' },
      requestId: expect.any(String) as string,
    })
    const foreign = await ics(s.lesson.id, s.foreign.id, s.cast.student.cookie)
    expect(foreign.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Session not found',
      code: 'http.notFound',
      params: { what: 'Session' },
      requestId: expect.any(String) as string,
    })
  })
})
