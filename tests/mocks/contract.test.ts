import { describe, expect, it } from 'vitest'
import Value from 'typebox/value'
import type { BodyOf } from '@contract/client'
import type { Descriptor } from '@contract/descriptor'
import * as admin from '@contract/descriptors/admin'
import * as auth from '@contract/descriptors/auth'
import * as categories from '@contract/descriptors/categories'
import * as guest from '@contract/descriptors/guest'
import * as lessons from '@contract/descriptors/lessons'
import * as payments from '@contract/descriptors/payments'
import * as resources from '@contract/descriptors/resources'
import * as reviews from '@contract/descriptors/reviews'
import * as sessions from '@contract/descriptors/sessions'
import * as system from '@contract/descriptors/system'
import * as user from '@contract/descriptors/user'
import { endpoints, ErrorBody, type Endpoint } from '@contract/index'
import { db, DEMO_PASSWORD, seedIds, seedTokens } from '@/mocks/db'
import {
  call,
  dayFromNow,
  fileUpload,
  imageUpload,
  type Answer,
  type CallArgs,
  type CallOptions,
  seedCoverOf,
} from './helpers'

/**
 * One successful request per endpoint of the contract. A new endpoint without a scenario here,
 * or without a mock handler (MSW then rejects the request), fails this file.
 */
interface Scenario {
  descriptor: Descriptor
  /** Who makes the successful call. */
  as: number | null
  /** Puts rows the call needs into the database first, then makes the call as `as`. */
  send: (as: number | null) => Promise<Answer<unknown>>
}

/** A successful call of `descriptor`, its params, query and body typed by the endpoint. */
const scenario = <D extends Descriptor>(
  descriptor: D,
  {
    before,
    ...options
  }: CallOptions<D> & {
    as: number | null
    /** Puts rows the call needs into the database first. */
    before?: () => void
  },
): Scenario => ({
  descriptor,
  as: options.as,
  send: (as) => {
    before?.()
    return call(descriptor, ...([{ ...options, as }] as CallArgs<D>))
  },
})

/** Above the seeded payments' ids. */
const PROCESSING_ID = 90

const processingPayment = () => {
  db.payments.push({
    id: PROCESSING_ID,
    userId: seedIds.student,
    lessonId: seedIds.paidLesson,
    sessionId: seedIds.sessions.futurePaid,
    orderId: 'ORDER-TEST-2',
    transactionId: null,
    status: 'processing',
    amount_in_cents: 2000,
    holdExpiresAt: new Date(Date.now() + 600_000).toISOString(),
    refundReason: null,
    createdAt: new Date().toISOString(),
  })
}

const lessonBody = {
  title: 'Kanji in Context',
  categoryId: seedIds.categories.languages,
  price_in_cents: 1500,
  min_slots: 1,
  max_slots: 4,
  about: 'Learn kanji through short stories.',
  details: 'Each lesson covers ten kanji.',
  imageId: seedCoverOf(seedIds.paidLesson),
  files: [],
  sessions: [],
}
const sessionBody = (days: number) => ({
  date: dayFromNow(days),
  startHour: '10:00',
  endHour: '11:00',
  timezone: 'UTC',
  url: 'https://zoom.us/j/9876543210',
})
const linkBody = {
  title: 'Jisho dictionary',
  type: 'link',
  url: 'https://jisho.org',
  description: 'Online Japanese dictionary',
} satisfies BodyOf<typeof resources.createResource>

const { admin: adminId, educator, student } = seedIds
const lesson1 = { id: seedIds.paidLesson }

const scenarios: Scenario[] = [
  scenario(system.health, { as: null }),

  scenario(auth.register, {
    as: null,
    json: {
      name: 'New Person',
      email: 'new@manabi.example',
      password: 'Secret1',
      role: 'student',
      terms: true,
    },
  }),
  scenario(auth.confirm, { as: null, json: { validationToken: seedTokens.confirm } }),
  scenario(auth.resendConfirmation, { as: null, json: { email: 'sam@manabi.example' } }),
  scenario(auth.login, {
    as: null,
    json: { email: 'yuki@manabi.example', password: DEMO_PASSWORD },
  }),
  scenario(auth.logout, { as: student }),
  scenario(auth.passwordResetEmail, { as: null, json: { email: 'yuki@manabi.example' } }),
  scenario(auth.setNewPassword, {
    as: null,
    json: { password: 'Another1', passwordResetToken: seedTokens.reset },
  }),

  scenario(user.me, { as: student }),
  scenario(user.myEarnings, { as: educator }),
  scenario(user.myEarningsSummary, { as: educator }),
  scenario(user.myEarningsCsv, { as: educator }),
  scenario(user.updateProfile, { as: educator, json: { description: 'New bio' } }),
  scenario(user.withdrawEmailChange, { as: student }),
  scenario(user.reassignOwnVideoLicence, { as: educator }),
  scenario(user.userReviews, { as: student, params: { id: educator } }),
  scenario(user.userAverageScore, { as: student, params: { id: educator } }),

  scenario(lessons.listLessons, { as: student, query: { take: 3 } }),
  scenario(lessons.myLessons, { as: educator }),
  scenario(lessons.lessonHistory, { as: student }),
  scenario(lessons.upcomingLessons, { as: student }),
  scenario(lessons.waitlistLessons, {
    as: student,
    before: () => {
      db.waitlist.push({
        id: 1,
        sessionId: seedIds.sessions.full,
        userId: student,
        status: 'waiting',
        offerExpiresAt: null,
        createdAt: new Date().toISOString(),
      })
    },
  }),
  scenario(lessons.getLesson, { as: student, params: lesson1 }),
  scenario(lessons.lessonImage, { as: null, params: lesson1 }),
  scenario(lessons.createLesson, { as: educator, json: lessonBody }),
  scenario(lessons.updateLesson, { as: educator, params: lesson1, json: lessonBody }),
  scenario(lessons.uploadLessonImage, { as: educator, upload: imageUpload() }),

  scenario(sessions.listSessions, { as: student, params: lesson1 }),
  scenario(sessions.createSession, { as: educator, params: lesson1, json: sessionBody(20) }),
  scenario(sessions.updateSession, {
    as: educator,
    params: { id: seedIds.paidLesson, sessionId: seedIds.sessions.futurePaid },
    json: sessionBody(21),
  }),
  scenario(sessions.deleteSession, {
    as: educator,
    params: { id: seedIds.paidLesson, sessionId: seedIds.sessions.futurePaid },
  }),
  scenario(sessions.enroll, {
    as: student,
    params: { id: seedIds.freeLesson, sessionId: seedIds.sessions.futureFree },
  }),
  scenario(sessions.unenroll, {
    as: student,
    params: { id: seedIds.freeLesson, sessionId: seedIds.sessions.startingSoon },
  }),
  scenario(sessions.joinWaitlist, {
    as: student,
    params: { id: seedIds.freeLesson, sessionId: seedIds.sessions.full },
  }),
  scenario(sessions.leaveWaitlist, {
    as: student,
    params: { id: seedIds.freeLesson, sessionId: seedIds.sessions.full },
    before: () => {
      db.waitlist.push({
        id: 1,
        sessionId: seedIds.sessions.full,
        userId: student,
        status: 'waiting',
        offerExpiresAt: null,
        createdAt: new Date().toISOString(),
      })
    },
  }),
  scenario(sessions.sessionIcs, {
    as: seedIds.student3,
    params: { id: seedIds.paidLesson, sessionId: seedIds.sessions.futurePaid },
  }),
  scenario(sessions.joinSession, {
    as: student,
    params: { id: seedIds.freeLesson, sessionId: seedIds.sessions.startingSoon },
  }),

  scenario(resources.listResources, { as: student, params: lesson1 }),
  scenario(resources.createResource, { as: educator, params: lesson1, json: linkBody }),
  scenario(resources.getResource, {
    as: student,
    params: { id: seedIds.paidLesson, resourceId: seedIds.resources.link },
  }),
  scenario(resources.updateResource, {
    as: educator,
    params: { id: seedIds.paidLesson, resourceId: seedIds.resources.link },
    json: linkBody,
  }),
  scenario(resources.renameResource, {
    as: educator,
    params: { id: seedIds.paidLesson, resourceId: seedIds.resources.link },
    json: { title: 'Renamed' },
  }),
  scenario(resources.deleteResource, {
    as: educator,
    params: { id: seedIds.paidLesson, resourceId: seedIds.resources.file },
  }),
  scenario(resources.uploadResourceFile, { as: educator, params: lesson1, upload: fileUpload() }),
  scenario(resources.downloadFile, { as: student, params: { fileId: seedIds.materialFile } }),

  scenario(reviews.createReview, {
    as: student,
    json: { lessonId: seedIds.toReviewLesson, body: 'Clear and practical.', rating: 4 },
  }),

  scenario(payments.getPaymentConfig, { as: null }),
  scenario(payments.listMyPayments, { as: student }),
  scenario(payments.createOrder, {
    as: student,
    json: { lessonId: seedIds.paidLesson, sessionId: seedIds.sessions.futurePaid },
  }),
  scenario(payments.capturePayment, {
    as: student,
    params: { id: PROCESSING_ID },
    before: processingPayment,
  }),
  scenario(payments.cancelPayment, {
    as: student,
    params: { id: PROCESSING_ID },
    before: processingPayment,
  }),
  scenario(payments.getPayment, { as: student, params: { id: seedIds.payment } }),
  scenario(payments.paymentWebhook, {
    as: null,
    before: processingPayment,
    json: { id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'ORDER-TEST-2' } },
  }),

  scenario(categories.listCategories, { as: student }),

  scenario(admin.listUsers, { as: adminId, query: { role: 'educator' } }),
  scenario(admin.approveUser, { as: adminId, params: { id: seedIds.unverifiedEducator } }),
  scenario(admin.reactivateUser, {
    as: adminId,
    params: { id: educator },
    before: () => {
      const user = db.users.find((row) => row.id === educator)
      if (user) user.deactivatedAt = new Date(Date.now() - 60_000).toISOString()
    },
  }),
  scenario(admin.assignVideoLicence, {
    as: adminId,
    params: { id: seedIds.educatorWithoutLicence },
  }),
  scenario(admin.removeVideoLicence, { as: adminId, params: { id: educator } }),
  scenario(admin.listVideoLicences, { as: adminId }),
  scenario(admin.addVideoLicence, {
    as: adminId,
    json: { provider: 'zoom', accountEmail: 'zoom-new@pool.example' },
  }),
  scenario(admin.retireVideoLicence, { as: adminId, params: { id: seedIds.licences.free[0] } }),
  scenario(admin.adminOverview, { as: adminId }),
  scenario(admin.listAdminSessions, {
    as: adminId,
    query: { from: '2020-01-01T00:00:00Z', cancelled: false },
  }),
  scenario(admin.listRefunds, { as: adminId, query: { to: '2100-01-01T00:00:00+09:00' } }),

  scenario(guest.guestCategories, { as: null }),
  scenario(guest.guestLessons, { as: null }),
  scenario(guest.guestLesson, { as: null, params: lesson1 }),
  scenario(guest.guestSessions, { as: null, params: lesson1 }),
  scenario(guest.guestSessionRules, { as: null }),
  scenario(guest.guestAverageScore, { as: null, params: { id: educator } }),
  scenario(guest.guestReviews, { as: null, params: { id: educator } }),
]

const keyOf = ({ method, path }: Descriptor) => `${method} ${path}`

const scenarioOf = (endpoint: Endpoint) => {
  const found = scenarios.find(({ descriptor }) => keyOf(descriptor) === keyOf(endpoint))
  if (!found) throw new Error(`No scenario for ${keyOf(endpoint)}`)
  return found
}

const schemaErrors = (endpoint: Endpoint, status: number, body: unknown) => {
  const schema = endpoint.response[status]
  if (!schema) return [`status ${status} is not in the contract`]
  return [...Value.Errors(schema, body)].map((error) => `${error.instancePath} ${error.message}`)
}

describe('every contract endpoint has a mock answering its contract', () => {
  it('has a scenario for every endpoint and no stale one', () => {
    const keys = endpoints.map(keyOf)
    const scenarioKeys = scenarios.map(({ descriptor }) => keyOf(descriptor))
    expect(keys.filter((key) => !scenarioKeys.includes(key))).toEqual([])
    expect(scenarioKeys.filter((key) => !keys.includes(key))).toEqual([])
    // One scenario per endpoint (the keys of the former record guaranteed it).
    expect(new Set(scenarioKeys).size).toBe(scenarioKeys.length)
  })

  it.each(endpoints.map((endpoint) => [keyOf(endpoint), endpoint] as const))(
    '%s succeeds with a body matching the schema',
    async (_key, endpoint) => {
      const { as, send } = scenarioOf(endpoint)
      const { status, headers, body } = await send(as)

      const success = Object.keys(endpoint.response)
        .map(Number)
        .filter((code) => code < 300)
      expect(success).toContain(status)
      const contentType = headers.get('content-type') ?? ''
      if (endpoint.produces === 'text/calendar') {
        expect(contentType).toMatch(/^text\/calendar/)
        expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/)
      } else if (endpoint.produces === 'text/csv') {
        expect(contentType).toMatch(/^text\/csv/)
        // Read as text, the byte order mark is dropped by the decoding.
        expect(body).toMatch(/^\uFEFF?Date,/)
      } else if (endpoint.produces === 'image/*') {
        expect(contentType).toMatch(/^image\//)
        expect(String(body).length).toBeGreaterThan(0)
      } else if (endpoint.produces === 'application/octet-stream') {
        expect(contentType).not.toMatch(/json/)
        expect(String(body).length).toBeGreaterThan(0)
      } else {
        expect(contentType).toMatch(/^application\/json/)
      }
      expect(schemaErrors(endpoint, status, body)).toEqual([])
    },
  )
})

describe('access declared by the contract', () => {
  const restricted = endpoints.filter((endpoint) => endpoint.access !== 'public')

  it.each(restricted.map((endpoint) => [keyOf(endpoint), endpoint] as const))(
    '%s answers 401 to a guest',
    async (_key, endpoint) => {
      const { status, body } = await scenarioOf(endpoint).send(null)
      expect(status).toBe(401)
      expect(Value.Check(ErrorBody, body)).toBe(true)
      expect(body).toMatchObject({ statusCode: 401, error: 'Unauthorized' })
      expect(endpoint.response[401]).toBeDefined()
    },
  )

  const byRole = endpoints.filter((endpoint) => Array.isArray(endpoint.access))
  const outsider = (endpoint: Endpoint) =>
    [
      [adminId, 'admin'],
      [student, 'student'],
      [educator, 'educator'],
    ].find(
      ([, role]) => !(endpoint.access as readonly string[]).includes(role as string),
    )?.[0] as number

  it.each(byRole.map((endpoint) => [keyOf(endpoint), endpoint] as const))(
    '%s answers 403 to a role it does not admit',
    async (_key, endpoint) => {
      const { status, body } = await scenarioOf(endpoint).send(outsider(endpoint))
      expect(status).toBe(403)
      expect(body).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: 'Forbidden',
        code: 'http.forbidden',
        requestId: expect.any(String) as string,
      })
      expect(endpoint.response[403]).toBeDefined()
    },
  )
})
