// The bench's data, written straight into the product's database before the product starts:
// the demo world (as an empty database gets at start-up), a free lesson of three seats with one
// session, 200 confirmed students already signed in (their session cookies), and sessions for a
// demo student, a demo educator, the admin and the bench's educator, for the signed-in Lighthouse
// checks (scripts/bench/lighthouse.ts). Registering 200 accounts through the API
// would meet the sign-up rate limit and the e-mail confirmation instead.
import { eq } from 'drizzle-orm'
import { ACCOUNTS } from '../../demo/world.ts'
import { hashPassword } from '../../server/src/crypto/passwords.ts'
import { hashToken, newToken } from '../../server/src/crypto/tokens.ts'
import { type Database, openDatabase } from '../../server/src/db/client.ts'
import {
  authSessions,
  categories,
  lessonSessions,
  lessons,
  users,
} from '../../server/src/db/schema.ts'
import { seedDemoData } from '../../server/src/db/seed.ts'
import { SESSION_COOKIE } from '../../server/src/plugins/auth.ts'
import { createFileStorage, uploadsDir } from '../../server/src/storage/files.ts'

const DAY = 24 * 60 * 60 * 1000
export const RACERS = 200
export const RACE_SEATS = 3

export interface BenchWorld {
  race: { lessonId: number; sessionId: number; cookies: string[] }
  /** The session cookie of a demo student, enrolled in a live session and one starting soon. */
  studentCookie: string
  /** The session cookie of an approved educator (the bench's own). */
  educatorCookie: string
  /** The session cookie of a demo educator with lessons and reviews (English interface). */
  demoEducatorCookie: string
  /** The session cookie of the demo's admin. */
  adminCookie: string
}

export const signedIn = async (db: Database, userIds: number[]) => {
  const tokens = userIds.map(() => newToken())
  await db.insert(authSessions).values(
    userIds.map((userId, index) => ({
      tokenHash: hashToken(tokens[index] ?? ''),
      userId,
      persistent: false,
      expiresAt: new Date(Date.now() + DAY),
    })),
  )
  return tokens.map((token) => `${SESSION_COOKIE}=${token}`)
}

const single = <T>(rows: T[]): T => {
  const [row] = rows
  if (row === undefined) throw new Error('Row was not created')
  return row
}

/** The fields of a confirmed account whose password nobody knows (the bench signs it in). */
const confirmedAccount = async () => ({
  passwordHash: await hashPassword(`bench-${newToken()}`),
  language: 'en-US' as const,
  emailConfirmedAt: new Date(),
})

/**
 * An approved educator of the bench's and a free lesson of theirs with `seats` seats, in a
 * category of its own, dated older than every demo lesson: the landing Lighthouse measures is
 * the demo's, whose newest lessons come first, not a coverless bench lesson.
 */
export const benchLesson = async (
  db: Database,
  lesson: { email: string; educator: string; category: string; title: string; about: string },
  seats: number,
) => {
  const educator = single(
    await db
      .insert(users)
      .values({
        ...(await confirmedAccount()),
        name: lesson.educator,
        email: lesson.email,
        role: 'educator',
        approvedAt: new Date(),
      })
      .returning({ id: users.id }),
  )
  const category = single(
    await db
      .insert(categories)
      .values({ title: lesson.category, titleJp: 'ベンチ' })
      .returning({ id: categories.id }),
  )
  const { id: lessonId } = single(
    await db
      .insert(lessons)
      .values({
        ownerId: educator.id,
        categoryId: category.id,
        title: lesson.title,
        about: lesson.about,
        details: 'Written by the bench',
        priceInCents: 0,
        minSlots: 1,
        maxSlots: seats,
        createdAt: new Date('2000-01-01T00:00:00Z'),
        updatedAt: new Date('2000-01-01T00:00:00Z'),
      })
      .returning({ id: lessons.id }),
  )
  return { educatorId: educator.id, lessonId }
}

/** `count` confirmed students, `<name> 1` to `<name> <count>`, signed in: their cookies. */
export const signedInStudents = async (db: Database, count: number, name: string) => {
  const confirmed = await confirmedAccount()
  const students = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        ...confirmed,
        name: `${name} ${index + 1}`,
        email: `${name.toLowerCase()}${index + 1}@bench.example`,
        role: 'student' as const,
      })),
    )
    .returning({ id: users.id })
  return signedIn(
    db,
    students.map((student) => student.id),
  )
}

/** Seeds the database the product will open (`url`: PostgreSQL, else PGlite in `dataDir`). */
export const prepareWorld = async (dataDir: string, url?: string): Promise<BenchWorld> => {
  const database = await openDatabase(url ? { url } : { dataDir })
  try {
    const { db } = database
    await seedDemoData(db, await createFileStorage(uploadsDir(dataDir)))
    const { educatorId, lessonId } = await benchLesson(
      db,
      {
        email: 'bench-educator@bench.example',
        educator: 'Bench educator',
        category: 'Bench race',
        title: 'The 200-racer enrollment',
        about: 'Three free seats for two hundred students',
      },
      RACE_SEATS,
    )
    const start = new Date(Date.now() + 2 * DAY)
    const session = single(
      await db
        .insert(lessonSessions)
        .values({
          lessonId,
          ownerId: educatorId,
          startTime: start,
          endTime: new Date(start.getTime() + DAY / 24),
          timezone: 'Asia/Tokyo',
          url: 'https://meet.google.com/abc-defg-hij',
        })
        .returning(),
    )
    const racers = await signedInStudents(db, RACERS, 'Racer')
    const demoUser = async (key: string) => {
      const account = ACCOUNTS.find((candidate) => candidate.key === key)
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, account?.email ?? ''))
      if (!row) throw new Error(`The demo seed has no account ${key}`)
      return row.id
    }
    const [studentCookie = '', educatorCookie = '', demoEducatorCookie = '', adminCookie = ''] =
      await signedIn(db, [
        await demoUser('yuki'),
        educatorId,
        await demoUser('emily'),
        await demoUser('admin'),
      ])
    return {
      race: { lessonId, sessionId: session.id, cookies: racers },
      studentCookie,
      educatorCookie,
      demoEducatorCookie,
      adminCookie,
    }
  } finally {
    await database.close()
  }
}
