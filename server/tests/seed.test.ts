import { and, count, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm'
import Value from 'typebox/value'
import { describe, expect, it } from 'vitest'
import type { Descriptor } from '../../contract/descriptor.ts'
import * as auth from '../../contract/descriptors/auth.ts'
import * as guest from '../../contract/descriptors/guest.ts'
import { lessonImage } from '../../contract/descriptors/lessons.ts'
import { demoLessonCover } from '../../demo/cover/index.ts'
import { demoWorld } from '../../demo/resolve.ts'
import { guestLessons } from '../../contract/endpoints/guest.ts'
import { JOIN_WINDOW_MS, meetingProvider } from '../../contract/rules.ts'
import { API_PREFIX } from '../src/app.ts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../src/db/seed.ts'
import {
  categories,
  enrollments,
  files,
  lessons,
  lessonSessions,
  payments,
  resources,
  reviews,
  users,
  videoLicences,
} from '../src/db/schema.ts'
import { verifyPassword } from '../src/crypto/passwords.ts'
import { cookieFor } from './catalogue-fixtures.ts'
import { bodyOf, createUser, setupTestApp } from './helpers.ts'

const context = setupTestApp()

/** Storage that keeps what the seed writes, to check the cover images. */
const memoryStorage = () => {
  const saved = new Map<string, Buffer>()
  return {
    saved,
    put: async (key: string, bytes: Buffer) => {
      saved.set(key, bytes)
    },
  }
}

const seed = async () => {
  const storage = memoryStorage()
  const seeded = await seedDemoData(context.db, storage)
  return { seeded, storage }
}

const hasRoute = ({ method, path }: Descriptor) =>
  context.app.hasRoute({ method, url: `${API_PREFIX}${path}` })

/** Lessons a guest can see: through the route when it exists, otherwise by the same rule (§4). */
const guestVisibleLessonIds = async (): Promise<number[]> => {
  if (hasRoute(guest.guestLessons)) {
    const ids: number[] = []
    for (let page = 1; page < 20; page += 1) {
      const response = await context.call(guest.guestLessons, {
        query: { page, take: 5, order: 'DESC' },
      })
      expect(response.statusCode).toBe(200)
      const body = bodyOf(response)
      expect(Value.Check(guestLessons.response[200], body)).toBe(true)
      if (body.data.length === 0) break
      expect(body.data.length).toBeLessThanOrEqual(5)
      ids.push(...body.data.map((lesson) => lesson.id))
    }
    return ids
  }
  const rows = await context.db
    .selectDistinct({ id: lessons.id })
    .from(lessons)
    .innerJoin(lessonSessions, eq(lessonSessions.lessonId, lessons.id))
  return rows.map((row) => row.id)
}

describe('seedDemoData', () => {
  it('creates the demo accounts of the mock catalogue', async () => {
    const { seeded } = await seed()
    expect(seeded).toBe(true)

    const rows = await context.db.select().from(users).orderBy(users.id)
    expect(rows.map((row) => [row.name, row.email, row.role])).toEqual([
      ['Aiko Admin', 'admin@manabi.example', 'admin'],
      ['Kenji Tanaka', 'kenji@manabi.example', 'educator'],
      ['Emily Carter', 'emily@manabi.example', 'educator'],
      ['Hiroshi Sato', 'hiroshi@manabi.example', 'educator'],
      ['Laura Bianchi', 'laura@manabi.example', 'educator'],
      ['Yuki Yamamoto', 'yuki@manabi.example', 'student'],
      ['Tom Miller', 'tom@manabi.example', 'student'],
      ['Mai Suzuki', 'mai@manabi.example', 'student'],
      ['Sam Lee', 'sam@manabi.example', 'student'],
    ])
    expect(DEMO_ACCOUNTS.map((account) => account.email)).toEqual(rows.map((row) => row.email))
    for (const account of DEMO_ACCOUNTS) expect(account.description.length).toBeGreaterThan(10)

    const byEmail = (email: string) => rows.find((row) => row.email === email)
    const kenji = byEmail('kenji@manabi.example')
    expect(kenji?.approvedAt).not.toBeNull()
    expect(kenji?.videoLicenceId).not.toBeNull()
    expect(kenji?.language).toBe('jp-JP')
    expect(byEmail('emily@manabi.example')?.videoLicenceId).not.toBeNull()
    expect(byEmail('hiroshi@manabi.example')?.approvedAt).toBeNull()
    expect(byEmail('laura@manabi.example')).toMatchObject({ videoLicenceId: null })
    expect(byEmail('laura@manabi.example')?.approvedAt).not.toBeNull()
    expect(byEmail('sam@manabi.example')?.emailConfirmedAt).toBeNull()
    expect(byEmail('yuki@manabi.example')?.emailConfirmedAt).not.toBeNull()

    // Every account shares one argon2id hash of the demo password.
    expect(new Set(rows.map((row) => row.passwordHash)).size).toBe(1)
    expect(rows[0]?.passwordHash).toMatch(/^\$argon2id\$/)
    expect(await verifyPassword(rows[0]?.passwordHash ?? '', DEMO_PASSWORD)).toBe(true)
  })

  it('lets every confirmed account sign in and tells the unconfirmed one why not', async () => {
    await seed()
    if (!hasRoute(auth.login)) {
      // The login route is not registered in this build: the password check above stands in.
      const [sam] = await context.db
        .select()
        .from(users)
        .where(eq(users.email, 'sam@manabi.example'))
      expect(sam?.emailConfirmedAt).toBeNull()
      return
    }
    for (const account of DEMO_ACCOUNTS) {
      const response = await context.call(auth.login, {
        body: { email: account.email, password: DEMO_PASSWORD },
      })
      const expected = account.email === 'sam@manabi.example' ? 403 : 200
      expect({ email: account.email, status: response.statusCode }).toEqual({
        email: account.email,
        status: expected,
      })
    }
  })

  it('seeds the categories of the mock catalogue and a pool of free licences', async () => {
    await seed()
    const rows = await context.db.select().from(categories).orderBy(categories.id)
    expect(rows.map((row) => [row.title, row.titleJp])).toEqual([
      ['Languages', '語学'],
      ['Mathematics', '数学'],
      ['Music', '音楽'],
      ['Programming', 'プログラミング'],
      ['Cooking', '料理'],
      ['Art', '美術'],
      ['Science', '科学'],
    ])
    const licences = await context.db.select().from(videoLicences)
    expect(licences).toHaveLength(6)
    expect(new Set(licences.map((licence) => licence.provider))).toEqual(
      new Set(['zoom', 'google_meet']),
    )
    const held = await context.db
      .select({ id: users.videoLicenceId })
      .from(users)
      .where(sql`${users.videoLicenceId} is not null`)
    expect(held).toHaveLength(2)
  })

  it('lists at least twelve lessons across pages of five, never the one without sessions', async () => {
    await seed()
    const all = await context.db.select().from(lessons)
    expect(all.length).toBeGreaterThanOrEqual(14)
    expect(new Set(all.map((lesson) => lesson.categoryId)).size).toBeGreaterThanOrEqual(5)
    expect(all.some((lesson) => lesson.priceInCents === 0)).toBe(true)
    expect(all.some((lesson) => lesson.priceInCents > 0)).toBe(true)
    for (const lesson of all) {
      expect(lesson.about.length).toBeGreaterThan(20)
      expect(lesson.details.length).toBeGreaterThan(20)
    }

    const withoutSessions = all.filter((lesson) => lesson.title === 'Advanced Calligraphy (draft)')
    expect(withoutSessions).toHaveLength(1)
    const sessionsOfDraft = await context.db
      .select()
      .from(lessonSessions)
      .where(eq(lessonSessions.lessonId, withoutSessions[0]?.id ?? 0))
    expect(sessionsOfDraft).toHaveLength(0)

    const visible = await guestVisibleLessonIds()
    expect(visible.length).toBeGreaterThanOrEqual(12)
    expect(new Set(visible).size).toBe(visible.length)
    expect(visible).not.toContain(withoutSessions[0]?.id)
  })

  it('places sessions in the past, live now, starting soon and in the future', async () => {
    await seed()
    const now = new Date()
    const live = await context.db
      .select()
      .from(lessonSessions)
      .where(and(lte(lessonSessions.startTime, now), gt(lessonSessions.endTime, now)))
    expect(live).toHaveLength(1)
    const soon = await context.db
      .select()
      .from(lessonSessions)
      .where(
        and(
          gt(lessonSessions.startTime, now),
          lte(lessonSessions.startTime, new Date(now.getTime() + JOIN_WINDOW_MS)),
        ),
      )
    expect(soon).toHaveLength(1)
    const [future] = await context.db
      .select({ count: count() })
      .from(lessonSessions)
      .where(gt(lessonSessions.startTime, new Date(now.getTime() + JOIN_WINDOW_MS)))
    expect(future?.count).toBeGreaterThanOrEqual(5)
    const [past] = await context.db
      .select({ count: count() })
      .from(lessonSessions)
      .where(lte(lessonSessions.endTime, now))
    expect(past?.count).toBeGreaterThanOrEqual(3)

    // Students are enrolled in the live session and in the one starting soon.
    for (const session of [...live, ...soon]) {
      const seats = await context.db
        .select()
        .from(enrollments)
        .where(eq(enrollments.sessionId, session.id))
      expect(seats.length).toBeGreaterThan(0)
    }
  })

  it('uses meeting URLs of the provider each educator holds a licence of', async () => {
    await seed()
    const rows = await context.db
      .select({ url: lessonSessions.url, provider: videoLicences.provider })
      .from(lessonSessions)
      .innerJoin(users, eq(users.id, lessonSessions.ownerId))
      .innerJoin(videoLicences, eq(videoLicences.id, users.videoLicenceId))
    const all = await context.db.select({ id: lessonSessions.id }).from(lessonSessions)
    expect(rows).toHaveLength(all.length)
    for (const row of rows) expect(meetingProvider(row.url)).toBe(row.provider)
  })

  it('fills one session to the last seat', async () => {
    await seed()
    const rows = await context.db
      .select({ sessionId: enrollments.sessionId, maxSlots: lessons.maxSlots, seats: count() })
      .from(enrollments)
      .innerJoin(lessonSessions, eq(lessonSessions.id, enrollments.sessionId))
      .innerJoin(lessons, eq(lessons.id, lessonSessions.lessonId))
      .where(and(isNull(enrollments.cancelledAt), gt(lessonSessions.startTime, new Date())))
      .groupBy(enrollments.sessionId, lessons.maxSlots)
    const full = rows.filter((row) => row.seats === row.maxSlots)
    expect(full).toHaveLength(1)
  })

  it('adds reviews by students who attended, and link materials', async () => {
    await seed()
    const rows = await context.db.select().from(reviews)
    expect(rows.length).toBeGreaterThanOrEqual(6)
    for (const review of rows) {
      expect(review.rating).toBeGreaterThanOrEqual(3)
      expect(review.rating).toBeLessThanOrEqual(5)
      expect(review.createdAt.getTime()).toBeLessThanOrEqual(Date.now())
      const attended = await context.db
        .select()
        .from(enrollments)
        .innerJoin(lessonSessions, eq(lessonSessions.id, enrollments.sessionId))
        .where(
          and(
            eq(enrollments.userId, review.authorId),
            eq(lessonSessions.lessonId, review.lessonId),
            lte(lessonSessions.endTime, new Date()),
          ),
        )
      expect(attended.length).toBeGreaterThan(0)
    }
    const perLesson = new Map<number, number>()
    for (const review of rows)
      perLesson.set(review.lessonId, (perLesson.get(review.lessonId) ?? 0) + 1)
    expect(Math.max(...perLesson.values())).toBeGreaterThanOrEqual(2)

    const links = await context.db.select().from(resources).where(eq(resources.type, 'link'))
    expect(new Set(links.map((link) => link.lessonId)).size).toBeGreaterThanOrEqual(2)
  })

  it('stores a generated PNG cover for the lessons that have one', async () => {
    const { storage } = await seed()
    const images = await context.db.select().from(files).where(eq(files.kind, 'image'))
    expect(images.length).toBeGreaterThanOrEqual(12)
    for (const image of images) {
      const bytes = storage.saved.get(image.storageKey)
      expect(bytes?.subarray(0, 8)).toEqual(
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      )
      expect(image).toMatchObject({ mimeType: 'image/png', size: bytes?.length })
    }
    const withCover = await context.db
      .select({ imageId: lessons.imageId })
      .from(lessons)
      .where(
        inArray(
          lessons.imageId,
          images.map((image) => image.id),
        ),
      )
    expect(withCover).toHaveLength(images.length)
    const [withoutCover] = await context.db
      .select()
      .from(lessons)
      .where(eq(lessons.title, 'Sushi Workshop'))
    expect(withoutCover?.imageId).toBeNull()
  })

  it("serves each demo lesson its own illustrated cover, as the world's generator drew it", async () => {
    await seedDemoData(context.db, context.app.storage)
    const world = demoWorld(Date.now(), { showcase: true })
    const rows = await context.db.select().from(lessons)
    // As the admin, who sees the drafts' covers too.
    const [admin] = await context.db.select().from(users).where(eq(users.role, 'admin'))
    const cookie = await cookieFor(context.db, admin!)
    const served = new Set<string>()
    for (const lesson of world.lessons) {
      const row = rows.find((candidate) => candidate.title === lesson.title)
      const expected = demoLessonCover(world, lesson)
      if (!row || !expected) {
        expect(row?.imageId ?? null).toBeNull()
        continue
      }
      const response = await context.call(lessonImage, { params: { id: row.id }, cookie })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('image/png')
      expect(Buffer.compare(response.rawPayload, Buffer.from(expected))).toBe(0)
      served.add(response.rawPayload.toString('base64'))
    }
    // Every cover differs from the others.
    expect(served.size).toBe(world.lessons.filter((lesson) => lesson.coverHue !== null).length)
  })

  it("lets the PayPal stand-in refund each seeded capture once, as it would a new one's", async () => {
    await seed()
    const { provider } = context.app.serviceDeps.payments
    const seeded = await context.db.select().from(payments)
    expect(seeded.length).toBeGreaterThan(0)
    for (const payment of seeded) {
      const refund = () =>
        provider.refundCapture(
          payment.transactionId!,
          `refund-${payment.id}`,
          payment.amountInCents,
        )
      if (payment.status === 'refunded') {
        // Refunded already: the provider says so, and the refund is recorded as done.
        await expect(refund()).resolves.toEqual({ refundId: `${payment.transactionId}-R` })
      } else {
        // A refund of its own, not the answer for a capture refunded before.
        expect((await refund()).refundId).not.toBe(`${payment.transactionId}-R`)
        await expect(
          provider.refundCapture(payment.transactionId!, `again-${payment.id}`, 1),
        ).resolves.toEqual({ refundId: `${payment.transactionId}-R` })
      }
    }
  })

  it('seeds only once', async () => {
    expect((await seed()).seeded).toBe(true)
    const countOf = async () => {
      const [userCount] = await context.db.select({ count: count() }).from(users)
      const [lessonCount] = await context.db.select({ count: count() }).from(lessons)
      return [userCount?.count, lessonCount?.count]
    }
    const before = await countOf()
    const second = await seed()
    expect(second.seeded).toBe(false)
    expect(second.storage.saved.size).toBe(0)
    expect(await countOf()).toEqual(before)
  })

  it('leaves a database that already has a user alone', async () => {
    await createUser(context.db, { role: 'admin' })
    expect((await seed()).seeded).toBe(false)
    const [lessonCount] = await context.db.select({ count: count() }).from(lessons)
    expect(lessonCount?.count).toBe(0)
  })
})
