import type { FastifyInstance } from 'fastify'
import type { Access } from '../../../contract/descriptor.ts'
import { hashPassword } from '../../src/crypto/passwords.ts'
import type { Database } from '../../src/db/client.ts'
import { payments, users, videoLicences } from '../../src/db/schema.ts'
import {
  cookieFor,
  createCategory,
  createLesson,
  createReview,
  createSession,
  DAY,
  enroll,
  HOUR,
} from '../catalogue-fixtures.ts'
import { PASSWORD } from '../helpers.ts'
import {
  createFileResource,
  createLinkResource,
  createMaterialFile,
} from '../materials-fixtures.ts'

/**
 * One of every object the API names, so a fuzzed request names objects that exist and its caller
 * may reach: an educator's paid lesson with a cover, a session to come and one that ended, a
 * student holding a seat in both (and a review), a link and a file material, a spare file, a
 * student's open payment, and a free licence of the pool.
 */
export interface World {
  cookies: { admin: string; educator: string; student: string }
  /** The id of an object by its noun, as paths and fields name them ("lessons", "lessonId"). */
  ids: Readonly<Record<string, number>>
}

let passwordHash: Promise<string> | undefined

const single = <T>(rows: T[]) => {
  const [row] = rows
  if (row === undefined) throw new Error('Row was not created')
  return row
}

export const createWorld = async (app: FastifyInstance, db: Database): Promise<World> => {
  passwordHash ??= hashPassword(PASSWORD)
  const hash = await passwordHash
  const user = async (role: 'admin' | 'educator' | 'student', licenceId: number | null = null) =>
    single(
      await db
        .insert(users)
        .values({
          name: `Fuzz ${role}`,
          email: `fuzz-${role}@test.example`,
          passwordHash: hash,
          role,
          emailConfirmedAt: new Date(),
          approvedAt: role === 'educator' ? new Date() : null,
          videoLicenceId: licenceId,
        })
        .returning(),
    )
  const licence = async (email: string) =>
    single(
      await db.insert(videoLicences).values({ provider: 'zoom', accountEmail: email }).returning(),
    )
  const held = await licence('held@zoom.example')
  const free = await licence('free@zoom.example')
  const admin = await user('admin')
  const educator = await user('educator', held.id)
  const student = await user('student')

  const category = await createCategory(db)
  const cover = await createMaterialFile(app, db, null, {
    ownerId: educator.id,
    kind: 'image',
    filename: 'cover.png',
    mimeType: 'image/png',
  })
  const lesson = await createLesson(db, educator, {
    categoryId: category.id,
    priceInCents: 1200,
    imageId: cover.id,
  })
  const session = await createSession(db, lesson, { startsIn: 3 * DAY })
  const ended = await createSession(db, lesson, { startsIn: -2 * DAY, lasts: HOUR })
  await enroll(db, session, student)
  await enroll(db, ended, student)
  const review = await createReview(db, lesson, student)
  const link = await createLinkResource(db, lesson)
  const file = await createMaterialFile(app, db, lesson)
  await createFileResource(db, lesson, file)
  const spare = await createMaterialFile(app, db, lesson)
  const payment = single(
    await db
      .insert(payments)
      .values({
        userId: student.id,
        lessonId: lesson.id,
        sessionId: session.id,
        orderId: 'FUZZ-ORDER-1',
        status: 'processing',
        amountInCents: 1200,
        holdExpiresAt: new Date(Date.now() + HOUR),
      })
      .returning(),
  )

  return {
    cookies: {
      admin: await cookieFor(db, admin),
      educator: await cookieFor(db, educator),
      student: await cookieFor(db, student),
    },
    ids: {
      lesson: lesson.id,
      session: session.id,
      resource: link.id,
      file: spare.id,
      image: cover.id,
      user: educator.id,
      payment: payment.id,
      licence: free.id,
      category: category.id,
      review: review.id,
    },
  }
}

/** The noun of a path segment before an `{id}`: `/lessons/{id}` → lesson. */
const SEGMENT_NOUNS: Readonly<Record<string, string>> = {
  lessons: 'lesson',
  sessions: 'session',
  resources: 'resource',
  files: 'file',
  users: 'user',
  user: 'user',
  payments: 'payment',
  'video-licences': 'licence',
  reviews: 'review',
}

/**
 * The world's id for a path parameter: by its name (`sessionId`), or for `id` by the segment
 * before it. A resource this table does not know gets 1: still fuzzed, only less deep.
 */
export const pathIdOf = (world: World, path: string, parameter: string) => {
  const named = /^(\w+)Id$/.exec(parameter)?.[1]
  if (named) return world.ids[named] ?? 1
  const segments = path.split('/')
  const before = segments[segments.indexOf(`{${parameter}}`) - 1] ?? ''
  return world.ids[SEGMENT_NOUNS[before] ?? ''] ?? 1
}

/**
 * Who sends an operation's requests: a guest for public ones; otherwise a role the operation
 * admits, the educator first (it owns the world's lesson), so requests pass authorisation.
 */
export const callerOf = (world: World, access: Access): string | null => {
  if (access === 'public') return null
  if (access === 'user' || access.includes('educator')) return world.cookies.educator
  if (access.includes('student')) return world.cookies.student
  return world.cookies.admin
}
