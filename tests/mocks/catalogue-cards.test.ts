import { afterEach, describe, expect, it, vi } from 'vitest'
import * as guest from '@contract/descriptors/guest'
import * as lessons from '@contract/descriptors/lessons'
import { db, nextId, seedIds } from '@/mocks/db'
import { averageScoreOf } from '@/mocks/queries'
import { call } from './helpers'

/** The catalogue's card fields in the mock: computed from its rows as the server computes them. */

afterEach(() => {
  vi.useRealTimers()
})

const sessionRow = (id: number) => db.sessions.find((session) => session.id === id)!

/** The guest catalogue's card of a lesson. */
const cardOf = async (lessonId: number) => {
  const page = await call(guest.guestLessons, { as: null, query: { take: 100 } })
  const card = page.body.data.find((lesson) => lesson.id === lessonId)
  if (!card) throw new Error(`Lesson ${lessonId} is not listed`)
  return card
}

describe("a mock catalogue card's next session", () => {
  it('is the soonest not started with a seat free, with its zone and seats left', async () => {
    const soon = sessionRow(seedIds.sessions.startingSoon)
    expect((await cardOf(seedIds.freeLesson)).nextSession).toEqual({
      id: soon.id,
      start_time: soon.start_time,
      end_time: soon.end_time,
      timezone: soon.timezone,
      // Two seats, one taken by the student.
      availableSlots: 1,
    })
  })

  it('moves on at the instant a session starts, and skips a full one', async () => {
    const soon = sessionRow(seedIds.sessions.startingSoon)
    const futureFree = sessionRow(seedIds.sessions.futureFree)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.parse(soon.start_time) - 1)
    expect((await cardOf(seedIds.freeLesson)).nextSession?.id).toBe(soon.id)
    vi.setSystemTime(Date.parse(soon.start_time))
    expect((await cardOf(seedIds.freeLesson)).nextSession?.id).toBe(futureFree.id)
    // After that, only the full session is left to start.
    vi.setSystemTime(Date.parse(futureFree.start_time))
    expect((await cardOf(seedIds.freeLesson)).nextSession).toBeNull()
  })

  it('counts seats held by open payments of anyone, not expired ones', async () => {
    const future = sessionRow(seedIds.sessions.futurePaid)
    const before = (await cardOf(seedIds.paidLesson)).nextSession
    expect(before?.id).toBe(future.id)
    const hold = (userId: number, minutes: number) =>
      db.payments.push({
        id: nextId(db.payments),
        userId,
        lessonId: seedIds.paidLesson,
        sessionId: future.id,
        orderId: `ORDER-${userId}`,
        transactionId: null,
        status: 'processing',
        amount_in_cents: 2000,
        holdExpiresAt: new Date(Date.now() + minutes * 60_000).toISOString(),
        refundReason: null,
        createdAt: new Date().toISOString(),
      })
    hold(seedIds.student2, 10)
    hold(seedIds.student3, -1)
    expect((await cardOf(seedIds.paidLesson)).nextSession?.availableSlots).toBe(
      before!.availableSlots - 1,
    )
  })
})

describe("a mock catalogue card's rating", () => {
  it("is the educator's average score, and null with no review", async () => {
    const educator2Lessons = new Set(
      db.lessons.filter((lesson) => lesson.ownerId === seedIds.educator2).map(({ id }) => id),
    )
    db.reviews = db.reviews.filter((review) => !educator2Lessons.has(review.lessonId))
    expect((await cardOf(seedIds.freeLesson)).rating).toEqual({ average: null, count: 0 })

    db.reviews.push({
      id: nextId(db.reviews),
      userId: seedIds.student,
      lessonId: seedIds.pianoLesson,
      body: 'Patient teacher',
      rating: 4,
      createdAt: new Date().toISOString(),
    })
    // A review of any of the educator's lessons counts on every card of hers.
    expect((await cardOf(seedIds.freeLesson)).rating).toEqual({ average: 4, count: 1 })
    db.reviews.push({
      id: nextId(db.reviews),
      userId: seedIds.student2,
      lessonId: seedIds.freeLesson,
      body: 'Clear',
      rating: 5,
      createdAt: new Date().toISOString(),
    })
    expect((await cardOf(seedIds.pianoLesson)).rating).toEqual({ average: 4.5, count: 2 })
  })

  it('answers the same cards to a signed-in student', async () => {
    const page = await call(lessons.listLessons, { as: seedIds.student, query: { take: 100 } })
    const card = page.body.data.find((lesson) => lesson.id === seedIds.paidLesson)!
    const score = averageScoreOf(seedIds.educator)
    expect(card.rating).toEqual({ average: score.average, count: score.count })
    expect(score.count).toBeGreaterThan(0)
    expect(card).toEqual(await cardOf(seedIds.paidLesson))
  })
})
