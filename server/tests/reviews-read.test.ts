import Value from 'typebox/value'
import { describe, expect, it } from 'vitest'
import * as guest from '../../contract/descriptors/guest.ts'
import * as user from '../../contract/descriptors/user.ts'
import { guestAverageScore, guestReviews } from '../../contract/endpoints/guest.ts'
import { userAverageScore, userReviews } from '../../contract/endpoints/user.ts'
import { createCast, createLesson, createReview, userOf, type Cast } from './catalogue-fixtures.ts'
import { bodyOf, createUser, setupTestApp } from './helpers.ts'

const context = setupTestApp()

/** Both ways to read an educator's reviews: signed in, and as a guest; each with its schemas. */
const VARIANTS = [
  {
    name: 'signed in',
    reviews: user.userReviews,
    average: user.userAverageScore,
    schemas: { reviews: userReviews.response[200], average: userAverageScore.response[200] },
  },
  {
    name: 'guest',
    reviews: guest.guestReviews,
    average: guest.guestAverageScore,
    schemas: { reviews: guestReviews.response[200], average: guestAverageScore.response[200] },
  },
] as const

/** Three reviews of the owner's two lessons, a day apart, and one of another educator's lesson. */
const reviewed = async () => {
  const cast = await createCast(context.db)
  const owner = userOf(cast.owner)
  const kanji = await createLesson(context.db, owner, { title: 'Kanji' })
  const kana = await createLesson(context.db, owner, { title: 'Kana' })
  const elsewhere = await createLesson(context.db, userOf(cast.anotherEducator))
  const [ann, ben] = [
    await createUser(context.db, { name: 'Ann' }),
    await createUser(context.db, { name: 'Ben' }),
  ]
  const day = (n: number) => new Date(Date.UTC(2025, 2, n))
  const oldest = await createReview(context.db, kanji, ann, {
    body: 'Good',
    rating: 4,
    createdAt: day(1),
  })
  const newest = await createReview(context.db, kana, ann, {
    body: 'Great',
    rating: 5,
    createdAt: day(3),
  })
  const middle = await createReview(context.db, kanji, ben, {
    body: 'Fine',
    rating: 4,
    createdAt: day(2),
  })
  await createReview(context.db, elsewhere, ben, { rating: 1 })
  return { cast, owner, ann, kana, reviews: { oldest, middle, newest } }
}

describe.each(VARIANTS)('reviews of an educator ($name)', ({ reviews, average, schemas }) => {
  it('lists the reviews of all the educator’s lessons, newest first', async () => {
    const { cast, owner, ann, kana, reviews: rows } = await reviewed()
    const response = await context.call(reviews, {
      params: { id: owner.id },
      cookie: cast.student.cookie,
    })
    expect(response.statusCode).toBe(200)
    expect(Value.Check(schemas.reviews, response.json())).toBe(true)
    const data = bodyOf(response).data
    expect(data.map((review) => review.id)).toEqual([
      rows.newest.id,
      rows.middle.id,
      rows.oldest.id,
    ])
    expect(data[0]).toEqual({
      id: rows.newest.id,
      body: 'Great',
      rating: 5,
      author: { id: ann.id, name: 'Ann' },
      lessonId: kana.id,
      lessonTitle: 'Kana',
      createdAt: '2025-03-03T00:00:00.000Z',
    })
    expect(bodyOf(response).meta).toEqual({
      page: 1,
      take: 100,
      itemCount: 3,
      pageCount: 1,
      hasNextPage: false,
    })
  })

  it('pages, with an empty page after the last', async () => {
    const { cast, owner, reviews: rows } = await reviewed()
    const second = await context.call(reviews, {
      params: { id: owner.id },
      query: { take: 2, page: 2 },
      cookie: cast.student.cookie,
    })
    expect(bodyOf(second).data.map((review) => review.id)).toEqual([rows.oldest.id])
    expect(bodyOf(second).meta).toEqual({
      page: 2,
      take: 2,
      itemCount: 3,
      pageCount: 2,
      hasNextPage: false,
    })
    const past = await context.call(reviews, {
      params: { id: owner.id },
      query: { take: 2, page: 3 },
      cookie: cast.student.cookie,
    })
    expect(bodyOf(past).data).toEqual([])
  })

  it('averages the ratings to one decimal, with their count', async () => {
    const { cast, owner } = await reviewed()
    const response = await context.call(average, {
      params: { id: owner.id },
      cookie: cast.student.cookie,
    })
    expect(response.statusCode).toBe(200)
    expect(Value.Check(schemas.average, response.json())).toBe(true)
    // (4 + 5 + 4) / 3 = 4.33…
    expect(response.json()).toEqual({ average: 4.3, count: 3 })
  })

  it('answers an empty list and 0 of 0 for an educator without reviews', async () => {
    const cast = await createCast(context.db)
    const id = userOf(cast.anotherEducator).id
    expect(
      bodyOf(await context.call(reviews, { params: { id }, cookie: cast.student.cookie })).data,
    ).toEqual([])
    expect(
      (await context.call(average, { params: { id }, cookie: cast.student.cookie })).json(),
    ).toEqual({
      average: 0,
      count: 0,
    })
  })

  it('answers 404 for an id that is no educator’s', async () => {
    const cast = await createCast(context.db)
    for (const endpoint of [reviews, average]) {
      const response = await context.call(endpoint, {
        params: { id: 909090 },
        cookie: cast.student.cookie,
      })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Educator not found',
        code: 'http.notFound',
        params: { what: 'Educator' },
        requestId: expect.any(String) as string,
      })
    }
  })
})

describe('who may read reviews', () => {
  const WHO: (keyof Cast)[] = [
    'guest',
    'student',
    'unverifiedEducator',
    'owner',
    'anotherEducator',
    'admin',
  ]

  it.each(WHO)('the signed-in calls answer %s', async (who) => {
    const { cast, owner } = await reviewed()
    const expected = who === 'guest' ? 401 : 200
    const list = await context.call(user.userReviews, {
      params: { id: owner.id },
      cookie: cast[who].cookie,
    })
    expect(list.statusCode).toBe(expected)
    const score = await context.call(user.userAverageScore, {
      params: { id: owner.id },
      cookie: cast[who].cookie,
    })
    expect(score.statusCode).toBe(expected)
    if (expected === 200) {
      expect(bodyOf(list).meta.itemCount).toBe(3)
      expect(bodyOf(score).count).toBe(3)
    }
  })

  it.each(WHO)('the guest calls answer %s', async (who) => {
    const { cast, owner } = await reviewed()
    const list = await context.call(guest.guestReviews, {
      params: { id: owner.id },
      cookie: cast[who].cookie,
    })
    expect(list.statusCode).toBe(200)
    expect(bodyOf(list).meta.itemCount).toBe(3)
    const score = await context.call(guest.guestAverageScore, {
      params: { id: owner.id },
      cookie: cast[who].cookie,
    })
    expect(score.statusCode).toBe(200)
    expect(score.json()).toEqual({ average: 4.3, count: 3 })
  })
})
