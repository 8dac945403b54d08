import { describe, expect, it } from 'vitest'
import * as guest from '@contract/descriptors/guest'
import * as lessons from '@contract/descriptors/lessons'
import * as sessions from '@contract/descriptors/sessions'
import { db, seedIds } from '@/mocks/db'
import { call } from './helpers'

/**
 * The mock catalogue keeps the server's rules (server/tests/guest.test.ts, lessons.test.ts,
 * sessions-read.test.ts): a draft (a lesson without sessions) is its owner's and the admins'
 * only, and a lesson's sessions come upcoming first, soonest first, then past, latest first.
 */

const { educator, educator2, student, admin } = seedIds
const draft = seedIds.lessonWithoutSessions
const HOUR = 3_600_000
const DAY = 24 * HOUR
const NOT_FOUND = { statusCode: 404, error: 'Not Found', message: 'Lesson not found' }

const addSession = (lessonId: number, startsIn: number, lasts = HOUR) => {
  const id = Math.max(...db.sessions.map((row) => row.id)) + 1
  db.sessions.push({
    id,
    lessonId,
    start_time: new Date(Date.now() + startsIn).toISOString(),
    end_time: new Date(Date.now() + startsIn + lasts).toISOString(),
    timezone: 'Asia/Tokyo',
    url: 'https://zoom.us/j/1234567890',
  })
  return id
}

describe('a draft lesson in the mock catalogue (§4)', () => {
  it('is not found by guests, even on the guest calls of its owner', async () => {
    for (const as of [null, educator, admin]) {
      const lesson = await call(guest.guestLesson, { as, params: { id: draft } })
      expect(lesson.status).toBe(404)
      expect(lesson.body).toEqual(NOT_FOUND)
      const list = await call(guest.guestSessions, { as, params: { id: draft } })
      expect(list.status).toBe(404)
      expect(list.body).toEqual(NOT_FOUND)
    }
  })

  it('is its owner’s and the admins’ only on the signed-in calls', async () => {
    for (const [as, status] of [
      [student, 404],
      [educator2, 404],
      [educator, 200],
      [admin, 200],
    ] as const) {
      const lesson = await call(lessons.getLesson, { as, params: { id: draft } })
      expect(lesson.status).toBe(status)
      const list = await call(sessions.listSessions, { as, params: { id: draft } })
      expect(list.status).toBe(status)
      if (status === 404) {
        expect(lesson.body).toEqual(NOT_FOUND)
        expect(list.body).toEqual(NOT_FOUND)
      }
    }
  })

  it('is seen by everyone from its first session on, past or not', async () => {
    addSession(draft, -2 * DAY)
    expect((await call(guest.guestLesson, { as: null, params: { id: draft } })).status).toBe(200)
    expect((await call(lessons.getLesson, { as: student, params: { id: draft } })).status).toBe(200)
  })
})

describe("a lesson's sessions in the mock catalogue", () => {
  it('come upcoming first, soonest first (a live one leads), then past, latest first', async () => {
    const lessonId = draft
    const longAgo = addSession(lessonId, -30 * DAY)
    const later = addSession(lessonId, 20 * DAY)
    const live = addSession(lessonId, -HOUR / 2)
    const yesterday = addSession(lessonId, -DAY)
    const sooner = addSession(lessonId, 10 * DAY)
    const expected = [live, sooner, later, yesterday, longAgo]
    const asGuest = await call(guest.guestSessions, { as: null, params: { id: lessonId } })
    expect(asGuest.body.data.map((session) => session.id)).toEqual(expected)
    const asOwner = await call(sessions.listSessions, { as: educator, params: { id: lessonId } })
    expect(asOwner.body.data.map((session) => session.id)).toEqual(expected)
    const page = await call(sessions.listSessions, {
      as: student,
      params: { id: lessonId },
      query: { take: 2, page: 2 },
    })
    expect(page.body.data.map((session) => session.id)).toEqual([later, yesterday])
  })
})
