import { eq } from 'drizzle-orm'
import Value from 'typebox/value'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as guest from '../../contract/descriptors/guest.ts'
import * as lessonCalls from '../../contract/descriptors/lessons.ts'
import * as reviewCalls from '../../contract/descriptors/reviews.ts'
import * as user from '../../contract/descriptors/user.ts'
import { createReview } from '../../contract/endpoints/reviews.ts'
import { MESSAGES } from '../../contract/messages.ts'
import { REVIEW_MAX_LENGTH } from '../../contract/rules.ts'
import { lessonSessions, reviews } from '../src/db/schema.ts'
import { ConflictError } from '../src/domain/errors.ts'
import { insertReview as insertReviewRow } from '../src/repositories/reviews.ts'
import {
  cookieFor,
  createCast,
  createLesson,
  createReview as insertReview,
  createSession,
  DAY,
  enroll,
  HOUR,
  userOf,
  type Cast,
} from './catalogue-fixtures.ts'
import { bodyOf, createUser, errorOf, setupTestApp } from './helpers.ts'

const context = setupTestApp()

afterEach(() => {
  vi.useRealTimers()
})

/**
 * The owner's lesson with a session that ended yesterday, which the student attended, and one
 * tomorrow; the student is signed in.
 */
const attendedLesson = async () => {
  const cast = await createCast(context.db)
  const owner = userOf(cast.owner)
  const student = userOf(cast.student)
  const lesson = await createLesson(context.db, owner, { title: 'Kanji' })
  const past = await createSession(context.db, lesson, { startsIn: -DAY })
  const future = await createSession(context.db, lesson, { startsIn: DAY })
  await enroll(context.db, past, student)
  return { cast, owner, student, lesson, past, future, cookie: cast.student.cookie }
}

const post = (cookie: string | null, body: unknown) =>
  context.call(reviewCalls.createReview, { cookie, body })

const review = (lessonId: number, overrides: Record<string, unknown> = {}) => ({
  lessonId,
  body: 'Clear and friendly.',
  rating: 4,
  ...overrides,
})

const storedReviews = () => context.db.select().from(reviews)

describe('POST /reviews', () => {
  it('stores the review of an attended lesson, trimmed, and answers 201 with it', async () => {
    const { student, lesson, cookie } = await attendedLesson()
    const response = await post(cookie, review(lesson.id, { body: '  Clear and friendly.\n' }))
    expect(response.statusCode).toBe(201)
    expect(Value.Check(createReview.response[201], response.json())).toBe(true)
    const created = bodyOf(response)
    const [stored] = await storedReviews()
    expect(created).toEqual({
      id: stored?.id,
      body: 'Clear and friendly.',
      rating: 4,
      author: { id: student.id, name: student.name },
      lessonId: lesson.id,
      lessonTitle: 'Kanji',
      createdAt: stored?.createdAt.toISOString(),
    })
    expect(Math.abs(Date.parse(created.createdAt!) - Date.now())).toBeLessThan(60_000)
    expect(stored).toMatchObject({ authorId: student.id, lessonId: lesson.id, rating: 4 })
    expect(stored?.body).toBe('Clear and friendly.')
  })

  it("updates the educator's average, review list and the student's history at once", async () => {
    const { owner, lesson, cookie, cast } = await attendedLesson()
    const other = await createUser(context.db)
    await insertReview(context.db, lesson, other, { rating: 1 })
    const before = bodyOf(await context.call(guest.guestAverageScore, { params: { id: owner.id } }))
    expect(before).toEqual({ average: 1, count: 1 })
    const history = async () =>
      bodyOf(await context.call(lessonCalls.lessonHistory, { cookie })).data.map((entry) => ({
        status: entry.status,
        rating: entry.review?.rating ?? null,
      }))
    expect(await history()).toEqual([{ status: 'toReview', rating: null }])

    const created = bodyOf(await post(cookie, review(lesson.id, { rating: 4 })))

    expect(
      bodyOf(await context.call(guest.guestAverageScore, { params: { id: owner.id } })),
    ).toEqual({ average: 2.5, count: 2 })
    expect(
      bodyOf(
        await context.call(user.userAverageScore, {
          params: { id: owner.id },
          cookie: cast.anotherEducator.cookie,
        }),
      ),
    ).toEqual({ average: 2.5, count: 2 })
    const list = bodyOf(await context.call(guest.guestReviews, { params: { id: owner.id } })).data
    expect(list[0]).toEqual(created)
    expect(list).toHaveLength(2)
    expect(await history()).toEqual([{ status: 'reviewed', rating: 4 }])
  })

  it('refuses a student enrolled only in a session that has not ended', async () => {
    const { lesson, future } = await attendedLesson()
    const newcomer = await createUser(context.db)
    await enroll(context.db, future, newcomer)
    const response = await post(await cookieFor(context.db, newcomer), review(lesson.id))
    expect(response.statusCode).toBe(403)
    expect(errorOf(response).message).toBe(MESSAGES.reviews.notAttended.text)
    // A student who never had a seat is refused the same way.
    const stranger = await createUser(context.db)
    const none = await post(await cookieFor(context.db, stranger), review(lesson.id))
    expect(none.statusCode).toBe(403)
    expect(await storedReviews()).toEqual([])
  })

  it('counts a session as ended from the exact instant of its end', async () => {
    const { cast, owner } = await attendedLesson()
    const lesson = await createLesson(context.db, owner)
    const session = await createSession(context.db, lesson, { startsIn: 2 * DAY })
    // Within the sign-in's lifetime (a day) and clear of the owner's other sessions.
    const end = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 3 * HOUR)
    await context.db
      .update(lessonSessions)
      .set({ startTime: new Date(end.getTime() - HOUR), endTime: end })
      .where(eq(lessonSessions.id, session.id))
    await enroll(context.db, session, userOf(cast.student))

    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(end.getTime() - 1)
    const early = await post(cast.student.cookie, review(lesson.id))
    expect(early.statusCode).toBe(403)
    expect(errorOf(early).message).toBe(MESSAGES.reviews.notAttended.text)

    vi.setSystemTime(end)
    expect((await post(cast.student.cookie, review(lesson.id))).statusCode).toBe(201)
  })

  it('does not count a seat given back', async () => {
    const { cast, owner } = await attendedLesson()
    const lesson = await createLesson(context.db, owner)
    const past = await createSession(context.db, lesson, { startsIn: -3 * DAY })
    await enroll(context.db, past, userOf(cast.student), { cancelled: true })
    const response = await post(cast.student.cookie, review(lesson.id))
    expect(response.statusCode).toBe(403)
    expect(errorOf(response).message).toBe(MESSAGES.reviews.notAttended.text)
    // A seat taken again after giving one back counts.
    await enroll(context.db, past, userOf(cast.student))
    expect((await post(cast.student.cookie, review(lesson.id))).statusCode).toBe(201)
  })

  it('answers 409 to a second review of the same lesson and keeps the first', async () => {
    const { lesson, cookie } = await attendedLesson()
    expect((await post(cookie, review(lesson.id, { rating: 5 }))).statusCode).toBe(201)
    const again = await post(cookie, review(lesson.id, { body: 'Changed my mind', rating: 1 }))
    expect(again.statusCode).toBe(409)
    expect(errorOf(again)).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: MESSAGES.reviews.alreadyReviewed.text,
      code: 'reviews.alreadyReviewed',
      requestId: expect.any(String) as string,
    })
    const stored = await storedReviews()
    expect(stored.map((row) => row.rating)).toEqual([5])
  })

  it('stores one review of two sent at once: one 201 and one 409', async () => {
    const { lesson, cookie } = await attendedLesson()
    const answers = await Promise.all([
      post(cookie, review(lesson.id, { rating: 5 })),
      post(cookie, review(lesson.id, { rating: 2 })),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409])
    const refused = answers.find((answer) => answer.statusCode === 409)!
    expect(errorOf(refused).message).toBe(MESSAGES.reviews.alreadyReviewed.text)
    expect(await storedReviews()).toHaveLength(1)
  })

  it('turns the unique index refusing a review that raced past the check into a conflict', async () => {
    const { lesson, student } = await attendedLesson()
    const values = { lessonId: lesson.id, authorId: student.id, body: 'First', rating: 5 }
    await insertReviewRow(context.db, values)
    const racing = insertReviewRow(context.db, { ...values, body: 'Second' })
    await expect(racing).rejects.toBeInstanceOf(ConflictError)
    await expect(racing).rejects.toThrow(MESSAGES.reviews.alreadyReviewed.text)
    expect((await storedReviews()).map((row) => row.body)).toEqual(['First'])
  })

  it.each([['   '], ['\n\t '], ['\u00a0\u3000'], ['\u200b\u200b'], [' \u2060\u200e\u00ad ']])(
    'refuses a text that is blank once trimmed, or shows nothing (%j)',
    async (body) => {
      const { lesson, cookie } = await attendedLesson()
      const response = await post(cookie, review(lesson.id, { body }))
      expect(response.statusCode).toBe(400)
      expect(errorOf(response).message).toEqual([MESSAGES.reviews.blank.text])
      expect(await storedReviews()).toEqual([])
    },
  )

  it('refuses an empty or missing text', async () => {
    const { lesson, cookie } = await attendedLesson()
    for (const body of [review(lesson.id, { body: '' }), { lessonId: lesson.id, rating: 4 }]) {
      const response = await post(cookie, body)
      expect(response.statusCode).toBe(400)
      expect(errorOf(response).message).toEqual([expect.stringContaining('body')])
    }
    expect(await storedReviews()).toEqual([])
  })

  it(`takes ${REVIEW_MAX_LENGTH} characters and refuses one more`, async () => {
    const { lesson, cookie, owner, student } = await attendedLesson()
    const tooLong = await post(
      cookie,
      review(lesson.id, { body: 'a'.repeat(REVIEW_MAX_LENGTH + 1) }),
    )
    expect(tooLong.statusCode).toBe(400)
    expect(errorOf(tooLong).message).toEqual([expect.stringContaining('body')])
    expect(await storedReviews()).toEqual([])

    const longest = await post(cookie, review(lesson.id, { body: 'あ'.repeat(REVIEW_MAX_LENGTH) }))
    expect(longest.statusCode).toBe(201)
    // Characters are code points: an emoji (two UTF-16 units) counts once.
    const second = await createLesson(context.db, owner)
    const past = await createSession(context.db, second, { startsIn: -2 * DAY })
    await enroll(context.db, past, student)
    const emoji = await post(cookie, review(second.id, { body: '😀'.repeat(REVIEW_MAX_LENGTH) }))
    expect(emoji.statusCode).toBe(201)
  })

  it.each([['Good\u0000lesson'], ['\u0000']])(
    'refuses a NUL character with a 400, not a 500 (%j)',
    async (body) => {
      const { lesson, cookie } = await attendedLesson()
      const response = await post(cookie, review(lesson.id, { body }))
      expect(response.statusCode).toBe(400)
      expect(errorOf(response).message).toEqual([
        MESSAGES.validation.unstorableText({ field: 'body' }).text,
      ])
      expect(await storedReviews()).toEqual([])
    },
  )

  it.each([[0], [6], [-1], [2.5], ['5'], [null]])('refuses the rating %j', async (rating) => {
    const { lesson, cookie } = await attendedLesson()
    const response = await post(cookie, review(lesson.id, { rating }))
    expect(response.statusCode).toBe(400)
    expect(errorOf(response).message).toEqual([expect.stringContaining('rating')])
    expect(await storedReviews()).toEqual([])
  })

  it('answers 404 for an unknown lesson', async () => {
    const { cookie } = await attendedLesson()
    const response = await post(cookie, review(909090))
    expect(response.statusCode).toBe(404)
    expect(errorOf(response)).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Lesson not found',
      code: 'http.notFound',
      params: { what: 'Lesson' },
      requestId: expect.any(String) as string,
    })
  })

  it.each([[2 ** 31], [0], [-1], ['1'], [1.5]])('refuses the lesson id %j', async (lessonId) => {
    const { cookie } = await attendedLesson()
    const response = await post(cookie, review(1, { lessonId }))
    expect(response.statusCode).toBe(400)
    expect(errorOf(response).message).toEqual([expect.stringContaining('lessonId')])
  })

  it('checks in order: the lesson, attendance, a previous review, then the text', async () => {
    const { lesson, cookie, future } = await attendedLesson()
    const blank = { body: '   ' }
    expect((await post(cookie, review(909090, blank))).statusCode).toBe(404)
    const newcomer = await createUser(context.db)
    await enroll(context.db, future, newcomer)
    const unattended = await post(await cookieFor(context.db, newcomer), review(lesson.id, blank))
    expect(unattended.statusCode).toBe(403)
    expect((await post(cookie, review(lesson.id))).statusCode).toBe(201)
    const again = await post(cookie, review(lesson.id, blank))
    expect(again.statusCode).toBe(409)
  })
})

describe('who may review', () => {
  const REFUSED: [keyof Cast, number][] = [
    ['guest', 401],
    ['owner', 403],
    ['anotherEducator', 403],
    ['unverifiedEducator', 403],
    ['admin', 403],
  ]

  it.each(REFUSED)('refuses %s with %i', async (who, status) => {
    const { cast, lesson } = await attendedLesson()
    const response = await post(cast[who].cookie, review(lesson.id))
    expect(response.statusCode).toBe(status)
    expect(await storedReviews()).toEqual([])
  })
})
