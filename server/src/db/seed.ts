import { crc32, deflateSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { sessionPriceInCents } from '../../../contract/rules.ts'
import { hashPassword } from '../crypto/passwords.ts'
import type { Database, Transaction } from './client.ts'
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
} from './schema.ts'

/**
 * Demo data for a first start on an empty database: the same accounts and categories as the
 * mock catalogue (`src/mocks/db.ts`), so the README's demo accounts work against either, and a
 * catalogue large enough to page through, with sessions placed around the moment of seeding
 * (past, live now, starting in a few minutes, future).
 */

/** The password of every demo account. */
export const DEMO_PASSWORD = 'Password1'

type Role = 'admin' | 'student' | 'educator'
type AccountKey = 'admin' | 'kenji' | 'emily' | 'hiroshi' | 'laura' | 'yuki' | 'tom' | 'mai' | 'sam'

interface DemoAccount {
  key: AccountKey
  name: string
  email: string
  role: Role
  /** What the account shows off, for the README. */
  description: string
  bio?: string
  language?: 'en-US' | 'jp-JP'
  /** Educators only; false leaves the account awaiting an admin's approval. */
  approved?: boolean
  /** False leaves the e-mail unconfirmed, so the account cannot sign in yet. */
  confirmed?: boolean
  /** Index in the licence pool of the video licence the educator holds. */
  licence?: number
}

const ACCOUNTS: DemoAccount[] = [
  {
    key: 'admin',
    name: 'Aiko Admin',
    email: 'admin@manabi.example',
    role: 'admin',
    description: 'Admin: lists users, approves educators, lends video licences',
  },
  {
    key: 'kenji',
    name: 'Kenji Tanaka',
    email: 'kenji@manabi.example',
    role: 'educator',
    description: 'Approved educator with a Zoom licence and several lessons (Japanese UI)',
    bio: 'Japanese teacher from Osaka with ten years of classroom experience.',
    language: 'jp-JP',
    licence: 0,
  },
  {
    key: 'emily',
    name: 'Emily Carter',
    email: 'emily@manabi.example',
    role: 'educator',
    description: 'Approved educator with a Google Meet licence and several lessons',
    bio: 'Pianist and maths tutor. I love making hard things simple.',
    licence: 1,
  },
  {
    key: 'hiroshi',
    name: 'Hiroshi Sato',
    email: 'hiroshi@manabi.example',
    role: 'educator',
    description: 'Educator awaiting approval: cannot create lessons yet',
    bio: 'Waiting for approval.',
    approved: false,
  },
  {
    key: 'laura',
    name: 'Laura Bianchi',
    email: 'laura@manabi.example',
    role: 'educator',
    description: 'Approved educator without a video licence',
    bio: 'Art historian; no video account yet.',
  },
  {
    key: 'yuki',
    name: 'Yuki Yamamoto',
    email: 'yuki@manabi.example',
    role: 'student',
    description: 'Student enrolled in a live session and one starting in a few minutes',
  },
  {
    key: 'tom',
    name: 'Tom Miller',
    email: 'tom@manabi.example',
    role: 'student',
    description: 'Student with past lessons and reviews',
  },
  {
    key: 'mai',
    name: 'Mai Suzuki',
    email: 'mai@manabi.example',
    role: 'student',
    description: 'Student (Japanese UI) with past and upcoming lessons',
    language: 'jp-JP',
  },
  {
    key: 'sam',
    name: 'Sam Lee',
    email: 'sam@manabi.example',
    role: 'student',
    description: 'Student whose e-mail is not confirmed: sign-in is refused',
    confirmed: false,
  },
]

/** The demo accounts for the README; every one has the password `DEMO_PASSWORD`. */
export const DEMO_ACCOUNTS: readonly { email: string; role: Role; description: string }[] =
  ACCOUNTS.map(({ email, role, description }) => ({ email, role, description }))

const LICENCES = [
  { provider: 'zoom', accountEmail: 'zoom-1@manabi.example' },
  { provider: 'google_meet', accountEmail: 'meet-1@manabi.example' },
  { provider: 'zoom', accountEmail: 'zoom-2@manabi.example' },
  { provider: 'google_meet', accountEmail: 'meet-2@manabi.example' },
  { provider: 'zoom', accountEmail: 'zoom-3@manabi.example' },
  { provider: 'google_meet', accountEmail: 'meet-3@manabi.example' },
] as const

const CATEGORIES = [
  { title: 'Languages', titleJp: '語学' },
  { title: 'Mathematics', titleJp: '数学' },
  { title: 'Music', titleJp: '音楽' },
  { title: 'Programming', titleJp: 'プログラミング' },
  { title: 'Cooking', titleJp: '料理' },
  { title: 'Art', titleJp: '美術' },
  { title: 'Science', titleJp: '科学' },
] as const
type CategoryTitle = (typeof CATEGORIES)[number]['title']

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

interface DemoSession {
  /** Start, relative to the moment of seeding. */
  start: number
  length: number
  /** Keep the exact offset (live now, starting soon); other starts are put on the hour. */
  exact?: boolean
  enrolled?: AccountKey[]
}

interface DemoLesson {
  title: string
  category: CategoryTitle
  owner: 'kenji' | 'emily'
  priceInCents: number
  maxSlots: number
  about: string
  details: string
  /** Hue of the generated cover; none means the lesson has no cover image. */
  coverHue?: number
  sessions: DemoSession[]
  reviews?: { author: AccountKey; rating: number; body: string }[]
  links?: { title: string; url: string; description: string }[]
}

/** Oldest first: each lesson is created a day after the previous one. */
const LESSONS: DemoLesson[] = [
  {
    title: 'Conversational Japanese for Beginners',
    category: 'Languages',
    owner: 'kenji',
    priceInCents: 2000,
    maxSlots: 5,
    coverHue: 350,
    about:
      'Start speaking Japanese from the first lesson: greetings, introductions and small talk.',
    details:
      'Each session mixes a short grammar point with plenty of speaking practice in pairs. ' +
      'We use everyday situations (ordering food, asking for directions, talking about your ' +
      'weekend) and you leave every session with a list of phrases to reuse.',
    sessions: [
      { start: -3 * DAY, length: HOUR, enrolled: ['yuki', 'tom', 'mai'] },
      { start: -20 * MINUTE, length: HOUR, exact: true, enrolled: ['yuki'] },
      { start: 2 * DAY, length: HOUR, enrolled: ['mai'] },
    ],
    reviews: [
      {
        author: 'yuki',
        rating: 5,
        body: 'Kenji explains grammar very clearly. I finally understand particles!',
      },
      { author: 'tom', rating: 4, body: 'Friendly and well paced, a bit short.' },
      { author: 'mai', rating: 3, body: 'Good practice, though I wanted more reading.' },
    ],
    links: [
      {
        title: 'NHK News Web Easy',
        url: 'https://www3.nhk.or.jp/news/easy/',
        description: 'Short news articles in simple Japanese.',
      },
    ],
  },
  {
    title: 'Algebra Foundations',
    category: 'Mathematics',
    owner: 'emily',
    priceInCents: 0,
    maxSlots: 2,
    coverHue: 210,
    about: 'Equations, inequalities and functions, rebuilt from the ground up.',
    details:
      'A free small-group course for anyone who lost track of algebra at school. We solve ' +
      'problems together on a shared whiteboard and you get exercises for the week.',
    sessions: [
      { start: 3 * MINUTE, length: HOUR, exact: true, enrolled: ['yuki'] },
      { start: 3 * DAY, length: HOUR },
      // Both seats taken: shown as out of slots.
      { start: 4 * DAY, length: HOUR, enrolled: ['tom', 'mai'] },
    ],
  },
  {
    title: 'Piano for Adults',
    category: 'Music',
    owner: 'emily',
    priceInCents: 3500,
    maxSlots: 4,
    coverHue: 280,
    about: 'Never too late: read simple scores and play your first pieces with both hands.',
    details:
      'We start with posture and hand position, then learn to read treble and bass clefs. ' +
      'You need a keyboard or piano with at least 61 keys and a camera that shows your hands.',
    sessions: [
      { start: -4 * DAY, length: HOUR, enrolled: ['tom'] },
      { start: 1 * DAY, length: HOUR },
      { start: 8 * DAY, length: HOUR },
    ],
    reviews: [{ author: 'tom', rating: 5, body: 'Lovely first lesson.' }],
  },
  {
    title: 'TypeScript from Scratch',
    category: 'Programming',
    owner: 'kenji',
    priceInCents: 0,
    maxSlots: 10,
    coverHue: 200,
    about: 'Types, interfaces and generics for JavaScript developers, in plain language.',
    details:
      'Bring a laptop with Node.js installed. We build a small command-line tool step by step ' +
      'and let the compiler catch our mistakes before they reach production.',
    sessions: [
      { start: -5 * DAY, length: 90 * MINUTE, enrolled: ['yuki'] },
      { start: 5 * DAY, length: 90 * MINUTE },
    ],
    reviews: [{ author: 'yuki', rating: 3, body: 'Useful, but it went fast for a beginner.' }],
    links: [
      {
        title: 'TypeScript Handbook',
        url: 'www.typescriptlang.org/docs/handbook/',
        description: 'The official handbook.',
      },
    ],
  },
  {
    title: 'Home-style Japanese Cooking',
    category: 'Cooking',
    owner: 'emily',
    priceInCents: 1500,
    maxSlots: 8,
    coverHue: 30,
    about: 'Miso soup, rice and two side dishes: a full Japanese home meal in two hours.',
    details:
      'The ingredient list is sent a week before the session. We cook together in real time, ' +
      'so set up your camera so the stove is visible.',
    sessions: [{ start: 6 * DAY, length: 2 * HOUR }],
  },
  {
    title: 'Watercolour Basics',
    category: 'Art',
    owner: 'emily',
    priceInCents: 1200,
    maxSlots: 6,
    coverHue: 170,
    about: 'Washes, gradients and wet-on-wet: the techniques behind every watercolour.',
    details:
      'Three brushes, cold-pressed paper and a basic palette are enough. Each session ends ' +
      'with a small landscape you paint on your own.',
    sessions: [
      { start: -6 * DAY, length: HOUR, enrolled: ['tom', 'mai'] },
      { start: 9 * DAY, length: HOUR },
    ],
    reviews: [
      { author: 'tom', rating: 4, body: 'Relaxing and instructive. My skies look much better.' },
      { author: 'mai', rating: 5, body: 'とても楽しかったです。Clear demonstrations.' },
    ],
  },
  {
    title: 'Introduction to Physics',
    category: 'Science',
    owner: 'kenji',
    priceInCents: 2500,
    maxSlots: 12,
    coverHue: 60,
    about: 'Motion, forces and energy explained with everyday experiments.',
    details:
      'No advanced maths required. We film simple experiments with household objects and ' +
      'work out together why things move the way they do.',
    sessions: [{ start: 10 * DAY, length: HOUR }],
  },
  {
    title: 'Business English',
    category: 'Languages',
    owner: 'emily',
    priceInCents: 3000,
    maxSlots: 3,
    coverHue: 120,
    about: 'Meetings, e-mails and presentations in clear, confident English.',
    details:
      'Role plays based on your own work situations. Send a short description of your job ' +
      'when you enrol so the material fits you.',
    sessions: [{ start: 2 * DAY + 3 * HOUR, length: HOUR }],
  },
  {
    title: 'Geometry Puzzles',
    category: 'Mathematics',
    owner: 'kenji',
    priceInCents: 0,
    maxSlots: 20,
    coverHue: 240,
    about: 'Angles, areas and clever proofs through puzzles for curious minds.',
    details:
      'Each session presents five puzzles of increasing difficulty. We discuss several ' +
      'solutions to every puzzle, so no one is left behind.',
    sessions: [{ start: 11 * DAY, length: HOUR }],
  },
  {
    title: 'Guitar Chords in a Week',
    category: 'Music',
    owner: 'emily',
    priceInCents: 1800,
    maxSlots: 5,
    coverHue: 15,
    about: 'The eight open chords that let you play hundreds of songs.',
    details:
      'Bring an acoustic or electric guitar, tuned. We practise chord changes with a ' +
      'metronome and finish with a song of your choice.',
    sessions: [{ start: 12 * DAY, length: HOUR }],
  },
  {
    title: 'React for Beginners',
    category: 'Programming',
    owner: 'emily',
    priceInCents: 4000,
    maxSlots: 15,
    coverHue: 190,
    about: 'Components, state and effects: build your first React application.',
    details:
      'You should know basic JavaScript. We build a small to-do application and deploy it, ' +
      'explaining every line on the way.',
    sessions: [{ start: 7 * DAY, length: 2 * HOUR }],
  },
  {
    title: 'Advanced Calligraphy (draft)',
    category: 'Art',
    owner: 'kenji',
    priceInCents: 2200,
    maxSlots: 4,
    coverHue: 0,
    about: 'Brush calligraphy (shodō) for students who know the basic strokes.',
    details: 'A draft without sessions yet: it stays out of student and guest lists.',
    sessions: [],
  },
  {
    title: 'Sushi Workshop',
    category: 'Cooking',
    owner: 'kenji',
    priceInCents: 0,
    maxSlots: 6,
    about: 'Prepare sushi rice and roll maki and nigiri at home.',
    details:
      'A free workshop without a cover image. The shopping list includes rice, nori, rice ' +
      'vinegar and fish or vegetables of your choice.',
    sessions: [{ start: 13 * DAY, length: 2 * HOUR }],
  },
  {
    title: 'はじめての日本語 (Japanese for Absolute Beginners)',
    category: 'Languages',
    owner: 'kenji',
    priceInCents: 1500,
    maxSlots: 6,
    coverHue: 330,
    about: 'Hiragana, katakana and your first sentences, taught slowly and with care.',
    details:
      'For learners who have never studied Japanese. By the end you read both syllabaries ' +
      'and can introduce yourself.',
    sessions: [
      { start: -2 * DAY, length: HOUR, enrolled: ['mai'] },
      { start: 1 * DAY, length: HOUR },
    ],
    reviews: [{ author: 'mai', rating: 5, body: 'Patient teacher and clear explanations.' }],
  },
  {
    title: '数学オリンピック入門 (Maths Olympiad Primer)',
    category: 'Mathematics',
    owner: 'emily',
    priceInCents: 2500,
    maxSlots: 8,
    coverHue: 260,
    about: 'Number theory and combinatorics problems from junior olympiads.',
    details:
      'For secondary-school students who enjoy a challenge. We study classic problems and ' +
      'the ideas behind their solutions.',
    sessions: [
      { start: -8 * DAY, length: HOUR, enrolled: ['yuki'] },
      { start: 5 * DAY, length: HOUR },
    ],
    reviews: [{ author: 'yuki', rating: 4, body: 'Hard problems, but the hints were great.' }],
  },
  {
    title: 'Kitchen Chemistry',
    category: 'Science',
    owner: 'kenji',
    priceInCents: 1000,
    maxSlots: 10,
    coverHue: 90,
    about: 'Why bread rises and mayonnaise holds: chemistry with what is in your kitchen.',
    details:
      'Safe experiments with food and kitchen tools, each followed by the science that ' +
      'explains it.',
    sessions: [{ start: 15 * DAY, length: HOUR }],
  },
]

const TIME_ZONES = { kenji: 'Asia/Tokyo', emily: 'Europe/London' } as const

/** A meeting URL of the educator's provider (Zoom for Kenji, Google Meet for Emily). */
const meetingUrl = (owner: 'kenji' | 'emily', lessonIndex: number) => {
  if (owner === 'kenji') return `https://zoom.us/j/${8_100_000_000 + lessonIndex}`
  const letters = 'abcdefghijklmnopqrstuvwxyz'
  const code = (length: number, seed: number) =>
    Array.from({ length }, (_, index) => letters[(seed * 7 + index * 5) % 26]).join('')
  return `https://meet.google.com/${code(3, lessonIndex)}-${code(4, lessonIndex + 3)}-${code(3, lessonIndex + 9)}`
}

// --- Cover images: tiny PNGs generated here, so no binary file sits in the repository ---

const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const checksum = Buffer.alloc(4)
  checksum.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, checksum])
}

const hslToRgb = (hue: number, saturation: number, lightness: number): number[] => {
  // Half the chroma: the standard formula's `a`, which keeps every channel within 0..1.
  const a = saturation * Math.min(lightness, 1 - lightness)
  const f = (n: number) => {
    const k = (n + hue / 30) % 12
    return lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))
  }
  return [f(0), f(8), f(4)].map((value) => Math.round(value * 255))
}

const COVER_WIDTH = 336
const COVER_HEIGHT = 200

/** A 336×200 RGB PNG: a vertical gradient of one hue with a lighter band across it. */
export const coverPng = (hue: number): Buffer => {
  const rows: Buffer[] = []
  for (let y = 0; y < COVER_HEIGHT; y += 1) {
    const band = y > 120 && y < 150
    const lightness = band ? 0.8 : 0.65 - (0.3 * y) / COVER_HEIGHT
    const [r = 0, g = 0, b = 0] = hslToRgb(hue, 0.6, lightness)
    const row = Buffer.alloc(1 + COVER_WIDTH * 3)
    // Filter byte 0 (none), then the same colour across the row.
    for (let x = 0; x < COVER_WIDTH; x += 1) row.set([r, g, b], 1 + x * 3)
    rows.push(row)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(COVER_WIDTH, 0)
  header.writeUInt32BE(COVER_HEIGHT, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8 bits per channel, truecolour, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

export interface SeedStorage {
  put: (key: string, bytes: Buffer) => Promise<void>
}

const startOf = (now: number, session: DemoSession) => {
  const start = now + session.start
  // Scheduled sessions start on the hour, as an educator would plan them.
  return new Date(session.exact ? start : Math.floor(start / HOUR) * HOUR)
}

const coverKey = (lessonIndex: number) => `demo-cover-${lessonIndex + 1}.png`

/** The generated cover of each lesson that has one, by lesson index. */
const demoCovers = () =>
  new Map(
    LESSONS.flatMap((lesson, index) =>
      lesson.coverHue === undefined ? [] : [[index, coverPng(lesson.coverHue)] as const],
    ),
  )

const insertAll = async (
  tx: Transaction,
  now: number,
  passwordHash: string,
  covers: Map<number, Buffer>,
) => {
  const licenceRows = await tx
    .insert(videoLicences)
    .values([...LICENCES])
    .returning()
  const categoryRows = await tx
    .insert(categories)
    .values([...CATEGORIES])
    .returning()
  const categoryId = (title: CategoryTitle) =>
    categoryRows.find((row) => row.title === title)?.id ?? 0

  const userRows = await tx
    .insert(users)
    .values(
      ACCOUNTS.map((account, index) => ({
        name: account.name,
        email: account.email,
        passwordHash,
        description: account.bio ?? null,
        role: account.role,
        language: account.language ?? 'en-US',
        emailConfirmedAt: account.confirmed === false ? null : new Date(now - 50 * DAY),
        approvedAt:
          account.role === 'educator' && account.approved !== false
            ? new Date(now - 45 * DAY)
            : null,
        videoLicenceId:
          account.licence === undefined ? null : (licenceRows[account.licence]?.id ?? null),
        // The admin is the oldest account, the unconfirmed student the newest.
        createdAt: new Date(now - (60 - index) * DAY),
      })),
    )
    .returning()
  const userId = (key: AccountKey) => userRows[ACCOUNTS.findIndex((a) => a.key === key)]?.id ?? 0

  let orderNumber = 0
  for (const [index, lesson] of LESSONS.entries()) {
    const ownerId = userId(lesson.owner)
    const [lessonRow] = await tx
      .insert(lessons)
      .values({
        ownerId,
        categoryId: categoryId(lesson.category),
        title: lesson.title,
        about: lesson.about,
        details: lesson.details,
        priceInCents: lesson.priceInCents,
        minSlots: 1,
        maxSlots: lesson.maxSlots,
        createdAt: new Date(now - (30 - index) * DAY),
        updatedAt: new Date(now - (30 - index) * DAY),
      })
      .returning()
    if (!lessonRow) throw new Error(`Demo lesson ${lesson.title} was not created`)

    const bytes = covers.get(index)
    if (bytes) {
      const [file] = await tx
        .insert(files)
        .values({
          ownerId,
          kind: 'image',
          lessonId: lessonRow.id,
          filename: `cover-${index + 1}.png`,
          mimeType: 'image/png',
          size: bytes.length,
          storageKey: coverKey(index),
        })
        .returning()
      await tx.update(lessons).set({ imageId: file?.id }).where(eq(lessons.id, lessonRow.id))
    }

    for (const session of lesson.sessions) {
      const startTime = startOf(now, session)
      const endTime = new Date(startTime.getTime() + session.length)
      const [sessionRow] = await tx
        .insert(lessonSessions)
        .values({
          lessonId: lessonRow.id,
          ownerId,
          startTime,
          endTime,
          timezone: TIME_ZONES[lesson.owner],
          url: meetingUrl(lesson.owner, index + 1),
          createdAt: new Date(now - (30 - index) * DAY),
        })
        .returning()
      if (!sessionRow) throw new Error(`A session of ${lesson.title} was not created`)
      for (const student of session.enrolled ?? []) {
        const enrolledAt = new Date(Math.min(startTime.getTime(), now) - 7 * DAY)
        let paymentId: number | null = null
        if (lesson.priceInCents > 0) {
          orderNumber += 1
          const [payment] = await tx
            .insert(payments)
            .values({
              userId: userId(student),
              lessonId: lessonRow.id,
              sessionId: sessionRow.id,
              orderId: `DEMO-ORDER-${orderNumber}`,
              transactionId: `DEMO-CAPTURE-${orderNumber}`,
              status: 'success',
              amountInCents: sessionPriceInCents(
                lesson.priceInCents,
                startTime.toISOString(),
                endTime.toISOString(),
              ),
              createdAt: enrolledAt,
              updatedAt: enrolledAt,
            })
            .returning()
          paymentId = payment?.id ?? null
        }
        await tx.insert(enrollments).values({
          sessionId: sessionRow.id,
          userId: userId(student),
          paymentId,
          createdAt: enrolledAt,
        })
      }
    }

    if (lesson.reviews?.length) {
      // Written the day after the lesson's first session.
      const firstSession = lesson.sessions[0]
      const writtenAt = firstSession ? startOf(now, firstSession).getTime() + DAY : now
      await tx.insert(reviews).values(
        lesson.reviews.map((review, order) => ({
          lessonId: lessonRow.id,
          authorId: userId(review.author),
          body: review.body,
          rating: review.rating,
          createdAt: new Date(Math.min(writtenAt + order * HOUR, now)),
        })),
      )
    }

    if (lesson.links?.length) {
      await tx.insert(resources).values(
        lesson.links.map((link) => ({
          lessonId: lessonRow.id,
          title: link.title,
          type: 'link' as const,
          url: link.url,
          description: link.description,
        })),
      )
    }
  }
}

/**
 * Seeds the demo data when the database has no user yet, all rows in one transaction. Cover
 * bytes are written to storage first (fixed keys, so a retry overwrites them). Returns whether
 * it seeded.
 */
export const seedDemoData = async (db: Database, storage: SeedStorage): Promise<boolean> => {
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1)
  if (anyUser) return false

  const covers = demoCovers()
  for (const [index, bytes] of covers) await storage.put(coverKey(index), bytes)
  // One hash for every account: argon2 is slow on purpose.
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const now = Date.now()
  await db.transaction((tx) => insertAll(tx, now, passwordHash, covers))
  return true
}
