import type { LANGUAGES, RESOURCE_TYPES, ROLES, VIDEO_PROVIDERS } from '../contract/rules.ts'
import { textPdf } from './pdf.ts'

/**
 * The demo world: the accounts, catalogue and history both backends start from, described once
 * and without storage. The server's seed (`server/src/db/seed.ts`) writes it into the database
 * on a first start; the mock catalogue (`src/mocks/db.ts`) rebuilds its in-memory database from
 * it on every `db.reset()`. Both read it through `demoWorld()` (`./resolve.ts`), which places
 * every time around the moment of seeding, so each backend only maps records to its rows.
 *
 * A few entries are marked `showcase`. They give the running product the volume a demo wants (a
 * larger licence pool, four more lessons, more reviews, Kenji's year of paid sessions and the
 * approval it needs, a year earlier) and are left out of the mock catalogue, whose tests pin its
 * exact size: twelve listed lessons, two free licences, Kenji's two reviews and Emily's one,
 * Yuki's history of one reviewed lesson and one to review, Kenji newly approved. Everything else
 * is the same in both.
 */

export type Role = (typeof ROLES)[number]
export type Language = (typeof LANGUAGES)[number]
export type VideoProvider = (typeof VIDEO_PROVIDERS)[number]
export type ResourceType = (typeof RESOURCE_TYPES)[number]

export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

/** The password of every demo account. */
export const DEMO_PASSWORD = 'Password1'

export type AccountKey =
  'admin' | 'kenji' | 'emily' | 'hiroshi' | 'laura' | 'yuki' | 'tom' | 'mai' | 'sam'
type StudentKey = 'yuki' | 'tom' | 'mai' | 'sam'
type TeacherKey = 'kenji' | 'emily'

export interface DemoAccount {
  key: AccountKey
  name: string
  email: string
  role: Role
  /** What the account shows off, for the README. */
  description: string
  bio?: string
  language?: Language
  /** Educators only; false leaves the account awaiting an admin's approval. */
  approved?: boolean
  /** How many days ago an approved educator was approved (45 by default). */
  approvedDaysAgo?: number
  /**
   * The approval in the world with its showcase entries, when they give the educator a longer
   * history than the mock's (`approvedDaysAgo` is then the mock's).
   */
  showcaseApprovedDaysAgo?: number
  /** False leaves the e-mail unconfirmed, so the account cannot sign in yet. */
  confirmed?: boolean
  /** The video licence an educator holds (its account e-mail), its meeting room and time zone. */
  teaches?: { licence: string; room: string; timeZone: string }
}

/** Oldest first: the admin is the oldest account, the unconfirmed student the newest. */
export const ACCOUNTS: readonly DemoAccount[] = [
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
    description:
      'Approved educator with a Zoom licence and several lessons (Japanese UI); a year of earnings on the server',
    bio: 'Japanese teacher from Osaka with ten years of classroom experience.',
    language: 'jp-JP',
    // The showcase's reading circle gives him a year of paid sessions, every rule period met; the
    // mock, without it, has him newly approved and exempt from the rule.
    showcaseApprovedDaysAgo: 405,
    teaches: {
      licence: 'zoom-1@manabi.example',
      room: 'https://zoom.us/j/1234567890',
      timeZone: 'Asia/Tokyo',
    },
  },
  {
    key: 'emily',
    name: 'Emily Carter',
    email: 'emily@manabi.example',
    role: 'educator',
    description: 'Approved educator with a Google Meet licence and several lessons',
    bio: 'Pianist and maths tutor. I love making hard things simple.',
    teaches: {
      licence: 'meet-1@manabi.example',
      room: 'https://meet.google.com/abc-defg-hij',
      timeZone: 'Europe/London',
    },
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
    description:
      'Approved educator without a video licence, below the earnings rule with its deadline in under three weeks (the earnings screen warns)',
    bio: 'Art historian; no video account yet.',
    // Approved long enough ago that her exempt first period is over: the second one, with nothing
    // earned, ends 16 to 19 days from now (six calendar months after the approval).
    approvedDaysAgo: 165,
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

export interface DemoLicence {
  provider: VideoProvider
  accountEmail: string
  showcase?: boolean
}

/** The video-conference licences; those no educator holds are the admin's free pool. */
export const LICENCES: readonly DemoLicence[] = [
  { provider: 'zoom', accountEmail: 'zoom-1@manabi.example' },
  { provider: 'google_meet', accountEmail: 'meet-1@manabi.example' },
  { provider: 'zoom', accountEmail: 'zoom-2@manabi.example' },
  { provider: 'google_meet', accountEmail: 'meet-2@manabi.example' },
  { provider: 'zoom', accountEmail: 'zoom-3@manabi.example', showcase: true },
  { provider: 'google_meet', accountEmail: 'meet-3@manabi.example', showcase: true },
]

export const CATEGORIES = [
  { key: 'languages', title: 'Languages', titleJp: '語学' },
  { key: 'mathematics', title: 'Mathematics', titleJp: '数学' },
  { key: 'music', title: 'Music', titleJp: '音楽' },
  { key: 'programming', title: 'Programming', titleJp: 'プログラミング' },
  { key: 'cooking', title: 'Cooking', titleJp: '料理' },
  { key: 'art', title: 'Art', titleJp: '美術' },
  { key: 'science', title: 'Science', titleJp: '科学' },
] as const
export type CategoryKey = (typeof CATEGORIES)[number]['key']

export interface DemoSession {
  /** A name for a session the demo (and the tests) point at. */
  key?: string
  /** Start, relative to the moment of seeding. */
  start: number
  length: number
  /** Keep the exact offset (live now, starting soon); other starts are put on the hour. */
  exact?: boolean
  enrolled?: StudentKey[]
  /**
   * Scheduled under the minimum-seat rule: pending until its cutoff (contract/seats.ts). The
   * others were scheduled before the rule and take place with whoever enrolls.
   */
  pending?: boolean
}

export interface DemoReview {
  author: StudentKey
  rating: number
  body: string
  /**
   * Kept without a date where the storage allows it: the mock, to show that the spec hides such
   * reviews (§2). The database requires a date and gets the one the others would have.
   */
  undated?: boolean
  showcase?: boolean
}

export type DemoMaterial = { key: string; title: string; description: string } & (
  { type: 'link'; url: string } | { type: Exclude<ResourceType, 'link'>; file: DemoFile }
)

/** An uploaded file, its bytes given as ASCII text. */
export interface DemoFile {
  filename: string
  contentType: string
  text: string
}

export interface DemoLesson {
  key: string
  title: string
  category: CategoryKey
  owner: TeacherKey
  priceInCents: number
  maxSlots: number
  about: string
  details: string
  /** Hue of the generated cover; none means the lesson has no cover image. */
  coverHue?: number
  sessions: DemoSession[]
  reviews?: DemoReview[]
  materials?: DemoMaterial[]
  /** Created this many days ago; by default a day after the lesson before it in the list. */
  createdDaysAgo?: number
  showcase?: boolean
}

/**
 * Kenji's reading circle meets every four weeks (so each calendar month has a session) and has
 * met thirteen times, the first about a year ago; Tom gave back his seat in one meeting.
 */
const CIRCLE_MEETINGS = 13
const CIRCLE_EVERY = 28 * DAY
const CIRCLE_SEAT_GIVEN_BACK = 6
const circleKey = (index: number) => `circle${index + 1}`

/** Every lesson admits one student at least. */
export const MIN_SLOTS = 1

/** Oldest first: each lesson is created a day after the previous one. */
export const LESSONS: readonly DemoLesson[] = [
  {
    key: 'conversationalJapanese',
    title: 'Conversational Japanese for Beginners',
    category: 'languages',
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
      { key: 'past', start: -3 * DAY, length: HOUR, enrolled: ['yuki', 'tom'] },
      { key: 'live', start: -20 * MINUTE, length: HOUR, exact: true, enrolled: ['yuki'] },
      // Mai paid for her seat: an upcoming paid enrollment with its payment.
      { key: 'futurePaid', start: 2 * DAY, length: HOUR, enrolled: ['mai'] },
    ],
    reviews: [
      {
        author: 'yuki',
        rating: 5,
        body: 'Kenji explains grammar very clearly. I finally understand particles!',
      },
      { author: 'tom', rating: 4, body: 'Friendly and well paced, a bit short.' },
    ],
    materials: [
      {
        key: 'nhkNewsEasy',
        type: 'link',
        title: 'NHK News Web Easy',
        url: 'https://www3.nhk.or.jp/news/easy/',
        description: 'Short news articles in simple Japanese.',
      },
      {
        key: 'hiraganaChart',
        type: 'document',
        title: 'Hiragana chart',
        description: 'Print it and keep it next to you.',
        file: {
          filename: 'hiragana-chart.pdf',
          contentType: 'application/pdf',
          text: textPdf('Hiragana chart', [
            'a i u e o',
            'ka ki ku ke ko',
            'sa shi su se so',
            'ta chi tsu te to',
            'na ni nu ne no',
            'ha hi fu he ho',
            'ma mi mu me mo',
            'ya yu yo',
            'ra ri ru re ro',
            'wa wo n',
          ]),
        },
      },
    ],
  },
  {
    key: 'algebra',
    title: 'Algebra Foundations',
    category: 'mathematics',
    owner: 'emily',
    priceInCents: 0,
    maxSlots: 2,
    coverHue: 210,
    about: 'Equations, inequalities and functions, rebuilt from the ground up.',
    details:
      'A free small-group course for anyone who lost track of algebra at school. We solve ' +
      'problems together on a shared whiteboard and you get exercises for the week.',
    sessions: [
      { key: 'startingSoon', start: 3 * MINUTE, length: HOUR, exact: true, enrolled: ['yuki'] },
      // One of two seats taken: a single seat left.
      { key: 'futureFree', start: 3 * DAY, length: HOUR, enrolled: ['mai'] },
      // Both seats taken: shown as out of slots.
      { key: 'full', start: 4 * DAY, length: HOUR, enrolled: ['tom', 'mai'] },
    ],
  },
  {
    key: 'piano',
    title: 'Piano for Adults',
    category: 'music',
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
      // Tom paid for a seat here and unenrolled: his payment was refunded.
      { key: 'pianoTomorrow', start: 1 * DAY, length: HOUR },
      { key: 'pianoNextWeek', start: 8 * DAY, length: HOUR, pending: true },
    ],
    reviews: [{ author: 'tom', rating: 5, body: 'Lovely first lesson.', undated: true }],
  },
  {
    key: 'typescript',
    title: 'TypeScript from Scratch',
    category: 'programming',
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
    reviews: [
      {
        author: 'yuki',
        rating: 3,
        body: 'Useful, but it went fast for a beginner.',
        showcase: true,
      },
    ],
    materials: [
      {
        key: 'typescriptHandbook',
        type: 'link',
        title: 'TypeScript Handbook',
        url: 'www.typescriptlang.org/docs/handbook/',
        description: 'The official handbook.',
      },
    ],
  },
  {
    key: 'japaneseCooking',
    title: 'Home-style Japanese Cooking',
    category: 'cooking',
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
    key: 'watercolour',
    title: 'Watercolour Basics',
    category: 'art',
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
      { start: 9 * DAY, length: HOUR, pending: true },
    ],
    reviews: [
      {
        author: 'tom',
        rating: 4,
        body: 'Relaxing and instructive. My skies look much better.',
        showcase: true,
      },
      {
        author: 'mai',
        rating: 5,
        body: 'とても楽しかったです。Clear demonstrations.',
        showcase: true,
      },
    ],
  },
  {
    key: 'physics',
    title: 'Introduction to Physics',
    category: 'science',
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
    key: 'businessEnglish',
    title: 'Business English',
    category: 'languages',
    owner: 'emily',
    priceInCents: 3000,
    maxSlots: 3,
    coverHue: 120,
    about: 'Meetings, e-mails and presentations in clear, confident English.',
    details:
      'Role plays based on your own work situations. Send a short description of your job ' +
      'when you enroll so the material fits you.',
    sessions: [{ start: 2 * DAY + 3 * HOUR, length: HOUR }],
  },
  {
    key: 'geometry',
    title: 'Geometry Puzzles',
    category: 'mathematics',
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
    key: 'guitar',
    title: 'Guitar Chords in a Week',
    category: 'music',
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
    key: 'react',
    title: 'React for Beginners',
    category: 'programming',
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
    key: 'calligraphyDraft',
    title: 'Advanced Calligraphy (draft)',
    category: 'art',
    owner: 'kenji',
    priceInCents: 2200,
    maxSlots: 4,
    coverHue: 0,
    about: 'Brush calligraphy (shodō) for students who know the basic strokes.',
    details: 'A draft without sessions yet: it stays out of student and guest lists.',
    sessions: [],
  },
  {
    key: 'sushi',
    title: 'Sushi Workshop',
    category: 'cooking',
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
    key: 'japaneseBasics',
    title: 'はじめての日本語 (Japanese for Absolute Beginners)',
    category: 'languages',
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
    showcase: true,
  },
  {
    key: 'olympiad',
    title: '数学オリンピック入門 (Maths Olympiad Primer)',
    category: 'mathematics',
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
    // Yuki attended but has not reviewed it yet: a lesson to review in the running product (the
    // mock, without showcase lessons, has her TypeScript lesson to review).
    showcase: true,
  },
  {
    key: 'kitchenChemistry',
    title: 'Kitchen Chemistry',
    category: 'science',
    owner: 'kenji',
    priceInCents: 1000,
    maxSlots: 10,
    coverHue: 90,
    about: 'Why bread rises and mayonnaise holds: chemistry with what is in your kitchen.',
    details:
      'Safe experiments with food and kitchen tools, each followed by the science that ' +
      'explains it.',
    sessions: [
      { start: -1 * DAY, length: HOUR, enrolled: ['tom', 'mai'] },
      { start: 15 * DAY, length: HOUR },
    ],
    // Tom and Mai attended it and have not reviewed it yet: the language journeys
    // (e2e/language-journey.test.ts) review it, Mai in Japanese and Tom in English.
    showcase: true,
  },
  {
    key: 'readingCircle',
    title: '日本語読書会 (Japanese Reading Circle)',
    category: 'languages',
    owner: 'kenji',
    priceInCents: 3000,
    maxSlots: 6,
    coverHue: 20,
    about: 'Every four weeks, a short story read aloud and talked over together, in Japanese.',
    details:
      'For learners who read kana and some kanji. The story is shared a week before; we read ' +
      'it in turns and discuss it, and every session ends with the words worth keeping.',
    // Kenji's year of history, for his earnings: Tom and Mai paid for every session of the past
    // year (Tom gave one seat back, refunded), and the next one is open.
    createdDaysAgo: 400,
    sessions: [
      ...Array.from({ length: CIRCLE_MEETINGS }, (_, index): DemoSession => ({
        key: circleKey(index),
        start: -(CIRCLE_MEETINGS - index) * CIRCLE_EVERY,
        length: HOUR,
        enrolled: index === CIRCLE_SEAT_GIVEN_BACK ? ['mai'] : ['tom', 'mai'],
      })),
      { start: CIRCLE_EVERY - 6 * DAY, length: HOUR },
    ],
    reviews: [
      { author: 'mai', rating: 5, body: '毎回の物語が楽しみです。語彙がずいぶん増えました。' },
      { author: 'tom', rating: 4, body: 'Hard at first, but my reading is much faster now.' },
    ],
    showcase: true,
  },
]

export interface DemoPayment {
  student: StudentKey
  /** The key of the session whose seat it paid for. */
  session: string
  orderId: string
  transactionId: string
  /** Refunded when the student unenrolled: the seat is no longer theirs. */
  refunded?: boolean
  showcase?: boolean
}

/**
 * The payment records. Captured: Yuki's seat in the live session and Mai's in the upcoming paid
 * one; refunded: Tom's seat at the piano, which he gave back. Seats in sessions that had ended
 * before the demo began carry none, but for the showcase's reading circle, whose seats were paid
 * for every time.
 */
export const PAYMENTS: readonly DemoPayment[] = [
  { student: 'yuki', session: 'live', orderId: 'ORDER-SEED-1', transactionId: 'CAPTURE-SEED-1' },
  {
    student: 'mai',
    session: 'futurePaid',
    orderId: 'ORDER-SEED-2',
    transactionId: 'CAPTURE-SEED-2',
  },
  {
    student: 'tom',
    session: 'pianoTomorrow',
    orderId: 'ORDER-SEED-3',
    transactionId: 'CAPTURE-SEED-3',
    refunded: true,
  },
  ...Array.from({ length: CIRCLE_MEETINGS }, (_, index) =>
    (['tom', 'mai'] as const).map((student): DemoPayment => ({
      student,
      session: circleKey(index),
      orderId: `ORDER-SEED-CIRCLE-${index + 1}-${student.toUpperCase()}`,
      transactionId: `CAPTURE-SEED-CIRCLE-${index + 1}-${student.toUpperCase()}`,
      refunded: student === 'tom' && index === CIRCLE_SEAT_GIVEN_BACK,
      showcase: true,
    })),
  ).flat(),
]
