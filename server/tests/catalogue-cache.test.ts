import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as guest from '../../contract/descriptors/guest.ts'
import type { LessonListQuery } from '../../contract/endpoints/lessons.ts'
import { PAGE_SIZE } from '../../contract/rules.ts'
import { API_PREFIX } from '../src/app.ts'
import { createCatalogueCache } from '../src/cache/catalogue-cache.ts'
import {
  CATALOGUE_VERSION_BUCKETS,
  catalogueVersion,
  enrollments,
  lessonSessions,
  lessons,
  payments,
  users,
} from '../src/db/schema.ts'
import { catalogueVersionReader } from '../src/repositories/catalogue-version.ts'
import { cataloguePage } from '../src/services/catalogue.ts'
import {
  createCategory,
  createLesson,
  createReview,
  createSession,
  DAY,
  enroll,
  HOUR,
} from './catalogue-fixtures.ts'
import {
  APP_ORIGIN,
  createUser,
  setupSecondApp,
  setupTestApp,
  truncateEveryTable,
  urlOf,
} from './helpers.ts'

/**
 * Two instances of the app on one database, each with its own memory of catalogue answers: a
 * page one of them keeps must change on both right after any write that changes it, whichever
 * path made the write, and when its next session starts. On PGlite the second instance shares the
 * embedded database; with DATABASE_URL it has its own connections to the same PostgreSQL database.
 */
const context = setupTestApp()
const second = setupSecondApp(context)

afterEach(() => {
  vi.useRealTimers()
})

interface Card {
  id: number
  title: string
  owner: { name: string }
  rating: { average: number | null; count: number }
  nextSession: { id: number; availableSlots: number } | null
}

const page = async (app: FastifyInstance) => {
  const response = await app.inject({
    method: 'GET',
    url: `${API_PREFIX}${urlOf(guest.guestLessons)}`,
    headers: { origin: APP_ORIGIN },
  })
  expect(response.statusCode).toBe(200)
  return response.json<{ data: Card[] }>().data
}

/** What both instances answer, the first asked twice so its answer comes from memory. */
const bothSee = async () => {
  await page(context.app)
  const answers = [await page(context.app), await page(second.app)]
  expect(answers[0]).toEqual(answers[1])
  return answers[0] ?? []
}

const world = async () => {
  const educator = await createUser(context.db, { role: 'educator', name: 'Aiko' })
  const category = await createCategory(context.db)
  const lesson = await createLesson(context.db, educator, {
    categoryId: category.id,
    title: 'Kanji',
    maxSlots: 2,
  })
  const session = await createSession(context.db, lesson, { startsIn: DAY })
  const student = await createUser(context.db, { role: 'student' })
  return { educator, lesson, session, student }
}

describe('a cached catalogue page', () => {
  it('changes on every instance right after each kind of write that changes it', async () => {
    const { educator, lesson, session, student } = await world()
    expect((await bothSee()).map((card) => card.title)).toEqual(['Kanji'])
    const loads = context.app.catalogueCache.loads
    await page(context.app)
    expect(context.app.catalogueCache.loads).toBe(loads)

    await context.db.update(lessons).set({ title: 'Kana' }).where(eq(lessons.id, lesson.id))
    expect((await bothSee())[0]?.title).toBe('Kana')

    const seat = await enroll(context.db, session, student)
    expect((await bothSee())[0]?.nextSession?.availableSlots).toBe(1)

    await context.db
      .update(enrollments)
      .set({ cancelledAt: new Date() })
      .where(eq(enrollments.id, seat.id))
    expect((await bothSee())[0]?.nextSession?.availableSlots).toBe(2)

    const [hold] = await context.db
      .insert(payments)
      .values({
        userId: student.id,
        lessonId: lesson.id,
        sessionId: session.id,
        status: 'processing',
        amountInCents: 0,
        holdExpiresAt: new Date(Date.now() + HOUR),
      })
      .returning()
    expect((await bothSee())[0]?.nextSession?.availableSlots).toBe(1)
    await context.db
      .update(payments)
      .set({ status: 'cancelled' })
      .where(eq(payments.id, hold?.id ?? 0))
    expect((await bothSee())[0]?.nextSession?.availableSlots).toBe(2)

    await createReview(context.db, lesson, student, { rating: 4 })
    expect((await bothSee())[0]?.rating).toEqual({ average: 4, count: 1 })

    await context.db.update(users).set({ name: 'Aiko S.' }).where(eq(users.id, educator.id))
    expect((await bothSee())[0]?.owner.name).toBe('Aiko S.')

    const sooner = await createSession(context.db, lesson, { startsIn: HOUR })
    expect((await bothSee())[0]?.nextSession?.id).toBe(sooner.id)
    await context.db
      .update(lessonSessions)
      .set({
        startTime: new Date(Date.now() + 3 * DAY),
        endTime: new Date(Date.now() + 3 * DAY + HOUR),
      })
      .where(eq(lessonSessions.id, sooner.id))
    expect((await bothSee())[0]?.nextSession?.id).toBe(session.id)

    const other = await createLesson(context.db, educator, { title: 'Grammar' })
    expect((await bothSee()).map((card) => card.title)).toEqual(['Kana'])
    await createSession(context.db, other, { startsIn: 5 * DAY })
    expect((await bothSee()).map((card) => card.title)).toEqual(['Grammar', 'Kana'])

    await context.db.delete(lessonSessions).where(eq(lessonSessions.lessonId, other.id))
    expect((await bothSee()).map((card) => card.title)).toEqual(['Kana'])
    await context.db.delete(lessons).where(eq(lessons.id, lesson.id))
    expect(await bothSee()).toEqual([])
  })

  it('drops a session from every instance when it starts', async () => {
    const { lesson, session } = await world()
    const later = await createSession(context.db, lesson, { startsIn: 2 * DAY })
    expect((await bothSee())[0]?.nextSession?.id).toBe(session.id)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(session.startTime)
    expect((await bothSee())[0]?.nextSession?.id).toBe(later.id)
  })

  it('lists a new category on every instance', async () => {
    const categories = async (app: FastifyInstance, url: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `${API_PREFIX}${url}`,
          headers: { origin: APP_ORIGIN },
        })
      ).json<{ title: string }[]>()
    const url = urlOf(guest.guestCategories)
    await categories(context.app, url)
    await categories(second.app, url)
    const category = await createCategory(context.db)
    for (const app of [context.app, second.app]) {
      expect((await categories(app, url)).map((item) => item.title)).toContain(category.title)
    }
  })
})

describe("a cached catalogue page's answer", () => {
  it('is one object while the catalogue is unchanged, so it is serialised and compressed once', async () => {
    const catalogueCache = createCatalogueCache(context.db)
    const owner = await createUser(context.db, { role: 'educator' })
    const lesson = await createLesson(context.db, owner)
    await createSession(context.db, lesson, { startsIn: DAY })
    const read = (query: LessonListQuery) =>
      cataloguePage({ db: context.db, catalogueCache }, query, PAGE_SIZE.guestLessons)
    const first = await read({ page: 1 })
    expect(first.data.map((card) => card.id)).toEqual([lesson.id])
    expect(await read({ page: 1 })).toBe(first)
    // Another page of the same filter shares the count, and is its own object.
    const next = await read({ page: 2 })
    expect(next).not.toBe(first)
    expect(next.meta.itemCount).toBe(1)
    // A write answers a new object, with the new count.
    await createSession(context.db, await createLesson(context.db, owner), { startsIn: 2 * DAY })
    const changed = await read({ page: 1 })
    expect(changed).not.toBe(first)
    expect(changed.meta.itemCount).toBe(2)
  })
})

describe('a read that fails', () => {
  it('reaches its caller, is not kept, and never goes unhandled while the cache looks ahead', async () => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      const cache = createCatalogueCache(context.db)
      // Fails on the next turn, while the cache still asks the database when the catalogue next
      // changes (a round trip to PostgreSQL takes longer; PGlite answers within the turn).
      const failing = async () => {
        await new Promise((resolve) => setImmediate(resolve))
        throw new Error('Lesson not found')
      }
      await expect(cache.get('missing', failing)).rejects.toThrow('Lesson not found')
      await expect(cache.get('missing', failing)).rejects.toThrow('Lesson not found')
      expect(cache.loads).toBe(2)
      // Node reports an unhandled rejection after the microtasks of the turn have run.
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })
})

describe("the catalogue's version", () => {
  it("is every bucket's, read again after every change, and none when a bucket is gone", async () => {
    const read = catalogueVersionReader(context.db)
    const stored = async () =>
      (await context.db.select().from(catalogueVersion).orderBy(catalogueVersion.id))
        .map((row) => row.version)
        .join(',')
    const before = await read()
    expect(before?.split(',')).toHaveLength(CATALOGUE_VERSION_BUCKETS)
    expect(before).toBe(await stored())
    await world()
    const after = await read()
    expect(after).not.toBe(before)
    expect(after).toBe(await stored())
    const [gone] = await context.db
      .delete(catalogueVersion)
      .where(eq(catalogueVersion.id, CATALOGUE_VERSION_BUCKETS - 1))
      .returning()
    try {
      expect(await read()).toBeUndefined()
    } finally {
      await context.db
        .insert(catalogueVersion)
        .values({ id: CATALOGUE_VERSION_BUCKETS - 1, version: Number(gone?.version) + 1 })
    }
  })

  it('has every bucket again, each at a value never read, once its table is emptied with the catalogue', async () => {
    const read = catalogueVersionReader(context.db)
    await world()
    const before = (await read())?.split(',').map(Number) ?? []
    expect(before).toHaveLength(CATALOGUE_VERSION_BUCKETS)
    await truncateEveryTable(context.db)
    const after = (await read())?.split(',').map(Number) ?? []
    expect(after).toHaveLength(CATALOGUE_VERSION_BUCKETS)
    for (const value of after) expect(value).toBeGreaterThan(Math.max(...before))
  })

  it('only rises, even from a value written by hand above the sequence', async () => {
    const read = catalogueVersionReader(context.db)
    const high = 1_000_000_000_000
    await context.db.update(catalogueVersion).set({ version: high })
    const before = await read()
    // One write, in one transaction: one bucket raised, once.
    await createCategory(context.db)
    const after = (await read())?.split(',').map(Number) ?? []
    expect(after.join(',')).not.toBe(before)
    expect(Math.min(...after)).toBe(high)
    expect(Math.max(...after)).toBe(high + 1)
  })

  it('is read once for the requests that arrive together, on the embedded database too', async () => {
    await world()
    // The app's version reader, counting its reads.
    const read = catalogueVersionReader(context.db)
    let reads = 0
    const readVersion = () => {
      reads += 1
      return read()
    }
    const cache = createCatalogueCache(context.db, { readVersion })
    const load = async () => (await context.db.select().from(lessons)).length
    await cache.get('lessons', load)
    reads = 0
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('lessons', load)))
    expect(answers).toEqual(Array.from({ length: 20 }, () => 1))
    expect(reads).toBe(1)
    expect(cache.loads).toBe(1)
  })

  it("is shared with a caller of the event loop's next turn, before the read begins", async () => {
    await world()
    const read = catalogueVersionReader(context.db)
    let reads = 0
    const cache = createCatalogueCache(context.db, {
      readVersion: () => {
        reads += 1
        return read()
      },
    })
    const load = async () => (await context.db.select().from(lessons)).length
    await cache.get('lessons', load)
    reads = 0
    const first = cache.get('lessons', load)
    // The next poll's request.
    await new Promise((resolve) => setImmediate(resolve))
    const second = cache.get('lessons', load)
    expect(await Promise.all([first, second])).toEqual([1, 1])
    expect(reads).toBe(1)
  })

  it('is read again for a caller that arrives after a write, even while a read is on its way', async () => {
    const { lesson } = await world()
    const cache = createCatalogueCache(context.db)
    const title = async () =>
      (await context.db.select().from(lessons).where(eq(lessons.id, lesson.id)))[0]?.title
    expect(await cache.get('title', title)).toBe('Kanji')
    // The first caller's read is scheduled, and may begin while the write below is committed.
    const before = cache.get('title', title)
    await context.db.update(lessons).set({ title: 'Kana' }).where(eq(lessons.id, lesson.id))
    expect(await cache.get('title', title)).toBe('Kana')
    expect(['Kanji', 'Kana']).toContain(await before)
  })
})
