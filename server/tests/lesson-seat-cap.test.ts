import { and, count, eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as lessons from '../../contract/descriptors/lessons.ts'
import * as sessions from '../../contract/descriptors/sessions.ts'
import { MESSAGES } from '../../contract/messages.ts'
import { enrollments, lessons as lessonRows } from '../src/db/schema.ts'
import {
  createCast,
  createCategory,
  createSession,
  DAY,
  enroll,
  HOUR,
  multipartFile,
  PNG_BYTES,
  userOf,
} from './catalogue-fixtures.ts'
import { bodyOf, createUser, errorOf, setupTestApp } from './helpers.ts'
import { createStudents } from './payment-fixtures.ts'

/**
 * An educator cannot lower a lesson's maximum seats below the seats students already hold in a
 * session that has not ended: the session would be overbooked. Lowering it while students race
 * for the seats never seats more than the maximum that results.
 */
const context = setupTestApp()

/** A free lesson of the cast's owner with a cover, made through the API, and the body that saved it. */
const freeLesson = async () => {
  const cast = await createCast(context.db)
  const category = await createCategory(context.db)
  const upload = multipartFile('image', 'cover.png', PNG_BYTES, 'image/png')
  const imageId = bodyOf(
    await context.call(lessons.uploadLessonImage, {
      cookie: cast.owner.cookie,
      body: upload.body,
      headers: upload.headers,
    }),
  ).id
  const body = {
    title: 'Reading circle',
    categoryId: category.id,
    price_in_cents: 0,
    min_slots: 1,
    max_slots: 3,
    about: 'Short stories',
    details: 'One a week',
    imageId,
  }
  const lesson = bodyOf(
    await context.call(lessons.createLesson, { cookie: cast.owner.cookie, body }),
  )
  return { cast, body, lesson: { id: lesson.id, ownerId: userOf(cast.owner).id } }
}

const maxSlotsOf = async (lessonId: number) =>
  (await context.db.select().from(lessonRows).where(eq(lessonRows.id, lessonId)))[0]?.maxSlots

const seatedIn = async (sessionId: number) =>
  (
    await context.db
      .select({ n: count() })
      .from(enrollments)
      .where(and(eq(enrollments.sessionId, sessionId), isNull(enrollments.cancelledAt)))
  )[0]?.n ?? 0

describe('PUT /lessons/:id: the maximum seats and the seats taken', () => {
  it('refuses a maximum below the seats taken in a session ahead, takes one equal to them', async () => {
    const { cast, body, lesson } = await freeLesson()
    const session = await createSession(context.db, lesson, { startsIn: DAY })
    for (let index = 0; index < 2; index += 1) {
      await enroll(context.db, session, await createUser(context.db, { role: 'student' }))
    }
    const put = (max_slots: number) =>
      context.call(lessons.updateLesson, {
        params: { id: lesson.id },
        cookie: cast.owner.cookie,
        body: { ...body, max_slots },
      })
    const refused = await put(1)
    expect(refused.statusCode).toBe(409)
    expect(errorOf(refused).message).toBe(MESSAGES.lessons.maxBelowSeatsTaken({ count: 2 }).text)
    expect(await maxSlotsOf(lesson.id)).toBe(3)
    const taken = await put(2)
    expect(taken.statusCode).toBe(200)
    expect(bodyOf(taken).max_slots).toBe(2)
  })

  it('counts neither a session that has ended nor a seat given back', async () => {
    const { cast, body, lesson } = await freeLesson()
    const ended = await createSession(context.db, lesson, { startsIn: -3 * HOUR, lasts: HOUR })
    const ahead = await createSession(context.db, lesson, { startsIn: DAY })
    for (let index = 0; index < 3; index += 1) {
      await enroll(context.db, ended, await createUser(context.db, { role: 'student' }))
    }
    const student = await createUser(context.db, { role: 'student' })
    await enroll(context.db, ahead, student, { cancelled: true })
    await enroll(context.db, ahead, await createUser(context.db, { role: 'student' }))
    const response = await context.call(lessons.updateLesson, {
      params: { id: lesson.id },
      cookie: cast.owner.cookie,
      body: { ...body, max_slots: 1 },
    })
    expect(response.statusCode).toBe(200)
    expect(await maxSlotsOf(lesson.id)).toBe(1)
  })

  it('never seats more students than the maximum a concurrent change leaves', async () => {
    const { cast, body, lesson } = await freeLesson()
    const racers = await createStudents(context.db, 3 * 2)
    for (let round = 0; round < 3; round += 1) {
      await context.call(lessons.updateLesson, {
        params: { id: lesson.id },
        cookie: cast.owner.cookie,
        body: { ...body, max_slots: 3 },
      })
      const session = await createSession(context.db, lesson, { startsIn: (round + 2) * DAY })
      await enroll(context.db, session, await createUser(context.db, { role: 'student' }))
      const [lowered, ...seats] = await Promise.all([
        context.call(lessons.updateLesson, {
          params: { id: lesson.id },
          cookie: cast.owner.cookie,
          body: { ...body, max_slots: 2 },
        }),
        ...racers.slice(round * 2, round * 2 + 2).map((racer) =>
          context.call(sessions.enroll, {
            params: { id: lesson.id, sessionId: session.id },
            cookie: racer.cookie,
          }),
        ),
      ])
      expect([200, 409]).toContain(lowered.statusCode)
      for (const seat of seats) expect([201, 409]).toContain(seat.statusCode)
      const max = (await maxSlotsOf(lesson.id)) ?? 0
      expect(await seatedIn(session.id)).toBeLessThanOrEqual(max)
      expect(max).toBe(lowered.statusCode === 200 ? 2 : 3)
    }
  })
})
