import type { Database } from '../src/db/client.ts'
import {
  authSessions,
  categories,
  enrollments,
  lessonSessions,
  lessons,
  reviews,
} from '../src/db/schema.ts'
import { hashToken, newToken } from '../src/crypto/tokens.ts'
import { SESSION_COOKIE } from '../src/plugins/auth.ts'
import { createUser, type UserFixture } from './helpers.ts'

/**
 * Rows of the catalogue written straight into the database, so each test states exactly the
 * lessons, sessions, seats and reviews it is about.
 */

export const MINUTE = 60 * 1000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

/** The instant `days` days before now (a created date, an approval). */
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY)

type CategoryRow = typeof categories.$inferSelect
type LessonRow = typeof lessons.$inferSelect
type SessionRow = typeof lessonSessions.$inferSelect

const single = <T>(rows: T[]): T => {
  const [row] = rows
  if (row === undefined) throw new Error('Row was not created')
  return row
}

let counter = 0
const next = () => {
  counter += 1
  return counter
}

export const createCategory = async (
  db: Database,
  overrides: Partial<typeof categories.$inferInsert> = {},
): Promise<CategoryRow> => {
  const n = next()
  return single(
    await db
      .insert(categories)
      .values({ title: `Category ${n}`, titleJp: `カテゴリー${n}`, ...overrides })
      .returning(),
  )
}

/** A lesson of the educator, in a new category unless one is given. */
export const createLesson = async (
  db: Database,
  owner: { id: number },
  overrides: Partial<typeof lessons.$inferInsert> = {},
): Promise<LessonRow> => {
  const categoryId = overrides.categoryId ?? (await createCategory(db)).id
  return single(
    await db
      .insert(lessons)
      .values({
        ownerId: owner.id,
        categoryId,
        title: `Lesson ${next()}`,
        about: 'About the lesson',
        details: 'Details of the lesson',
        priceInCents: 0,
        minSlots: 1,
        maxSlots: 3,
        ...overrides,
      })
      .returning(),
  )
}

/**
 * A session of the lesson starting `startsIn` ms from now (negative: in the past), one hour long
 * unless told. Sessions of one educator must not overlap (a database constraint).
 */
export const createSession = async (
  db: Database,
  lesson: { id: number; ownerId: number },
  options: { startsIn: number; lasts?: number; url?: string; timezone?: string },
): Promise<SessionRow> => {
  const start = new Date(Date.now() + options.startsIn)
  return single(
    await db
      .insert(lessonSessions)
      .values({
        lessonId: lesson.id,
        ownerId: lesson.ownerId,
        startTime: start,
        endTime: new Date(start.getTime() + (options.lasts ?? HOUR)),
        timezone: options.timezone ?? 'Asia/Tokyo',
        url: options.url ?? `https://meet.google.com/abc-defg-hij`,
      })
      .returning(),
  )
}

/** A seat of the student in the session; `cancelled` marks it given back. */
export const enroll = async (
  db: Database,
  session: { id: number },
  student: { id: number },
  options: { cancelled?: boolean } = {},
) =>
  single(
    await db
      .insert(enrollments)
      .values({
        sessionId: session.id,
        userId: student.id,
        cancelledAt: options.cancelled ? new Date() : null,
      })
      .returning(),
  )

export const createReview = async (
  db: Database,
  lesson: { id: number },
  author: { id: number },
  overrides: Partial<typeof reviews.$inferInsert> = {},
) =>
  single(
    await db
      .insert(reviews)
      .values({
        lessonId: lesson.id,
        authorId: author.id,
        body: 'A fine lesson',
        rating: 5,
        ...overrides,
      })
      .returning(),
  )

/**
 * A signed-in session for the user, stored as the auth plugin stores one, so these tests do not
 * depend on the login call.
 */
export const cookieFor = async (db: Database, user: { id: number }) => {
  const token = newToken()
  await db.insert(authSessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    persistent: false,
    expiresAt: new Date(Date.now() + DAY),
  })
  return `${SESSION_COOKIE}=${token}`
}

export interface CastMember {
  user: UserFixture | null
  cookie: string | null
}

export interface Cast {
  guest: CastMember
  student: CastMember
  unverifiedEducator: CastMember
  /** The educator whose lessons the test is about. */
  owner: CastMember
  anotherEducator: CastMember
  admin: CastMember
}

/** One user of every kind the authorisation tables try, each signed in. */
export const createCast = async (db: Database): Promise<Cast> => {
  const member = async (overrides: Parameters<typeof createUser>[1]): Promise<CastMember> => {
    const user = await createUser(db, overrides)
    return { user, cookie: await cookieFor(db, user) }
  }
  return {
    guest: { user: null, cookie: null },
    student: await member({ role: 'student' }),
    unverifiedEducator: await member({ role: 'educator', approvedAt: null }),
    owner: await member({ role: 'educator', description: 'I teach things' }),
    anotherEducator: await member({ role: 'educator' }),
    admin: await member({ role: 'admin' }),
  }
}

/** The user of a cast member that must have one. */
export const userOf = (member: CastMember): UserFixture => {
  if (!member.user) throw new Error('This cast member is a guest')
  return member.user
}

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
export const multipartFile = (
  field: string,
  filename: string,
  bytes: Buffer,
  contentType = 'application/octet-stream',
) => {
  const boundary = `----manabi${Math.random().toString(16).slice(2)}`
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\n` +
        `Content-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** A real 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
/** A real 1×1 GIF. */
export const GIF_BYTES = Buffer.from(
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'base64',
)
