import type { Paginated } from '../../contract/common.ts'
import Value from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { guestAverageScore, guestReviews } from '../../contract/endpoints/guest.ts'
import { userAverageScore, userReviews } from '../../contract/endpoints/user.ts'
import type { AverageScore, Review } from '../../contract/entities.ts'
import { createCast, createLesson, createReview, userOf, type Cast } from './catalogue-fixtures.ts'
import { createUser, setupTestApp } from './helpers.ts'

const context = setupTestApp()

const get = (url: string, cookie: string | null) => context.call({ method: 'GET', url, cookie })

/** Both ways to read an educator's reviews: signed in, and as a guest. */
const VARIANTS = [
  { name: 'signed in', base: '/user', reviews: userReviews, average: userAverageScore },
  { name: 'guest', base: '/guest/users', reviews: guestReviews, average: guestAverageScore },
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

describe.each(VARIANTS)('reviews of an educator ($name)', ({ base, reviews, average }) => {
  it('lists the reviews of all the educator’s lessons, newest first', async () => {
    const { cast, owner, ann, kana, reviews: rows } = await reviewed()
    const response = await get(`${base}/${owner.id}/reviews`, cast.student.cookie)
    expect(response.statusCode).toBe(200)
    expect(Value.Check(reviews.response[200], response.json())).toBe(true)
    const data = response.json<{ data: Review[] }>().data
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
    expect(response.json<Paginated<unknown>>().meta).toEqual({
      page: 1,
      take: 100,
      itemCount: 3,
      pageCount: 1,
      hasNextPage: false,
    })
  })

  it('pages, with an empty page after the last', async () => {
    const { cast, owner, reviews: rows } = await reviewed()
    const second = await get(`${base}/${owner.id}/reviews?take=2&page=2`, cast.student.cookie)
    expect(second.json<Paginated<Review>>().data.map((review) => review.id)).toEqual([
      rows.oldest.id,
    ])
    expect(second.json<Paginated<unknown>>().meta).toEqual({
      page: 2,
      take: 2,
      itemCount: 3,
      pageCount: 2,
      hasNextPage: false,
    })
    const past = await get(`${base}/${owner.id}/reviews?take=2&page=3`, cast.student.cookie)
    expect(past.json<Paginated<Review>>().data).toEqual([])
  })

  it('averages the ratings to one decimal, with their count', async () => {
    const { cast, owner } = await reviewed()
    const response = await get(`${base}/${owner.id}/average_score`, cast.student.cookie)
    expect(response.statusCode).toBe(200)
    expect(Value.Check(average.response[200], response.json())).toBe(true)
    // (4 + 5 + 4) / 3 = 4.33…
    expect(response.json()).toEqual({ average: 4.3, count: 3 })
  })

  it('answers an empty list and 0 of 0 for an educator without reviews', async () => {
    const cast = await createCast(context.db)
    const id = userOf(cast.anotherEducator).id
    expect(
      (await get(`${base}/${id}/reviews`, cast.student.cookie)).json<Paginated<Review>>().data,
    ).toEqual([])
    expect((await get(`${base}/${id}/average_score`, cast.student.cookie)).json()).toEqual({
      average: 0,
      count: 0,
    })
  })

  it('answers 404 for an unknown user', async () => {
    const cast = await createCast(context.db)
    for (const path of ['reviews', 'average_score']) {
      const response = await get(`${base}/909090/${path}`, cast.student.cookie)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'User not found',
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
    const list = await get(`/user/${owner.id}/reviews`, cast[who].cookie)
    expect(list.statusCode).toBe(expected)
    const score = await get(`/user/${owner.id}/average_score`, cast[who].cookie)
    expect(score.statusCode).toBe(expected)
    if (expected === 200) {
      expect(list.json<Paginated<unknown>>().meta.itemCount).toBe(3)
      expect(score.json<AverageScore>().count).toBe(3)
    }
  })

  it.each(WHO)('the guest calls answer %s', async (who) => {
    const { cast, owner } = await reviewed()
    const list = await get(`/guest/users/${owner.id}/reviews`, cast[who].cookie)
    expect(list.statusCode).toBe(200)
    expect(list.json<Paginated<unknown>>().meta.itemCount).toBe(3)
    const score = await get(`/guest/users/${owner.id}/average_score`, cast[who].cookie)
    expect(score.statusCode).toBe(200)
    expect(score.json()).toEqual({ average: 4.3, count: 3 })
  })
})
