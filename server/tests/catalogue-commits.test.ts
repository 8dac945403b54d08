import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as guest from '../../contract/descriptors/guest.ts'
import { API_PREFIX } from '../src/app.ts'
import type { Executor } from '../src/db/client.ts'
import { catalogueVersion, enrollments } from '../src/db/schema.ts'
import { catalogueVersionReader } from '../src/repositories/catalogue-version.ts'
import { createLesson, createSession, DAY } from './catalogue-fixtures.ts'
import { APP_ORIGIN, createUser, setupTestApp, urlOf } from './helpers.ts'

/**
 * Commits that change the catalogue on different connections, as the students of two sessions
 * take their seats at once. Each raises its own connection's bucket of the catalogue's version
 * (migration 0015), so neither waits at its commit for the other to end, and the catalogue's
 * memory still sees each write as soon as it is committed. PostgreSQL only: the embedded
 * database has one connection, which runs one transaction at a time.
 */
const context = setupTestApp()

const promised = <T>() => {
  let resolve: (value: T) => void = () => {}
  const promise = new Promise<T>((settle) => (resolve = settle))
  return { promise, resolve }
}

/** Two free lessons of one educator, each with one two-seat session, and two students. */
const world = async () => {
  const educator = await createUser(context.db, { role: 'educator' })
  const lessons = [
    await createLesson(context.db, educator, { title: 'Kanji', maxSlots: 2 }),
    await createLesson(context.db, educator, { title: 'Kana', maxSlots: 2 }),
  ] as const
  const sessions = [
    await createSession(context.db, lessons[0], { startsIn: DAY }),
    await createSession(context.db, lessons[1], { startsIn: 2 * DAY }),
  ] as const
  const students = [
    await createUser(context.db, { role: 'student' }),
    await createUser(context.db, { role: 'student' }),
  ] as const
  return { sessions, students }
}

/** Seats left in each lesson's session as the guest catalogue answers, through the app's memory. */
const seatsLeft = async () => {
  const response = await context.app.inject({
    method: 'GET',
    url: `${API_PREFIX}${urlOf(guest.guestLessons)}`,
    headers: { origin: APP_ORIGIN },
  })
  expect(response.statusCode).toBe(200)
  const cards = response.json<{
    data: { title: string; nextSession: { availableSlots: number } | null }[]
  }>().data
  return Object.fromEntries(cards.map((card) => [card.title, card.nextSession?.availableSlots]))
}

const takeSeat = (tx: Executor, session: { id: number }, student: { id: number }) =>
  tx.insert(enrollments).values({ sessionId: session.id, userId: student.id })

/**
 * Takes a seat in a transaction left open after the work of its commit is done: the deferred
 * triggers run at once (SET CONSTRAINTS ALL IMMEDIATE), so its bucket is raised and stays locked
 * until `release`, as while a commit is being flushed. Answers its bucket and the bucket's value.
 */
const holdSeat = (session: { id: number }, student: { id: number }) => {
  const held = promised<{ bucket: string; raisedTo: number }>()
  const release = promised<undefined>()
  const done = context.db.transaction(async (tx) => {
    await takeSeat(tx, session, student)
    await tx.execute(sql`set constraints all immediate`)
    const [row] = await tx
      .select({ bucket: sql<string>`current_setting('manabi.catalogue_bucket', true)` })
      .from(sql`(values (1)) as one`)
    const bucket = row?.bucket ?? ''
    const [raised] = await tx
      .select({ version: catalogueVersion.version })
      .from(catalogueVersion)
      .where(eq(catalogueVersion.id, Number(bucket)))
    held.resolve({ bucket, raisedTo: Number(raised?.version) })
    await release.promise
  })
  // Released whatever happened, so a failed test does not leave a connection locked.
  const end = async () => {
    release.resolve(undefined)
    await done
  }
  const ended = done.then(() => {
    throw new Error('The transaction ended before holding its bucket')
  })
  return { held: Promise.race([held.promise, ended]), end }
}

const bucketValue = async (bucket: string) =>
  Number(
    (
      await context.db
        .select({ version: catalogueVersion.version })
        .from(catalogueVersion)
        .where(eq(catalogueVersion.id, Number(bucket)))
    )[0]?.version,
  )

describe.skipIf(!process.env.DATABASE_URL)('seats taken at once in two sessions', () => {
  it('commit without waiting for each other, and each shows in the catalogue once committed', async () => {
    const { sessions, students } = await world()
    const read = catalogueVersionReader(context.db)
    expect(await seatsLeft()).toEqual({ Kanji: 2, Kana: 2 })

    const first = holdSeat(sessions[0], students[0])
    let afterSecond: string | undefined
    try {
      await first.held
      const before = await read()
      expect(before).toBeDefined()
      await context.db.transaction(async (tx) => {
        // Waiting for the first's lock fails the commit instead of hanging (with one row for
        // every commit, it waited so).
        await tx.execute(sql`set local lock_timeout = '2s'`)
        await takeSeat(tx, sessions[1], students[1])
      })
      afterSecond = await read()
      expect(afterSecond).not.toBe(before)
      expect(await seatsLeft()).toEqual({ Kanji: 2, Kana: 1 })
    } finally {
      await first.end()
    }
    expect(await read()).not.toBe(afterSecond)
    expect(await seatsLeft()).toEqual({ Kanji: 1, Kana: 1 })
  })

  it('take turns when their connections share a bucket, and each shows once committed', async () => {
    const { sessions, students } = await world()
    const read = catalogueVersionReader(context.db)
    expect(await seatsLeft()).toEqual({ Kanji: 2, Kana: 2 })

    const first = holdSeat(sessions[0], students[0])
    let second: Promise<void> | undefined
    try {
      const { bucket, raisedTo } = await first.held
      const before = await read()
      const pid = promised<number>()
      second = context.db.transaction(async (tx) => {
        // This transaction's connection on the first's bucket.
        await tx.execute(sql`select set_config('manabi.catalogue_bucket', ${bucket}, true)`)
        const [row] = await tx
          .select({ pid: sql<number>`pg_backend_pid()` })
          .from(sql`(values (1)) as one`)
        pid.resolve(Number(row?.pid))
        await takeSeat(tx, sessions[1], students[1])
      })
      // Its commit waits for the first's lock on the bucket.
      const secondPid = await pid.promise
      const waiting = async () => {
        const activity = (await context.db.execute(
          sql`select wait_event_type from pg_stat_activity where pid = ${secondPid}`,
        )) as { rows: { wait_event_type: string | null }[] }
        return activity.rows[0]?.wait_event_type
      }
      const deadline = Date.now() + 10_000
      while ((await waiting()) !== 'Lock' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      expect(await waiting()).toBe('Lock')
      expect(await read()).toBe(before)
      await first.end()
      await second
      // Between the two commits the bucket held the first's value; the second raised it again.
      expect(await bucketValue(bucket)).toBeGreaterThan(raisedTo)
      expect(await read()).not.toBe(before)
      expect(await seatsLeft()).toEqual({ Kanji: 1, Kana: 1 })
    } finally {
      await first.end()
      await second?.catch(() => undefined)
    }
  })
})
