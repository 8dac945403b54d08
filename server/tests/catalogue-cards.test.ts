import Value from 'typebox/value'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as guest from '../../contract/descriptors/guest.ts'
import * as lessons from '../../contract/descriptors/lessons.ts'
import { guestLessons } from '../../contract/endpoints/guest.ts'
import { listLessons } from '../../contract/endpoints/lessons.ts'
import { payments } from '../src/db/schema.ts'
import {
  cookieFor,
  createLesson,
  createReview,
  createSession,
  DAY,
  enroll,
  HOUR,
  MINUTE,
} from './catalogue-fixtures.ts'
import { bodyOf, createUser, setupTestApp } from './helpers.ts'

/**
 * What a catalogue card shows beyond the lesson (GET /guest/lessons and GET /lessons): the
 * educator's rating and the next session a new student can book, with its seats left.
 */
const context = setupTestApp()

afterEach(() => {
  vi.useRealTimers()
})

const guestCards = async () => bodyOf(await context.call(guest.guestLessons)).data

/** The card of the lesson with that title in the guest catalogue. */
const guestCard = async (title: string) => {
  const card = (await guestCards()).find((lesson) => lesson.title === title)
  if (!card) throw new Error(`No card titled ${title}`)
  return card
}

const students = async (count: number) => {
  const rows = []
  for (let index = 0; index < count; index += 1) rows.push(await createUser(context.db))
  return rows
}

/** A payment of the student that holds a seat of the session until `holdEndsIn` ms from now. */
const holdSeat = async (
  session: { id: number; lessonId: number },
  student: { id: number },
  holdEndsIn: number,
) =>
  context.db.insert(payments).values({
    userId: student.id,
    lessonId: session.lessonId,
    sessionId: session.id,
    status: 'processing',
    amountInCents: 1000,
    holdExpiresAt: new Date(Date.now() + holdEndsIn),
  })

describe("a catalogue card's next session", () => {
  it('is the soonest session not started with a seat free, with its zone and seats left', async () => {
    const owner = await createUser(context.db, { role: 'educator' })
    const lesson = await createLesson(context.db, owner, { title: 'Kanji', maxSlots: 3 })
    await createSession(context.db, lesson, { startsIn: -3 * HOUR })
    await createSession(context.db, lesson, { startsIn: -30 * MINUTE }) // under way
    await createSession(context.db, lesson, { startsIn: 3 * DAY })
    const soonest = await createSession(context.db, lesson, {
      startsIn: DAY,
      lasts: 90 * MINUTE,
      timezone: 'Europe/Paris',
    })
    const [student] = await students(1)
    await enroll(context.db, soonest, student!)

    const card = await guestCard('Kanji')
    expect(card.nextSession).toEqual({
      id: soonest.id,
      start_time: soonest.startTime.toISOString(),
      end_time: soonest.endTime.toISOString(),
      timezone: 'Europe/Paris',
      availableSlots: 2,
    })
  })

  it('skips a full session for the next open one, counting seats held by open payments', async () => {
    const owner = await createUser(context.db, { role: 'educator' })
    const lesson = await createLesson(context.db, owner, { title: 'Full first', maxSlots: 2 })
    const full = await createSession(context.db, lesson, { startsIn: DAY })
    const heldFull = await createSession(context.db, lesson, { startsIn: DAY + 2 * HOUR })
    const open = await createSession(context.db, lesson, { startsIn: DAY + 4 * HOUR })
    const [a, b, c] = await students(3)
    await enroll(context.db, full, a!)
    await enroll(context.db, full, b!)
    await enroll(context.db, heldFull, a!)
    await holdSeat(heldFull, c!, 10 * MINUTE)
    // A seat given back and a hold that has expired free their seats again.
    await enroll(context.db, open, a!)
    await enroll(context.db, open, b!, { cancelled: true })
    await holdSeat(open, c!, -MINUTE)

    const card = await guestCard('Full first')
    expect(card.nextSession).toMatchObject({ id: open.id, availableSlots: 1 })
    expect(card.availableSessions).toBe(1)
  })

  it('is no longer a session starting now: the next one takes its place', async () => {
    const owner = await createUser(context.db, { role: 'educator' })
    const lesson = await createLesson(context.db, owner, { title: 'Now' })
    const first = await createSession(context.db, lesson, { startsIn: DAY })
    const second = await createSession(context.db, lesson, { startsIn: DAY + 2 * HOUR })
    vi.useFakeTimers({ toFake: ['Date'] })

    vi.setSystemTime(first.startTime.getTime() - 1)
    expect((await guestCard(lesson.title)).nextSession?.id).toBe(first.id)
    vi.setSystemTime(first.startTime)
    expect((await guestCard(lesson.title)).nextSession?.id).toBe(second.id)
    vi.setSystemTime(second.startTime)
    expect((await guestCard(lesson.title)).nextSession).toBeNull()
  })

  it('is null when every session is over, under way or full, and the lesson is still listed', async () => {
    const owner = await createUser(context.db, { role: 'educator' })
    const lesson = await createLesson(context.db, owner, { title: 'Nothing open', maxSlots: 1 })
    await createSession(context.db, lesson, { startsIn: -2 * DAY })
    await createSession(context.db, lesson, { startsIn: -10 * MINUTE })
    const full = await createSession(context.db, lesson, { startsIn: DAY })
    const [student] = await students(1)
    await enroll(context.db, full, student!)

    const response = await context.call(guest.guestLessons)
    expect(Value.Check(guestLessons.response[200], response.json())).toBe(true)
    expect(bodyOf(response).data.map((card) => [card.title, card.nextSession])).toEqual([
      ['Nothing open', null],
    ])
  })

  it('counts every seat of a session with one enrollment less than its slots', async () => {
    const owner = await createUser(context.db, { role: 'educator' })
    const lesson = await createLesson(context.db, owner, { title: 'Big room', maxSlots: 50 })
    const session = await createSession(context.db, lesson, { startsIn: DAY })
    for (const student of await students(49)) await enroll(context.db, session, student)
    expect((await guestCard('Big room')).nextSession?.availableSlots).toBe(1)
  })
})

describe("a catalogue card's rating", () => {
  it('has a null average and no count before the first review', async () => {
    const owner = await createUser(context.db, { role: 'educator' })
    const lesson = await createLesson(context.db, owner, { title: 'Unrated' })
    await createSession(context.db, lesson, { startsIn: DAY })
    expect((await guestCard('Unrated')).rating).toEqual({ average: null, count: 0 })
  })

  it("counts every review of the educator's lessons, averaged to one decimal like average_score", async () => {
    const owner = await createUser(context.db, { role: 'educator' })
    const other = await createUser(context.db, { role: 'educator' })
    const listed = await createLesson(context.db, owner, { title: 'Listed' })
    await createSession(context.db, listed, { startsIn: DAY })
    // A lesson without sessions is not listed, but its reviews count for its educator.
    const unlisted = await createLesson(context.db, owner, { title: 'Unlisted' })
    const othersLesson = await createLesson(context.db, other, { title: 'Someone else' })
    await createSession(context.db, othersLesson, { startsIn: 2 * DAY })
    const [a, b, c] = await students(3)
    await createReview(context.db, listed, a!, { rating: 5 })
    await createReview(context.db, unlisted, b!, { rating: 4 })
    await createReview(context.db, othersLesson, c!, { rating: 1 })

    expect((await guestCard('Listed')).rating).toEqual({ average: 4.5, count: 2 })
    expect((await guestCard('Someone else')).rating).toEqual({ average: 1, count: 1 })

    // One more review: 5, 4, 5 average 4.666…, shown as 4.7, as the educator's average says.
    await createReview(context.db, listed, c!, { rating: 5 })
    const rating = (await guestCard('Listed')).rating
    expect(rating).toEqual({ average: 4.7, count: 3 })
    const average = await context.call(guest.guestAverageScore, { params: { id: owner.id } })
    expect(bodyOf(average)).toEqual(rating)
  })

  it('is the same on every card of one educator', async () => {
    const owner = await createUser(context.db, { role: 'educator' })
    const first = await createLesson(context.db, owner, { title: 'First' })
    const second = await createLesson(context.db, owner, { title: 'Second' })
    await createSession(context.db, first, { startsIn: DAY })
    await createSession(context.db, second, { startsIn: DAY + 2 * HOUR })
    const [student] = await students(1)
    await createReview(context.db, first, student!, { rating: 3 })
    const cards = await guestCards()
    expect(cards.map((card) => card.rating)).toEqual([
      { average: 3, count: 1 },
      { average: 3, count: 1 },
    ])
  })
})

describe('the signed-in catalogue', () => {
  it('answers the same rating and next session as the guest catalogue', async () => {
    const owner = await createUser(context.db, { role: 'educator' })
    const lesson = await createLesson(context.db, owner, { title: 'Both', maxSlots: 2 })
    const session = await createSession(context.db, lesson, { startsIn: DAY })
    const [student, reviewer] = await students(2)
    await enroll(context.db, session, student!)
    await createReview(context.db, lesson, reviewer!, { rating: 4 })

    const response = await context.call(lessons.listLessons, {
      cookie: await cookieFor(context.db, student!),
    })
    expect(Value.Check(listLessons.response[200], response.json())).toBe(true)
    const [card] = bodyOf(response).data
    // The student's own seat counts like anyone's: the card tells what a newcomer can book.
    expect(card?.nextSession).toMatchObject({ id: session.id, availableSlots: 1 })
    expect(card?.rating).toEqual({ average: 4, count: 1 })
    expect(card).toEqual(await guestCard('Both'))
  })
})
