import { asc, eq, sql } from 'drizzle-orm'
import Value from 'typebox/value'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ResultOf } from '../../contract/client.ts'
import type { Descriptor } from '../../contract/descriptor.ts'
import * as admin from '../../contract/descriptors/admin.ts'
import * as auth from '../../contract/descriptors/auth.ts'
import * as guest from '../../contract/descriptors/guest.ts'
import * as lessons from '../../contract/descriptors/lessons.ts'
import * as payments from '../../contract/descriptors/payments.ts'
import * as resources from '../../contract/descriptors/resources.ts'
import type { Endpoint } from '../../contract/endpoint.ts'
import { api } from '../../contract/index.ts'
import { MESSAGES } from '../../contract/messages.ts'
import { REAUTH_MAX_FAILURES, REVIEW_MAX_LENGTH } from '../../contract/rules.ts'
import { db as mockDb } from '../../src/mocks/db.ts'
import { apiUrl } from '../../src/mocks/http.ts'
import { server as mockServer } from '../../src/mocks/node.ts'
import {
  enrollments as enrollmentRows,
  lessons as lessonRows,
  outbox,
  users as userRows,
} from '../src/db/schema.ts'
import { seedDemoData } from '../src/db/seed.ts'
import { SESSION_COOKIE } from '../src/plugins/auth.ts'
import { type Address, setupTestApp, truncateAll, urlOf } from './helpers.ts'

/**
 * The same requests go to the real server (seeded with the demo data) and to the MSW catalogue
 * the SPA's tests run on (seeded with the same accounts): both must answer the same status with
 * a body valid against that status's schema in contract/. Ids differ between the two seeds, so
 * scenarios look them up on each backend the way a client would.
 */
const context = setupTestApp({ truncateAfterEach: false })

type Answer<D extends Descriptor> = { descriptor: D; status: number; body: unknown }
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
    name: 'enrol in a free session with one seat left',
    endpoint: api.sessions.enroll,
    as: REFUNDED,
    params: seatOf(PAYER, false),
  },
  {
    name: 'enrol in a paid session',
    endpoint: api.sessions.enroll,
    as: REFUNDED,
    params: seatOf(PAYER, true),
  },
  {
    name: 'enrol in a full session',
    endpoint: api.sessions.enroll,
    as: STUDENT,
    params: fullSessionOf(REFUNDED),
  },
  {
    name: 'enrol twice',
    endpoint: api.sessions.enroll,
    as: PAYER,
    params: seatOf(PAYER, false),
  },
  {
    name: 'unenrol from a paid seat',
    endpoint: api.sessions.unenroll,
    as: PAYER,
    params: seatOf(PAYER, true),
  },
  {
    name: 'unenrol without a seat',
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
    as: 'laura@manabi.example',
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
  {
    name: 'approve educator',
    endpoint: api.admin.approveUser,
    as: ADMIN,
    params: userNamed(UNVERIFIED),
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
    params: userNamed('laura@manabi.example'),
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
    params: userNamed('laura@manabi.example'),
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

/** The next transaction id after the last seed, or null before the first. */
let seededUntil: string | null = null

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }))
beforeEach(async () => {
  mockDb.reset()
  // Seeding takes a tenth of a second and most scenarios only read: the server's demo data is
  // seeded again only after a scenario wrote something. Its sign-ins are kept with it.
  if (seededUntil !== null && (await nextTransactionId()) === seededUntil) return
  cookies.clear()
  await truncateAll(context.db)
  await seedDemoData(context.db, context.app.storage)
  // The accounts scenarios act as sign in now, so a scenario that only reads writes nothing.
  for (const email of new Set(scenarios.flatMap((scenario) => scenario.as ?? []))) {
    await cookieOf(email)
  }
  seededUntil = await nextTransactionId()
})
afterEach(() => mockServer.resetHandlers())
afterAll(() => mockServer.close())

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

/** The token of the newest confirmation link e-mailed to `to`, from each backend's outbox. */
const confirmationTokenFor = async (backend: Backend, to: string) => {
  const texts =
    backend === mockBackend
      ? mockDb.outbox.filter((mail) => mail.to === to).map((mail) => mail.body)
      : (
          await context.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(asc(outbox.id))
        ).map((mail) => mail.text)
  const token = /\/auth\/confirmation\?token=([\w-]+)/.exec(texts.at(-1) ?? '')?.[1]
  if (!token) throw new Error(`${backend.name}: no confirmation link was sent to ${to}`)
  return token
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
      const asked = resultOf(await askForNewAddress(backend))
      const token = await confirmationTokenFor(backend, NEW_ADDRESS)
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
      const token = await confirmationTokenFor(backend, NEW_ADDRESS)
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

  it('refuses the right current password after too many wrong ones', async () => {
    const { server, mock } = await statusesOf(async (backend) => {
      const statuses: number[] = []
      for (let attempt = 0; attempt <= REAUTH_MAX_FAILURES; attempt += 1) {
        const password = attempt === REAUTH_MAX_FAILURES ? 'Password1' : 'Wrong1password'
        const answer = await backend.call(api.user.updateProfile, {
          as: STUDENT,
          body: { password: 'Brand1New', currentPassword: password },
        })
        statuses.push(answer.status)
      }
      return statuses
    })
    expect(server).toEqual(mock)
    expect(mock).toEqual([...Array<number>(REAUTH_MAX_FAILURES).fill(403), 429])
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
    const fromServer = await countsOn(serverBackend)
    const fromMock = await countsOn(mockBackend)
    // The server's demo adds showcase lessons the mock leaves out; the shared ones count alike.
    const shared = fromServer.filter((lesson) =>
      fromMock.some((mock) => mock.title === lesson.title),
    )
    expect(shared).toEqual(fromMock)
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
      if (mockLesson.imageId === null) {
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
  ] as const)("gives %s each shared lesson's next open session alike", async (_, as) => {
    const fromServer = await cardsOn(serverBackend, as)
    const fromMock = await cardsOn(mockBackend, as)
    // The server's demo adds showcase lessons the mock leaves out; every mock lesson is shared.
    expect([...fromMock.keys()].every((title) => fromServer.has(title))).toBe(true)
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
  /** Seats the student in the session behind each backend's back, as a free enrolment would. */
  const seatDirectly = async (
    backend: Backend,
    email: string,
    ids: { lessonId: number; sessionId: number },
  ) => {
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
  }

  it('refuses a buyer who has a seat already and cancels the payment, which charges nothing', async () => {
    const stepsOn = async (backend: Backend) => {
      const order = (await orderFor(PAYER, true)(backend)) as {
        lessonId: number
        sessionId: number
      }
      const opened = resultOf(
        await backend.call(payments.createOrder, { as: REFUNDED, body: order }),
      )
      await seatDirectly(backend, REFUNDED, order)
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
      MESSAGES.enrollments.alreadyEnrolled,
      { status: 'cancelled', transactionId: null, hold: null },
      409,
      MESSAGES.payments.notProcessing('cancelled'),
    ])
  })
})
