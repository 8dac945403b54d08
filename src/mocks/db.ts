import { demoLessonCover } from '@demo/cover/index'
import { demoWorld, type DemoWorld } from '@demo/resolve'
import { DEMO_PASSWORD, type AccountKey, type CategoryKey } from '@demo/world'
import { filePath } from '@contract/files'
import { DEFAULT_USER_TIME_ZONE } from '@contract/rules'
import type {
  Language,
  Link,
  PaymentStatus,
  RefundReason,
  SeatDecision,
  WaitlistStatus,
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
  /** A new address waiting for confirmation from its mailbox. */
  pendingEmail: string | null
  /** Attempts at the current password in the window opened at `reauthWindowStart` (ms). */
  reauthFailures: number
  reauthWindowStart: number | null
  /** Approved by an admin; students and admins are always validated. */
  isValidated: boolean
  /** When an educator was approved (ISO). */
  approvedAt: string | null
  /** Where the earnings rule counts from: the approval or the last reactivation (ISO). */
  earningsRuleFrom: string | null
  /** When the earnings rule deactivated the account (ISO), null while active. */
  deactivatedAt: string | null
  /** The user's IANA zone; unset is the server's column default (see timeZoneOf). */
  timezone?: string
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
  createdAt: string
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
  /** Where it stands with the minimum seats, and when that is decided or was (ISO). */
  decision: SeatDecision
  decisionAt: string | null
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
  /** While processing: the seat is held until then. */
  holdExpiresAt: string | null
  refundReason: RefundReason | null
  createdAt: string
  /** When the capture was recorded; a captured row without it was captured at `createdAt`. */
  capturedAt?: string | null
  /** When its refund became due; a refunded row without it, at `createdAt`. */
  refundDueAt?: string | null
}

export interface DbToken {
  token: string
  userId: number
  kind: 'confirm' | 'reset' | 'email_change'
  /** The address an e-mail change's token confirms. */
  email?: string
}

export interface DbEmail {
  to: string
  subject: string
  body: string
  sentAt: string
}

/** A place in a full session's line for a seat (the server's waitlist_entries). */
export interface DbWaitlistPlace {
  id: number
  sessionId: number
  userId: number
  status: WaitlistStatus
  offerExpiresAt: string | null
  createdAt: string
}

export interface DbState {
  users: DbUser[]
  categories: DbCategory[]
  licences: DbLicence[]
  lessons: DbLesson[]
  sessions: DbSession[]
  enrollments: DbEnrollment[]
  /** Seats given back (unenrolled, refunded, cancelled with their session), as the server keeps them. */
  cancelledSeats: DbEnrollment[]
  reviews: DbReview[]
  resources: DbResource[]
  files: DbFile[]
  payments: DbPayment[]
  tokens: DbToken[]
  outbox: DbEmail[]
  waitlist: DbWaitlistPlace[]
  /** The mocked browser's login session. */
  session: { userId: number | null }
  /**
   * When the seed was made: the server's first sweep plans the earnings rule from the period then
   * current, so no period that ended before it is judged.
   */
  seededAt: number
}

export { DEMO_PASSWORD }

/**
 * The mock's world: the demo world of `demo/` without its showcase entries. Rows are
 * numbered 1, 2, 3… in the world's order, so an id is a position + 1; files are the exception
 * (materials' files first, then each lesson's cover as file 100 + the lesson's id).
 */
const worldAt = (now: number) => demoWorld(now, { showcase: false })
const COVER_FILE_BASE = 100

/** The id of the row at a position of the world's list. */
const id = (position: number) => position + 1

/** Where the seeded rows are, which does not depend on the time. */
const layout = worldAt(0)
const positionIn = <T>(rows: readonly T[], matches: (row: T) => boolean, what: string) => {
  const position = rows.findIndex(matches)
  if (position < 0) throw new Error(`The mock's demo world has no ${what}`)
  return position
}
const account = (key: AccountKey) => positionIn(layout.accounts, (row) => row.key === key, key)
const category = (key: CategoryKey) => positionIn(layout.categories, (row) => row.key === key, key)
const lesson = (key: string) => positionIn(layout.lessons, (row) => row.key === key, key)
const session = (key: string) => positionIn(layout.sessions, (row) => row.key === key, key)
const material = (key: string) => positionIn(layout.materials, (row) => row.key === key, key)
const licenceOf = (key: AccountKey) => {
  const licence = layout.accounts[account(key)]?.licence
  if (licence === undefined || licence === null) throw new Error(`${key} holds no licence`)
  return licence
}
const freeLicences = (): readonly [number, number] => {
  const free = layout.licences
    .map((_, position) => position)
    .filter((position) => layout.accounts.every((row) => row.licence !== position))
  const [first, second, ...more] = free
  if (first === undefined || second === undefined || more.length) {
    throw new Error('The mock keeps a pool of two free licences')
  }
  return [id(first), id(second)]
}

/** The mock numbers the materials' files 1, 2, 3…; by material position, null for a link. */
const materialFileIds = (world: DemoWorld) => {
  let fileId = 0
  return world.materials.map(({ file }) => (file === null ? null : (fileId += 1)))
}
const materialFileOf = (key: string) => {
  const fileId = materialFileIds(layout)[material(key)]
  if (!fileId) throw new Error(`The material ${key} has no file`)
  return fileId
}

/** Ids of the seeded rows that tests and the demo rely on. */
export const seedIds = {
  admin: id(account('admin')),
  educator: id(account('kenji')),
  educator2: id(account('emily')),
  unverifiedEducator: id(account('hiroshi')),
  educatorWithoutLicence: id(account('laura')),
  student: id(account('yuki')),
  student2: id(account('tom')),
  student3: id(account('mai')),
  unconfirmedStudent: id(account('sam')),
  licences: {
    educator: id(licenceOf('kenji')),
    educator2: id(licenceOf('emily')),
    /** The pool an admin lends from: the two licences no account holds. */
    free: freeLicences(),
  },
  categories: {
    languages: id(category('languages')),
    mathematics: id(category('mathematics')),
    music: id(category('music')),
    programming: id(category('programming')),
    cooking: id(category('cooking')),
    art: id(category('art')),
    science: id(category('science')),
  },
  /** Paid (2000 cents/h), educator: past session, live session, future session. */
  paidLesson: id(lesson('conversationalJapanese')),
  /** Free, educator2: a session starting in 3 minutes, an open one and a full one. */
  freeLesson: id(lesson('algebra')),
  /** Paid, educator2: a past session student2 attended (reviewed without createdAt). */
  pianoLesson: id(lesson('piano')),
  /** Free, educator: a past session student attended and has not reviewed yet. */
  toReviewLesson: id(lesson('typescript')),
  /** Educator's lesson with no session: never in student or guest lists. */
  lessonWithoutSessions: id(lesson('calligraphyDraft')),
  /** Free, educator, no cover image. */
  lessonWithoutImage: id(lesson('sushi')),
  sessions: {
    /** Lesson 1, ended 3 days ago; student and student2 attended. */
    past: id(session('past')),
    /** Lesson 1, started 20 minutes ago, ends in 40; student enrolled (paid). */
    live: id(session('live')),
    /** Lesson 1, in 2 days, paid, open. */
    futurePaid: id(session('futurePaid')),
    /** Lesson 2, starts in 3 minutes (join window); student enrolled. */
    startingSoon: id(session('startingSoon')),
    /** Lesson 2, in 3 days, free and open. */
    futureFree: id(session('futureFree')),
    /** Lesson 2, in 4 days, both seats taken by student2 and student3. */
    full: id(session('full')),
  },
  /** Lesson 1's link and file materials, and the file behind the latter. */
  resources: { link: id(material('nhkNewsEasy')), file: id(material('hiraganaChart')) },
  materialFile: materialFileOf('hiraganaChart'),
  /** student's successful payment for the live session. */
  payment: id(
    positionIn(
      layout.payments,
      (row) => row.student === account('yuki') && row.session === session('live'),
      "Yuki's payment",
    ),
  ),
  /** student's review of lesson 1; student2's review of lesson 3 has no createdAt. */
  reviews: {
    byStudent: id(
      positionIn(
        layout.reviews,
        (row) => row.author === account('yuki') && row.lesson === lesson('conversationalJapanese'),
        "Yuki's review",
      ),
    ),
    withoutDate: id(positionIn(layout.reviews, (row) => row.undated, 'undated review')),
  },
} as const

/** Single-use tokens present in the seed (the mock's own: the database seed plants none). */
export const seedTokens = {
  /** Confirms unconfirmedStudent's e-mail. */
  confirm: 'seed-confirm-token',
  /** Resets student's password. */
  reset: 'seed-reset-token',
} as const

const seed = (): DbState => {
  const seededAt = Date.now()
  const world = worldAt(seededAt)
  const iso = (time: number) => new Date(time).toISOString()

  const users = world.accounts.map((account, position): DbUser => ({
    id: id(position),
    name: account.name,
    email: account.email,
    password: DEMO_PASSWORD,
    description: account.bio,
    role: account.role,
    language: account.language,
    isEmailConfirmed: account.emailConfirmedAt !== null,
    pendingEmail: null,
    reauthFailures: 0,
    reauthWindowStart: null,
    isValidated: account.role !== 'educator' || account.approvedAt !== null,
    approvedAt: account.approvedAt === null ? null : iso(account.approvedAt),
    earningsRuleFrom: account.approvedAt === null ? null : iso(account.approvedAt),
    deactivatedAt: null,
    videoLicenceId: account.licence === null ? null : id(account.licence),
    createdAt: iso(account.createdAt),
  }))
  const categories = world.categories.map(({ title, titleJp }, position): DbCategory => ({
    id: id(position),
    title,
    titleJp,
  }))
  const licences = world.licences.map(({ provider, accountEmail }, position): DbLicence => ({
    id: id(position),
    provider,
    accountEmail,
    createdAt: iso(Date.now()),
  }))

  const fileIds = materialFileIds(world)
  const files: DbFile[] = world.materials.flatMap(({ file, owner, lesson }, position) => {
    const fileId = fileIds[position]
    if (!file || !fileId) return []
    return [
      {
        id: fileId,
        kind: 'material' as const,
        filename: file.filename,
        contentType: file.contentType,
        bytes: new TextEncoder().encode(file.text),
        ownerId: id(owner),
        lessonId: id(lesson),
      },
    ]
  })
  const lessons = world.lessons.map((lesson, position): DbLesson => {
    const lessonId = id(position)
    let imageId: number | null = null
    if (lesson.coverHue !== null) {
      imageId = COVER_FILE_BASE + lessonId
      files.push({
        id: imageId,
        kind: 'image',
        filename: `lesson-${lessonId}.png`,
        contentType: 'image/png',
        // The server's cover, drawn on first download only: every test resets the mock, and
        // few of them ever load an image.
        get bytes() {
          const cover = demoLessonCover(world, lesson)
          if (!cover) throw new Error(`The demo lesson ${lesson.key} has no cover`)
          return new Uint8Array(cover)
        },
        ownerId: id(lesson.owner),
        lessonId,
      })
    }
    return {
      id: lessonId,
      title: lesson.title,
      categoryId: id(lesson.category),
      ownerId: id(lesson.owner),
      price_in_cents: lesson.priceInCents,
      about: lesson.about,
      details: lesson.details,
      imageId,
      min_slots: lesson.minSlots,
      max_slots: lesson.maxSlots,
      links: [],
      createdAt: iso(lesson.createdAt),
    }
  })

  const sessions = world.sessions.map((session, position): DbSession => ({
    id: id(position),
    lessonId: id(session.lesson),
    start_time: iso(session.start),
    end_time: iso(session.end),
    timezone: session.timeZone,
    url: session.url,
    decision: session.decision,
    decisionAt: session.decisionAt === null ? null : iso(session.decisionAt),
  }))
  const enrollments = world.seats.map((seat, position): DbEnrollment => ({
    id: id(position),
    userId: id(seat.student),
    lessonId: id(seat.lesson),
    sessionId: id(seat.session),
    createdAt: iso(seat.createdAt),
  }))
  const reviews = world.reviews.map((review, position): DbReview => ({
    id: id(position),
    userId: id(review.author),
    lessonId: id(review.lesson),
    body: review.body,
    rating: review.rating,
    ...(review.undated ? {} : { createdAt: iso(review.createdAt) }),
  }))
  const resources = world.materials.map((material, position): DbResource => {
    const fileId = fileIds[position] ?? null
    return {
      id: id(position),
      lessonId: id(material.lesson),
      title: material.title,
      type: material.type,
      url: material.url ?? (fileId === null ? '' : filePath(fileId)),
      description: material.description,
      fileId,
    }
  })
  const payments = world.payments.map((payment, position): DbPayment => ({
    id: id(position),
    userId: id(payment.student),
    lessonId: id(payment.lesson),
    sessionId: id(payment.session),
    orderId: payment.orderId,
    transactionId: payment.transactionId,
    status: payment.status,
    amount_in_cents: payment.amountInCents,
    holdExpiresAt: null,
    refundReason: payment.refundReason,
    createdAt: iso(payment.createdAt),
  }))

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
    cancelledSeats: [],
    reviews,
    resources,
    files,
    payments,
    tokens,
    outbox: [],
    waitlist: [],
    session: { userId: null },
    seededAt,
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
  /** The signed-in user; an account whose address is not confirmed cannot be signed in (§4). */
  currentUser(): DbUser | null {
    return db.users.find((user) => user.id === db.session.userId && user.isEmailConfirmed) ?? null
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

/** The user's time zone, the server's column default when none was named. */
export const timeZoneOf = (user: DbUser) => user.timezone ?? DEFAULT_USER_TIME_ZONE
