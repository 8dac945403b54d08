import type {
  Language,
  Link,
  PaymentStatus,
  ResourceType,
  Role,
  VideoProvider,
} from '@contract/entities'

/**
 * The one in-memory database of the mock catalogue. Rows are the mock's own records (with the
 * password, foreign keys and bytes); the handlers turn them into contract bodies through
 * `serializers.ts`. `db.reset()` rebuilds the seed from scratch, relative to the current time.
 */

export interface DbUser {
  id: number
  name: string
  email: string
  password: string
  description: string | null
  role: Role
  language: Language
  isEmailConfirmed: boolean
  /** Approved by an admin; students and admins are always validated. */
  isValidated: boolean
  videoLicenceId: number | null
  createdAt: string
}

export interface DbCategory {
  id: number
  title: string
  titleJp: string
}

export interface DbLicence {
  id: number
  provider: VideoProvider
  accountEmail: string
}

export interface DbLesson {
  id: number
  title: string
  categoryId: number
  ownerId: number
  price_in_cents: number
  about: string
  details: string
  imageId: number | null
  min_slots: number
  max_slots: number
  links: Link[]
  createdAt: string
}

export interface DbSession {
  id: number
  lessonId: number
  start_time: string
  end_time: string
  timezone: string
  url: string
}

export interface DbEnrollment {
  id: number
  userId: number
  lessonId: number
  sessionId: number
  createdAt: string
}

export interface DbReview {
  id: number
  userId: number
  lessonId: number
  body: string
  rating: number
  /** Optional on purpose: the spec hides reviews without a date (§2). */
  createdAt?: string
}

export interface DbResource {
  id: number
  lessonId: number
  title: string
  type: ResourceType
  url: string
  description: string
  fileId: number | null
}

export interface DbFile {
  id: number
  kind: 'image' | 'material'
  filename: string
  contentType: string
  bytes: Uint8Array<ArrayBuffer>
  ownerId: number
  lessonId: number | null
}

export interface DbPayment {
  id: number
  userId: number
  lessonId: number
  sessionId: number
  orderId: string
  transactionId: string | null
  status: PaymentStatus
  amount_in_cents: number
  createdAt: string
}

export interface DbToken {
  token: string
  userId: number
  kind: 'confirm' | 'reset'
}

export interface DbEmail {
  to: string
  subject: string
  body: string
  sentAt: string
}

export interface DbState {
  users: DbUser[]
  categories: DbCategory[]
  licences: DbLicence[]
  lessons: DbLesson[]
  sessions: DbSession[]
  enrollments: DbEnrollment[]
  reviews: DbReview[]
  resources: DbResource[]
  files: DbFile[]
  payments: DbPayment[]
  tokens: DbToken[]
  outbox: DbEmail[]
  /** The mocked browser's login session. */
  session: { userId: number | null }
}

/** The password of every seeded account. */
export const DEMO_PASSWORD = 'Password1'

/** Ids of the seeded rows that tests and the demo rely on. */
export const seedIds = {
  admin: 1,
  educator: 2,
  educator2: 3,
  unverifiedEducator: 4,
  educatorWithoutLicence: 5,
  student: 6,
  student2: 7,
  student3: 8,
  unconfirmedStudent: 9,
  licences: { educator: 1, educator2: 2, free: [3, 4] },
  categories: {
    languages: 1,
    mathematics: 2,
    music: 3,
    programming: 4,
    cooking: 5,
    art: 6,
    science: 7,
  },
  /** Paid (2000 cents/h), educator: past session, live session, future session. */
  paidLesson: 1,
  /** Free, educator2: a session starting in 3 minutes, an open one and a full one. */
  freeLesson: 2,
  /** Paid, educator2: a past session student2 attended (reviewed without createdAt). */
  pianoLesson: 3,
  /** Free, educator: a past session student attended and has not reviewed yet. */
  toReviewLesson: 4,
  /** Educator's lesson with no session: never in student or guest lists. */
  lessonWithoutSessions: 12,
  /** Free, educator, no cover image. */
  lessonWithoutImage: 13,
  sessions: {
    /** Lesson 1, ended 3 days ago; student and student2 attended. */
    past: 1,
    /** Lesson 1, started 20 minutes ago, ends in 40; student enrolled (paid). */
    live: 2,
    /** Lesson 1, in 2 days, paid, open. */
    futurePaid: 3,
    /** Lesson 2, starts in 3 minutes (join window); student enrolled. */
    startingSoon: 4,
    /** Lesson 2, in 3 days, free and open. */
    futureFree: 5,
    /** Lesson 2, in 4 days, both seats taken by student2 and student3. */
    full: 6,
  },
  /** Lesson 1's link and file materials, and the file behind the latter. */
  resources: { link: 1, file: 2 },
  materialFile: 1,
  /** student's successful payment for the live session. */
  payment: 1,
  /** student's review of lesson 1; student2's review of lesson 3 has no createdAt. */
  reviews: { byStudent: 1, withoutDate: 3 },
} as const

/** Single-use tokens present in the seed. */
export const seedTokens = {
  /** Confirms unconfirmedStudent's e-mail. */
  confirm: 'seed-confirm-token',
  /** Resets student's password. */
  reset: 'seed-reset-token',
} as const

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** A tiny SVG cover so the mocked app shows something recognisable per lesson. */
const coverSvg = (title: string, hue: number) =>
  new TextEncoder().encode(
    `<svg xmlns="http://www.w3.org/2000/svg" width="336" height="200" viewBox="0 0 336 200">` +
      `<rect width="336" height="200" fill="hsl(${hue} 60% 55%)"/>` +
      `<text x="16" y="180" font-family="sans-serif" font-size="18" fill="#fff">${title
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')}</text></svg>`,
  )

const seed = (): DbState => {
  const now = Date.now()
  const iso = (offsetMs: number) => new Date(now + offsetMs).toISOString()

  const user = (
    id: number,
    name: string,
    email: string,
    role: Role,
    extra: Partial<DbUser> = {},
  ): DbUser => ({
    id,
    name,
    email,
    password: DEMO_PASSWORD,
    description: null,
    role,
    language: 'en-US',
    isEmailConfirmed: true,
    isValidated: true,
    videoLicenceId: null,
    createdAt: iso(-(60 - id) * DAY),
    ...extra,
  })

  const users: DbUser[] = [
    user(1, 'Aiko Admin', 'admin@manabi.example', 'admin'),
    user(2, 'Kenji Tanaka', 'kenji@manabi.example', 'educator', {
      description: 'Japanese teacher from Osaka with ten years of classroom experience.',
      language: 'jp-JP',
      videoLicenceId: 1,
    }),
    user(3, 'Emily Carter', 'emily@manabi.example', 'educator', {
      description: 'Pianist and maths tutor. I love making hard things simple.',
      videoLicenceId: 2,
    }),
    user(4, 'Hiroshi Sato', 'hiroshi@manabi.example', 'educator', {
      description: 'Waiting for approval.',
      isValidated: false,
    }),
    user(5, 'Laura Bianchi', 'laura@manabi.example', 'educator', {
      description: 'Art historian; no video account yet.',
    }),
    user(6, 'Yuki Yamamoto', 'yuki@manabi.example', 'student'),
    user(7, 'Tom Miller', 'tom@manabi.example', 'student'),
    user(8, 'Mai Suzuki', 'mai@manabi.example', 'student', { language: 'jp-JP' }),
    user(9, 'Sam Lee', 'sam@manabi.example', 'student', { isEmailConfirmed: false }),
  ]

  const categories: DbCategory[] = [
    { id: 1, title: 'Languages', titleJp: '語学' },
    { id: 2, title: 'Mathematics', titleJp: '数学' },
    { id: 3, title: 'Music', titleJp: '音楽' },
    { id: 4, title: 'Programming', titleJp: 'プログラミング' },
    { id: 5, title: 'Cooking', titleJp: '料理' },
    { id: 6, title: 'Art', titleJp: '美術' },
    { id: 7, title: 'Science', titleJp: '科学' },
  ]

  const licences: DbLicence[] = [
    { id: 1, provider: 'zoom', accountEmail: 'zoom-1@manabi.example' },
    { id: 2, provider: 'google_meet', accountEmail: 'meet-1@manabi.example' },
    { id: 3, provider: 'zoom', accountEmail: 'zoom-2@manabi.example' },
    { id: 4, provider: 'google_meet', accountEmail: 'meet-2@manabi.example' },
  ]

  // [id, title, categoryId, ownerId, price_in_cents, max_slots, has image]
  const lessonRows: [number, string, number, number, number, number, boolean][] = [
    [1, 'Conversational Japanese for Beginners', 1, 2, 2000, 5, true],
    [2, 'Algebra Foundations', 2, 3, 0, 2, true],
    [3, 'Piano for Adults', 3, 3, 3500, 4, true],
    [4, 'TypeScript from Scratch', 4, 2, 0, 10, true],
    [5, 'Home-style Japanese Cooking', 5, 3, 1500, 8, true],
    [6, 'Watercolour Basics', 6, 3, 1200, 6, true],
    [7, 'Introduction to Physics', 7, 2, 2500, 12, true],
    [8, 'Business English', 1, 3, 3000, 3, true],
    [9, 'Geometry Puzzles', 2, 2, 0, 20, true],
    [10, 'Guitar Chords in a Week', 3, 3, 1800, 5, true],
    [11, 'React for Beginners', 4, 3, 4000, 15, true],
    [12, 'Advanced Calligraphy (draft)', 6, 2, 2200, 4, true],
    [13, 'Sushi Workshop', 5, 2, 0, 6, false],
  ]

  const files: DbFile[] = [
    {
      id: 1,
      kind: 'material',
      filename: 'hiragana-chart.pdf',
      contentType: 'application/pdf',
      bytes: new TextEncoder().encode('%PDF-1.4\n% Hiragana chart (mock)\n%%EOF\n'),
      ownerId: 2,
      lessonId: 1,
    },
  ]

  const lessons: DbLesson[] = lessonRows.map(
    ([id, title, categoryId, ownerId, price, maxSlots, hasImage]) => {
      let imageId: number | null = null
      if (hasImage) {
        imageId = 100 + id
        files.push({
          id: imageId,
          kind: 'image',
          filename: `lesson-${id}.svg`,
          contentType: 'image/svg+xml',
          bytes: coverSvg(title, (id * 47) % 360),
          ownerId,
          lessonId: id,
        })
      }
      return {
        id,
        title,
        categoryId,
        ownerId,
        price_in_cents: price,
        about: `${title}: a live, small-group lesson.`,
        details: `What you will do in "${title}": short explanations, guided practice and time for your questions.`,
        imageId,
        min_slots: 1,
        max_slots: maxSlots,
        links: [],
        // Lesson 1 is the oldest, lesson 13 the newest.
        createdAt: iso(-(30 - id) * DAY),
      }
    },
  )

  const ZOOM = 'https://zoom.us/j/1234567890'
  const MEET = 'https://meet.google.com/abc-defg-hij'
  // [id, lessonId, start offset, length, url]
  const sessionRows: [number, number, number, number, string][] = [
    [1, 1, -3 * DAY, HOUR, ZOOM],
    [2, 1, -20 * MINUTE, HOUR, ZOOM],
    [3, 1, 2 * DAY, HOUR, ZOOM],
    [4, 2, 3 * MINUTE, HOUR, MEET],
    [5, 2, 3 * DAY, HOUR, MEET],
    [6, 2, 4 * DAY, HOUR, MEET],
    [7, 3, -4 * DAY, HOUR, MEET],
    [8, 3, 1 * DAY, HOUR, MEET],
    [9, 3, 8 * DAY, HOUR, MEET],
    [10, 4, -5 * DAY, 90 * MINUTE, ZOOM],
    [11, 4, 5 * DAY, 90 * MINUTE, ZOOM],
    [12, 5, 6 * DAY, 2 * HOUR, MEET],
    [13, 6, -6 * DAY, HOUR, MEET],
    [14, 6, 9 * DAY, HOUR, MEET],
    [15, 7, 10 * DAY, HOUR, ZOOM],
    [16, 8, 2 * DAY + 3 * HOUR, HOUR, MEET],
    [17, 9, 11 * DAY, HOUR, ZOOM],
    [18, 10, 12 * DAY, HOUR, MEET],
    [19, 11, 7 * DAY, 2 * HOUR, MEET],
    [20, 13, 13 * DAY, 2 * HOUR, ZOOM],
  ]
  const sessions: DbSession[] = sessionRows.map(([id, lessonId, start, length, url]) => ({
    id,
    lessonId,
    start_time: iso(start),
    end_time: iso(start + length),
    timezone: url === ZOOM ? 'Asia/Tokyo' : 'Europe/London',
    url,
  }))

  // [id, userId, sessionId]
  const enrollmentRows: [number, number, number][] = [
    [1, 6, 1],
    [2, 7, 1],
    [3, 6, 2],
    [4, 6, 4],
    [5, 7, 6],
    [6, 8, 6],
    [7, 7, 7],
    [8, 6, 10],
  ]
  const enrollments: DbEnrollment[] = enrollmentRows.map(([id, userId, sessionId]) => ({
    id,
    userId,
    sessionId,
    lessonId: sessions.find((session) => session.id === sessionId)?.lessonId ?? 0,
    createdAt: iso(-7 * DAY),
  }))

  const reviews: DbReview[] = [
    {
      id: 1,
      userId: 6,
      lessonId: 1,
      body: 'Kenji explains grammar very clearly. I finally understand particles!',
      rating: 5,
      createdAt: iso(-3 * DAY + 2 * HOUR),
    },
    {
      id: 2,
      userId: 7,
      lessonId: 1,
      body: 'Friendly and well paced, a bit short.',
      rating: 4,
      createdAt: iso(-2 * DAY),
    },
    { id: 3, userId: 7, lessonId: 3, body: 'Lovely first lesson.', rating: 5 },
  ]

  const resources: DbResource[] = [
    {
      id: 1,
      lessonId: 1,
      title: 'NHK News Web Easy',
      type: 'link',
      url: 'https://www3.nhk.or.jp/news/easy/',
      description: 'Short news articles in simple Japanese.',
      fileId: null,
    },
    {
      id: 2,
      lessonId: 1,
      title: 'Hiragana chart',
      type: 'document',
      url: '/files/1',
      description: 'Print it and keep it next to you.',
      fileId: 1,
    },
    {
      id: 3,
      lessonId: 4,
      title: 'TypeScript Handbook',
      type: 'link',
      url: 'www.typescriptlang.org/docs/handbook/',
      description: 'The official handbook.',
      fileId: null,
    },
  ]

  const payments: DbPayment[] = [
    {
      id: 1,
      userId: 6,
      lessonId: 1,
      sessionId: 2,
      orderId: 'ORDER-SEED-1',
      transactionId: 'CAPTURE-SEED-1',
      status: 'success',
      amount_in_cents: 2000,
      createdAt: iso(-7 * DAY),
    },
  ]

  const tokens: DbToken[] = [
    { token: seedTokens.confirm, userId: seedIds.unconfirmedStudent, kind: 'confirm' },
    { token: seedTokens.reset, userId: seedIds.student, kind: 'reset' },
  ]

  return {
    users,
    categories,
    licences,
    lessons,
    sessions,
    enrollments,
    reviews,
    resources,
    files,
    payments,
    tokens,
    outbox: [],
    session: { userId: null },
  }
}

const state = seed()

export const db = Object.assign(state, {
  /** Restores the seed with fresh objects (times relative to now); the session is signed out. */
  reset() {
    Object.assign(db, seed())
  },
  signIn(userId: number) {
    db.session.userId = userId
  },
  signOut() {
    db.session.userId = null
  },
  currentUser(): DbUser | null {
    return db.users.find((user) => user.id === db.session.userId) ?? null
  },
})

/** The next free id of a collection. */
export const nextId = (rows: readonly { id: number }[]) =>
  rows.reduce((max, row) => Math.max(max, row.id), 0) + 1

/** Records an e-mail in the outbox (the mock's mailer). */
export const sendEmail = (to: string, subject: string, body: string) => {
  db.outbox.push({ to, subject, body, sentAt: new Date().toISOString() })
}

/** A random single-use token. */
export const newToken = () =>
  `${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`
