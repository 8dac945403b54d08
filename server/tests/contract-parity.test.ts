import { asc, eq, sql } from 'drizzle-orm'
import Value from 'typebox/value'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ResultOf } from '../../contract/client.ts'
import type { Descriptor } from '../../contract/descriptor.ts'
import type { AdminSession, AdminUserState } from '../../contract/entities.ts'
import * as admin from '../../contract/descriptors/admin.ts'
import * as auth from '../../contract/descriptors/auth.ts'
import * as guest from '../../contract/descriptors/guest.ts'
import * as lessons from '../../contract/descriptors/lessons.ts'
import * as payments from '../../contract/descriptors/payments.ts'
import * as resources from '../../contract/descriptors/resources.ts'
import type { Endpoint } from '../../contract/endpoint.ts'
import { api } from '../../contract/index.ts'
import { filePath, lessonImagePath } from '../../contract/files.ts'
import { MESSAGES, messageFields } from '../../contract/messages.ts'
import {
  PAGE_SIZE,
  REAUTH_MAX_FAILURES,
  REAUTH_WINDOW_MS,
  REVIEW_MAX_LENGTH,
  UPLOAD_LIMIT_BYTES,
} from '../../contract/rules.ts'
import { db as mockDb, seedIds } from '../../src/mocks/db.ts'
import { apiUrl } from '../../src/mocks/http.ts'
import { server as mockServer } from '../../src/mocks/node.ts'
import {
  enrollments as enrollmentRows,
  lessonSessions as sessionRows,
  lessons as lessonRows,
  outbox,
  payments as paymentRows,
  users as userRows,
} from '../src/db/schema.ts'
import { seedDemoData } from '../src/db/seed.ts'
import { planMissingSessionJobs } from '../src/services/session-jobs.ts'
import { SESSION_COOKIE } from '../src/plugins/auth.ts'
import {
  type Address,
  saveDatabase,
  setupTestApp,
  testClock,
  truncateAll,
  urlOf,
} from './helpers.ts'

/**
 * The same requests go to the real server and to the MSW catalogue the SPA's tests run on, both
 * seeded with the same demo world (the mock's: without the showcase entries the product adds, so
 * each answer can be compared whole): both must answer the same status with a body valid against
 * that status's schema in contract/. Ids differ between the two seeds, so
 * scenarios look them up on each backend the way a client would.
 */
const context = setupTestApp({ truncateAfterEach: false })

type Answer<D extends Descriptor> = {
  descriptor: D
  status: number
  body: unknown
  /** By lower-case name. */
  headers: Record<string, string>
}
/** A file sent as multipart form data, as a browser's file input sends it. */
interface Upload {
  field: string
  filename: string
  bytes: Uint8Array
}
type CallOptions = Address & { as?: string | null; body?: unknown; upload?: Upload }

/** The bytes and content type a browser sends for the upload's form. */
const encodeUpload = async ({ field, filename, bytes }: Upload) => {
  const form = new FormData()
  form.append(field, new Blob([new Uint8Array(bytes)]), filename)
  const request = new Request('http://upload.invalid/', { method: 'POST', body: form })
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  }
}

/** The request body and its headers: JSON, a multipart upload, or none. */
const encodeBody = async (
  body: unknown,
  upload: Upload | undefined,
): Promise<{ body: Buffer | string | undefined; headers: Record<string, string> }> => {
  if (upload) {
    const encoded = await encodeUpload(upload)
    return { body: encoded.body, headers: { 'content-type': encoded.contentType } }
  }
  if (body === undefined) return { body: undefined, headers: {} }
  return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
}

interface Backend {
  name: string
  /** Calls the descriptor's method and path, params and query filled in, as the user `as`. */
  call: <D extends Descriptor>(descriptor: D, options?: CallOptions) => Promise<Answer<D>>
}

const parse = (text: string, contentType: string | null): unknown =>
  contentType?.includes('json') ? (JSON.parse(text) as unknown) : text

/** The body of a successful answer, typed by its endpoint; any other status throws. */
const resultOf = <D extends Descriptor>({ descriptor, status, body }: Answer<D>): ResultOf<D> => {
  if (status < 200 || status > 299) {
    throw new Error(`${descriptor.method} ${descriptor.path} answered ${status}`)
  }
  return body as ResultOf<D>
}

const mockBackend: Backend = {
  name: 'mock',
  async call(descriptor, { as = null, body, upload, ...address } = {}) {
    const user = as ? mockDb.users.find((row) => row.email === as) : undefined
    if (user) mockDb.signIn(user.id)
    else mockDb.signOut()
    const encoded = await encodeBody(body, upload)
    // The URL the mock handlers are registered at (src/mocks/http.ts), filled in.
    const response = await fetch(apiUrl(urlOf(descriptor, address)), {
      method: descriptor.method,
      headers: encoded.headers,
      ...(encoded.body === undefined
        ? {}
        : {
            body: typeof encoded.body === 'string' ? encoded.body : new Uint8Array(encoded.body),
          }),
    })
    return {
      descriptor,
      status: response.status,
      body: parse(await response.text(), response.headers.get('content-type')),
      headers: Object.fromEntries(response.headers),
    }
  },
}

/** The server's session cookie of each demo account signed in since the last seed. */
const cookies = new Map<string, string>()
const cookieOf = async (email: string) => {
  const known = cookies.get(email)
  if (known) return known
  const login = await context.call(auth.login, { body: { email, password: 'Password1' } })
  const session = [login.cookies].flat().find((item) => item.name === SESSION_COOKIE)
  if (!session) throw new Error(`Demo sign-in failed for ${email}: ${login.body}`)
  const cookie = `${SESSION_COOKIE}=${session.value}`
  cookies.set(email, cookie)
  return cookie
}

const serverBackend: Backend = {
  name: 'server',
  async call(descriptor, { as = null, body, upload, ...address } = {}) {
    const cookie = as ? await cookieOf(as) : null
    // Any descriptor of any scenario, so the URL is built here rather than typed per endpoint.
    const encoded = await encodeBody(body, upload)
    const response = await context.callPath({
      method: descriptor.method,
      url: urlOf(descriptor, address),
      cookie,
      body: encoded.body,
      headers: encoded.headers,
    })
    return {
      descriptor,
      status: response.statusCode,
      body: parse(response.body, response.headers['content-type'] as string),
      headers: Object.fromEntries(
        Object.entries(response.headers).map(([name, value]) => [name, String(value)]),
      ),
    }
  },
}

const STUDENT = 'yuki@manabi.example'
const EDUCATOR = 'kenji@manabi.example'
const UNVERIFIED = 'hiroshi@manabi.example'
const ADMIN = 'admin@manabi.example'
const UNCONFIRMED = 'sam@manabi.example'

/** Values a client learns from the API itself, looked up on each backend. */
const lookups = {
  firstLessonId: async (backend: Backend) => {
    const page = await backend.call(guest.guestLessons, { query: { page: 1, take: 5 } })
    return resultOf(page).data[0]!.id
  },
  firstLessonOwnerId: async (backend: Backend) => {
    const page = await backend.call(guest.guestLessons, { query: { page: 1, take: 5 } })
    return resultOf(page).data[0]!.owner.id
  },
  categoryId: async (backend: Backend) =>
    resultOf(await backend.call(guest.guestCategories))[0]!.id,
  myLessonId: async (backend: Backend) =>
    resultOf(await backend.call(lessons.myLessons, { as: EDUCATOR })).data[0]!.id,
  /** The educator's newest lesson with (or without) a cover. */
  myLessonWithCover: (cover: boolean) => async (backend: Backend) => {
    const mine = resultOf(await backend.call(lessons.myLessons, { as: EDUCATOR })).data
    const lesson = mine.find((row) => (row.imageId !== null) === cover)
    if (!lesson) throw new Error(`${backend.name}: no lesson of ${EDUCATOR} with cover ${cover}`)
    return lesson.id
  },
  /** A cover the user uploads now. */
  uploadedImage: (email: string) => async (backend: Backend) =>
    resultOf(
      await backend.call(lessons.uploadLessonImage, {
        as: email,
        upload: { field: 'image', filename: 'cover.png', bytes: PNG_BYTES },
      }),
    ).id,
  /** A material file the educator uploads now to its lesson that has materials. */
  uploadedMaterial: async (backend: Backend) => {
    const { lessonId } = await lookups.lessonWithResources(backend)
    const answer = await backend.call(resources.uploadResourceFile, {
      params: { id: lessonId },
      as: EDUCATOR,
      upload: { field: 'file', filename: 'week-1.pdf', bytes: PDF_BYTES },
    })
    return resultOf(answer)
  },
  /** The first session the user attends (student) or teaches (educator) that has not ended. */
  firstUpcoming: (email: string) => async (backend: Backend) => {
    const [first] = resultOf(await backend.call(lessons.upcomingLessons, { as: email })).data
    return { lessonId: first!.lesson.id, sessionId: first!.session.id }
  },
  /** The educator's first lesson that has materials, and its first material. */
  lessonWithResources: async (backend: Backend) => {
    const mine = resultOf(await backend.call(lessons.myLessons, { as: EDUCATOR }))
    for (const { id } of mine.data) {
      const list = await backend.call(resources.listResources, { params: { id }, as: EDUCATOR })
      const [first] = resultOf(list)
      if (first) return { lessonId: id, resourceId: first.id }
    }
    throw new Error(`${backend.name}: no lesson of ${EDUCATOR} has materials`)
  },
  /** A lesson in the student's history (the demo's first one is reviewed on both backends). */
  historyLessonId: (email: string) => async (backend: Backend) => {
    const [first] = resultOf(await backend.call(lessons.lessonHistory, { as: email })).data
    return first!.lesson.id
  },
  /** A lesson the student holds a seat in but has not attended: none of its sessions ended. */
  unattendedLessonId: (email: string) => async (backend: Backend) => {
    const history = resultOf(await backend.call(lessons.lessonHistory, { as: email })).data
    const upcoming = resultOf(await backend.call(lessons.upcomingLessons, { as: email })).data
    const match = upcoming.find(
      ({ lesson }) => !history.some((entry) => entry.lesson.id === lesson.id),
    )
    if (!match) throw new Error(`${backend.name}: ${email} has no unattended upcoming lesson`)
    return match.lesson.id
  },
  userId: (email: string) => async (backend: Backend) => {
    const found = await backend.call(admin.listUsers, { query: { search: email }, as: ADMIN })
    return resultOf(found).data[0]!.id
  },
}

type Params = Readonly<Record<string, string | number>>
type Lookup<T> = (backend: Backend) => Promise<T>

/** Path params a scenario looks up on each backend. */
const firstLesson: Lookup<Params> = async (backend) => ({
  id: await lookups.firstLessonId(backend),
})
const firstLessonOwner: Lookup<Params> = async (backend) => ({
  id: await lookups.firstLessonOwnerId(backend),
})
const myLesson: Lookup<Params> = async (backend) => ({ id: await lookups.myLessonId(backend) })
/** The educator's draft: its lesson that the catalogue does not list (no session yet, §4). */
const myDraft: Lookup<Params> = async (backend) => {
  const listed = resultOf(await backend.call(guest.guestLessons, { query: { take: 100 } })).data
  const mine = resultOf(await backend.call(lessons.myLessons, { as: EDUCATOR })).data
  const draft = mine.find((lesson) => !listed.some((row) => row.id === lesson.id))
  if (!draft) throw new Error(`${backend.name}: ${EDUCATOR} has no draft`)
  return { id: draft.id }
}
const myLessonWithCover =
  (cover: boolean): Lookup<Params> =>
  async (backend) => ({ id: await lookups.myLessonWithCover(cover)(backend) })
const upcomingSession =
  (email: string): Lookup<Params> =>
  async (backend) => {
    const { lessonId, sessionId } = await lookups.firstUpcoming(email)(backend)
    return { id: lessonId, sessionId }
  }
const lessonWithResources: Lookup<Params> = async (backend) => ({
  id: (await lookups.lessonWithResources(backend)).lessonId,
})
const resourceWithLesson: Lookup<Params> = async (backend) => {
  const { lessonId, resourceId } = await lookups.lessonWithResources(backend)
  return { id: lessonId, resourceId }
}
const userNamed =
  (email: string): Lookup<Params> =>
  async (backend) => ({ id: await lookups.userId(email)(backend) })
/** A licence of the pool held by the user with that e-mail, or (null) the first free one. */
const licenceWith =
  (holderEmail: string | null): Lookup<Params> =>
  async (backend) => {
    const pool = resultOf(await backend.call(api.admin.listVideoLicences, { as: ADMIN }))
    const licence = pool.find((row) => (row.holder?.email ?? null) === holderEmail)
    if (!licence) throw new Error(`No licence held by ${holderEmail} on ${backend.name}`)
    return { id: licence.id }
  }

/** The educator's first session that starts more than an hour from now, with or without seats. */
const futureSession =
  (email: string, seats: 'taken' | 'none'): Lookup<Params> =>
  async (backend) => {
    const upcoming = resultOf(await backend.call(lessons.upcomingLessons, { as: email })).data
    const match = upcoming.find(
      ({ session }) =>
        Date.parse(session.start_time) > Date.now() + 60 * 60 * 1000 &&
        (seats === 'taken') === session.enrolledCount > 0,
    )
    if (!match) throw new Error(`${backend.name}: no future session of ${email} with ${seats}`)
    return { id: match.lesson.id, sessionId: match.session.id }
  }

/** A session form in UTC, `days` days from now. */
const sessionBody = (days: number, startHour: string, endHour: string, url?: string) => ({
  date: new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
  startHour,
  endHour,
  timezone: 'UTC',
  url: url ?? 'https://zoom.us/j/5551234',
})

/** A real 1×1 PNG and a minimal PDF. */
const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
/** The bytes, then zeros up to `size`: a file of that size that starts as the bytes do. */
const padded = (bytes: Uint8Array, size: number) => {
  const out = new Uint8Array(size)
  out.set(bytes)
  return out
}

const linkBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'NHK Easy',
  type: 'link',
  url: 'www3.nhk.or.jp/news/easy/',
  description: 'News in simple Japanese',
  ...overrides,
})

/** The first upcoming session the student holds a seat in, paid or free. */
const seatOf =
  (email: string, paid: boolean): Lookup<Params> =>
  async (backend) => {
    const upcoming = resultOf(await backend.call(lessons.upcomingLessons, { as: email })).data
    const match = upcoming.find(({ session }) => session.fullPrice > 0 === paid)
    if (!match) throw new Error(`${backend.name}: ${email} holds no ${paid ? 'paid' : 'free'} seat`)
    return { id: match.lesson.id, sessionId: match.session.id }
  }
/** The same session as an order's body. */
const orderFor =
  (email: string, paid: boolean): Lookup<unknown> =>
  async (backend) => {
    const { id, sessionId } = await seatOf(email, paid)(backend)
    return { lessonId: id, sessionId }
  }
/** An upcoming session the student holds a seat in that has no seat left. */
const fullSessionOf =
  (email: string): Lookup<Params> =>
  async (backend) => {
    const upcoming = resultOf(await backend.call(lessons.upcomingLessons, { as: email })).data
    const match = upcoming.find(({ session }) => session.availableSlots === 0)
    if (!match) throw new Error(`${backend.name}: ${email} holds no seat in a full session`)
    return { id: match.lesson.id, sessionId: match.session.id }
  }
/** The student's newest captured payment. */
const paymentOf =
  (email: string): Lookup<Params> =>
  async (backend) => {
    const [first] = resultOf(await backend.call(payments.listMyPayments, { as: email })).data
    if (!first) throw new Error(`${backend.name}: ${email} has no payment`)
    return { id: first.id }
  }
const PAYER = 'mai@manabi.example'
const REFUNDED = 'tom@manabi.example'
/** An approved educator who owns none of the lessons the scenarios change. */
const OTHER_EDUCATOR = 'emily@manabi.example'

const LAURA = 'laura@manabi.example'

/** The educator's first material with a file, its lesson and the file behind it. */
const fileMaterialOf = async (backend: Backend) => {
  const mine = resultOf(await backend.call(lessons.myLessons, { as: EDUCATOR }))
  for (const { id } of mine.data) {
    const list = resultOf(
      await backend.call(resources.listResources, { params: { id }, as: EDUCATOR }),
    )
    const material = list.find((row) => row.fileId !== null)
    if (material) return { lessonId: id, resourceId: material.id, fileId: material.fileId! }
  }
  throw new Error(`${backend.name}: no material of ${EDUCATOR} has a file`)
}
const fileMaterial: Lookup<Params> = async (backend) => {
  const { lessonId, resourceId } = await fileMaterialOf(backend)
  return { id: lessonId, resourceId }
}
/** A session of one of the user's upcoming lessons, named under another lesson of theirs. */
const sessionOfAnotherLesson =
  (email: string): Lookup<Params> =>
  async (backend) => {
    const upcoming = resultOf(await backend.call(lessons.upcomingLessons, { as: email })).data
    const [first] = upcoming
    const other = upcoming.find(({ lesson }) => lesson.id !== first?.lesson.id)
    if (!first || !other) throw new Error(`${backend.name}: ${email} has one upcoming lesson`)
    return { id: first.lesson.id, sessionId: other.session.id }
  }
/** A lesson the educator creates now, with a cover it uploads now. */
const newLessonOf =
  (email: string, overrides: Record<string, unknown> = {}): Lookup<Params> =>
  async (backend) => {
    const created = await backend.call(lessons.createLesson, {
      as: email,
      body: {
        ...lessonBody(await lookups.categoryId(backend)),
        imageId: await lookups.uploadedImage(email)(backend),
        ...overrides,
      },
    })
    return { id: resultOf(created).id }
  }

interface Scenario {
  name: string
  /** The endpoint called: its descriptor's method and path, and the schemas of its answers. */
  endpoint: Endpoint
  as?: string
  params?: Params | Lookup<Params>
  query?: Readonly<Record<string, string | number | boolean>>
  body?: Record<string, unknown> | Lookup<unknown>
  upload?: Upload
}

const lessonBody = (categoryId: number) => ({
  title: 'Parity lesson',
  categoryId,
  price_in_cents: 1500,
  min_slots: 1,
  max_slots: 3,
  about: 'About',
  details: 'Details',
  sessions: [],
})

/** A review body for the lesson the lookup finds. */
const reviewOf =
  (lessonId: Lookup<number>, overrides: Record<string, unknown> = {}): Lookup<unknown> =>
  async (backend) => ({
    lessonId: await lessonId(backend),
    body: 'Parity review',
    rating: 4,
    ...overrides,
  })

const scenarios: Scenario[] = [
  {
    name: 'payment config',
    endpoint: api.payments.getPaymentConfig,
  },
  { name: 'my payments, a paid seat', endpoint: api.payments.listMyPayments, as: PAYER },
  { name: 'my payments, a refund', endpoint: api.payments.listMyPayments, as: REFUNDED },
  { name: 'my payments as an educator', endpoint: api.payments.listMyPayments, as: EDUCATOR },
  { name: "an educator's earnings", endpoint: api.user.myEarnings, as: EDUCATOR },
  { name: "an educator's earnings by month", endpoint: api.user.myEarningsSummary, as: EDUCATOR },
  { name: 'earnings, as a student', endpoint: api.user.myEarnings, as: STUDENT },
  { name: "an educator's earnings file", endpoint: api.user.myEarningsCsv, as: EDUCATOR },
  {
    name: 'open a payment for a paid session',
    endpoint: api.payments.createOrder,
    as: REFUNDED,
    body: orderFor(PAYER, true),
  },
  {
    name: 'open a payment for a seat already held',
    endpoint: api.payments.createOrder,
    as: PAYER,
    body: orderFor(PAYER, true),
  },
  {
    name: 'open a payment for a free session',
    endpoint: api.payments.createOrder,
    as: REFUNDED,
    body: orderFor(PAYER, false),
  },
  {
    name: 'capture a captured payment again',
    endpoint: api.payments.capturePayment,
    as: PAYER,
    params: paymentOf(PAYER),
  },
  {
    name: "capture someone else's payment",
    endpoint: api.payments.capturePayment,
    as: REFUNDED,
    params: paymentOf(PAYER),
  },
  {
    name: 'cancel a captured payment',
    endpoint: api.payments.cancelPayment,
    as: PAYER,
    params: paymentOf(PAYER),
  },
  {
    name: 'read a payment as an admin',
    endpoint: api.payments.getPayment,
    as: ADMIN,
    params: paymentOf(PAYER),
  },
  {
    name: 'enroll in a free session with one seat left',
    endpoint: api.sessions.enroll,
    as: REFUNDED,
    params: seatOf(PAYER, false),
  },
  {
    name: 'enroll in a paid session',
    endpoint: api.sessions.enroll,
    as: REFUNDED,
    params: seatOf(PAYER, true),
  },
  {
    name: 'enroll in a full session',
    endpoint: api.sessions.enroll,
    as: STUDENT,
    params: fullSessionOf(REFUNDED),
  },
  {
    name: 'enroll twice',
    endpoint: api.sessions.enroll,
    as: PAYER,
    params: seatOf(PAYER, false),
  },
  {
    name: 'unenroll from a paid seat',
    endpoint: api.sessions.unenroll,
    as: PAYER,
    params: seatOf(PAYER, true),
  },
  {
    name: 'unenroll without a seat',
    endpoint: api.sessions.unenroll,
    as: REFUNDED,
    params: seatOf(PAYER, true),
  },
  {
    name: 'calendar file without a seat',
    endpoint: api.sessions.sessionIcs,
    as: REFUNDED,
    params: seatOf(PAYER, true),
  },
  { name: 'status', endpoint: api.system.health },
  { name: 'guest categories', endpoint: api.guest.guestCategories },
  { name: 'session rules', endpoint: api.guest.guestSessionRules },
  {
    name: 'guest lessons page 1',
    endpoint: api.guest.guestLessons,
    query: { page: 1, take: 5, order: 'DESC' },
  },
  {
    name: 'guest lessons, every lesson on one page',
    endpoint: api.guest.guestLessons,
    query: { page: 1, take: 100 },
  },
  {
    name: 'guest lessons, no match',
    endpoint: api.guest.guestLessons,
    query: { title: 'zzzz-no-such' },
  },
  {
    name: 'guest lessons, bad categoryIds',
    endpoint: api.guest.guestLessons,
    query: { categoryIds: 'a,b' },
  },
  {
    name: 'guest lesson',
    endpoint: api.guest.guestLesson,
    params: firstLesson,
  },
  { name: 'guest lesson, unknown', endpoint: api.guest.guestLesson, params: { id: 999999 } },
  { name: 'guest lesson, a draft', endpoint: api.guest.guestLesson, params: myDraft },
  { name: 'guest sessions, a draft', endpoint: api.guest.guestSessions, params: myDraft },
  {
    name: 'lesson, a draft, as a student',
    endpoint: api.lessons.getLesson,
    as: STUDENT,
    params: myDraft,
  },
  {
    name: 'lesson, a draft, as its owner',
    endpoint: api.lessons.getLesson,
    as: EDUCATOR,
    params: myDraft,
  },
  {
    name: 'lesson, a draft, as an admin',
    endpoint: api.lessons.getLesson,
    as: ADMIN,
    params: myDraft,
  },
  {
    name: 'sessions, a draft, as a student',
    endpoint: api.sessions.listSessions,
    as: STUDENT,
    params: myDraft,
  },
  {
    name: 'sessions, a draft, as its owner',
    endpoint: api.sessions.listSessions,
    as: EDUCATOR,
    params: myDraft,
  },
  {
    name: 'guest sessions',
    endpoint: api.guest.guestSessions,
    params: firstLesson,
    query: { page: 1, take: 100 },
  },
  {
    name: 'guest reviews',
    endpoint: api.guest.guestReviews,
    params: firstLessonOwner,
    query: { page: 1, take: 100 },
  },
  {
    name: 'guest average score',
    endpoint: api.guest.guestAverageScore,
    params: firstLessonOwner,
  },
  // Reviews and a rating are an educator's: a student's or an admin's id is not found.
  {
    name: 'guest reviews of a student',
    endpoint: api.guest.guestReviews,
    params: async (backend) => ({ id: await lookups.userId(STUDENT)(backend) }),
  },
  {
    name: 'guest average score of an admin',
    endpoint: api.guest.guestAverageScore,
    params: async (backend) => ({ id: await lookups.userId(ADMIN)(backend) }),
  },
  {
    name: 'reviews of a student, signed in',
    endpoint: api.user.userReviews,
    as: STUDENT,
    params: async (backend) => ({ id: await lookups.userId(STUDENT)(backend) }),
  },
  {
    name: 'average score of an admin, signed in',
    endpoint: api.user.userAverageScore,
    as: STUDENT,
    params: async (backend) => ({ id: await lookups.userId(ADMIN)(backend) }),
  },
  { name: 'me as guest', endpoint: api.user.me },
  { name: 'me as student', endpoint: api.user.me, as: STUDENT },
  {
    name: 'login, wrong password',
    endpoint: api.auth.login,
    body: { email: STUDENT, password: 'Wrong1password' },
  },
  {
    name: 'login, unconfirmed e-mail',
    endpoint: api.auth.login,
    body: { email: UNCONFIRMED, password: 'Password1' },
  },
  {
    name: 'login',
    endpoint: api.auth.login,
    body: { email: STUDENT, password: 'Password1', rememberMe: true },
  },
  { name: 'logout', endpoint: api.auth.logout, as: STUDENT },
  {
    name: 'register',
    endpoint: api.auth.register,
    body: {
      name: 'New Person',
      email: 'new.person@example.com',
      password: 'Password1',
      role: 'student',
      terms: true,
    },
  },
  {
    name: 'register, e-mail taken',
    endpoint: api.auth.register,
    body: {
      name: 'Yuki Again',
      email: STUDENT,
      password: 'Password1',
      role: 'student',
      terms: true,
    },
  },
  {
    name: 'register as admin',
    endpoint: api.auth.register,
    body: { name: 'Sneaky', email: 'sneaky@example.com', password: 'Password1', role: 'admin' },
  },
  {
    name: 'register, weak password',
    endpoint: api.auth.register,
    body: { name: 'Weak', email: 'weak@example.com', password: 'short', role: 'student' },
  },
  {
    name: 'confirm, bad token',
    endpoint: api.auth.confirm,
    body: { validationToken: 'nope' },
  },
  {
    name: 'resend confirmation',
    endpoint: api.auth.resendConfirmation,
    body: { email: 'nobody@example.com' },
  },
  {
    name: 'reset e-mail, unknown address',
    endpoint: api.auth.passwordResetEmail,
    body: { email: 'nobody@example.com' },
  },
  {
    name: 'set new password, bad token',
    endpoint: api.auth.setNewPassword,
    body: { password: 'Password2', passwordResetToken: 'nope' },
  },
  {
    name: 'update profile',
    endpoint: api.user.updateProfile,
    as: STUDENT,
    body: { name: 'Yuki Y.' },
  },
  {
    name: 'update profile, e-mail taken',
    endpoint: api.user.updateProfile,
    as: STUDENT,
    body: { email: EDUCATOR, currentPassword: 'Password1' },
  },
  {
    name: 'update profile, the same e-mail in another case (no password needed)',
    endpoint: api.user.updateProfile,
    as: STUDENT,
    body: { email: 'Yuki@Manabi.example', name: 'Yuki Y.' },
  },
  {
    name: 'update profile, new e-mail without the current password',
    endpoint: api.user.updateProfile,
    as: STUDENT,
    body: { email: 'yuki.new@example.com' },
  },
  {
    name: 'update profile, new e-mail with a wrong current password',
    endpoint: api.user.updateProfile,
    as: STUDENT,
    body: { email: 'yuki.new@example.com', currentPassword: 'Wrong1password' },
  },
  {
    name: 'update profile, new e-mail with the current password (pending)',
    endpoint: api.user.updateProfile,
    as: STUDENT,
    body: { email: 'yuki.new@example.com', currentPassword: 'Password1' },
  },
  {
    name: 'update profile, new password without the current password',
    endpoint: api.user.updateProfile,
    as: STUDENT,
    body: { password: 'Brand1New' },
  },
  {
    name: 'update profile, new password with an empty current password',
    endpoint: api.user.updateProfile,
    as: STUDENT,
    body: { password: 'Brand1New', currentPassword: '' },
  },
  {
    name: 'update profile, new password with the current password',
    endpoint: api.user.updateProfile,
    as: STUDENT,
    body: { password: 'Brand1New', currentPassword: 'Password1' },
  },
  {
    name: 'withdraw an e-mail change with none pending',
    endpoint: api.user.withdrawEmailChange,
    as: STUDENT,
  },
  {
    name: 'withdraw an e-mail change as a guest',
    endpoint: api.user.withdrawEmailChange,
  },
  {
    name: 'reassign licence as student',
    endpoint: api.user.reassignOwnVideoLicence,
    as: STUDENT,
  },
  {
    name: 'reassign licence',
    endpoint: api.user.reassignOwnVideoLicence,
    as: EDUCATOR,
  },
  {
    // Only an admin lends a licence: without one there is nothing to exchange (issue 28.5).
    name: 'reassign licence without one',
    endpoint: api.user.reassignOwnVideoLicence,
    as: LAURA,
  },
  {
    name: 'educator reviews',
    endpoint: api.user.userReviews,
    as: STUDENT,
    params: firstLessonOwner,
  },
  {
    name: 'educator average',
    endpoint: api.user.userAverageScore,
    as: STUDENT,
    params: firstLessonOwner,
  },
  { name: 'categories as guest', endpoint: api.categories.listCategories },
  { name: 'categories', endpoint: api.categories.listCategories, as: STUDENT },
  {
    name: 'lessons',
    endpoint: api.lessons.listLessons,
    as: STUDENT,
    query: { page: 1, take: 5 },
  },
  {
    name: 'lessons, every lesson on one page',
    endpoint: api.lessons.listLessons,
    as: PAYER,
    query: { page: 1, take: 100 },
  },
  {
    name: 'my lessons as student',
    endpoint: api.lessons.myLessons,
    as: STUDENT,
  },
  { name: 'my lessons', endpoint: api.lessons.myLessons, as: EDUCATOR },
  { name: 'history', endpoint: api.lessons.lessonHistory, as: STUDENT },
  {
    name: 'upcoming, student',
    endpoint: api.lessons.upcomingLessons,
    as: STUDENT,
  },
  {
    name: 'upcoming, educator',
    endpoint: api.lessons.upcomingLessons,
    as: EDUCATOR,
  },
  {
    name: 'lesson',
    endpoint: api.lessons.getLesson,
    as: STUDENT,
    params: firstLesson,
  },
  { name: 'lesson, bad id', endpoint: api.lessons.getLesson, as: STUDENT, params: { id: 'abc' } },
  {
    name: 'sessions',
    endpoint: api.sessions.listSessions,
    as: STUDENT,
    params: firstLesson,
  },
  {
    name: 'session ics',
    endpoint: api.sessions.sessionIcs,
    as: STUDENT,
    params: upcomingSession(STUDENT),
  },
  {
    name: 'session ics as guest',
    endpoint: api.sessions.sessionIcs,
    params: upcomingSession(STUDENT),
  },
  {
    name: 'session ics, unknown session',
    endpoint: api.sessions.sessionIcs,
    as: STUDENT,
    params: async (backend) => ({ ...(await firstLesson(backend)), sessionId: 999999 }),
  },
  {
    name: 'join, enrolled student in the join window',
    endpoint: api.sessions.joinSession,
    as: STUDENT,
    params: upcomingSession(STUDENT),
  },
  {
    name: 'join, owner',
    endpoint: api.sessions.joinSession,
    as: EDUCATOR,
    params: upcomingSession(EDUCATOR),
  },
  {
    name: 'join, not enrolled',
    endpoint: api.sessions.joinSession,
    as: ADMIN,
    params: upcomingSession(STUDENT),
  },
  {
    name: 'join, days before the start',
    endpoint: api.sessions.joinSession,
    as: PAYER,
    params: upcomingSession(PAYER),
  },
  {
    name: 'join, unknown lesson',
    endpoint: api.sessions.joinSession,
    as: STUDENT,
    params: { id: 999999, sessionId: 1 },
  },
  {
    name: 'resources, owner',
    endpoint: api.resources.listResources,
    as: EDUCATOR,
    params: lessonWithResources,
  },
  {
    name: 'resources, enrolled student',
    endpoint: api.resources.listResources,
    as: STUDENT,
    params: lessonWithResources,
  },
  {
    name: 'resources, another educator',
    endpoint: api.resources.listResources,
    as: OTHER_EDUCATOR,
    params: lessonWithResources,
  },
  {
    name: 'resources as guest',
    endpoint: api.resources.listResources,
    params: lessonWithResources,
  },
  {
    name: 'resources, unknown lesson',
    endpoint: api.resources.listResources,
    as: ADMIN,
    params: { id: 999999 },
  },
  {
    name: 'resource',
    endpoint: api.resources.getResource,
    as: ADMIN,
    params: resourceWithLesson,
  },
  {
    name: 'resource, unknown',
    endpoint: api.resources.getResource,
    as: EDUCATOR,
    params: async (backend) => ({ ...(await lessonWithResources(backend)), resourceId: 999999 }),
  },
  {
    name: 'resource, another educator',
    endpoint: api.resources.getResource,
    as: OTHER_EDUCATOR,
    params: resourceWithLesson,
  },
  {
    name: 'file, unknown',
    endpoint: api.resources.downloadFile,
    as: STUDENT,
    params: { fileId: 999999 },
  },
  { name: 'file as guest', endpoint: api.resources.downloadFile, params: { fileId: 999999 } },
  {
    name: 'create lesson',
    endpoint: api.lessons.createLesson,
    as: EDUCATOR,
    body: async (backend) => ({
      ...lessonBody(await lookups.categoryId(backend)),
      imageId: await lookups.uploadedImage(EDUCATOR)(backend),
    }),
  },
  {
    name: 'create lesson without an image',
    endpoint: api.lessons.createLesson,
    as: EDUCATOR,
    body: async (backend) => lessonBody(await lookups.categoryId(backend)),
  },
  {
    name: 'create lesson, hostile link',
    endpoint: api.lessons.createLesson,
    as: EDUCATOR,
    body: async (backend) => ({
      ...lessonBody(await lookups.categoryId(backend)),
      imageId: await lookups.uploadedImage(EDUCATOR)(backend),
      links: [{ title: 'x', description: 'y', url: 'JaVaScRiPt:alert(1)' }],
    }),
  },
  {
    name: 'create lesson, protocol-relative link',
    endpoint: api.lessons.createLesson,
    as: EDUCATOR,
    body: async (backend) => ({
      ...lessonBody(await lookups.categoryId(backend)),
      imageId: await lookups.uploadedImage(EDUCATOR)(backend),
      links: [{ title: 'x', description: 'y', url: '//evil.example/page' }],
    }),
  },
  {
    name: 'create lesson, NUL in the title and half a surrogate pair in a link',
    endpoint: api.lessons.createLesson,
    as: EDUCATOR,
    body: async (backend) => ({
      ...lessonBody(await lookups.categoryId(backend)),
      title: 'Kan\u0000ji',
      links: [{ title: 'x', description: 'half \ud800', url: 'https://example.com/' }],
    }),
  },
  {
    name: 'create lesson, category id past the column',
    endpoint: api.lessons.createLesson,
    as: EDUCATOR,
    body: { ...lessonBody(1), categoryId: 2 ** 31 },
  },
  {
    name: 'guest lessons, a category id past the column',
    endpoint: api.guest.guestLessons,
    query: { categoryIds: '1,2147483648' },
  },
  {
    name: 'guest lessons, page past the column',
    endpoint: api.guest.guestLessons,
    query: { page: 2 ** 31 },
  },
  {
    name: 'guest lessons, after a lesson id past the column',
    endpoint: api.guest.guestLessons,
    query: { after: 2 ** 31 },
  },
  { name: 'guest lessons, after no lesson', endpoint: api.guest.guestLessons, query: { after: 0 } },
  {
    name: 'lessons, after a lesson id that is not a number',
    endpoint: api.lessons.listLessons,
    as: STUDENT,
    query: { after: '3a' },
  },
  {
    name: 'guest lessons, the last page a column holds',
    endpoint: api.guest.guestLessons,
    query: { page: 2 ** 31 - 1, take: 100 },
  },
  {
    name: 'guest lessons, NUL in the title',
    endpoint: api.guest.guestLessons,
    query: { title: 'Kan\u0000ji' },
  },
  {
    name: 'create lesson, unverified educator',
    endpoint: api.lessons.createLesson,
    as: UNVERIFIED,
    body: async (backend) => lessonBody(await lookups.categoryId(backend)),
  },
  {
    name: 'create lesson as student',
    endpoint: api.lessons.createLesson,
    as: STUDENT,
    body: async (backend) => lessonBody(await lookups.categoryId(backend)),
  },
  {
    name: 'create lesson, max below min',
    endpoint: api.lessons.createLesson,
    as: EDUCATOR,
    body: async (backend) => ({
      ...lessonBody(await lookups.categoryId(backend)),
      min_slots: 5,
      max_slots: 2,
    }),
  },
  {
    name: 'create lesson, blank title',
    endpoint: api.lessons.createLesson,
    as: EDUCATOR,
    body: async (backend) => ({ ...lessonBody(await lookups.categoryId(backend)), title: '   ' }),
  },
  {
    name: 'register, blank name',
    endpoint: api.auth.register,
    body: { name: '  ', email: 'blank@example.com', password: 'Password1', role: 'student' },
  },
  {
    name: 'update own lesson',
    endpoint: api.lessons.updateLesson,
    as: EDUCATOR,
    params: myLessonWithCover(true),
    body: async (backend) => lessonBody(await lookups.categoryId(backend)),
  },
  {
    name: 'update own lesson, new cover',
    endpoint: api.lessons.updateLesson,
    as: EDUCATOR,
    params: myLessonWithCover(true),
    body: async (backend) => ({
      ...lessonBody(await lookups.categoryId(backend)),
      imageId: await lookups.uploadedImage(EDUCATOR)(backend),
    }),
  },
  {
    name: 'update own lesson without a cover',
    endpoint: api.lessons.updateLesson,
    as: EDUCATOR,
    params: myLessonWithCover(false),
    body: async (backend) => lessonBody(await lookups.categoryId(backend)),
  },
  {
    name: 'update own lesson, blank about',
    endpoint: api.lessons.updateLesson,
    as: EDUCATOR,
    params: myLessonWithCover(true),
    body: async (backend) => ({ ...lessonBody(await lookups.categoryId(backend)), about: ' ' }),
  },
  {
    name: "update another's lesson",
    endpoint: api.lessons.updateLesson,
    as: OTHER_EDUCATOR,
    params: myLesson,
    body: async (backend) => lessonBody(await lookups.categoryId(backend)),
  },
  {
    name: 'create session',
    endpoint: api.sessions.createSession,
    as: EDUCATOR,
    params: myLesson,
    body: sessionBody(40, '10:00', '11:00'),
  },
  {
    name: 'create session, overlapping',
    endpoint: api.sessions.createSession,
    as: EDUCATOR,
    params: myLesson,
    body: async (backend) => {
      const first = await backend.call(api.sessions.createSession, {
        params: await myLesson(backend),
        as: EDUCATOR,
        body: sessionBody(40, '10:00', '11:00'),
      })
      resultOf(first)
      return sessionBody(40, '10:30', '11:30')
    },
  },
  {
    name: 'create session, hostile meeting link',
    endpoint: api.sessions.createSession,
    as: EDUCATOR,
    params: myLesson,
    body: sessionBody(40, '10:00', '11:00', 'https://zoom.us.evil.example/j/1'),
  },
  {
    name: 'create session, end equals start',
    endpoint: api.sessions.createSession,
    as: EDUCATOR,
    params: myLesson,
    body: sessionBody(40, '10:00', '10:00'),
  },
  {
    name: 'create session in the past',
    endpoint: api.sessions.createSession,
    as: EDUCATOR,
    params: myLesson,
    body: sessionBody(-1, '10:00', '11:00'),
  },
  {
    name: 'upload material',
    endpoint: api.resources.uploadResourceFile,
    as: EDUCATOR,
    params: lessonWithResources,
    upload: { field: 'file', filename: 'week-1.pdf', bytes: PDF_BYTES },
  },
  {
    name: 'upload material, a PNG named .pdf',
    endpoint: api.resources.uploadResourceFile,
    as: EDUCATOR,
    params: lessonWithResources,
    upload: { field: 'file', filename: 'week-1.pdf', bytes: PNG_BYTES },
  },
  {
    name: 'upload material, blank name',
    endpoint: api.resources.uploadResourceFile,
    as: EDUCATOR,
    params: lessonWithResources,
    upload: { field: 'file', filename: '  ', bytes: PDF_BYTES },
  },
  {
    name: 'upload material, an empty file',
    endpoint: api.resources.uploadResourceFile,
    as: EDUCATOR,
    params: lessonWithResources,
    upload: { field: 'file', filename: 'week-1.txt', bytes: new Uint8Array(0) },
  },
  {
    // Its acTL chunk before IDAT makes it animated; renditions would keep its first frame only.
    name: 'upload cover, an animated PNG',
    endpoint: api.lessons.uploadLessonImage,
    as: EDUCATOR,
    upload: {
      field: 'image',
      filename: 'cover.png',
      bytes: Buffer.concat([
        PNG_BYTES.subarray(0, 33),
        Buffer.from([0, 0, 0, 8, 0x61, 0x63, 0x54, 0x4c, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]),
        PNG_BYTES.subarray(33),
      ]),
    },
  },
  {
    name: 'upload cover, an empty file',
    endpoint: api.lessons.uploadLessonImage,
    as: EDUCATOR,
    upload: { field: 'image', filename: 'cover.png', bytes: new Uint8Array(0) },
  },
  {
    name: 'upload material, another educator',
    endpoint: api.resources.uploadResourceFile,
    as: OTHER_EDUCATOR,
    params: lessonWithResources,
    upload: { field: 'file', filename: 'week-1.pdf', bytes: PDF_BYTES },
  },
  {
    name: 'create link material',
    endpoint: api.resources.createResource,
    as: EDUCATOR,
    params: lessonWithResources,
    body: linkBody(),
  },
  {
    name: 'create link material, javascript url',
    endpoint: api.resources.createResource,
    as: EDUCATOR,
    params: lessonWithResources,
    body: linkBody({ url: ' javascript:alert(1)' }),
  },
  {
    name: 'create link material, protocol-relative url',
    endpoint: api.resources.createResource,
    as: EDUCATOR,
    params: lessonWithResources,
    body: linkBody({ url: '//evil.example/page' }),
  },
  {
    name: 'create link material, NUL in the description',
    endpoint: api.resources.createResource,
    as: EDUCATOR,
    params: lessonWithResources,
    body: linkBody({ description: 'News\u0000' }),
  },
  {
    name: 'upload material, NUL in the name',
    endpoint: api.resources.uploadResourceFile,
    as: EDUCATOR,
    params: lessonWithResources,
    upload: { field: 'file', filename: 'week\u0000-1.pdf', bytes: PDF_BYTES },
  },
  {
    name: 'upload material, a name past 255 characters',
    endpoint: api.resources.uploadResourceFile,
    as: EDUCATOR,
    params: lessonWithResources,
    upload: { field: 'file', filename: `${'w'.repeat(252)}.pdf`, bytes: PDF_BYTES },
  },
  {
    name: 'create link material, blank fields',
    endpoint: api.resources.createResource,
    as: EDUCATOR,
    params: lessonWithResources,
    body: linkBody({ title: ' ', description: ' ' }),
  },
  {
    name: 'create link material as student',
    endpoint: api.resources.createResource,
    as: STUDENT,
    params: lessonWithResources,
    body: linkBody(),
  },
  {
    name: 'create file material',
    endpoint: api.resources.createResource,
    as: EDUCATOR,
    params: lessonWithResources,
    body: async (backend) => {
      const file = await lookups.uploadedMaterial(backend)
      return { title: 'Week 1', type: 'document', url: file.path, description: '', fileId: file.id }
    },
  },
  {
    name: 'create file material, unknown file',
    endpoint: api.resources.createResource,
    as: EDUCATOR,
    params: lessonWithResources,
    body: { title: 'Week 1', type: 'document', url: 'x', description: '', fileId: 999999 },
  },
  {
    name: 'update material',
    endpoint: api.resources.updateResource,
    as: EDUCATOR,
    params: resourceWithLesson,
    body: linkBody({ title: 'Replaced' }),
  },
  {
    name: 'update material, ftp url',
    endpoint: api.resources.updateResource,
    as: EDUCATOR,
    params: resourceWithLesson,
    body: linkBody({ url: 'ftp://files.example.com/a.pdf' }),
  },
  {
    name: 'rename material',
    endpoint: api.resources.renameResource,
    as: EDUCATOR,
    params: resourceWithLesson,
    body: { title: '  Renamed  ' },
  },
  {
    name: 'rename material, blank',
    endpoint: api.resources.renameResource,
    as: EDUCATOR,
    params: resourceWithLesson,
    body: { title: '   ' },
  },
  {
    name: 'delete material',
    endpoint: api.resources.deleteResource,
    as: EDUCATOR,
    params: resourceWithLesson,
  },
  {
    name: 'delete material, another educator',
    endpoint: api.resources.deleteResource,
    as: OTHER_EDUCATOR,
    params: resourceWithLesson,
  },
  {
    name: 'delete material as guest',
    endpoint: api.resources.deleteResource,
    params: resourceWithLesson,
  },
  {
    name: 'delete material, unknown',
    endpoint: api.resources.deleteResource,
    as: EDUCATOR,
    params: async (backend) => ({ ...(await lessonWithResources(backend)), resourceId: 999999 }),
  },
  {
    name: 'delete material, id past the integer range',
    endpoint: api.resources.deleteResource,
    as: EDUCATOR,
    params: async (backend) => ({ ...(await lessonWithResources(backend)), resourceId: 2 ** 31 }),
  },
  {
    name: 'create session, unverified educator',
    endpoint: api.sessions.createSession,
    as: UNVERIFIED,
    params: myLesson,
    body: sessionBody(40, '10:00', '11:00'),
  },
  {
    name: 'create session as student',
    endpoint: api.sessions.createSession,
    as: STUDENT,
    params: myLesson,
    body: sessionBody(40, '10:00', '11:00'),
  },
  {
    name: 'update session',
    endpoint: api.sessions.updateSession,
    as: EDUCATOR,
    params: futureSession(EDUCATOR, 'none'),
    body: sessionBody(41, '08:00', '09:00'),
  },
  {
    name: 'update a live session',
    endpoint: api.sessions.updateSession,
    as: EDUCATOR,
    params: upcomingSession(STUDENT),
    body: sessionBody(41, '08:00', '09:00'),
  },
  {
    name: 'delete session',
    endpoint: api.sessions.deleteSession,
    as: EDUCATOR,
    params: futureSession(EDUCATOR, 'none'),
  },
  {
    name: 'delete session with enrolled students',
    endpoint: api.sessions.deleteSession,
    as: OTHER_EDUCATOR,
    params: futureSession(OTHER_EDUCATOR, 'taken'),
  },
  {
    name: 'delete session, unknown',
    endpoint: api.sessions.deleteSession,
    as: EDUCATOR,
    params: async (backend) => ({ ...(await myLesson(backend)), sessionId: 999999 }),
  },
  {
    name: 'review, already reviewed',
    endpoint: api.reviews.createReview,
    as: STUDENT,
    body: reviewOf(lookups.historyLessonId(STUDENT)),
  },
  {
    name: 'review, not attended yet',
    endpoint: api.reviews.createReview,
    as: STUDENT,
    body: reviewOf(lookups.unattendedLessonId(STUDENT)),
  },
  {
    name: 'review, unknown lesson',
    endpoint: api.reviews.createReview,
    as: STUDENT,
    body: { lessonId: 999999, body: 'Parity review', rating: 4 },
  },
  {
    name: 'review, lesson id past the column',
    endpoint: api.reviews.createReview,
    as: STUDENT,
    body: { lessonId: 2 ** 31, body: 'Parity review', rating: 4 },
  },
  {
    name: 'review, NUL in the text',
    endpoint: api.reviews.createReview,
    as: STUDENT,
    body: reviewOf(lookups.historyLessonId(STUDENT), { body: 'Good\u0000' }),
  },
  {
    name: 'review, rating 0 and empty text',
    endpoint: api.reviews.createReview,
    as: STUDENT,
    body: reviewOf(lookups.historyLessonId(STUDENT), { body: '', rating: 0 }),
  },
  {
    name: 'review, text too long',
    endpoint: api.reviews.createReview,
    as: STUDENT,
    body: reviewOf(lookups.historyLessonId(STUDENT), { body: 'a'.repeat(REVIEW_MAX_LENGTH + 1) }),
  },
  {
    name: 'review as educator',
    endpoint: api.reviews.createReview,
    as: EDUCATOR,
    body: { lessonId: 1, body: 'Parity review', rating: 4 },
  },
  {
    name: 'review as guest',
    endpoint: api.reviews.createReview,
    body: { lessonId: 1, body: 'Parity review', rating: 4 },
  },
  {
    name: 'admin users',
    endpoint: api.admin.listUsers,
    as: ADMIN,
    query: { role: 'educator' },
  },
  {
    name: 'admin users as educator',
    endpoint: api.admin.listUsers,
    as: EDUCATOR,
  },
  { name: "the admin's overview", endpoint: api.admin.adminOverview, as: ADMIN },
  { name: "the admin's overview as a student", endpoint: api.admin.adminOverview, as: STUDENT },
  { name: "the admin's overview as a guest", endpoint: api.admin.adminOverview },
  {
    name: "the admin's sessions",
    endpoint: api.admin.listAdminSessions,
    as: ADMIN,
    query: { from: '2020-01-01T00:00:00Z', to: '2100-01-01T00:00:00+09:00', take: 3 },
  },
  {
    name: "the admin's cancelled sessions",
    endpoint: api.admin.listAdminSessions,
    as: ADMIN,
    query: { cancelled: true },
  },
  {
    name: "the admin's sessions as an educator",
    endpoint: api.admin.listAdminSessions,
    as: EDUCATOR,
  },
  {
    name: "the admin's sessions, a range ending before it starts",
    endpoint: api.admin.listAdminSessions,
    as: ADMIN,
    query: { from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' },
  },
  {
    name: "the admin's sessions, a malformed instant",
    endpoint: api.admin.listAdminSessions,
    as: ADMIN,
    query: { from: '2026-02-30T00:00:00Z' },
  },
  {
    name: "the admin's sessions, a leap second",
    endpoint: api.admin.listAdminSessions,
    as: ADMIN,
    query: { to: '2016-12-31T23:59:60Z' },
  },
  {
    name: "the admin's sessions, a page past 2^31",
    endpoint: api.admin.listAdminSessions,
    as: ADMIN,
    query: { page: 2 ** 31 },
  },
  { name: "the admin's refunds", endpoint: api.admin.listRefunds, as: ADMIN },
  { name: "the admin's refunds as a student", endpoint: api.admin.listRefunds, as: STUDENT },
  {
    name: "the admin's refunds, a range ending before it starts",
    endpoint: api.admin.listRefunds,
    as: ADMIN,
    query: { from: '2026-01-01T00:00:01Z', to: '2026-01-01T00:00:00Z' },
  },
  {
    name: "the admin's refunds, a date without its time",
    endpoint: api.admin.listRefunds,
    as: ADMIN,
    query: { from: '2026-01-01' },
  },
  {
    name: 'approve educator',
    endpoint: api.admin.approveUser,
    as: ADMIN,
    params: userNamed(UNVERIFIED),
  },
  {
    name: 'reactivate an active educator',
    endpoint: api.admin.reactivateUser,
    as: ADMIN,
    params: userNamed(EDUCATOR),
  },
  {
    name: 'reactivate, as a student',
    endpoint: api.admin.reactivateUser,
    as: STUDENT,
    params: userNamed(EDUCATOR),
  },
  {
    name: 'approve an approved educator',
    endpoint: api.admin.approveUser,
    as: ADMIN,
    params: userNamed(EDUCATOR),
  },
  {
    name: 'approve a student',
    endpoint: api.admin.approveUser,
    as: ADMIN,
    params: userNamed(STUDENT),
  },
  {
    name: 'assign licence',
    endpoint: api.admin.assignVideoLicence,
    as: ADMIN,
    params: userNamed(LAURA),
    body: {},
  },
  {
    name: 'remove licence',
    endpoint: api.admin.removeVideoLicence,
    as: ADMIN,
    params: userNamed(EDUCATOR),
  },
  {
    name: 'remove licence not held',
    endpoint: api.admin.removeVideoLicence,
    as: ADMIN,
    params: userNamed(LAURA),
  },
  {
    name: 'assign licence to a student',
    endpoint: api.admin.assignVideoLicence,
    as: ADMIN,
    params: userNamed(STUDENT),
    body: {},
  },
  {
    name: 'admin users awaiting approval',
    endpoint: api.admin.listUsers,
    as: ADMIN,
    query: { state: 'awaiting_approval' },
  },
  {
    name: 'admin users below the earnings rule',
    endpoint: api.admin.listUsers,
    as: ADMIN,
    query: { state: 'below_earnings_rule' },
  },
  {
    name: 'admin users deactivated by the earnings rule',
    endpoint: api.admin.listUsers,
    as: ADMIN,
    query: { state: 'deactivated' },
  },
  {
    name: 'admin users, unknown state',
    endpoint: api.admin.listUsers,
    as: ADMIN,
    query: { state: 'sleeping' },
  },
  { name: 'licence pool', endpoint: api.admin.listVideoLicences, as: ADMIN },
  { name: 'licence pool as student', endpoint: api.admin.listVideoLicences, as: STUDENT },
  {
    name: 'add licence',
    endpoint: api.admin.addVideoLicence,
    as: ADMIN,
    body: { provider: 'zoom', accountEmail: 'zoom-9@manabi.example' },
  },
  {
    name: 'add licence already in the pool',
    endpoint: api.admin.addVideoLicence,
    as: ADMIN,
    body: { provider: 'zoom', accountEmail: 'ZOOM-1@manabi.example' },
  },
  {
    name: 'add licence, invalid',
    endpoint: api.admin.addVideoLicence,
    as: ADMIN,
    body: { provider: 'skype', accountEmail: 'nope' },
  },
  {
    name: 'retire a free licence',
    endpoint: api.admin.retireVideoLicence,
    as: ADMIN,
    params: licenceWith(null),
  },
  {
    name: 'retire a held licence',
    endpoint: api.admin.retireVideoLicence,
    as: ADMIN,
    params: licenceWith(EDUCATOR),
  },
  {
    name: 'retire an unknown licence',
    endpoint: api.admin.retireVideoLicence,
    as: ADMIN,
    params: { id: 999999 },
  },
  {
    name: 'admin users, unknown role',
    endpoint: api.admin.listUsers,
    as: ADMIN,
    query: { role: 'teacher' },
  },
  {
    name: 'approve an unknown user',
    endpoint: api.admin.approveUser,
    as: ADMIN,
    params: { id: 999999 },
  },
  {
    name: 'assign a licence another educator holds',
    endpoint: api.admin.assignVideoLicence,
    as: ADMIN,
    params: userNamed(LAURA),
    body: async (backend) => ({ licenceId: (await licenceWith(EDUCATOR)(backend)).id }),
  },
  {
    name: 'reassign licence, unverified educator',
    endpoint: api.user.reassignOwnVideoLicence,
    as: UNVERIFIED,
  },
  {
    name: 'add licence as educator',
    endpoint: api.admin.addVideoLicence,
    as: EDUCATOR,
    body: { provider: 'zoom', accountEmail: 'zoom-9@manabi.example' },
  },
  {
    name: 'register, e-mail taken in another case',
    endpoint: api.auth.register,
    body: {
      name: 'Yuki Again',
      email: 'YUKI@manabi.example',
      password: 'Password1',
      role: 'student',
    },
  },
  {
    name: 'register, every field invalid',
    endpoint: api.auth.register,
    body: { name: '', email: 'not-an-email', password: 'short', role: 'admin' },
  },
  {
    name: 'login, unknown e-mail',
    endpoint: api.auth.login,
    body: { email: 'nobody@manabi.example', password: 'Password1' },
  },
  {
    name: 'reset e-mail, known address',
    endpoint: api.auth.passwordResetEmail,
    body: { email: STUDENT },
  },
  {
    name: 'set new password, weak password',
    endpoint: api.auth.setNewPassword,
    body: { password: 'alllowercase', passwordResetToken: 'nope' },
  },
  {
    name: 'guest lesson, a draft, as its owner',
    endpoint: api.guest.guestLesson,
    as: EDUCATOR,
    params: myDraft,
  },
  {
    name: 'guest sessions, a draft, as an admin',
    endpoint: api.guest.guestSessions,
    as: ADMIN,
    params: myDraft,
  },
  {
    name: 'lesson, a draft, as another educator',
    endpoint: api.lessons.getLesson,
    as: OTHER_EDUCATOR,
    params: myDraft,
  },
  {
    name: 'sessions, a draft, as an admin',
    endpoint: api.sessions.listSessions,
    as: ADMIN,
    params: myDraft,
  },
  { name: 'lesson, unknown', endpoint: api.lessons.getLesson, as: STUDENT, params: { id: 999999 } },
  {
    name: 'guest lessons, every query parameter invalid',
    endpoint: api.guest.guestLessons,
    query: { take: 0, page: 'x', categoryIds: 'a,b' },
  },
  {
    name: 'create lesson, four fields out of range',
    endpoint: api.lessons.createLesson,
    as: EDUCATOR,
    body: async (backend) => ({
      ...lessonBody(await lookups.categoryId(backend)),
      imageId: await lookups.uploadedImage(EDUCATOR)(backend),
      title: '',
      price_in_cents: -1,
      min_slots: 0,
      max_slots: 51,
    }),
  },
  {
    name: 'create lesson, unknown category and max below min',
    endpoint: api.lessons.createLesson,
    as: EDUCATOR,
    body: async (backend) => ({
      ...lessonBody(999),
      imageId: await lookups.uploadedImage(EDUCATOR)(backend),
      min_slots: 5,
      max_slots: 2,
    }),
  },
  {
    name: 'update an unknown lesson',
    endpoint: api.lessons.updateLesson,
    as: EDUCATOR,
    params: { id: 999999 },
    body: async (backend) => lessonBody(await lookups.categoryId(backend)),
  },
  {
    name: 'update own lesson, cover removed',
    endpoint: api.lessons.updateLesson,
    as: EDUCATOR,
    params: myLessonWithCover(true),
    body: async (backend) => ({ ...lessonBody(await lookups.categoryId(backend)), imageId: null }),
  },
  {
    // About and details left out keep the stored ones, which a new lesson may leave empty.
    name: 'update a lesson created without about and details, leaving them out',
    endpoint: api.lessons.updateLesson,
    as: EDUCATOR,
    params: newLessonOf(EDUCATOR, { about: '', details: '' }),
    body: async (backend) => {
      const body = lessonBody(await lookups.categoryId(backend))
      const { title, categoryId, price_in_cents, min_slots, max_slots, sessions } = body
      return { title, categoryId, price_in_cents, min_slots, max_slots, sessions }
    },
  },
  {
    name: 'upload cover, not an image',
    endpoint: api.lessons.uploadLessonImage,
    as: EDUCATOR,
    upload: { field: 'image', filename: 'cover.png', bytes: Buffer.from('not an image') },
  },
  {
    name: 'upload cover, in the wrong field',
    endpoint: api.lessons.uploadLessonImage,
    as: EDUCATOR,
    upload: { field: 'file', filename: 'cover.png', bytes: PNG_BYTES },
  },
  {
    name: 'upload cover, one byte past 10 MB',
    endpoint: api.lessons.uploadLessonImage,
    as: EDUCATOR,
    upload: {
      field: 'image',
      filename: 'big.png',
      bytes: padded(PNG_BYTES, UPLOAD_LIMIT_BYTES + 1),
    },
  },
  {
    name: 'create session, end before start',
    endpoint: api.sessions.createSession,
    as: EDUCATOR,
    params: myLesson,
    body: sessionBody(40, '11:00', '10:00'),
  },
  {
    name: 'create session, unknown zone and a link of no provider',
    endpoint: api.sessions.createSession,
    as: EDUCATOR,
    params: myLesson,
    body: {
      ...sessionBody(40, '10:00', '11:00', 'https://example.com/meeting'),
      timezone: 'Mars/Base',
    },
  },
  {
    name: 'create session, malformed',
    endpoint: api.sessions.createSession,
    as: EDUCATOR,
    params: myLesson,
    body: { date: 'tomorrow', startHour: '25:00' },
  },
  {
    name: 'create session without a video licence',
    endpoint: api.sessions.createSession,
    as: LAURA,
    params: newLessonOf(LAURA),
    body: sessionBody(40, '10:00', '11:00'),
  },
  {
    name: "create session on another's lesson",
    endpoint: api.sessions.createSession,
    as: OTHER_EDUCATOR,
    params: myLesson,
    body: sessionBody(40, '10:00', '11:00'),
  },
  {
    // The approval is checked before the licence and the form.
    name: 'create session, unverified educator, a bad form',
    endpoint: api.sessions.createSession,
    as: UNVERIFIED,
    params: myLesson,
    body: sessionBody(40, '11:00', '10:00'),
  },
  {
    name: 'delete a live session',
    endpoint: api.sessions.deleteSession,
    as: EDUCATOR,
    params: upcomingSession(STUDENT),
  },
  {
    name: 'delete session, unverified educator',
    endpoint: api.sessions.deleteSession,
    as: UNVERIFIED,
    params: futureSession(EDUCATOR, 'none'),
  },
  {
    name: 'update a session of another lesson',
    endpoint: api.sessions.updateSession,
    as: EDUCATOR,
    params: sessionOfAnotherLesson(EDUCATOR),
    body: sessionBody(41, '08:00', '09:00'),
  },
  {
    name: 'enroll in a started session',
    endpoint: api.sessions.enroll,
    as: REFUNDED,
    params: upcomingSession(STUDENT),
  },
  {
    name: 'enroll in a session of another lesson',
    endpoint: api.sessions.enroll,
    as: STUDENT,
    params: sessionOfAnotherLesson(PAYER),
  },
  {
    name: 'unenroll from a started session',
    endpoint: api.sessions.unenroll,
    as: STUDENT,
    params: upcomingSession(STUDENT),
  },
  {
    name: 'calendar file, owner',
    endpoint: api.sessions.sessionIcs,
    as: EDUCATOR,
    params: seatOf(PAYER, true),
  },
  {
    name: 'calendar file, another educator',
    endpoint: api.sessions.sessionIcs,
    as: OTHER_EDUCATOR,
    params: seatOf(PAYER, true),
  },
  {
    name: 'open a payment for a started session',
    endpoint: api.payments.createOrder,
    as: REFUNDED,
    body: async (backend) => {
      const { id, sessionId } = await upcomingSession(STUDENT)(backend)
      return { lessonId: id, sessionId }
    },
  },
  {
    name: 'open a payment for an unknown session',
    endpoint: api.payments.createOrder,
    as: REFUNDED,
    body: async (backend) => ({
      lessonId: await lookups.firstLessonId(backend),
      sessionId: 999999,
    }),
  },
  {
    name: "read someone else's payment",
    endpoint: api.payments.getPayment,
    as: REFUNDED,
    params: paymentOf(PAYER),
  },
  {
    name: "cancel someone else's payment",
    endpoint: api.payments.cancelPayment,
    as: REFUNDED,
    params: paymentOf(PAYER),
  },
  {
    name: 'read an unknown payment as an admin',
    endpoint: api.payments.getPayment,
    as: ADMIN,
    params: { id: 999999 },
  },
  ...[6, 4.5].map((rating): Scenario => ({
    name: `review, rating ${rating}`,
    endpoint: api.reviews.createReview,
    as: STUDENT,
    body: reviewOf(lookups.historyLessonId(STUDENT), { rating }),
  })),
  {
    name: 'review, empty text',
    endpoint: api.reviews.createReview,
    as: STUDENT,
    body: reviewOf(lookups.historyLessonId(STUDENT), { body: '' }),
  },
  // The lesson, the attendance and a previous review are checked before the text.
  {
    name: 'review, blank text, unknown lesson',
    endpoint: api.reviews.createReview,
    as: STUDENT,
    body: { lessonId: 999999, body: ' \n ', rating: 4 },
  },
  {
    name: 'review, blank text, not attended yet',
    endpoint: api.reviews.createReview,
    as: STUDENT,
    body: reviewOf(lookups.unattendedLessonId(STUDENT), { body: ' \n ' }),
  },
  {
    name: 'review, blank text, already reviewed',
    endpoint: api.reviews.createReview,
    as: STUDENT,
    body: reviewOf(lookups.historyLessonId(STUDENT), { body: ' \n ' }),
  },
  {
    name: 'guest reviews, unknown educator',
    endpoint: api.guest.guestReviews,
    params: { id: 999999 },
  },
  {
    name: 'upload material, one byte past 10 MB',
    endpoint: api.resources.uploadResourceFile,
    as: EDUCATOR,
    params: lessonWithResources,
    upload: {
      field: 'file',
      filename: 'big.pdf',
      bytes: padded(PDF_BYTES, UPLOAD_LIMIT_BYTES + 1),
    },
  },
  {
    name: 'upload material, exactly 10 MB of text',
    endpoint: api.resources.uploadResourceFile,
    as: EDUCATOR,
    params: lessonWithResources,
    upload: {
      field: 'file',
      filename: 'exact.txt',
      bytes: new Uint8Array(UPLOAD_LIMIT_BYTES).fill(0x61),
    },
  },
  {
    name: 'upload material, a blank name before its extension',
    endpoint: api.resources.uploadResourceFile,
    as: EDUCATOR,
    params: lessonWithResources,
    upload: { field: 'file', filename: '   .pdf', bytes: PDF_BYTES },
  },
  {
    name: 'upload material, in the wrong field',
    endpoint: api.resources.uploadResourceFile,
    as: EDUCATOR,
    params: lessonWithResources,
    upload: { field: 'image', filename: 'week-1.pdf', bytes: PDF_BYTES },
  },
  {
    name: 'create link material with a file',
    endpoint: api.resources.createResource,
    as: EDUCATOR,
    params: fileMaterial,
    body: async (backend) => linkBody({ fileId: (await fileMaterialOf(backend)).fileId }),
  },
  {
    name: 'create file material without a file',
    endpoint: api.resources.createResource,
    as: EDUCATOR,
    params: lessonWithResources,
    body: linkBody({ type: 'document' }),
  },
  {
    name: 'create link material for another lesson',
    endpoint: api.resources.createResource,
    as: EDUCATOR,
    params: lessonWithResources,
    body: async (backend) =>
      linkBody({ lessonId: await lookups.myLessonWithCover(false)(backend) }),
  },
  {
    name: 'create file material, a file another material uses',
    endpoint: api.resources.createResource,
    as: EDUCATOR,
    params: fileMaterial,
    body: async (backend) => ({
      title: 'Week 1',
      type: 'document',
      url: 'x',
      description: '',
      fileId: (await fileMaterialOf(backend)).fileId,
    }),
  },
  {
    // A file's title is its name: §5's message for a blank one.
    name: 'rename a file material, blank',
    endpoint: api.resources.renameResource,
    as: EDUCATOR,
    params: fileMaterial,
    body: { title: ' \t ' },
  },
  {
    name: 'rename material, another educator',
    endpoint: api.resources.renameResource,
    as: OTHER_EDUCATOR,
    params: resourceWithLesson,
    body: { title: 'X' },
  },
  {
    name: 'file, enrolled student',
    endpoint: api.resources.downloadFile,
    as: STUDENT,
    params: async (backend) => ({ fileId: (await fileMaterialOf(backend)).fileId }),
  },
  {
    name: 'file, another educator',
    endpoint: api.resources.downloadFile,
    as: OTHER_EDUCATOR,
    params: async (backend) => ({ fileId: (await fileMaterialOf(backend)).fileId }),
  },
]

const resolve = async <T>(value: T | Lookup<T>, backend: Backend) =>
  typeof value === 'function' ? (value as Lookup<T>)(backend) : value

const run = async (backend: Backend, scenario: Scenario) => {
  const params = scenario.params === undefined ? undefined : await resolve(scenario.params, backend)
  const body = scenario.body === undefined ? undefined : await resolve(scenario.body, backend)
  return backend.call(scenario.endpoint, {
    ...(params === undefined ? {} : { params }),
    ...(scenario.query === undefined ? {} : { query: scenario.query }),
    ...(scenario.upload === undefined ? {} : { upload: scenario.upload }),
    as: scenario.as ?? null,
    body,
  })
}

/**
 * The id the database gives its next writing transaction. Reads take none, so it is unchanged
 * exactly when nothing was written in between, whatever wrote (a scenario, a side effect of a GET).
 */
const nextTransactionId = async () => {
  const result = await context.db.execute(
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as next`,
  )
  return String((result as { rows: { next: string }[] }).rows[0]?.next)
}

/** The next transaction id after the last seed or restore, or null before the first. */
let seededUntil: string | null = null
/**
 * The seeded world with its sign-ins, saved, and the cookies of those sign-ins; `minute` is when
 * it was seeded. The demo's times are relative to its seeding, and both backends show them to
 * the minute: the mock is seeded anew for each test, so the server's world is used only in the
 * minute it was seeded in.
 */
let seeded:
  { restore: () => Promise<void>; cookies: Map<string, string>; minute: number } | undefined
const currentMinute = () => Math.floor(Date.now() / 60_000)

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }))
beforeEach(async () => {
  mockDb.reset()
  const fresh = seeded?.minute === currentMinute()
  // Most scenarios only read: the server's demo world is put back only after a scenario wrote
  // something. Seeding it takes a tenth of a second; putting the saved copy back, a few ms.
  if (fresh && seededUntil !== null && (await nextTransactionId()) === seededUntil) return
  if (fresh && seeded) {
    await seeded.restore()
    cookies.clear()
    for (const [email, cookie] of seeded.cookies) cookies.set(email, cookie)
  } else {
    const minute = currentMinute()
    cookies.clear()
    await truncateAll(context.db)
    await seedDemoData(context.db, context.app.storage, { showcase: false })
    // The accounts scenarios act as sign in now, so a scenario that only reads writes nothing.
    for (const email of new Set(scenarios.flatMap((scenario) => scenario.as ?? []))) {
      await cookieOf(email)
    }
    seeded = { ...(await saveDatabase(context)), cookies: new Map(cookies), minute }
  }
  seededUntil = await nextTransactionId()
})
afterEach(() => mockServer.resetHandlers())
afterAll(() => mockServer.close())

/** The codes of an error body: its message's, its parameters, and each listed problem's. */
const codesOf = (body: unknown) => {
  const { code, params, problems } = body as Record<string, unknown>
  return { code, params, problems }
}

describe('the server and the mock catalogue answer alike', () => {
  it.each(scenarios.map((scenario) => [scenario.name, scenario] as const))(
    '%s',
    async (_, scenario) => {
      const fromServer = await run(serverBackend, scenario)
      const fromMock = await run(mockBackend, scenario)
      expect(fromServer.status, 'the server answers the status the mock answers').toBe(
        fromMock.status,
      )
      if (fromServer.status >= 400) {
        // Refusals say the same words (contract/messages.ts), so the SPA shows the same text.
        expect((fromServer.body as { message: unknown }).message, 'the message').toEqual(
          (fromMock.body as { message: unknown }).message,
        )
        // And the same codes, which the SPA translates.
        expect(codesOf(fromServer.body), 'the codes').toEqual(codesOf(fromMock.body))
      }
      for (const [name, answer] of [
        ['server', fromServer],
        ['mock', fromMock],
      ] as const) {
        const schema = scenario.endpoint.response[answer.status]
        expect(
          schema,
          `${name} answered ${answer.status}, which the contract does not list`,
        ).toBeDefined()
        const errors = [...Value.Errors(schema!, answer.body)].map(
          (error) => `${error.instancePath} ${error.message}`,
        )
        expect(errors, `${name} body`).toEqual([])
      }
    },
  )
})

/** The token of the newest link to the page e-mailed to `to`, from each backend's outbox. */
const tokenMailedTo = async (
  backend: Backend,
  to: string,
  page: 'confirmation' | 'reset-password',
) => {
  const texts =
    backend === mockBackend
      ? mockDb.outbox.filter((mail) => mail.to === to).map((mail) => mail.body)
      : (
          await context.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(asc(outbox.id))
        ).map((mail) => mail.text)
  const token = new RegExp(`/auth/${page}\\?token=([\\w-]+)`).exec(texts.at(-1) ?? '')?.[1]
  if (!token) throw new Error(`${backend.name}: no ${page} link was sent to ${to}`)
  return token
}

/** Runs the steps on the server, then on the mock: both must give the same account of them. */
const alike = async <T>(steps: (backend: Backend) => Promise<T>): Promise<T> => {
  const fromServer = await steps(serverBackend)
  const fromMock = await steps(mockBackend)
  expect(fromServer, 'the server tells what the mock tells').toEqual(fromMock)
  return fromMock
}

/** The status of an answer, and the message of a refusal. */
const outcome = ({ status, body }: Answer<Descriptor>) => {
  if (status < 400) return { status }
  const { message, code } = body as { message: unknown; code?: unknown }
  return { status, message, code }
}

/** The recipients of the e-mails the backend sends from now on, read by calling the answer. */
const watchMail = async (backend: Backend) => {
  const recipients = async () =>
    backend === mockBackend
      ? mockDb.outbox.map((mail) => mail.to)
      : (await context.db.select().from(outbox).orderBy(asc(outbox.id))).map((mail) => mail.to)
  const before = (await recipients()).length
  return async () => (await recipients()).slice(before)
}

/** The id of the user's lesson with that title (the server's demo has more lessons). */
const lessonTitled =
  (email: string, title: string): Lookup<{ id: number }> =>
  async (backend) => {
    const mine = resultOf(
      await backend.call(lessons.myLessons, { as: email, query: { page: 1, take: 100 } }),
    ).data
    const lesson = mine.find((row) => row.title === title)
    if (!lesson) throw new Error(`${backend.name}: ${email} has no lesson ${title}`)
    return { id: lesson.id }
  }

/** The session of the lesson as the user's list shows it. */
const sessionSeen = async (backend: Backend, as: string, params: Params) => {
  const list = resultOf(
    await backend.call(api.sessions.listSessions, {
      as,
      params: { id: params.id! },
      query: { page: 1, take: 100 },
    }),
  ).data
  const session = list.find((row) => row.id === params.sessionId)
  if (!session) throw new Error(`${backend.name}: no session ${params.sessionId} in ${params.id}`)
  return session
}

/** Gives the lesson that many seats per session, through the lesson form as its owner would. */
const setMaxSlots = async (backend: Backend, email: string, lessonId: number, maxSlots: number) => {
  const lesson = resultOf(
    await backend.call(lessons.getLesson, { as: email, params: { id: lessonId } }),
  )
  resultOf(
    await backend.call(lessons.updateLesson, {
      as: email,
      params: { id: lessonId },
      body: {
        title: lesson.title,
        categoryId: lesson.categoryId,
        price_in_cents: lesson.price_in_cents,
        min_slots: lesson.min_slots,
        max_slots: maxSlots,
        about: lesson.about,
        details: lesson.details,
        imageId: lesson.imageId,
        links: lesson.links,
      },
    }),
  )
}

/**
 * The buyer approves the order in the provider's window. The server's stand-in for PayPal charges
 * an approved order only; the mock's provider charges at once.
 */
const approveOrder = async (backend: Backend, email: string, orderId: string | null) => {
  if (backend === mockBackend) return
  const answer = await context.callPath({
    method: 'POST',
    url: `/paypal-standin/v2/checkout/orders/${orderId}/approve`,
    cookie: await cookieOf(email),
  })
  if (answer.statusCode !== 200) throw new Error(`Approving ${orderId}: ${answer.body}`)
}

/** Changes each backend's stored state behind its back, as a clock or another request would. */
const behind = {
  /** Seats the student in the session, as a free enrollment would. */
  async seat(backend: Backend, email: string, ids: { lessonId: number; sessionId: number }) {
    if (backend === mockBackend) {
      const user = mockDb.users.find((row) => row.email === email)!
      mockDb.enrollments.push({
        id: mockDb.enrollments.length + 1000,
        userId: user.id,
        lessonId: ids.lessonId,
        sessionId: ids.sessionId,
        createdAt: new Date().toISOString(),
      })
      return
    }
    const [user] = await context.db.select().from(userRows).where(eq(userRows.email, email))
    await context.db
      .insert(enrollmentRows)
      .values({ sessionId: ids.sessionId, userId: user!.id, paymentId: null })
  },
  /** Lets the payment's seat hold run out a moment ago. */
  async expireHold(backend: Backend, paymentId: number) {
    const expired = new Date(Date.now() - 1)
    if (backend === mockBackend) {
      mockDb.payments.find((row) => row.id === paymentId)!.holdExpiresAt = expired.toISOString()
      return
    }
    await context.db
      .update(paymentRows)
      .set({ holdExpiresAt: expired })
      .where(eq(paymentRows.id, paymentId))
  },
  /** Starts the session a second ago, for a minute. */
  async startNow(backend: Backend, sessionId: number) {
    const start = new Date(Date.now() - 1000)
    const end = new Date(start.getTime() + 60_000)
    if (backend === mockBackend) {
      const session = mockDb.sessions.find((row) => row.id === sessionId)!
      session.start_time = start.toISOString()
      session.end_time = end.toISOString()
      return
    }
    await context.db
      .update(sessionRows)
      .set({ startTime: start, endTime: end })
      .where(eq(sessionRows.id, sessionId))
  },
}

describe('changing the e-mail and password answers alike', () => {
  const NEW_ADDRESS = 'yuki.new@example.com'
  const askForNewAddress = (backend: Backend) =>
    backend.call(api.user.updateProfile, {
      as: STUDENT,
      body: { email: NEW_ADDRESS, currentPassword: 'Password1' },
    })
  const statusesOf = async (steps: (backend: Backend) => Promise<unknown[]>) => ({
    server: await steps(serverBackend),
    mock: await steps(mockBackend),
  })

  it('keeps the address pending until its link is used, once', async () => {
    const { server, mock } = await statusesOf(async (backend) => {
      const mail = await watchMail(backend)
      const asked = resultOf(await askForNewAddress(backend))
      // The new address gets the link; the old one is told of the request.
      const mailed = (await mail()).sort()
      const token = await tokenMailedTo(backend, NEW_ADDRESS, 'confirmation')
      const confirmed = await backend.call(api.auth.confirm, { body: { validationToken: token } })
      const again = await backend.call(api.auth.confirm, { body: { validationToken: token } })
      const oldLogin = await backend.call(api.auth.login, {
        body: { email: STUDENT, password: 'Password1' },
      })
      const newLogin = resultOf(
        await backend.call(api.auth.login, { body: { email: NEW_ADDRESS, password: 'Password1' } }),
      )
      return [
        { email: asked.email, pendingEmail: asked.pendingEmail },
        mailed,
        confirmed.status,
        again.status,
        (again.body as { message: unknown }).message,
        oldLogin.status,
        { email: newLogin.email, pendingEmail: newLogin.pendingEmail },
      ]
    })
    expect(server).toEqual(mock)
    expect(mock).toEqual([
      { email: STUDENT, pendingEmail: NEW_ADDRESS },
      [NEW_ADDRESS, STUDENT].sort(),
      200,
      400,
      ['Invalid or expired token'],
      401,
      { email: NEW_ADDRESS, pendingEmail: null },
    ])
  })

  it('answers 409 when the address was registered before the link was used', async () => {
    const { server, mock } = await statusesOf(async (backend) => {
      await askForNewAddress(backend)
      const token = await tokenMailedTo(backend, NEW_ADDRESS, 'confirmation')
      await backend.call(api.auth.register, {
        body: { name: 'Quick', email: NEW_ADDRESS, password: 'Password1', role: 'student' },
      })
      const confirmed = await backend.call(api.auth.confirm, { body: { validationToken: token } })
      const me = resultOf(await backend.call(api.user.me, { as: STUDENT }))
      return [confirmed.status, (confirmed.body as { message: unknown }).message, me.pendingEmail]
    })
    expect(server).toEqual(mock)
    expect(mock).toEqual([409, 'Email already exists', null])
  })

  it('withdraws a pending address: the link then fails and the address in use stays', async () => {
    const { server, mock } = await statusesOf(async (backend) => {
      await askForNewAddress(backend)
      const token = await tokenMailedTo(backend, NEW_ADDRESS, 'confirmation')
      const withdrawn = resultOf(await backend.call(api.user.withdrawEmailChange, { as: STUDENT }))
      const confirmed = await backend.call(api.auth.confirm, { body: { validationToken: token } })
      const me = resultOf(await backend.call(api.user.me, { as: STUDENT }))
      return [
        { email: withdrawn.email, pendingEmail: withdrawn.pendingEmail },
        confirmed.status,
        { email: me.email, pendingEmail: me.pendingEmail },
      ]
    })
    expect(server).toEqual(mock)
    expect(mock).toEqual([
      { email: STUDENT, pendingEmail: null },
      400,
      { email: STUDENT, pendingEmail: null },
    ])
  })

  it('refuses the right current password after too many wrong ones, saying when to retry', async () => {
    const { server, mock } = await statusesOf(async (backend) => {
      const statuses: number[] = []
      let retry = { seconds: NaN, message: '' }
      for (let attempt = 0; attempt <= REAUTH_MAX_FAILURES; attempt += 1) {
        const password = attempt === REAUTH_MAX_FAILURES ? 'Password1' : 'Wrong1password'
        const answer = await backend.call(api.user.updateProfile, {
          as: STUDENT,
          body: { password: 'Brand1New', currentPassword: password },
        })
        statuses.push(answer.status)
        const seconds = Number(answer.headers['retry-after'])
        retry = { seconds, message: String((answer.body as { message?: unknown }).message) }
      }
      // The seconds to wait may differ by one between the two: the message must name them.
      const { seconds, message } = retry
      const waits = seconds > 0 && seconds <= REAUTH_WINDOW_MS / 1000
      return [
        ...statuses,
        waits,
        message === MESSAGES.http.tooManyAttempts({ count: seconds }).text,
      ]
    })
    expect(server).toEqual(mock)
    expect(mock).toEqual([...Array<number>(REAUTH_MAX_FAILURES).fill(403), 429, true, true])
  })
})

describe('web addresses are stored alike', () => {
  it('stores a link typed without a scheme as an absolute https url on both backends', async () => {
    const storedOn = async (backend: Backend) => {
      const created = await run(backend, {
        name: 'create link material',
        endpoint: api.resources.createResource,
        as: EDUCATOR,
        params: lessonWithResources,
        body: linkBody({ url: '  www3.nhk.or.jp/news/easy/ ' }),
      })
      const lesson = await run(backend, {
        name: 'create lesson',
        endpoint: api.lessons.createLesson,
        as: EDUCATOR,
        body: async (on) => ({
          ...lessonBody(await lookups.categoryId(on)),
          imageId: await lookups.uploadedImage(EDUCATOR)(on),
          links: [{ title: 'Kana', description: 'A chart', url: 'example.com/kana' }],
        }),
      })
      return {
        material: (created.body as { url: string }).url,
        link: (lesson.body as { links: { url: string }[] }).links[0]?.url,
      }
    }
    const expected = {
      material: 'https://www3.nhk.or.jp/news/easy/',
      link: 'https://example.com/kana',
    }
    expect(await storedOn(serverBackend)).toEqual(expected)
    expect(await storedOn(mockBackend)).toEqual(expected)
  })
})

describe("the educator's own lessons count alike", () => {
  it('gives each lesson the same upcoming sessions and seats on both backends', async () => {
    const countsOn = async (backend: Backend) =>
      resultOf(
        await backend.call(lessons.myLessons, { as: EDUCATOR, query: { page: 1, take: 100 } }),
      ).data.map((lesson) => ({
        title: lesson.title,
        upcomingSessions: lesson.upcomingSessions,
        seatsTaken: lesson.seatsTaken,
        seatsTotal: lesson.seatsTotal,
      }))
    const fromMock = await alike(countsOn)
    // The demo world gives the educator lessons with and without upcoming seats.
    expect(fromMock.some((lesson) => lesson.upcomingSessions === 0)).toBe(true)
    expect(fromMock.some((lesson) => lesson.seatsTaken > 0)).toBe(true)
  })
})

describe('the demo covers answer alike', () => {
  it("serves each of the mock's lessons the cover the server serves it, as a PNG", async () => {
    const serverLessons = await context.db.select().from(lessonRows)
    let covers = 0
    for (const mockLesson of mockDb.lessons) {
      const serverLesson = serverLessons.find((row) => row.title === mockLesson.title)
      expect(serverLesson, mockLesson.title).toBeDefined()
      const fromServer = await context.call(lessons.lessonImage, {
        params: { id: serverLesson!.id },
      })
      const fromMock = await fetch(
        apiUrl(urlOf(lessons.lessonImage, { params: { id: mockLesson.id } })),
      )
      expect(fromMock.status, mockLesson.title).toBe(fromServer.statusCode)
      // A draft's cover is not a guest's to see, as the draft is not (§4).
      const draft = !mockDb.sessions.some((session) => session.lessonId === mockLesson.id)
      if (mockLesson.imageId === null || draft) {
        expect(fromServer.statusCode, mockLesson.title).toBe(404)
        continue
      }
      covers += 1
      expect(fromServer.statusCode, mockLesson.title).toBe(200)
      expect(fromMock.headers.get('content-type')).toBe('image/png')
      expect(fromServer.headers['content-type']).toBe('image/png')
      const mockBytes = Buffer.from(await fromMock.arrayBuffer())
      expect(Buffer.compare(mockBytes, fromServer.rawPayload), mockLesson.title).toBe(0)
    }
    expect(covers).toBeGreaterThanOrEqual(10)
  })
})

describe('catalogue cards tell alike', () => {
  /** Every card of a catalogue, by lesson title. */
  const cardsOn = async (backend: Backend, as: string | null) => {
    const query = { page: 1, take: 100 }
    const cards = as
      ? resultOf(await backend.call(lessons.listLessons, { as, query })).data
      : resultOf(await backend.call(guest.guestLessons, { query })).data
    return new Map(cards.map((card) => [card.title, card]))
  }

  it.each([
    ['a guest', null],
    ['a student', PAYER],
  ] as const)("gives %s each lesson's next open session alike", async (_, as) => {
    const fromServer = await cardsOn(serverBackend, as)
    const fromMock = await cardsOn(mockBackend, as)
    expect([...fromServer.keys()].sort()).toEqual([...fromMock.keys()].sort())
    for (const [title, mock] of fromMock) {
      const server = fromServer.get(title)!
      const next = (card: typeof mock) =>
        card.nextSession && {
          timezone: card.nextSession.timezone,
          availableSlots: card.nextSession.availableSlots,
          minutes:
            (Date.parse(card.nextSession.end_time) - Date.parse(card.nextSession.start_time)) /
            60_000,
        }
      expect(next(server), title).toEqual(next(mock))
      if (server.nextSession && mock.nextSession) {
        // Each backend seeds the demo at its own instant, a few milliseconds apart.
        const apart =
          Date.parse(server.nextSession.start_time) - Date.parse(mock.nextSession.start_time)
        expect(Math.abs(apart), title).toBeLessThan(60_000)
      }
    }
    // The demo world has lessons whose next session has few seats left, and more.
    const seats = [...fromMock.values()].map((card) => card.nextSession?.availableSlots ?? 0)
    expect(seats.some((left) => left >= 1 && left <= 3)).toBe(true)
    expect(seats.some((left) => left > 3)).toBe(true)
  })

  it("gives each card its educator's average and count, as average_score does", async () => {
    for (const backend of [serverBackend, mockBackend]) {
      const cards = [...(await cardsOn(backend, null)).values()]
      expect(
        cards.some((card) => card.rating.count > 0),
        backend.name,
      ).toBe(true)
      for (const card of cards) {
        const score = resultOf(
          await backend.call(guest.guestAverageScore, { params: { id: card.owner.id } }),
        )
        expect(card.rating, `${backend.name}: ${card.title}`).toEqual({
          average: score.count === 0 ? null : score.average,
          count: score.count,
        })
      }
    }
  })
})

describe('capturing a payment decides alike (contract/seats.ts)', () => {
  it('refuses a buyer who has a seat already and cancels the payment, which charges nothing', async () => {
    const stepsOn = async (backend: Backend) => {
      const order = (await orderFor(PAYER, true)(backend)) as {
        lessonId: number
        sessionId: number
      }
      const opened = resultOf(
        await backend.call(payments.createOrder, { as: REFUNDED, body: order }),
      )
      await behind.seat(backend, REFUNDED, order)
      const captured = await backend.call(payments.capturePayment, {
        as: REFUNDED,
        params: { id: opened.id },
      })
      const after = resultOf(
        await backend.call(payments.getPayment, { as: REFUNDED, params: { id: opened.id } }),
      )
      const again = await backend.call(payments.capturePayment, {
        as: REFUNDED,
        params: { id: opened.id },
      })
      return [
        captured.status,
        (captured.body as { message: unknown }).message,
        { status: after.status, transactionId: after.transactionId, hold: after.holdExpiresAt },
        again.status,
        (again.body as { message: unknown }).message,
      ]
    }
    const server = await stepsOn(serverBackend)
    const mock = await stepsOn(mockBackend)
    expect(server).toEqual(mock)
    expect(mock).toEqual([
      409,
      MESSAGES.enrollments.alreadyEnrolled.text,
      { status: 'cancelled', transactionId: null, hold: null },
      409,
      MESSAGES.payments.notProcessing({ status: 'cancelled' }).text,
    ])
  })
})
describe("the admin's user list answers alike", () => {
  it('filters by role, approval, state and search, and pages newest first', async () => {
    const queries = [
      { role: 'educator' },
      { role: 'student' },
      { isValidated: false },
      { search: 'EMILY' },
      { take: 2, page: 2 },
      { state: 'awaiting_approval' },
      { state: 'approved' },
      { state: 'no_licence' },
      { state: 'below_earnings_rule' },
      { state: 'deactivated' },
    ]
    const lists = await alike(async (backend) => {
      const answers = []
      for (const query of queries) {
        const page = resultOf(await backend.call(admin.listUsers, { as: ADMIN, query }))
        answers.push({
          emails: page.data.map((row) => row.email),
          meta: page.meta,
          // The demo's approvals are on the hour, so both count the rule's periods alike.
          rules: page.data.map((row) => row.earningsRule),
        })
      }
      return answers
    })
    expect(lists.map((list) => list.emails)).toEqual([
      [LAURA, UNVERIFIED, OTHER_EDUCATOR, EDUCATOR],
      [UNCONFIRMED, PAYER, REFUNDED, STUDENT],
      [UNVERIFIED],
      [OTHER_EDUCATOR],
      [REFUNDED, STUDENT],
      [UNVERIFIED],
      [LAURA, OTHER_EDUCATOR, EDUCATOR],
      [LAURA, UNVERIFIED],
      // Laura's second period is judged and short; the others' first are exempt.
      [LAURA],
      [],
    ])
    const rulesOf = (list: (typeof lists)[number]) =>
      list.rules.map((rule) => rule && { exempt: rule.exempt, met: rule.met })
    // Laura, hiroshi awaiting approval, emily and kenji in their exempt first periods.
    expect(rulesOf(lists[0]!)).toEqual([
      { exempt: false, met: false },
      null,
      { exempt: true, met: false },
      { exempt: true, met: false },
    ])
  })

  it('counts no upcoming session for a student', async () => {
    const counts = await alike(async (backend) =>
      resultOf(
        await backend.call(admin.listUsers, { as: ADMIN, query: { role: 'student' } }),
      ).data.map((row) => row.upcomingSessionCount),
    )
    expect(counts).toEqual([0, 0, 0, 0])
  })
})

describe('approving an educator answers alike', () => {
  it('approves once, tells the educator, who may then create lessons', async () => {
    const steps = await alike(async (backend) => {
      const mail = await watchMail(backend)
      const params = await userNamed(UNVERIFIED)(backend)
      const approved = resultOf(await backend.call(admin.approveUser, { as: ADMIN, params }))
      const again = await backend.call(admin.approveUser, { as: ADMIN, params })
      const lesson = await backend.call(lessons.createLesson, {
        as: UNVERIFIED,
        body: {
          ...lessonBody(await lookups.categoryId(backend)),
          imageId: await lookups.uploadedImage(UNVERIFIED)(backend),
        },
      })
      return [approved.isValidated, outcome(again), lesson.status, await mail()]
    })
    expect(steps).toEqual([
      true,
      {
        status: 409,
        message: MESSAGES.accounts.alreadyApproved.text,
        code: 'accounts.alreadyApproved',
      },
      201,
      [UNVERIFIED],
    ])
  })
})

describe('the licence pool changes alike', () => {
  const pool = async (backend: Backend) =>
    resultOf(await backend.call(admin.listVideoLicences, { as: ADMIN }))

  it('lends a free licence, takes it back once, and has none to lend once all are retired', async () => {
    const steps = await alike(async (backend) => {
      const mail = await watchMail(backend)
      const laura = await userNamed(LAURA)(backend)
      const lent = resultOf(
        await backend.call(admin.assignVideoLicence, { as: ADMIN, params: laura, body: {} }),
      )
      const account = lent.videoLicence?.accountEmail
      const holder = (await pool(backend)).find((row) => row.accountEmail === account)?.holder
      const removed = resultOf(
        await backend.call(admin.removeVideoLicence, { as: ADMIN, params: laura }),
      )
      const again = await backend.call(admin.removeVideoLicence, { as: ADMIN, params: laura })
      // A free licence named by the admin; then, to an educator holding one, another free one.
      const named = (await pool(backend)).find(
        (row) => row.accountEmail === 'meet-2@manabi.example',
      )
      const chosen = resultOf(
        await backend.call(admin.assignVideoLicence, {
          as: ADMIN,
          params: laura,
          body: { licenceId: named!.id },
        }),
      )
      const kenji = await userNamed(EDUCATOR)(backend)
      const held = (await pool(backend)).find((row) => row.holder?.email === EDUCATOR)
      const exchanged = resultOf(
        await backend.call(admin.assignVideoLicence, { as: ADMIN, params: kenji, body: {} }),
      )
      const oldHolder = (await pool(backend)).find((row) => row.id === held?.id)?.holder
      for (const licence of await pool(backend)) {
        if (licence.holder !== null) continue
        const params = { id: licence.id }
        resultOf(await backend.call(admin.retireVideoLicence, { as: ADMIN, params }))
      }
      const none = await backend.call(admin.assignVideoLicence, {
        as: ADMIN,
        params: laura,
        body: {},
      })
      return {
        lent: [lent.isVideoConferenceConnected, holder?.email],
        removed: [removed.isVideoConferenceConnected, removed.videoLicence],
        again: outcome(again),
        chosen: chosen.videoLicence?.accountEmail,
        exchanged: [exchanged.videoLicence?.id !== held?.id, oldHolder],
        none: outcome(none),
        mail: await mail(),
      }
    })
    expect(steps).toMatchObject({
      lent: [true, LAURA],
      removed: [false, null],
      again: { status: 409 },
      chosen: 'meet-2@manabi.example',
      exchanged: [true, null],
      none: { status: 409, message: MESSAGES.licences.noneFree.text, code: 'licences.noneFree' },
      mail: [LAURA, LAURA, LAURA, EDUCATOR],
    })
  })

  it('adds an account in lower case once, and retires a free one once', async () => {
    const steps = await alike(async (backend) => {
      const added = await backend.call(admin.addVideoLicence, {
        as: ADMIN,
        body: { provider: 'google_meet', accountEmail: 'Meet-New@Pool.example' },
      })
      const { id, provider, accountEmail, holder } = resultOf(added)
      const again = await backend.call(admin.addVideoLicence, {
        as: ADMIN,
        body: { provider: 'zoom', accountEmail: 'meet-new@POOL.example' },
      })
      const retired = await backend.call(admin.retireVideoLicence, { as: ADMIN, params: { id } })
      const twice = await backend.call(admin.retireVideoLicence, { as: ADMIN, params: { id } })
      return [
        added.status,
        { provider, accountEmail, holder },
        outcome(again),
        retired.body,
        outcome(twice),
      ]
    })
    expect(steps).toMatchObject([
      201,
      { provider: 'google_meet', accountEmail: 'meet-new@pool.example', holder: null },
      { status: 409 },
      { message: 'Video licence retired' },
      { status: 404 },
    ])
  })
})

describe("reassigning an educator's own licence answers alike (issue 28.5)", () => {
  const holders = async (backend: Backend) =>
    resultOf(await backend.call(admin.listVideoLicences, { as: ADMIN })).map(
      (row) => [row.accountEmail, row.holder?.email ?? null] as const,
    )

  it('exchanges the licence held: the old one goes back to the pool, and the educator is told', async () => {
    const steps = await alike(async (backend) => {
      const held = (await holders(backend)).find(([, holder]) => holder === EDUCATOR)?.[0]
      const mail = await watchMail(backend)
      const me = resultOf(await backend.call(api.user.reassignOwnVideoLicence, { as: EDUCATOR }))
      const after = new Map(await holders(backend))
      return {
        exchanged: me.videoLicence !== null && me.videoLicence.accountEmail !== held,
        oldHolder: after.get(held!),
        newHolder: after.get(me.videoLicence?.accountEmail ?? ''),
        mail: await mail(),
      }
    })
    expect(steps).toEqual({
      exchanged: true,
      oldHolder: null,
      newHolder: EDUCATOR,
      mail: [EDUCATOR],
    })
  })

  it('refuses once an admin took the licence back, and changes nothing', async () => {
    const steps = await alike(async (backend) => {
      const params = await userNamed(EDUCATOR)(backend)
      resultOf(await backend.call(admin.removeVideoLicence, { as: ADMIN, params }))
      const before = await holders(backend)
      const mail = await watchMail(backend)
      const answer = await backend.call(api.user.reassignOwnVideoLicence, { as: EDUCATOR })
      return [outcome(answer), (await holders(backend)).join() === before.join(), await mail()]
    })
    expect(steps).toEqual([
      {
        status: 409,
        message: MESSAGES.licences.noneToReassign.text,
        code: 'licences.noneToReassign',
      },
      true,
      [],
    ])
  })
})

describe('signing up answers alike', () => {
  it('keeps a new account out until its single-use link is used', async () => {
    const address = 'ana@manabi.example'
    const credentials = { email: address, password: 'Secret1' }
    const steps = await alike(async (backend) => {
      const created = await backend.call(api.auth.register, {
        body: { name: 'Ana Silva', ...credentials, role: 'educator' },
      })
      const early = await backend.call(api.auth.login, { body: credentials })
      const token = await tokenMailedTo(backend, address, 'confirmation')
      const confirmed = await backend.call(api.auth.confirm, { body: { validationToken: token } })
      const reused = await backend.call(api.auth.confirm, { body: { validationToken: token } })
      const login = resultOf(await backend.call(api.auth.login, { body: credentials }))
      const { email, role, isEmailConfirmed, isValidated } = login
      return [
        created.status,
        outcome(early),
        confirmed.status,
        outcome(reused),
        { email, role, isEmailConfirmed, isValidated },
      ]
    })
    expect(steps).toEqual([
      201,
      {
        status: 403,
        message: MESSAGES.accounts.emailNotConfirmed.text,
        code: 'accounts.emailNotConfirmed',
      },
      200,
      {
        status: 400,
        message: [MESSAGES.accounts.invalidToken.text],
        code: 'accounts.invalidToken',
      },
      { email: address, role: 'educator', isEmailConfirmed: true, isValidated: false },
    ])
  })
})

describe('resetting a password answers alike', () => {
  it('answers alike whether the address has an account or not, and takes each link once', async () => {
    const steps = await alike(async (backend) => {
      const mail = await watchMail(backend)
      const known = await backend.call(api.auth.passwordResetEmail, { body: { email: STUDENT } })
      const unknown = await backend.call(api.auth.passwordResetEmail, {
        body: { email: 'nobody@manabi.example' },
      })
      const mailed = await mail()
      const token = await tokenMailedTo(backend, STUDENT, 'reset-password')
      const body = { password: 'Fresh123', passwordResetToken: token }
      const set = await backend.call(api.auth.setNewPassword, { body })
      const again = await backend.call(api.auth.setNewPassword, { body })
      const login = (password: string) =>
        backend.call(api.auth.login, { body: { email: STUDENT, password } })
      return {
        same: [known.status, known.body].join() === [unknown.status, unknown.body].join(),
        mailed,
        set: set.status,
        again: outcome(again),
        old: (await login('Password1')).status,
        fresh: (await login('Fresh123')).status,
      }
    })
    expect(steps).toEqual({
      same: true,
      mailed: [STUDENT],
      set: 200,
      again: {
        status: 400,
        message: [MESSAGES.accounts.invalidToken.text],
        code: 'accounts.invalidToken',
      },
      old: 401,
      fresh: 200,
    })
  })
})

describe('the catalogue lists alike', () => {
  const titlesOf = (rows: readonly { title: string }[]) => rows.map((row) => row.title)

  it('orders and filters alike, and lists no draft but to its owner', async () => {
    const lists = await alike(async (backend) => {
      const categories = resultOf(await backend.call(guest.guestCategories))
      const idOf = (title: string) => categories.find((row) => row.title === title)!.id
      const queries = [
        {},
        { order: 'ASC' },
        { title: 'JAPANESE' },
        { categoryIds: `${idOf('Languages')},${idOf('Mathematics')}` },
        { title: 'japanese', categoryIds: `${idOf('Cooking')}` },
      ]
      const answers = []
      for (const filter of queries) {
        const query = { page: 1, take: 100, ...filter }
        const asGuest = resultOf(await backend.call(guest.guestLessons, { query })).data
        const asStudent = resultOf(await backend.call(lessons.listLessons, { as: PAYER, query }))
        answers.push([titlesOf(asGuest), titlesOf(asStudent.data)])
      }
      const mine = resultOf(
        await backend.call(lessons.myLessons, { as: EDUCATOR, query: { page: 1, take: 100 } }),
      )
      const first = resultOf(await backend.call(guest.guestLessons)).meta
      return { answers, mine: titlesOf(mine.data), firstPage: [first.page, first.take] }
    })
    const draft = mockDb.lessons.find((lesson) => lesson.id === seedIds.lessonWithoutSessions)!
    for (const [asGuest, asStudent] of lists.answers) {
      expect(asStudent).toEqual(asGuest)
      expect(asGuest).not.toContain(draft.title)
    }
    expect(lists.mine).toContain(draft.title)
    expect(lists.firstPage).toEqual([1, PAGE_SIZE.guestLessons])
    expect(lists.answers[2]![0]).toEqual([
      'Home-style Japanese Cooking',
      'Conversational Japanese for Beginners',
    ])
  })

  it('pages after the last card alike, every lesson once, in either order and filtered', async () => {
    const walks = await alike(async (backend) => {
      /** Every page of a query, each asked for after the last lesson of the page before. */
      const walk = async (filter: Record<string, string>) => {
        const seen: string[] = []
        const metas: unknown[] = []
        let after: number | undefined
        for (let page = 1; ; page += 1) {
          const query = { ...filter, page, take: 3, ...(after === undefined ? {} : { after }) }
          const answer = resultOf(await backend.call(guest.guestLessons, { query }))
          metas.push(answer.meta)
          if (answer.data.length === 0) break
          seen.push(...titlesOf(answer.data))
          after = answer.data.at(-1)!.id
        }
        const whole = resultOf(
          await backend.call(guest.guestLessons, { query: { ...filter, take: 100 } }),
        )
        expect(seen, backend.name).toEqual(titlesOf(whole.data))
        return { seen, metas }
      }
      const first = resultOf(await backend.call(guest.guestLessons)).data[0]!
      // After a lesson that no longer exists: the page by its number.
      const gone = await backend.call(guest.guestLessons, {
        query: { page: 2, take: 3, after: 2 ** 31 - 1 },
      })
      const second = await backend.call(guest.guestLessons, { query: { page: 2, take: 3 } })
      expect(resultOf(gone), backend.name).toEqual(resultOf(second))
      // After a draft, which no list shows: the lessons after its place in the order.
      const afterDraft = resultOf(
        await backend.call(guest.guestLessons, {
          query: { take: 100, after: Number((await myDraft(backend)).id) },
        }),
      )
      return {
        newest: await walk({}),
        oldest: await walk({ order: 'ASC' }),
        searched: await walk({ title: 'japanese' }),
        afterFirst: titlesOf(
          resultOf(await backend.call(guest.guestLessons, { query: { after: first.id } })).data,
        ),
        afterDraft: titlesOf(afterDraft.data),
      }
    })
    expect(walks.newest.seen.length).toBeGreaterThan(3)
    expect(walks.oldest.seen).toEqual([...walks.newest.seen].reverse())
    expect(walks.searched.seen).toEqual([
      'Home-style Japanese Cooking',
      'Conversational Japanese for Beginners',
    ])
    expect(walks.afterFirst).toEqual(walks.newest.seen.slice(1, 1 + PAGE_SIZE.guestLessons))
  })

  it("lists each user's upcoming sessions alike, soonest first", async () => {
    const listsOn = async (backend: Backend) => {
      const lists = new Map<string, { title: string; type: string; start: number }[]>()
      for (const as of [STUDENT, PAYER, EDUCATOR, OTHER_EDUCATOR]) {
        const upcoming = resultOf(await backend.call(lessons.upcomingLessons, { as })).data
        lists.set(
          as,
          upcoming.map(({ lesson, session }) => ({
            title: lesson.title,
            type: session.type,
            start: Date.parse(session.start_time),
          })),
        )
      }
      return lists
    }
    const fromServer = await listsOn(serverBackend)
    const fromMock = await listsOn(mockBackend)
    for (const [as, mock] of fromMock) {
      const server = fromServer.get(as)!
      const shown = (list: typeof mock) => list.map(({ title, type }) => [title, type])
      expect(shown(server), as).toEqual(shown(mock))
      // Each backend seeds the demo at its own instant, a few milliseconds apart.
      server.forEach((entry, index) =>
        expect(Math.abs(entry.start - mock[index]!.start), as).toBeLessThan(60_000),
      )
      expect(
        mock.map((entry) => entry.start),
        as,
      ).toEqual(mock.map((entry) => entry.start).sort((a, b) => a - b))
    }
    expect(fromMock.get(STUDENT)!.map((entry) => entry.type)).toEqual(['live', 'enrolled'])
  })

  it("rates a lesson's card null before its educator's first review", async () => {
    const ratings = await alike(async (backend) => {
      resultOf(
        await backend.call(admin.assignVideoLicence, {
          as: ADMIN,
          params: await userNamed(LAURA)(backend),
          body: {},
        }),
      )
      const lesson = await newLessonOf(LAURA)(backend)
      resultOf(
        await backend.call(api.sessions.createSession, {
          as: LAURA,
          params: lesson,
          body: sessionBody(30, '10:00', '11:00'),
        }),
      )
      const cards = resultOf(await backend.call(guest.guestLessons, { query: { take: 100 } }))
      return cards.data.find((card) => card.id === lesson.id)?.rating
    })
    expect(ratings).toEqual({ average: null, count: 0 })
  })
})

describe('a new lesson answers alike', () => {
  it("keeps it its owner's until its first session, then lists it first", async () => {
    const steps = await alike(async (backend) => {
      const created = resultOf(
        await backend.call(lessons.createLesson, {
          as: EDUCATOR,
          body: {
            ...lessonBody(await lookups.categoryId(backend)),
            about: '',
            imageId: await lookups.uploadedImage(EDUCATOR)(backend),
          },
        }),
      )
      const params = { id: created.id }
      const newest = async () =>
        resultOf(await backend.call(guest.guestLessons, { query: { page: 1, take: 5 } })).data[0]
      const asStudent = await backend.call(lessons.getLesson, { as: STUDENT, params })
      const mine = resultOf(await backend.call(lessons.myLessons, { as: EDUCATOR })).data[0]
      const listedEarly = (await newest())?.id === created.id
      resultOf(
        await backend.call(api.sessions.createSession, {
          as: EDUCATOR,
          params,
          body: sessionBody(25, '08:00', '09:00'),
        }),
      )
      const listed = await newest()
      return {
        created: {
          title: created.title,
          owner: created.owner.name,
          category: created.category.title,
          about: created.about,
          availableSessions: created.availableSessions,
          imageUrl: created.imageUrl === lessonImagePath(created.id),
        },
        asStudent: outcome(asStudent),
        mineFirst: mine?.id === created.id,
        listedEarly,
        listed: listed?.id === created.id && listed.availableSessions,
        asStudentLater: (await backend.call(lessons.getLesson, { as: STUDENT, params })).status,
      }
    })
    expect(steps).toEqual({
      created: {
        title: 'Parity lesson',
        owner: 'Kenji Tanaka',
        category: expect.any(String) as string,
        about: '',
        availableSessions: 0,
        imageUrl: true,
      },
      asStudent: {
        status: 404,
        message: MESSAGES.http.notFound({ what: 'Lesson' }).text,
        code: 'http.notFound',
      },
      mineFirst: true,
      listedEarly: false,
      listed: 1,
      asStudentLater: 200,
    })
  })
})

describe('sessions show alike to each viewer', () => {
  it('gives every viewer the same types, links and seats of each shared lesson, in one order', async () => {
    const viewers = [null, STUDENT, REFUNDED, PAYER, EDUCATOR, OTHER_EDUCATOR]
    const seenOn = async (backend: Backend) => {
      const listed = resultOf(await backend.call(guest.guestLessons, { query: { take: 100 } }))
      const seen = new Map<string, { start: number; shown: unknown }[]>()
      for (const lesson of listed.data) {
        if (!mockDb.lessons.some((row) => row.title === lesson.title)) continue
        for (const as of viewers) {
          const address = { params: { id: lesson.id }, query: { page: 1, take: 100 } }
          const { data } =
            as === null
              ? resultOf(await backend.call(guest.guestSessions, address))
              : resultOf(await backend.call(api.sessions.listSessions, { as, ...address }))
          seen.set(
            `${lesson.title}, as ${as ?? 'a guest'}`,
            data.map((session) => ({
              start: Date.parse(session.start_time),
              shown: {
                type: session.type,
                url: session.url,
                availableSlots: session.availableSlots,
                enrolledCount: session.enrolledCount,
                disabled: session.disabled,
                fullPrice: session.fullPrice,
                timezone: session.timezone,
                minutes: (Date.parse(session.end_time) - Date.parse(session.start_time)) / 60_000,
              },
            })),
          )
        }
      }
      return seen
    }
    const fromServer = await seenOn(serverBackend)
    const fromMock = await seenOn(mockBackend)
    expect([...fromServer.keys()]).toEqual([...fromMock.keys()])
    expect(fromMock.size).toBeGreaterThanOrEqual(12 * viewers.length)
    for (const [key, mock] of fromMock) {
      const server = fromServer.get(key)!
      expect(
        server.map((session) => session.shown),
        key,
      ).toEqual(mock.map((session) => session.shown))
      // Each backend seeds the demo at its own instant, a few milliseconds apart.
      server.forEach((session, index) =>
        expect(Math.abs(session.start - mock[index]!.start), key).toBeLessThan(60_000),
      )
    }
    // The demo shows every type, a link, a full session and a disabled one.
    const shown = [...fromMock.values()].flat().map((session) => session.shown)
    for (const type of ['closed', 'open', 'enrolled', 'live']) {
      expect(shown).toContainEqual(expect.objectContaining({ type }))
    }
    expect(shown).toContainEqual(expect.objectContaining({ availableSlots: 0, disabled: true }))
    expect(shown).toContainEqual(expect.objectContaining({ url: expect.any(String) as string }))
  })

  it('exports a session as an iCalendar event of its start and lesson', async () => {
    for (const backend of [serverBackend, mockBackend]) {
      const params = await seatOf(PAYER, true)(backend)
      const session = await sessionSeen(backend, PAYER, params)
      const answer = await backend.call(api.sessions.sessionIcs, { as: PAYER, params })
      const compact = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '')
      expect(answer.headers['content-type'], backend.name).toMatch(/^text\/calendar/)
      expect(answer.body, backend.name).toContain(`DTSTART:${compact(session.start_time)}\r\n`)
      expect(answer.body, backend.name).toContain(
        'SUMMARY:Conversational Japanese for Beginners\r\n',
      )
    }
  })
})

describe('writing sessions answers alike', () => {
  const JAPANESE = 'Conversational Japanese for Beginners'

  it('stores the wall-clock time of its zone in UTC and prices it by its length', async () => {
    const day = sessionBody(30, '09:00', '10:30').date
    const created = await alike(async (backend) => {
      const answer = await backend.call(api.sessions.createSession, {
        as: EDUCATOR,
        params: await lessonTitled(EDUCATOR, JAPANESE)(backend),
        body: { ...sessionBody(30, '09:00', '10:30'), timezone: 'Asia/Tokyo' },
      })
      const { start_time, end_time, timezone, fullPrice, type } = resultOf(answer)
      return { start_time, end_time, timezone, fullPrice, type }
    })
    expect(created).toEqual({
      start_time: `${day}T00:00:00.000Z`,
      end_time: `${day}T01:30:00.000Z`,
      timezone: 'Asia/Tokyo',
      fullPrice: 3000,
      type: 'open',
    })
  })

  it("refuses an overlap with any of the educator's lessons, naming it; not one that touches", async () => {
    const steps = await alike(async (backend) => {
      const create = async (as: string, title: string, body: Record<string, unknown>) =>
        backend.call(api.sessions.createSession, {
          as,
          params: await lessonTitled(as, title)(backend),
          body,
        })
      const first = resultOf(await create(EDUCATOR, JAPANESE, sessionBody(20, '10:00', '11:00')))
      const typescript = 'TypeScript from Scratch'
      const clash = await create(EDUCATOR, typescript, sessionBody(20, '10:30', '11:30'))
      const { overlap } = clash.body as { overlap?: Record<string, unknown> }
      const touching = await create(EDUCATOR, typescript, sessionBody(20, '11:00', '12:00'))
      const other = await create(
        OTHER_EDUCATOR,
        'Algebra Foundations',
        sessionBody(20, '10:00', '11:00'),
      )
      return [
        outcome(clash),
        overlap && {
          lessonTitle: overlap.lessonTitle,
          session: overlap.sessionId === first.id,
          start: overlap.start_time === first.start_time,
          end: overlap.end_time === first.end_time,
        },
        touching.status,
        other.status,
      ]
    })
    expect(steps).toEqual([
      { status: 409, message: MESSAGES.sessions.overlap.text, code: 'sessions.overlap' },
      { lessonTitle: JAPANESE, session: true, start: true, end: true },
      201,
      201,
    ])
  })

  it('refunds and tells every student of a deleted session; one without students just goes', async () => {
    const steps = await alike(async (backend) => {
      const mail = await watchMail(backend)
      const full = await fullSessionOf(REFUNDED)(backend)
      const deleted = await backend.call(api.sessions.deleteSession, {
        as: OTHER_EDUCATOR,
        params: full,
      })
      const told = (await mail()).sort()
      // Tom buys a seat beside Mai's: the demo's own payments were never charged at the server's
      // stand-in for PayPal, which cannot refund them.
      const seat = await seatOf(PAYER, true)(backend)
      const bought = resultOf(
        await backend.call(payments.createOrder, {
          as: REFUNDED,
          body: { lessonId: seat.id, sessionId: seat.sessionId },
        }),
      )
      await approveOrder(backend, REFUNDED, bought.orderId)
      const params = { id: bought.id }
      resultOf(await backend.call(payments.capturePayment, { as: REFUNDED, params }))
      const paid = await backend.call(api.sessions.deleteSession, { as: EDUCATOR, params: seat })
      const refund = resultOf(await backend.call(payments.getPayment, { as: REFUNDED, params }))
      const empty = resultOf(
        await backend.call(api.sessions.createSession, {
          as: OTHER_EDUCATOR,
          params: { id: full.id! },
          body: sessionBody(25, '10:00', '11:00'),
        }),
      )
      const quiet = await watchMail(backend)
      const plain = await backend.call(api.sessions.deleteSession, {
        as: OTHER_EDUCATOR,
        params: { id: full.id!, sessionId: empty.id },
      })
      return {
        deleted: deleted.body,
        told,
        paid: paid.body,
        refund: {
          status: refund.status,
          refundReason: refund.refundReason,
          sessionId: refund.sessionId,
          sessionStart: refund.sessionStart,
        },
        plain: plain.body,
        quiet: await quiet(),
      }
    })
    expect(steps).toEqual({
      deleted: {
        ...messageFields(MESSAGES.sessions.deletedWithRefunds({ count: 2 })),
        enrolledCount: 2,
      },
      told: [PAYER, REFUNDED],
      paid: {
        ...messageFields(MESSAGES.sessions.deletedWithRefunds({ count: 2 })),
        enrolledCount: 2,
      },
      refund: {
        status: 'refunded',
        refundReason: 'sessionCancelled',
        sessionId: null,
        sessionStart: null,
      },
      plain: { ...messageFields(MESSAGES.sessions.deleted), enrolledCount: 0 },
      quiet: [],
    })
  })
})

describe('enrolling answers alike', () => {
  it('seats a student in a free session once, and tells them', async () => {
    const steps = await alike(async (backend) => {
      const mail = await watchMail(backend)
      const params = await seatOf(PAYER, false)(backend)
      const first = await backend.call(api.sessions.enroll, { as: REFUNDED, params })
      const seats = async (as: string) => {
        const { type, availableSlots, disabled } = await sessionSeen(backend, as, params)
        return { type, availableSlots, disabled }
      }
      return {
        first: outcome(first),
        seat: (first.body as { sessionId?: number }).sessionId === params.sessionId,
        holder: await seats(REFUNDED),
        other: await seats(STUDENT),
        told: await mail(),
        again: outcome(await backend.call(api.sessions.enroll, { as: REFUNDED, params })),
      }
    })
    expect(steps).toEqual({
      first: { status: 201 },
      seat: true,
      holder: { type: 'enrolled', availableSlots: 0, disabled: false },
      other: { type: 'open', availableSlots: 0, disabled: true },
      told: [REFUNDED],
      again: {
        status: 409,
        message: MESSAGES.enrollments.alreadyEnrolled.text,
        code: 'enrollments.alreadyEnrolled',
      },
    })
  })

  it('gives a seat back before the start, tells the educator and closes the meeting link', async () => {
    const steps = await alike(async (backend) => {
      const upcoming = resultOf(await backend.call(lessons.upcomingLessons, { as: STUDENT })).data
      const soon = upcoming.find(({ session }) => Date.parse(session.start_time) > Date.now())!
      const params = { id: soon.lesson.id, sessionId: soon.session.id }
      const join = await backend.call(api.sessions.joinSession, { as: STUDENT, params })
      const mail = await watchMail(backend)
      const left = await backend.call(api.sessions.unenroll, { as: STUDENT, params })
      return {
        join: outcome(join),
        left: left.body,
        told: await mail(),
        joinLater: outcome(await backend.call(api.sessions.joinSession, { as: STUDENT, params })),
        type: (await sessionSeen(backend, STUDENT, params)).type,
      }
    })
    expect(steps).toEqual({
      join: { status: 200 },
      left: { message: MESSAGES.enrollments.unenrolled.text, code: 'enrollments.unenrolled' },
      told: [OTHER_EDUCATOR],
      joinLater: {
        status: 403,
        message: expect.any(String) as string,
        code: expect.any(String) as string,
      },
      type: 'open',
    })
  })

  it('counts the seats it takes in the educator’s own lessons', async () => {
    const counts = await alike(async (backend) => {
      const upcoming = resultOf(await backend.call(lessons.upcomingLessons, { as: EDUCATOR })).data
      const free = upcoming.find(
        ({ session }) =>
          session.fullPrice === 0 &&
          session.enrolledCount === 0 &&
          Date.parse(session.start_time) > Date.now() + 60 * 60 * 1000,
      )!
      const params = { id: free.lesson.id, sessionId: free.session.id }
      const countsOf = async () => {
        const mine = resultOf(
          await backend.call(lessons.myLessons, { as: EDUCATOR, query: { page: 1, take: 100 } }),
        ).data.find((lesson) => lesson.id === free.lesson.id)!
        return [mine.upcomingSessions, mine.seatsTaken, mine.seatsTotal]
      }
      const before = await countsOf()
      resultOf(await backend.call(api.sessions.enroll, { as: REFUNDED, params }))
      return [before, await countsOf()]
    })
    expect(counts[1]![1]).toBe(counts[0]![1]! + 1)
  })
})

describe("the admin's overview answers alike", () => {
  /** Wednesday 18 November 2026, 12:00 in Tokyo: the demo's weeks fall the same on both. */
  const PINNED = new Date('2026-11-18T03:00:00.000Z')
  const clock = testClock(context)

  // Both demos seeded at the pinned instant; the next test seeds again at the real one.
  beforeEach(async () => {
    await clock.set(PINNED)
    cookies.clear()
    await truncateAll(context.db)
    await seedDemoData(context.db, context.app.storage, { showcase: false })
    mockDb.reset()
  })
  afterEach(async () => {
    await clock.reset()
    cookies.clear()
    seededUntil = null
  })

  /**
   * An instant to the minute: the demo's sessions live now were placed by each backend's clock,
   * which runs on from the pinned instant (milliseconds apart).
   */
  const toMinute = (instant: string) => instant.slice(0, 16)

  /** Sessions as both demos have them: ids aside. */
  const comparable = (rows: AdminSession[]) =>
    rows.map(({ id: _id, lessonId: _lessonId, educator, start_time, end_time, ...row }) => ({
      ...row,
      educator: educator.name,
      start_time: toMinute(start_time),
      end_time: toMinute(end_time),
    }))

  /** The overview and the lists behind it on one backend: each figure must be its list's total. */
  const readOverview = async (backend: Backend) => {
    const overview = resultOf(await backend.call(admin.adminOverview, { as: ADMIN }))
    const list = async (query: Record<string, string | number | boolean>) =>
      resultOf(
        await backend.call(admin.listAdminSessions, { as: ADMIN, query: { ...query, take: 100 } }),
      )
    const thisWeek = await list({ ...overview.thisWeek, cancelled: false })
    const cancelled = await list({ ...overview.window, cancelled: true })
    const refunds = resultOf(
      await backend.call(admin.listRefunds, {
        as: ADMIN,
        query: { ...overview.window, take: 100 },
      }),
    )
    const usersIn = async (state: AdminUserState) =>
      resultOf(await backend.call(admin.listUsers, { as: ADMIN, query: { state } }))
    const pending = await usersIn('awaiting_approval')
    const below = await usersIn('below_earnings_rule')
    const deactivated = await usersIn('deactivated')
    const pool = resultOf(await backend.call(admin.listVideoLicences, { as: ADMIN }))
    expect(overview.sessionsThisWeek, backend.name).toBe(thisWeek.meta.itemCount)
    expect(overview.cancelledTooFew, backend.name).toBe(cancelled.meta.itemCount)
    expect(overview.refunds, backend.name).toEqual({
      count: refunds.meta.itemCount,
      cents: refunds.data.reduce((sum, row) => sum + row.amountCents, 0),
    })
    expect(overview.pendingEducators, backend.name).toBe(pending.meta.itemCount)
    expect(overview.belowEarningsRule, backend.name).toBe(below.meta.itemCount)
    expect(overview.deactivatedEducators, backend.name).toBe(deactivated.meta.itemCount)
    expect(overview.licences.free + overview.licences.held, backend.name).toBe(pool.length)
    return {
      overview,
      thisWeek: comparable(thisWeek.data),
      cancelled: comparable(cancelled.data),
      refunds: refunds.data.map(
        ({ paymentId: _payment, lessonId: _lesson, sessionId, student, ...row }) => ({
          ...row,
          sessionId: sessionId !== null,
          sessionStart: row.sessionStart && toMinute(row.sessionStart),
          student: student.name,
          refundDueAt: toMinute(row.refundDueAt),
        }),
      ),
    }
  }

  const compare = async () => {
    const server = await readOverview(serverBackend)
    const mock = await readOverview(mockBackend)
    expect(server.overview, 'the overview').toEqual(mock.overview)
    expect(server.thisWeek, "this week's sessions").toEqual(mock.thisWeek)
    expect(server.cancelled, 'the sessions cancelled for too few students').toEqual(mock.cancelled)
    expect(server.refunds, 'the refunds').toEqual(mock.refunds)
    return mock
  }

  it("counts the demo's figures alike, each the total of its list", async () => {
    const mock = await compare()
    expect(mock.overview).toMatchObject({
      timezone: 'Asia/Tokyo',
      pendingEducators: 1,
      licences: { free: 2, held: 2 },
      // Laura, in her judged second period with nothing earned.
      belowEarningsRule: 1,
      deactivatedEducators: 0,
      thisWeek: { from: '2026-11-15T15:00:00.000Z', to: '2026-11-22T15:00:00.000Z' },
      window: { from: '2026-08-30T15:00:00.000Z', to: '2026-11-22T15:00:00.000Z' },
    })
    expect(mock.refunds.length).toBeGreaterThan(0)
    expect(mock.overview.weeks.reduce((sum, week) => sum + week.enrollments, 0)).toBeGreaterThan(0)
  })

  it('counts a seat given back and its refund alike, and a session cancelled for too few students', async () => {
    const before = await compare()
    // Mai gives back her paid seat: refunded now, and still a seat taken in its week.
    const params = await seatOf(PAYER, true)(serverBackend)
    resultOf(await serverBackend.call(api.sessions.unenroll, { as: PAYER, params }))
    const mockParams = await seatOf(PAYER, true)(mockBackend)
    resultOf(await mockBackend.call(api.sessions.unenroll, { as: PAYER, params: mockParams }))
    const after = await compare()
    expect(after.overview.refunds.count).toBe(before.overview.refunds.count + 1)
    const seatsTaken = (read: typeof before) => read.overview.weeks.map((week) => week.enrollments)
    expect(seatsTaken(after)).toEqual(seatsTaken(before))

    // The demo's pending session (no one enrolled) is cancelled at its cutoff.
    const pending = mockDb.sessions.find((session) => session.decision === 'pending')!
    await clock.set(new Date(Date.parse(pending.decisionAt!) + 1))
    cookies.clear()
    // The seed plans no job: the sweep plans the ones missing, as at a start.
    await planMissingSessionJobs(context.app.serviceDeps)
    expect(await context.app.runDueJobs(['seatDecision'])).toBe(1)
    const cancelled = await compare()
    expect(cancelled.overview.cancelledTooFew).toBe(1)
    expect(cancelled.cancelled).toEqual([
      expect.objectContaining({ decision: 'cancelled', seatsTaken: 0 }),
    ])
  })
})

describe("an educator's earnings answer alike", () => {
  it("sums the demo's payments of kenji's lessons alike, line by line and month by month", async () => {
    const earned = await alike(async (backend) => {
      const page = resultOf(
        await backend.call(api.user.myEarnings, { as: EDUCATOR, query: { take: 100 } }),
      )
      const summary = resultOf(await backend.call(api.user.myEarningsSummary, { as: EDUCATOR }))
      return {
        lines: page.data.map((line) => [
          line.kind,
          line.lessonTitle,
          line.studentFirstName,
          line.grossCents,
          line.feeCents,
          line.shareCents,
          line.refundReason,
          line.pending,
        ]),
        count: page.meta.itemCount,
        summary,
      }
    })
    expect(earned.count).toBeGreaterThan(0)
  })

  it("writes the same CSV file, byte for byte, in the educator's language", async () => {
    const files = await alike(async (backend) => {
      const answer = await backend.call(api.user.myEarningsCsv, { as: EDUCATOR })
      return {
        status: answer.status,
        type: answer.headers['content-type'],
        disposition: answer.headers['content-disposition'],
        // A client's text decoding drops the byte order mark (the server's own test reads it).
        body: String(answer.body).replace(/^\uFEFF/, ''),
      }
    })
    expect(files.status).toBe(200)
    // kenji reads Japanese.
    expect(files.body).toMatch(/^日時,種別,レッスン,/)
  })
})

/** Deactivates the educator on the backend at `at`, as their deadline's job would have. */
const deactivateOn = async (backend: Backend, email: string, at: string) => {
  if (backend === mockBackend) {
    const user = mockDb.users.find((row) => row.email === email)
    if (!user) throw new Error(`The mock has no ${email}`)
    user.deactivatedAt = at
    return
  }
  await context.db
    .update(userRows)
    .set({ deactivatedAt: new Date(at), deactivationReason: 'earnings_rule' })
    .where(eq(userRows.email, email))
}

describe('the earnings rule answers alike (§9)', () => {
  it("weighs laura's period against the rule alike, and kenji's exempt first one", async () => {
    const rules = await alike(async (backend) => {
      // One after the other: the mock signs in one account at a time.
      const answers = []
      for (const as of [LAURA, EDUCATOR]) {
        answers.push(resultOf(await backend.call(api.user.myEarningsSummary, { as })).rule)
      }
      return answers
    })
    expect(rules.map((rule) => [rule?.exempt, rule?.met])).toEqual([
      [false, false],
      [true, false],
    ])
    const daysLeft = (Date.parse(rules[0]!.deadline) - Date.now()) / 86_400_000
    expect(daysLeft).toBeGreaterThan(14)
    expect(daysLeft).toBeLessThan(21)
  })

  it('keeps a deactivated educator out of the catalogue and new seats, until reactivated', async () => {
    const at = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 86_400_000).toISOString()
    const steps = await alike(async (backend) => {
      const listedOwners = async () =>
        resultOf(await backend.call(guest.guestLessons, { query: { take: 100 } })).data.map(
          (lesson) => lesson.owner.name,
        )
      const before = await listedOwners()
      const { id: lessonId } = await lessonTitled(EDUCATOR, 'TypeScript from Scratch')(backend)
      const lesson = resultOf(await backend.call(guest.guestSessions, { params: { id: lessonId } }))
      const open = lesson.data.find((session) => Date.parse(session.start_time) > Date.now())
      await deactivateOn(backend, EDUCATOR, at)
      const mail = await watchMail(backend)
      // Its page, still open by its address, offers no seat and says why.
      const shown = resultOf(
        await backend.call(guest.guestSessions, { params: { id: lessonId } }),
      ).data.find((session) => session.id === open?.id)
      const me = resultOf(await backend.call(api.user.me, { as: EDUCATOR }))
      const listed = (await listedOwners()).filter((name) => name === me.name).length
      const summary = resultOf(await backend.call(api.user.myEarningsSummary, { as: EDUCATOR }))
      const enrolled = await backend.call(api.sessions.enroll, {
        as: PAYER,
        params: { id: lessonId, sessionId: open?.id ?? 0 },
      })
      const created = await backend.call(api.sessions.createSession, {
        as: EDUCATOR,
        params: { id: lessonId },
        body: {
          date: '2031-01-10',
          startHour: '10:00',
          endHour: '11:00',
          timezone: 'Asia/Tokyo',
          url: 'https://zoom.us/j/5550001',
        },
      })
      const users = resultOf(
        await backend.call(api.admin.listUsers, { as: ADMIN, query: { search: 'kenji' } }),
      ).data
      const inState = async (state: AdminUserState) =>
        resultOf(await backend.call(api.admin.listUsers, { as: ADMIN, query: { state } })).data.map(
          (row) => row.email,
        )
      const states = async () => ({
        below: await inState('below_earnings_rule'),
        deactivated: await inState('deactivated'),
      })
      const deactivatedStates = await states()
      const params = await userNamed(EDUCATOR)(backend)
      const reactivated = resultOf(
        await backend.call(api.admin.reactivateUser, { as: ADMIN, params }),
      )
      const reactivatedStates = await states()
      const again = await backend.call(api.admin.reactivateUser, { as: ADMIN, params })
      const after = resultOf(await backend.call(api.user.myEarningsSummary, { as: EDUCATOR })).rule
      return {
        wasListed: before.includes(me.name),
        shown: shown && {
          disabled: shown.disabled,
          educatorDeactivated: shown.educatorDeactivated,
        },
        deactivation: me.deactivation,
        listed,
        rule: summary.rule,
        enrolled: outcome(enrolled),
        created: outcome(created),
        listedAt: users.map((user) => user.deactivatedAt),
        listedRules: users.map((user) => user.earningsRule),
        deactivatedStates,
        reactivatedAt: reactivated.deactivatedAt,
        reactivatedRule: reactivated.earningsRule && {
          exempt: reactivated.earningsRule.exempt,
          earnedJpy: reactivated.earningsRule.earnedJpy,
          met: reactivated.earningsRule.met,
        },
        reactivatedStates,
        again: outcome(again),
        after: after && { exempt: after.exempt, earnedJpy: after.earnedJpy, met: after.met },
        relisted: (await listedOwners()).includes(me.name),
        told: await mail(),
      }
    })
    expect(steps).toEqual({
      wasListed: true,
      shown: { disabled: true, educatorDeactivated: true },
      deactivation: { at, reason: 'earningsRule' },
      listed: 0,
      rule: null,
      enrolled: {
        status: 403,
        message: MESSAGES.enrollments.educatorDeactivated.text,
        code: 'enrollments.educatorDeactivated',
      },
      created: {
        status: 403,
        message: MESSAGES.sessions.accountDeactivated.text,
        code: 'sessions.accountDeactivated',
      },
      listedAt: [at],
      listedRules: [null],
      // Deactivated, kenji is no longer weighed against the rule; laura still is.
      deactivatedStates: { below: [LAURA], deactivated: [EDUCATOR] },
      reactivatedAt: null,
      reactivatedRule: { exempt: false, earnedJpy: 0, met: false },
      // Reactivated, kenji's new period is judged from now, with nothing earned yet.
      reactivatedStates: { below: [LAURA, EDUCATOR], deactivated: [] },
      again: {
        status: 409,
        message: MESSAGES.accounts.notDeactivated.text,
        code: 'accounts.notDeactivated',
      },
      after: { exempt: false, earnedJpy: 0, met: false },
      relisted: true,
      told: [EDUCATOR],
    })
  })
})

describe('the waitlist answers alike', () => {
  it('lines a student up for a full session, offers them the seat a student gives back, and seats them', async () => {
    const steps = await alike(async (backend) => {
      const full = await fullSessionOf(REFUNDED)(backend)
      const sessionFor = async (email: string) => {
        const page = resultOf(
          await backend.call(api.sessions.listSessions, { as: email, params: { id: full.id! } }),
        )
        const session = page.data.find((row) => row.id === full.sessionId)
        return (
          session && {
            disabled: session.disabled,
            waitingCount: session.waitingCount,
            position: session.waitlistPlace?.position ?? null,
            offered: (session.waitlistPlace?.offeredUntil ?? null) !== null,
          }
        )
      }
      const lines = async () =>
        resultOf(await backend.call(lessons.waitlistLessons, { as: STUDENT })).data.map(
          (item) => item.session.waitlistPlace?.position ?? null,
        )
      const joined = await backend.call(api.sessions.joinWaitlist, { as: STUDENT, params: full })
      const again = await backend.call(api.sessions.joinWaitlist, { as: STUDENT, params: full })
      const seated = await backend.call(api.sessions.joinWaitlist, { as: PAYER, params: full })
      const waiting = await sessionFor(STUDENT)
      const listed = await lines()
      const mail = await watchMail(backend)
      const freed = await backend.call(api.sessions.unenroll, { as: REFUNDED, params: full })
      const told = (await mail()).sort()
      const offered = await sessionFor(STUDENT)
      const others = await sessionFor(ADMIN)
      const enrolled = await backend.call(api.sessions.enroll, { as: STUDENT, params: full })
      const left = await backend.call(api.sessions.leaveWaitlist, { as: STUDENT, params: full })
      return {
        joined: [outcome(joined), joined.status === 201 && resultOf(joined).position],
        again: outcome(again),
        seated: outcome(seated),
        waiting,
        listed,
        freed: outcome(freed),
        told,
        offered,
        others,
        enrolled: outcome(enrolled),
        after: await lines(),
        left: outcome(left),
      }
    })
    expect(steps).toEqual({
      joined: [{ status: 201 }, 1],
      again: {
        status: 409,
        message: MESSAGES.waitlist.alreadyWaiting.text,
        code: 'waitlist.alreadyWaiting',
      },
      seated: {
        status: 409,
        message: MESSAGES.enrollments.alreadyEnrolled.text,
        code: 'enrollments.alreadyEnrolled',
      },
      waiting: { disabled: true, waitingCount: 1, position: 1, offered: false },
      listed: [1],
      freed: { status: 200 },
      // The one offered the seat, and the educator told of the unenroll.
      told: [OTHER_EDUCATOR, STUDENT].sort(),
      offered: { disabled: false, waitingCount: 1, position: 1, offered: true },
      others: { disabled: true, waitingCount: 1, position: null, offered: false },
      enrolled: { status: 201 },
      after: [],
      left: {
        status: 404,
        message: MESSAGES.waitlist.notWaiting.text,
        code: 'waitlist.notWaiting',
      },
    })
  })
})

describe('paying for a seat answers alike', () => {
  const order = async (backend: Backend, as: string, params: Params) =>
    resultOf(
      await backend.call(payments.createOrder, {
        as,
        body: { lessonId: params.id, sessionId: params.sessionId },
      }),
    )

  it('counts a running hold as a taken seat, open to its holder, until it is cancelled or runs out', async () => {
    const steps = await alike(async (backend) => {
      const params = await seatOf(PAYER, true)(backend)
      // One seat left: Mai holds the other.
      await setMaxSlots(backend, EDUCATOR, params.id as number, 2)
      const seats = async (as: string) => {
        const { availableSlots, disabled } = await sessionSeen(backend, as, params)
        return [availableSlots, disabled]
      }
      const body = { lessonId: params.id, sessionId: params.sessionId }
      const card = async () =>
        resultOf(await backend.call(guest.guestLessons, { query: { take: 100 } })).data.find(
          (lesson) => lesson.id === params.id,
        )?.nextSession ?? null
      const steps: unknown[] = [await seats(STUDENT)]
      const held = await order(backend, REFUNDED, params)
      steps.push((await order(backend, REFUNDED, params)).id === held.id)
      steps.push(await seats(REFUNDED), await seats(STUDENT), await card())
      steps.push(outcome(await backend.call(api.sessions.enroll, { as: STUDENT, params })))
      steps.push(outcome(await backend.call(payments.createOrder, { as: STUDENT, body })))
      resultOf(
        await backend.call(payments.cancelPayment, { as: REFUNDED, params: { id: held.id } }),
      )
      steps.push(await seats(STUDENT))
      // A hold that ran out holds nothing: the next order opens a new payment.
      const mine = await order(backend, STUDENT, params)
      await behind.expireHold(backend, mine.id)
      steps.push(await seats(REFUNDED), (await card())?.availableSlots)
      const fresh = await order(backend, STUDENT, params)
      const old = resultOf(
        await backend.call(payments.getPayment, { as: STUDENT, params: { id: mine.id } }),
      )
      steps.push(fresh.id !== mine.id, old.status)
      return steps
    })
    const full = {
      status: 409,
      message: MESSAGES.enrollments.noSeatsLeft.text,
      code: 'enrollments.noSeatsLeft',
    }
    expect(steps).toEqual([
      [1, false],
      true,
      [0, false],
      [0, true],
      null,
      full,
      full,
      [1, false],
      [1, false],
      1,
      true,
      'cancelled',
    ])
  })

  it('charges and seats the buyer once, and refunds a seat given back', async () => {
    const steps = await alike(async (backend) => {
      const params = await seatOf(PAYER, true)(backend)
      const opened = await order(backend, REFUNDED, params)
      await approveOrder(backend, REFUNDED, opened.orderId)
      const capture = () =>
        backend.call(payments.capturePayment, { as: REFUNDED, params: { id: opened.id } })
      const captured = resultOf(await capture())
      const retried = resultOf(await capture())
      const reorder = await backend.call(payments.createOrder, {
        as: REFUNDED,
        body: { lessonId: params.id, sessionId: params.sessionId },
      })
      const left = await backend.call(api.sessions.unenroll, { as: REFUNDED, params })
      const after = resultOf(
        await backend.call(payments.getPayment, { as: REFUNDED, params: { id: opened.id } }),
      )
      return {
        opened: {
          status: opened.status,
          amount: opened.amount_in_cents,
          currency: opened.currency,
          transactionId: opened.transactionId,
          lessonTitle: opened.lessonTitle,
          refundReason: opened.refundReason,
          holdMinutes: Math.round(
            (Date.parse(opened.holdExpiresAt!) - Date.parse(opened.createdAt)) / 60_000,
          ),
        },
        captured: [captured.status, captured.holdExpiresAt, captured.transactionId !== null],
        retried: JSON.stringify(retried) === JSON.stringify(captured),
        reorder: outcome(reorder),
        left: left.body,
        after: [after.status, after.refundReason],
      }
    })
    expect(steps).toEqual({
      opened: {
        status: 'processing',
        amount: 2000,
        currency: 'USD',
        transactionId: null,
        lessonTitle: 'Conversational Japanese for Beginners',
        refundReason: null,
        holdMinutes: 10,
      },
      captured: ['success', null, true],
      retried: true,
      reorder: {
        status: 409,
        message: MESSAGES.enrollments.alreadyEnrolled.text,
        code: 'enrollments.alreadyEnrolled',
      },
      left: messageFields(MESSAGES.enrollments.unenrolledRefund),
      after: ['refunded', 'unenrolled'],
    })
  })

  it('cancels an open payment, which then can be neither charged nor cancelled', async () => {
    const steps = await alike(async (backend) => {
      const opened = await order(backend, REFUNDED, await seatOf(PAYER, true)(backend))
      const params = { id: opened.id }
      const cancelled = resultOf(
        await backend.call(payments.cancelPayment, { as: REFUNDED, params }),
      )
      return [
        [cancelled.status, cancelled.holdExpiresAt],
        outcome(await backend.call(payments.capturePayment, { as: REFUNDED, params })),
        outcome(await backend.call(payments.cancelPayment, { as: REFUNDED, params })),
      ]
    })
    const refused = {
      status: 409,
      message: MESSAGES.payments.notProcessing({ status: 'cancelled' }).text,
      code: 'payments.notProcessing',
    }
    expect(steps).toEqual([['cancelled', null], refused, refused])
  })

  it('charges a payment whose hold ran out while a seat is still free', async () => {
    const status = await alike(async (backend) => {
      const opened = await order(backend, REFUNDED, await seatOf(PAYER, true)(backend))
      await behind.expireHold(backend, opened.id)
      await approveOrder(backend, REFUNDED, opened.orderId)
      const params = { id: opened.id }
      return resultOf(await backend.call(payments.capturePayment, { as: REFUNDED, params })).status
    })
    expect(status).toBe('success')
  })

  it('cancels, uncharged, a payment whose hold ran out and whose seat another took', async () => {
    const steps = await alike(async (backend) => {
      const params = await seatOf(PAYER, true)(backend)
      await setMaxSlots(backend, EDUCATOR, params.id as number, 2)
      const late = await order(backend, STUDENT, params)
      await approveOrder(backend, STUDENT, late.orderId)
      await behind.expireHold(backend, late.id)
      await order(backend, REFUNDED, params)
      const capture = await backend.call(payments.capturePayment, {
        as: STUDENT,
        params: { id: late.id },
      })
      const after = resultOf(
        await backend.call(payments.getPayment, { as: STUDENT, params: { id: late.id } }),
      )
      return [
        outcome(capture),
        [after.status, after.transactionId],
        (await sessionSeen(backend, STUDENT, params)).type,
      ]
    })
    expect(steps).toEqual([
      { status: 409, message: MESSAGES.payments.holdExpired.text, code: 'payments.holdExpired' },
      ['cancelled', null],
      'open',
    ])
  })

  it('cancels a payment whose session started before it was charged', async () => {
    const steps = await alike(async (backend) => {
      // One of Emily's paid sessions: moved to now, it overlaps none of hers.
      const listed = resultOf(await backend.call(guest.guestLessons, { query: { take: 100 } }))
      const lesson = listed.data.find((row) => row.title === 'Business English')!
      const opened = await order(backend, STUDENT, {
        id: lesson.id,
        sessionId: lesson.nextSession!.id,
      })
      await approveOrder(backend, STUDENT, opened.orderId)
      await behind.startNow(backend, lesson.nextSession!.id)
      const params = { id: opened.id }
      const capture = await backend.call(payments.capturePayment, { as: STUDENT, params })
      const after = resultOf(await backend.call(payments.getPayment, { as: STUDENT, params }))
      return [outcome(capture), [after.status, after.transactionId]]
    })
    expect(steps).toEqual([
      {
        status: 409,
        message: MESSAGES.enrollments.alreadyStarted.text,
        code: 'enrollments.alreadyStarted',
      },
      ['cancelled', null],
    ])
  })

  it("lists a student's charged payments newest first, not open or cancelled ones", async () => {
    const lists = await alike(async (backend) => {
      const params = await seatOf(PAYER, true)(backend)
      const bought = await order(backend, STUDENT, params)
      await approveOrder(backend, STUDENT, bought.orderId)
      resultOf(
        await backend.call(payments.capturePayment, { as: STUDENT, params: { id: bought.id } }),
      )
      const listed = resultOf(await backend.call(guest.guestLessons, { query: { take: 100 } }))
      const other = listed.data.find((row) => row.title === 'Business English')!
      await order(backend, STUDENT, { id: other.id, sessionId: other.nextSession!.id })
      const given = await order(backend, REFUNDED, params)
      resultOf(
        await backend.call(payments.cancelPayment, { as: REFUNDED, params: { id: given.id } }),
      )
      const orders = async (as: string, query = {}) => {
        const page = resultOf(await backend.call(payments.listMyPayments, { as, query }))
        const named = page.data.map((row) => (row.id === bought.id ? 'bought' : row.orderId))
        return { named, meta: page.meta }
      }
      return [
        await orders(STUDENT),
        await orders(STUDENT, { page: 2, take: 1 }),
        await orders(REFUNDED),
      ]
    })
    expect(lists.map((list) => list.named)).toEqual([
      ['bought', 'ORDER-SEED-1'],
      ['ORDER-SEED-1'],
      ['ORDER-SEED-3'],
    ])
  })
})

describe('materials answer alike', () => {
  const download = async (backend: Backend, as: string, fileId: number) => {
    const answer = await backend.call(resources.downloadFile, { as, params: { fileId } })
    return {
      ...outcome(answer),
      type: answer.status === 200 ? answer.headers['content-type'] : null,
    }
  }

  it('serves an uploaded file to a student with a seat, typed by its content', async () => {
    const steps = await alike(async (backend) => {
      const { lessonId } = await fileMaterialOf(backend)
      const params = { id: lessonId }
      const upload = async (filename: string, bytes: Uint8Array) =>
        resultOf(
          await backend.call(resources.uploadResourceFile, {
            as: EDUCATOR,
            params,
            upload: { field: 'file', filename, bytes },
          }),
        )
      const pdf = await upload('grammar.pdf', PDF_BYTES)
      const created = resultOf(
        await backend.call(resources.createResource, {
          as: EDUCATOR,
          params,
          body: {
            title: 'Grammar',
            type: 'document',
            url: pdf.path,
            description: '',
            fileId: pdf.id,
          },
        }),
      )
      const png = await upload('chart.png', PNG_BYTES)
      const file = await backend.call(resources.downloadFile, {
        as: STUDENT,
        params: { fileId: pdf.id },
      })
      return {
        uploaded: [pdf.filename, pdf.path === filePath(pdf.id)],
        created: [created.type, created.fileId === pdf.id, created.lessonId === lessonId],
        pdf: [file.status, file.headers['content-type'], file.body],
        png: await download(backend, STUDENT, png.id),
      }
    })
    expect(steps).toMatchObject({
      uploaded: ['grammar.pdf', true],
      created: ['document', true, true],
      pdf: [200, expect.stringMatching(/^application\/pdf/) as string, PDF_BYTES.toString()],
      png: { status: 200, type: expect.stringMatching(/^image\/png/) as string },
    })
  })

  it('deletes a file with its material, and when the material becomes a link', async () => {
    const steps = await alike(async (backend) => {
      const { lessonId, resourceId, fileId } = await fileMaterialOf(backend)
      const replaced = resultOf(
        await backend.call(resources.updateResource, {
          as: EDUCATOR,
          params: { id: lessonId, resourceId },
          body: linkBody(),
        }),
      )
      const replacedFile = await download(backend, EDUCATOR, fileId)
      const params = { id: lessonId }
      const pdf = resultOf(
        await backend.call(resources.uploadResourceFile, {
          as: EDUCATOR,
          params,
          upload: { field: 'file', filename: 'week-2.pdf', bytes: PDF_BYTES },
        }),
      )
      const material = resultOf(
        await backend.call(resources.createResource, {
          as: EDUCATOR,
          params,
          body: {
            title: 'Week 2',
            type: 'document',
            url: pdf.path,
            description: '',
            fileId: pdf.id,
          },
        }),
      )
      const deleted = await backend.call(resources.deleteResource, {
        as: EDUCATOR,
        params: { id: lessonId, resourceId: material.id },
      })
      const list = resultOf(await backend.call(resources.listResources, { as: EDUCATOR, params }))
      return {
        replaced: [replaced.type, replaced.fileId],
        replacedFile,
        deleted: deleted.status,
        deletedFile: await download(backend, EDUCATOR, pdf.id),
        titles: list.map((row) => row.title),
      }
    })
    expect(steps).toMatchObject({
      replaced: ['link', null],
      replacedFile: { status: 404 },
      deleted: 200,
      deletedFile: { status: 404 },
    })
  })

  it('shows the materials to a student while they hold a seat', async () => {
    const steps = await alike(async (backend) => {
      const { lessonId, fileId } = await fileMaterialOf(backend)
      const params = { id: lessonId }
      const list = () => backend.call(resources.listResources, { as: PAYER, params })
      const before = [outcome(await list()), await download(backend, PAYER, fileId)]
      resultOf(
        await backend.call(api.sessions.unenroll, {
          as: PAYER,
          params: await seatOf(PAYER, true)(backend),
        }),
      )
      return [before, [outcome(await list()), await download(backend, PAYER, fileId)]]
    })
    expect(steps).toMatchObject([
      [{ status: 200 }, { status: 200 }],
      [{ status: 403 }, { status: 403 }],
    ])
  })
})

describe('reviewing answers alike', () => {
  it('takes one review, trimmed, from a student who attended', async () => {
    const steps = await alike(async (backend) => {
      const { id: lessonId } = await lessonTitled(
        EDUCATOR,
        'Conversational Japanese for Beginners',
      )(backend)
      const sessions = resultOf(
        await backend.call(api.sessions.listSessions, { as: EDUCATOR, params: { id: lessonId } }),
      ).data
      const ended = sessions.find((session) => Date.parse(session.end_time) < Date.now())!
      // No demo student has an attended lesson left to review on both backends: Mai attends one.
      await behind.seat(backend, PAYER, { lessonId, sessionId: ended.id })
      const review = (body: string) =>
        backend.call(api.reviews.createReview, { as: PAYER, body: { lessonId, body, rating: 4 } })
      const created = resultOf(await review('  Patient and clear  '))
      const again = await review(' \n ')
      const history = resultOf(await backend.call(lessons.lessonHistory, { as: PAYER })).data
      return {
        created: {
          body: created.body,
          rating: created.rating,
          author: created.author.name,
          lessonTitle: created.lessonTitle,
        },
        again: outcome(again),
        history: history.find((entry) => entry.lesson.id === lessonId)?.status,
      }
    })
    expect(steps).toEqual({
      created: {
        body: 'Patient and clear',
        rating: 4,
        author: 'Mai Suzuki',
        lessonTitle: 'Conversational Japanese for Beginners',
      },
      again: {
        status: 409,
        message: MESSAGES.reviews.alreadyReviewed.text,
        code: 'reviews.alreadyReviewed',
      },
      history: 'reviewed',
    })
  })

  it('rates an educator without reviews 0 of 0', async () => {
    const score = await alike(async (backend) =>
      resultOf(
        await backend.call(guest.guestAverageScore, { params: await userNamed(LAURA)(backend) }),
      ),
    )
    expect(score).toEqual({ average: 0, count: 0 })
  })
})
