import { asc, eq } from 'drizzle-orm'
import Value from 'typebox/value'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Session } from '../../contract/entities.ts'
import * as sessions from '../../contract/descriptors/sessions.ts'
import { SessionConflictBody, type SessionWriteBody } from '../../contract/endpoints/sessions.ts'
import { MESSAGES, messageFields } from '../../contract/messages.ts'
import { lessonSessions, outbox, users, videoLicences } from '../src/db/schema.ts'
import { sessionWhen } from '../src/mail/format.ts'
import { insertPlace } from '../src/repositories/waitlist.ts'
import {
  type Cast,
  type CastMember,
  createCast,
  createLesson,
  createSession,
  DAY,
  enroll,
  HOUR,
  MINUTE,
  userOf,
} from './catalogue-fixtures.ts'
import { bodyOf, createUser, errorOf, setupTestApp } from './helpers.ts'

const context = setupTestApp()

afterEach(() => {
  vi.useRealTimers()
})

/** The yyyy-MM-dd (UTC) `days` days from now. */
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10)

/** A session form in UTC, `days` days from now. */
const slot = (
  days: number,
  startHour: string,
  endHour: string,
  extra: Partial<SessionWriteBody> = {},
): SessionWriteBody => ({
  date: dayFromNow(days),
  startHour,
  endHour,
  timezone: 'UTC',
  url: 'https://zoom.us/j/5551234',
  ...extra,
})

const giveLicence = async (user: { id: number }) => {
  const [licence] = await context.db
    .insert(videoLicences)
    .values({ provider: 'zoom', accountEmail: `licence-${user.id}@pool.example` })
    .returning()
  await context.db.update(users).set({ videoLicenceId: licence!.id }).where(eq(users.id, user.id))
}

/** The cast, its owner holding a video licence, and a lesson of the owner. */
const scene = async () => {
  const cast = await createCast(context.db)
  const owner = userOf(cast.owner)
  await giveLicence(owner)
  const lesson = await createLesson(context.db, owner)
  return { cast, owner, lesson, cookie: cast.owner.cookie }
}

const sessionRow = async (id: number) => {
  const [row] = await context.db.select().from(lessonSessions).where(eq(lessonSessions.id, id))
  return row
}

describe('POST /lessons/:id/sessions', () => {
  it('schedules a session in the educator’s time zone and answers it as its owner sees it', async () => {
    const { lesson, owner, cookie } = await scene()
    const response = await context.call(sessions.createSession, {
      params: { id: lesson.id },
      cookie,
      body: slot(30, '10:00', '11:30', {
        timezone: 'Asia/Tokyo',
        url: '  https://meet.google.com/abc-defg-hij ',
      }),
    })
    expect(response.statusCode).toBe(201)
    const body = bodyOf(response)
    expect(Value.Check(Session, body)).toBe(true)
    expect(body).toMatchObject({
      lessonId: lesson.id,
      start_time: `${dayFromNow(30)}T01:00:00.000Z`,
      end_time: `${dayFromNow(30)}T02:30:00.000Z`,
      timezone: 'Asia/Tokyo',
      url: 'https://meet.google.com/abc-defg-hij',
      enrolledCount: 0,
      availableSlots: lesson.maxSlots,
      type: 'open',
    })
    expect(await sessionRow(body.id)).toMatchObject({ ownerId: owner.id, lessonId: lesson.id })
  })

  it('stores the zone as the engine spells it, however it was typed', async () => {
    const { lesson, cookie } = await scene()
    const response = await context.call(sessions.createSession, {
      params: { id: lesson.id },
      cookie,
      body: slot(30, '10:00', '11:00', { timezone: 'asia/tokyo' }),
    })
    expect(response.statusCode).toBe(201)
    const body = bodyOf(response)
    expect(body).toMatchObject({
      timezone: 'Asia/Tokyo',
      start_time: `${dayFromNow(30)}T01:00:00.000Z`,
    })
    expect(await sessionRow(body.id)).toMatchObject({ timezone: 'Asia/Tokyo' })
    const moved = await context.call(sessions.updateSession, {
      params: { id: lesson.id, sessionId: body.id },
      cookie,
      body: slot(31, '10:00', '11:00', { timezone: 'US/Pacific' }),
    })
    expect(moved.statusCode).toBe(200)
    expect(await sessionRow(body.id)).toMatchObject({ timezone: 'America/Los_Angeles' })
  })

  type Who = Exclude<keyof Cast, 'owner'>
  it.each<[Who, number, string]>([
    ['guest', 401, MESSAGES.http.unauthorized.text],
    ['student', 403, MESSAGES.http.forbidden.text],
    ['admin', 403, MESSAGES.http.forbidden.text],
    ['anotherEducator', 403, MESSAGES.lessons.notOwner.text],
    // Awaiting approval is refused with the route's declared access, before the lesson is read.
    ['unverifiedEducator', 403, MESSAGES.accounts.notApproved.text],
  ])('refuses %s with %i', async (who, status, message) => {
    const { cast, lesson } = await scene()
    const member: CastMember = cast[who]
    if (member.user) await giveLicence(member.user)
    const response = await context.call(sessions.createSession, {
      params: { id: lesson.id },
      cookie: member.cookie,
      body: slot(30, '10:00', '11:00'),
    })
    expect(response.statusCode).toBe(status)
    expect(errorOf(response).message).toBe(message)
    expect(await context.db.select().from(lessonSessions)).toEqual([])
  })

  it('refuses an owner awaiting approval before looking at the licence or the body', async () => {
    const { lesson, owner, cookie } = await scene()
    await context.db
      .update(users)
      .set({ approvedAt: null, videoLicenceId: null })
      .where(eq(users.id, owner.id))
    const response = await context.call(sessions.createSession, {
      params: { id: lesson.id },
      cookie,
      body: slot(30, '11:00', '10:00'),
    })
    expect(response.statusCode).toBe(403)
    expect(errorOf(response).message).toBe(MESSAGES.accounts.notApproved.text)
  })

  it('refuses an owner without a video licence before looking at the body', async () => {
    const { lesson, owner, cookie } = await scene()
    await context.db.update(users).set({ videoLicenceId: null }).where(eq(users.id, owner.id))
    const response = await context.call(sessions.createSession, {
      params: { id: lesson.id },
      cookie,
      body: slot(30, '11:00', '10:00'),
    })
    expect(response.statusCode).toBe(403)
    expect(errorOf(response).message).toBe(MESSAGES.sessions.noVideoLicence.text)
  })

  it('answers 404 for an unknown lesson and 400 for an id past the integer range', async () => {
    const { cookie } = await scene()
    const unknown = await context.call(sessions.createSession, {
      params: { id: 999999 },
      cookie,
      body: slot(30, '10:00', '11:00'),
    })
    expect(unknown.statusCode).toBe(404)
    expect(errorOf(unknown).message).toBe('Lesson not found')

    for (const id of [2 ** 31, 0, 'abc']) {
      const bad = await context.call(sessions.createSession, {
        params: { id },
        cookie,
        body: slot(30, '10:00', '11:00'),
      })
      expect(bad.statusCode, `id ${id}`).toBe(400)
    }
    const largest = await context.call(sessions.createSession, {
      params: { id: 2 ** 31 - 1 },
      cookie,
      body: slot(30, '10:00', '11:00'),
    })
    expect(largest.statusCode).toBe(404)
  })

  it.each([
    ['https://zoom.us.evil.example/j/1'],
    ['https://evil.example/?next=https://zoom.us/j/1'],
    ['https://evil.example/zoom.us/j/1'],
    ['javascript:alert(1)//zoom.us'],
    ['http://'],
  ])('refuses the meeting link %s with 400', async (url) => {
    const { lesson, cookie } = await scene()
    const response = await context.call(sessions.createSession, {
      params: { id: lesson.id },
      cookie,
      body: slot(30, '10:00', '11:00', { url }),
    })
    expect(response.statusCode).toBe(400)
    expect(errorOf(response).message).toEqual([MESSAGES.sessions.unsupportedMeetingLink.text])
  })

  it('answers every problem of the zone and link at once, then the order of the times', async () => {
    const { lesson, cookie } = await scene()
    const both = await context.call(sessions.createSession, {
      params: { id: lesson.id },
      cookie,
      body: slot(30, '10:00', '11:00', { timezone: 'Mars/Base', url: 'https://example.com/m' }),
    })
    expect(both.statusCode).toBe(400)
    expect(errorOf(both).message).toEqual([
      MESSAGES.sessions.unknownTimeZone.text,
      MESSAGES.sessions.unsupportedMeetingLink.text,
    ])
    for (const [start, end] of [
      ['11:00', '10:00'],
      ['10:00', '10:00'],
    ] as const) {
      const response = await context.call(sessions.createSession, {
        params: { id: lesson.id },
        cookie,
        body: slot(30, start, end),
      })
      expect(response.statusCode, `${start}-${end}`).toBe(400)
      expect(errorOf(response).message).toEqual([MESSAGES.sessions.endBeforeStart.text])
    }
    expect(await context.db.select().from(lessonSessions)).toEqual([])
  })

  it('refuses a day the calendar does not have (31 April, month 13) instead of moving it to another', async () => {
    const { lesson, cookie } = await scene()
    const year = new Date().getUTCFullYear() + 1
    for (const date of [`${year}-04-31`, `${year}-13-01`, `${year}-02-00`]) {
      const response = await context.call(sessions.createSession, {
        params: { id: lesson.id },
        cookie,
        body: { ...slot(30, '10:00', '11:00'), date },
      })
      expect(response.statusCode, date).toBe(400)
      expect(errorOf(response).message).toEqual([MESSAGES.sessions.invalidDate.text])
    }
    expect(await context.db.select().from(lessonSessions)).toEqual([])
  })

  it('refuses a session starting in the past or right now, not one a minute ahead', async () => {
    const { lesson, cookie } = await scene()
    const create = (body: SessionWriteBody) =>
      context.call(sessions.createSession, { params: { id: lesson.id }, cookie, body })
    const yesterday = await create(slot(-1, '10:00', '11:00'))
    expect(yesterday.statusCode).toBe(400)
    expect(errorOf(yesterday).message).toEqual([MESSAGES.sessions.startInPast.text])

    // A whole hour ahead, so the form's date and hours name it exactly.
    const at = new Date(Math.ceil(Date.now() / HOUR) * HOUR + HOUR)
    const wall = (instant: number) => {
      const iso = new Date(instant).toISOString()
      return { date: iso.slice(0, 10), hour: iso.slice(11, 16) }
    }
    const form = (start: number, end: number, timezone = 'UTC') => ({
      ...slot(0, wall(start).hour, wall(end).hour, { timezone }),
      date: wall(start).date,
    })
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(at)
    const now = await create(form(at.getTime(), at.getTime() + 30 * MINUTE))
    expect(now.statusCode).toBe(400)
    expect(errorOf(now).message).toEqual([MESSAGES.sessions.startInPast.text])
    // Tokyo is 9 hours ahead of UTC (no daylight saving): 45 minutes ago there has passed.
    const tokyo = at.getTime() + 9 * HOUR
    const earlierInTokyo = await create(
      form(tokyo - 45 * MINUTE, tokyo - 15 * MINUTE, 'Asia/Tokyo'),
    )
    expect(earlierInTokyo.statusCode).toBe(400)
    expect(errorOf(earlierInTokyo).message).toEqual([MESSAGES.sessions.startInPast.text])
    expect(await context.db.select().from(lessonSessions)).toEqual([])

    const ahead = await create(form(at.getTime() + MINUTE, at.getTime() + 30 * MINUTE))
    expect(ahead.statusCode).toBe(201)
  })

  it('refuses a session overlapping another of the educator’s sessions; touching is fine', async () => {
    const { lesson, owner, cookie } = await scene()
    const create = (body: SessionWriteBody, lessonId = lesson.id) =>
      context.call(sessions.createSession, { params: { id: lessonId }, cookie, body })
    expect((await create(slot(30, '10:00', '11:00'))).statusCode).toBe(201)

    const overlapping = await create(slot(30, '10:30', '11:30'))
    expect(overlapping.statusCode).toBe(409)
    expect(errorOf(overlapping).message).toBe(MESSAGES.sessions.overlap.text)
    // The same educator's other lesson is no way round it.
    const otherLesson = await createLesson(context.db, owner)
    expect((await create(slot(30, '09:30', '10:01'), otherLesson.id)).statusCode).toBe(409)

    expect((await create(slot(30, '11:00', '12:00'))).statusCode).toBe(201)
    expect((await create(slot(30, '09:00', '10:00'), otherLesson.id)).statusCode).toBe(201)
  })

  it('lets two educators teach at the same hour', async () => {
    const { cast, lesson, cookie } = await scene()
    const other = userOf(cast.anotherEducator)
    await giveLicence(other)
    const otherLesson = await createLesson(context.db, other)
    const body = slot(30, '10:00', '11:00')
    const mine = await context.call(sessions.createSession, {
      params: { id: lesson.id },
      cookie,
      body,
    })
    const theirs = await context.call(sessions.createSession, {
      params: { id: otherLesson.id },
      cookie: cast.anotherEducator.cookie,
      body,
    })
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201])
  })

  it('of five racing overlapping requests, exactly one is created and the others answer 409', async () => {
    const { lesson, cookie } = await scene()
    const responses = await Promise.all(
      ['10:00', '10:10', '10:20', '10:30', '10:40'].map((start) =>
        context.call(sessions.createSession, {
          params: { id: lesson.id },
          cookie,
          body: slot(30, start, '11:30'),
        }),
      ),
    )
    const statuses = responses.map((response) => response.statusCode).sort()
    expect(statuses).toEqual([201, 409, 409, 409, 409])
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(errorOf(response).message).toBe(MESSAGES.sessions.overlap.text)
    }
    expect(await context.db.select().from(lessonSessions)).toHaveLength(1)
  })
})

describe('PUT /lessons/:id/sessions/:sessionId', () => {
  it('moves a session that has not started', async () => {
    const { lesson, cookie } = await scene()
    const session = await createSession(context.db, lesson, { startsIn: 2 * DAY })
    const response = await context.call(sessions.updateSession, {
      params: { id: lesson.id, sessionId: session.id },
      cookie,
      body: slot(20, '07:00', '08:00', { timezone: 'Asia/Tokyo' }),
    })
    expect(response.statusCode).toBe(200)
    const body = bodyOf(response)
    expect(Value.Check(Session, body)).toBe(true)
    expect(body).toMatchObject({ id: session.id, timezone: 'Asia/Tokyo' })
    expect(Date.parse(body.start_time)).toBe(Date.parse(`${dayFromNow(20)}T07:00:00+09:00`))
    expect(Date.parse(body.end_time)).toBe(Date.parse(`${dayFromNow(20)}T08:00:00+09:00`))
  })

  it('tells each student with a seat the new time, in their language, with a calendar file that replaces the old', async () => {
    const { lesson, cookie } = await scene()
    const session = await createSession(context.db, lesson, { startsIn: 2 * DAY })
    const ana = await createUser(context.db, { role: 'student', name: 'Ana' })
    const ren = await createUser(context.db, { role: 'student', name: 'Ren', language: 'jp-JP' })
    await enroll(context.db, session, ana)
    await enroll(context.db, session, ren)
    await enroll(context.db, session, await createUser(context.db, { role: 'student' }), {
      cancelled: true,
    })
    const waiting = await createUser(context.db, { role: 'student', name: 'Mio' })
    await insertPlace(context.db, session.id, waiting.id, new Date())
    const move = (body: SessionWriteBody) =>
      context.call(sessions.updateSession, {
        params: { id: lesson.id, sessionId: session.id },
        cookie,
        body,
      })

    expect((await move(slot(20, '07:00', '08:00'))).statusCode).toBe(200)
    const sent = await context.db.select().from(outbox).orderBy(asc(outbox.id))
    expect(sent.map((mail) => mail.to)).toEqual([ana.email, ren.email, waiting.email])
    const [english, japanese, inLine] = sent
    expect(english?.text).toContain('Your seat is kept.')
    // The student in line is told too, that they still are; no calendar file (no seat).
    expect(inLine?.text).toContain('You are still in line for a seat in it')
    expect(inLine?.text).not.toContain('Your seat is kept')
    expect(inLine?.attachments).toEqual([])
    expect(english?.subject).toBe(
      `Manabi: a session of ${lesson.title} moved to ${sessionWhen('en-US', { startTime: new Date(`${dayFromNow(20)}T07:00:00Z`), endTime: new Date(`${dayFromNow(20)}T08:00:00Z`), timezone: 'UTC' })}`,
    )
    expect(english?.text).toContain(sessionWhen('en-US', session))
    expect(japanese?.subject).toContain('に変更されました')
    const calendar = english?.attachments?.[0]?.content ?? ''
    expect(calendar).toContain(`UID:session-${session.id}@`)
    expect(calendar).toContain('SEQUENCE:1')
    expect(calendar).toMatch(new RegExp(`DTSTART:${dayFromNow(20).replaceAll('-', '')}T070000Z`))
    expect(await sessionRow(session.id)).toMatchObject({ revision: 1 })

    // Saved again at the same time (a new link only): no one is told, the revision stays.
    expect(
      (await move(slot(20, '07:00', '08:00', { url: 'https://zoom.us/j/999' }))).statusCode,
    ).toBe(200)
    expect(await context.db.select().from(outbox)).toHaveLength(3)
    expect(await sessionRow(session.id)).toMatchObject({ revision: 1 })
    // A second move: the next revision.
    expect((await move(slot(21, '07:00', '08:30'))).statusCode).toBe(200)
    expect(await context.db.select().from(outbox)).toHaveLength(6)
    expect(await sessionRow(session.id)).toMatchObject({ revision: 2 })
  })

  it('refuses moving a session into the past and leaves it where it was', async () => {
    const { lesson, cookie } = await scene()
    const session = await createSession(context.db, lesson, { startsIn: 2 * DAY })
    const response = await context.call(sessions.updateSession, {
      params: { id: lesson.id, sessionId: session.id },
      cookie,
      body: slot(-2, '07:00', '08:00'),
    })
    expect(response.statusCode).toBe(400)
    expect(errorOf(response).message).toEqual([MESSAGES.sessions.startInPast.text])
    expect((await sessionRow(session.id))?.startTime).toEqual(session.startTime)
  })

  it('refuses moving a session to a day the calendar does not have and leaves it where it was', async () => {
    const { lesson, cookie } = await scene()
    const session = await createSession(context.db, lesson, { startsIn: 2 * DAY })
    const response = await context.call(sessions.updateSession, {
      params: { id: lesson.id, sessionId: session.id },
      cookie,
      body: { ...slot(20, '07:00', '08:00'), date: `${new Date().getUTCFullYear() + 1}-02-30` },
    })
    expect(response.statusCode).toBe(400)
    expect(errorOf(response).message).toEqual([MESSAGES.sessions.invalidDate.text])
    expect((await sessionRow(session.id))?.startTime).toEqual(session.startTime)
  })

  it('may keep overlapping its own old time, not another session', async () => {
    const { lesson, cookie } = await scene()
    const create = await context.call(sessions.createSession, {
      params: { id: lesson.id },
      cookie,
      body: slot(30, '10:00', '11:00'),
    })
    const first = bodyOf(create)
    await context.call(sessions.createSession, {
      params: { id: lesson.id },
      cookie,
      body: slot(30, '12:00', '13:00'),
    })
    const update = (body: SessionWriteBody) =>
      context.call(sessions.updateSession, {
        params: { id: lesson.id, sessionId: first.id },
        cookie,
        body,
      })
    expect((await update(slot(30, '10:30', '11:30'))).statusCode).toBe(200)
    const overlapping = await update(slot(30, '11:30', '12:30'))
    expect(overlapping.statusCode).toBe(409)
    expect(errorOf(overlapping).message).toBe(MESSAGES.sessions.overlap.text)
    const row = await sessionRow(first.id)
    expect(row?.startTime.toISOString()).toBe(`${dayFromNow(30)}T10:30:00.000Z`)
  })

  it('refuses at the instant the session starts, not a millisecond before', async () => {
    const { lesson, cookie } = await scene()
    const session = await createSession(context.db, lesson, { startsIn: HOUR })
    const update = () =>
      context.call(sessions.updateSession, {
        params: { id: lesson.id, sessionId: session.id },
        cookie,
        body: slot(30, '10:00', '11:00'),
      })
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(session.startTime)
    const atStart = await update()
    expect(atStart.statusCode).toBe(409)
    expect(errorOf(atStart).message).toBe(MESSAGES.sessions.startedCannotChange.text)

    vi.setSystemTime(session.startTime.getTime() - 1)
    expect((await update()).statusCode).toBe(200)
  })

  it('checks ownership, approval, licence, the session’s lesson and the body', async () => {
    const { cast, lesson, owner, cookie } = await scene()
    const session = await createSession(context.db, lesson, { startsIn: 2 * DAY })
    const otherLesson = await createLesson(context.db, owner)
    const update = (
      params: { id: number | string; sessionId: number | string },
      body: SessionWriteBody = slot(30, '10:00', '11:00'),
      as: string | null = cookie,
    ) => context.call(sessions.updateSession, { params, cookie: as, body })
    const ids = { id: lesson.id, sessionId: session.id }

    const notOwner = await update(ids, undefined, cast.anotherEducator.cookie)
    expect([notOwner.statusCode, errorOf(notOwner).message]).toEqual([
      403,
      MESSAGES.lessons.notOwner.text,
    ])
    const wrongLesson = await update({ id: otherLesson.id, sessionId: session.id })
    expect([wrongLesson.statusCode, errorOf(wrongLesson).message]).toEqual([
      404,
      'Session not found',
    ])
    expect((await update({ id: lesson.id, sessionId: 999999 })).statusCode).toBe(404)
    expect((await update({ id: lesson.id, sessionId: 2 ** 31 })).statusCode).toBe(400)
    const badUrl = await update(ids, slot(30, '10:00', '11:00', { url: 'https://evil.example' }))
    expect(errorOf(badUrl)).toMatchObject({
      statusCode: 400,
      message: [MESSAGES.sessions.unsupportedMeetingLink.text],
    })

    await context.db.update(users).set({ videoLicenceId: null }).where(eq(users.id, owner.id))
    const noLicence = await update(ids)
    expect([noLicence.statusCode, errorOf(noLicence).message]).toEqual([
      403,
      MESSAGES.sessions.noVideoLicence.text,
    ])
    await context.db.update(users).set({ approvedAt: null }).where(eq(users.id, owner.id))
    const unapproved = await update(ids)
    expect([unapproved.statusCode, errorOf(unapproved).message]).toEqual([
      403,
      MESSAGES.accounts.notApproved.text,
    ])
    expect((await sessionRow(session.id))?.startTime).toEqual(session.startTime)
  })
})

describe('DELETE /lessons/:id/sessions/:sessionId', () => {
  it('deletes a session no student holds a seat in, cancelled seats included', async () => {
    const { lesson, cookie } = await scene()
    const session = await createSession(context.db, lesson, { startsIn: 2 * DAY })
    const student = await createUser(context.db, { role: 'student' })
    await enroll(context.db, session, student, { cancelled: true })
    const response = await context.call(sessions.deleteSession, {
      params: { id: lesson.id, sessionId: session.id },
      cookie,
    })
    expect(response.statusCode).toBe(200)
    expect(bodyOf(response)).toEqual({
      ...messageFields(MESSAGES.sessions.deleted),
      enrolledCount: 0,
    })
    expect(await sessionRow(session.id)).toBeUndefined()
  })

  it('deletes a session students hold seats in, and says how many were told', async () => {
    const { lesson, cookie } = await scene()
    const session = await createSession(context.db, lesson, { startsIn: 2 * DAY })
    await enroll(context.db, session, await createUser(context.db, { role: 'student' }))
    const response = await context.call(sessions.deleteSession, {
      params: { id: lesson.id, sessionId: session.id },
      cookie,
    })
    expect(response.statusCode).toBe(200)
    expect(bodyOf(response)).toEqual({
      ...messageFields(MESSAGES.sessions.deletedWithRefunds({ count: 1 })),
      enrolledCount: 1,
    })
    expect(await sessionRow(session.id)).toBeUndefined()
  })

  it('refuses at the instant the session starts, not a millisecond before', async () => {
    const { lesson, cookie } = await scene()
    const session = await createSession(context.db, lesson, { startsIn: 10 * MINUTE })
    const remove = () =>
      context.call(sessions.deleteSession, {
        params: { id: lesson.id, sessionId: session.id },
        cookie,
      })
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(session.startTime)
    const atStart = await remove()
    expect(atStart.statusCode).toBe(409)
    expect(errorOf(atStart).message).toBe(MESSAGES.sessions.startedCannotDelete.text)
    vi.setSystemTime(session.startTime.getTime() - 1)
    expect((await remove()).statusCode).toBe(200)
  })

  it('needs no licence but the owner, approved, and a session of that lesson', async () => {
    const { cast, lesson, owner, cookie } = await scene()
    const session = await createSession(context.db, lesson, { startsIn: 2 * DAY })
    const otherLesson = await createLesson(context.db, owner)
    const remove = (params: { id: number | string; sessionId: number | string }, as = cookie) =>
      context.call(sessions.deleteSession, { params, cookie: as })
    const ids = { id: lesson.id, sessionId: session.id }

    expect((await remove(ids, cast.guest.cookie)).statusCode).toBe(401)
    expect((await remove(ids, cast.student.cookie)).statusCode).toBe(403)
    expect(errorOf(await remove(ids, cast.anotherEducator.cookie)).message).toBe(
      MESSAGES.lessons.notOwner.text,
    )
    expect(errorOf(await remove({ id: otherLesson.id, sessionId: session.id })).message).toBe(
      'Session not found',
    )
    expect(errorOf(await remove({ id: 999999, sessionId: session.id })).message).toBe(
      'Lesson not found',
    )
    expect((await remove({ id: lesson.id, sessionId: 2 ** 31 })).statusCode).toBe(400)

    await context.db.update(users).set({ approvedAt: null }).where(eq(users.id, owner.id))
    expect(errorOf(await remove(ids)).message).toBe(MESSAGES.accounts.notApproved.text)
    await context.db
      .update(users)
      .set({ approvedAt: new Date(), videoLicenceId: null })
      .where(eq(users.id, owner.id))
    expect((await remove(ids)).statusCode).toBe(200)
  })
})

describe('what a session write says beyond the spec’s sentence (issue 27)', () => {
  it('names the session an overlap clashes with: the earliest, of any of the educator’s lessons', async () => {
    const { lesson, owner, cookie } = await scene()
    const other = await createLesson(context.db, owner, { title: 'Kanji for beginners' })
    const create = (body: SessionWriteBody, lessonId: number) =>
      context.call(sessions.createSession, { params: { id: lessonId }, cookie, body })
    const first = bodyOf(await create(slot(30, '10:00', '11:00'), other.id))
    bodyOf(await create(slot(30, '11:00', '12:00'), lesson.id))

    const response = await create(slot(30, '10:30', '11:30'), lesson.id)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: MESSAGES.sessions.overlap.text,
      code: 'sessions.overlap',
      overlap: {
        lessonId: other.id,
        lessonTitle: 'Kanji for beginners',
        sessionId: first.id,
        start_time: `${dayFromNow(30)}T10:00:00.000Z`,
        end_time: `${dayFromNow(30)}T11:00:00.000Z`,
      },
      requestId: expect.any(String) as string,
    })
    expect(Value.Check(SessionConflictBody, response.json())).toBe(true)
  })

  it('names the other session when a move overlaps, never the moved one itself', async () => {
    const { lesson, cookie } = await scene()
    const create = (body: SessionWriteBody) =>
      context.call(sessions.createSession, { params: { id: lesson.id }, cookie, body })
    const moved = bodyOf(await create(slot(30, '10:00', '11:00')))
    const fixed = bodyOf(await create(slot(30, '12:00', '13:00')))
    const response = await context.call(sessions.updateSession, {
      params: { id: lesson.id, sessionId: moved.id },
      cookie,
      body: slot(30, '10:30', '12:30'),
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({
      message: MESSAGES.sessions.overlap.text,
      overlap: { sessionId: fixed.id, lessonId: lesson.id, lessonTitle: lesson.title },
    })
  })

  it('says nothing more for a 409 that is no overlap', async () => {
    const { lesson, cookie } = await scene()
    const session = await createSession(context.db, lesson, { startsIn: 10 * MINUTE })
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(session.startTime)
    const response = await context.call(sessions.updateSession, {
      params: { id: lesson.id, sessionId: session.id },
      cookie,
      body: slot(30, '10:00', '11:00'),
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: MESSAGES.sessions.startedCannotChange.text,
      code: 'sessions.startedCannotChange',
      requestId: expect.any(String) as string,
    })
  })

  it.each([
    ['zoom.us/j/5551234', 'https://zoom.us/j/5551234'],
    ['  us02web.zoom.us/j/5551234?pwd=abc  ', 'https://us02web.zoom.us/j/5551234?pwd=abc'],
    ['meet.google.com/abc-defg-hij', 'https://meet.google.com/abc-defg-hij'],
  ])('takes the meeting link %j without a scheme and stores it as %j (§5)', async (url, stored) => {
    const { lesson, cookie } = await scene()
    const response = await context.call(sessions.createSession, {
      params: { id: lesson.id },
      cookie,
      body: slot(30, '10:00', '11:00', { url }),
    })
    expect(response.statusCode).toBe(201)
    const body = bodyOf(response)
    expect(body.url).toBe(stored)
    expect((await sessionRow(body.id))?.url).toBe(stored)

    const moved = await context.call(sessions.updateSession, {
      params: { id: lesson.id, sessionId: body.id },
      cookie,
      body: slot(31, '10:00', '11:00', { url }),
    })
    expect(bodyOf(moved).url).toBe(stored)
    expect((await sessionRow(body.id))?.url).toBe(stored)
  })

  it.each([
    'zoom.us.evil.example/j/1',
    'evil.example/?u=zoom.us/j/1',
    'evil.example/zoom.us/j/1',
    'zoom.us@evil.example/j/1',
    'javascript:zoom.us/j/1',
    'JavaScript://zoom.us/j/1',
    'ftp://zoom.us/j/1',
    '//zoom.us/j/1',
    '///zoom.us/j/1',
    'zoom.us/j/5 55',
    'zoom.us /j/555',
    'zoom.us/j/5\t55',
    'http://',
    'http://zoom.us/j/1',
    'zoom.us',
    'meet.google.com/abc-defg-hij.evil.example',
  ])('still refuses the meeting link %j', async (url) => {
    const { lesson, cookie } = await scene()
    const response = await context.call(sessions.createSession, {
      params: { id: lesson.id },
      cookie,
      body: slot(30, '10:00', '11:00', { url }),
    })
    expect(response.statusCode).toBe(400)
    expect(errorOf(response).message).toEqual([MESSAGES.sessions.unsupportedMeetingLink.text])
  })

  it('answers how many students held seats, in a grammatical sentence for one and for two', async () => {
    const { lesson, cookie } = await scene()
    const remove = (session: { id: number }) =>
      context.call(sessions.deleteSession, {
        params: { id: lesson.id, sessionId: session.id },
        cookie,
      })
    const none = await createSession(context.db, lesson, { startsIn: 2 * DAY })
    expect(bodyOf(await remove(none))).toEqual({
      message: 'Session deleted',
      code: 'sessions.deleted',
      enrolledCount: 0,
    })
    const one = await createSession(context.db, lesson, { startsIn: 3 * DAY })
    await enroll(context.db, one, await createUser(context.db, { role: 'student' }))
    expect(bodyOf(await remove(one))).toEqual({
      message: 'Session deleted; 1 enrolled student notified, every paid seat refunded in full',
      code: 'sessions.deletedWithRefunds',
      params: { count: 1 },
      enrolledCount: 1,
    })
    const two = await createSession(context.db, lesson, { startsIn: 4 * DAY })
    await enroll(context.db, two, await createUser(context.db, { role: 'student' }))
    await enroll(context.db, two, await createUser(context.db, { role: 'student' }))
    expect(bodyOf(await remove(two))).toEqual({
      message: 'Session deleted; 2 enrolled students notified, every paid seat refunded in full',
      code: 'sessions.deletedWithRefunds',
      params: { count: 2 },
      enrolledCount: 2,
    })
  })
})
