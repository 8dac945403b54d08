import { describe, expect, it } from 'vitest'
import Value from 'typebox/value'
import { buildPath, endpoints, ErrorBody, type Endpoint } from '@contract/index'
import { db, DEMO_PASSWORD, seedIds, seedTokens } from '@/mocks/db'
import { call, dayFromNow, fileUpload, imageUpload, type CallOptions } from './helpers'

/**
 * One successful request per endpoint of the contract. A new endpoint without a scenario here,
 * or without a mock handler (MSW then rejects the request), fails this file.
 */
interface Scenario extends Omit<CallOptions, 'as'> {
  as: number | null
  params?: Record<string, number>
  /** Puts rows the call needs into the database first. */
  before?: () => void
}

const processingPayment = () => {
  db.payments.push({
    id: 2,
    userId: seedIds.student,
    lessonId: seedIds.paidLesson,
    sessionId: seedIds.sessions.futurePaid,
    orderId: 'ORDER-TEST-2',
    transactionId: null,
    status: 'processing',
    amount_in_cents: 2000,
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
}

const { admin, educator, student } = seedIds
const lesson1 = { id: seedIds.paidLesson }

const scenarios: Record<string, Scenario> = {
  'GET /': { as: null },

  'POST /auth/register': {
    as: null,
    json: {
      name: 'New Person',
      email: 'new@manabi.example',
      password: 'Secret1',
      role: 'student',
      terms: true,
    },
  },
  'POST /auth/confirm': { as: null, json: { validationToken: seedTokens.confirm } },
  'POST /auth/resend-confirmation': { as: null, json: { email: 'sam@manabi.example' } },
  'POST /auth/login': { as: null, json: { email: 'yuki@manabi.example', password: DEMO_PASSWORD } },
  'GET /auth/logout': { as: student },
  'POST /auth/password-reset-email': { as: null, json: { email: 'yuki@manabi.example' } },
  'POST /auth/set-new-password': {
    as: null,
    json: { password: 'Another1', passwordResetToken: seedTokens.reset },
  },

  'GET /user/me': { as: student },
  'PATCH /user/update_profile': { as: educator, json: { description: 'New bio' } },
  'POST /user/reassign_video_licence': { as: educator },
  'GET /user/:id/reviews': { as: student, params: { id: educator } },
  'GET /user/:id/average_score': { as: student, params: { id: educator } },

  'GET /lessons': { as: student, query: { take: 3 } },
  'GET /lessons/my': { as: educator },
  'GET /lessons/history': { as: student },
  'GET /lessons/upcoming': { as: student },
  'GET /lessons/:id': { as: student, params: lesson1 },
  'GET /lessons/:id/image': { as: null, params: lesson1 },
  'POST /lessons': { as: educator, json: lessonBody },
  'PUT /lessons/:id': { as: educator, params: lesson1, json: lessonBody },
  'POST /lessons/upload-image': { as: educator, upload: imageUpload() },

  'GET /lessons/:id/sessions': { as: student, params: lesson1 },
  'POST /lessons/:id/sessions': { as: educator, params: lesson1, json: sessionBody(20) },
  'PUT /lessons/:id/sessions/:sessionId': {
    as: educator,
    params: { id: seedIds.paidLesson, sessionId: seedIds.sessions.futurePaid },
    json: sessionBody(21),
  },
  'DELETE /lessons/:id/sessions/:sessionId': {
    as: educator,
    params: { id: seedIds.paidLesson, sessionId: seedIds.sessions.futurePaid },
  },
  'POST /lessons/:id/sessions/:sessionId/enroll': {
    as: student,
    params: { id: seedIds.freeLesson, sessionId: seedIds.sessions.futureFree },
  },
  'DELETE /lessons/:id/sessions/:sessionId/unenroll': {
    as: student,
    params: { id: seedIds.freeLesson, sessionId: seedIds.sessions.startingSoon },
  },
  'GET /lessons/:id/sessions/:sessionId/ics': {
    as: student,
    params: { id: seedIds.paidLesson, sessionId: seedIds.sessions.futurePaid },
  },
  'GET /lessons/:id/sessions/:sessionId/join': {
    as: student,
    params: { id: seedIds.freeLesson, sessionId: seedIds.sessions.startingSoon },
  },

  'GET /lessons/:id/resources': { as: student, params: lesson1 },
  'POST /lessons/:id/resources': { as: educator, params: lesson1, json: linkBody },
  'GET /lessons/:id/resources/:resourceId': {
    as: student,
    params: { id: seedIds.paidLesson, resourceId: seedIds.resources.link },
  },
  'PUT /lessons/:id/resources/:resourceId': {
    as: educator,
    params: { id: seedIds.paidLesson, resourceId: seedIds.resources.link },
    json: linkBody,
  },
  'PATCH /lessons/:id/resources/:resourceId': {
    as: educator,
    params: { id: seedIds.paidLesson, resourceId: seedIds.resources.link },
    json: { title: 'Renamed' },
  },
  'DELETE /lessons/:id/resources/:resourceId': {
    as: educator,
    params: { id: seedIds.paidLesson, resourceId: seedIds.resources.file },
  },
  'POST /lessons/:id/resources/upload': { as: educator, params: lesson1, upload: fileUpload() },
  'GET /files/:fileId': { as: student, params: { fileId: seedIds.materialFile } },

  'POST /reviews': {
    as: student,
    json: { lessonId: seedIds.toReviewLesson, body: 'Clear and practical.', rating: 4 },
  },

  'POST /payments/orders': {
    as: student,
    json: { lessonId: seedIds.paidLesson, sessionId: seedIds.sessions.futurePaid },
  },
  'POST /payments/:id/capture': { as: student, params: { id: 2 }, before: processingPayment },
  'POST /payments/:id/cancel': { as: student, params: { id: 2 }, before: processingPayment },
  'GET /payments/:id': { as: student, params: { id: seedIds.payment } },
  'POST /payments/webhook/paypal': {
    as: null,
    before: processingPayment,
    json: { id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'ORDER-TEST-2' } },
  },

  'GET /categories': { as: student },

  'GET /admin/users': { as: admin, query: { role: 'educator' } },
  'POST /admin/users/:id/approve': { as: admin, params: { id: seedIds.unverifiedEducator } },
  'POST /admin/users/:id/video-licence': {
    as: admin,
    params: { id: seedIds.educatorWithoutLicence },
  },
  'DELETE /admin/users/:id/video-licence': { as: admin, params: { id: educator } },

  'GET /guest/categories': { as: null },
  'GET /guest/lessons': { as: null },
  'GET /guest/lessons/:id': { as: null, params: lesson1 },
  'GET /guest/lessons/:id/sessions': { as: null, params: lesson1 },
  'GET /guest/users/:id/average_score': { as: null, params: { id: educator } },
  'GET /guest/users/:id/reviews': { as: null, params: { id: educator } },
}

const keyOf = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`

const send = (endpoint: Endpoint, scenario: Scenario, as: number | null) => {
  scenario.before?.()
  return call(endpoint.method, buildPath(endpoint.path, scenario.params), { ...scenario, as })
}

const schemaErrors = (endpoint: Endpoint, status: number, body: unknown) => {
  const schema = endpoint.response[status]
  if (!schema) return [`status ${status} is not in the contract`]
  return [...Value.Errors(schema, body)].map((error) => `${error.instancePath} ${error.message}`)
}

describe('every contract endpoint has a mock answering its contract', () => {
  it('has a scenario for every endpoint and no stale one', () => {
    const keys = endpoints.map(keyOf)
    expect(keys.filter((key) => !(key in scenarios))).toEqual([])
    expect(Object.keys(scenarios).filter((key) => !keys.includes(key))).toEqual([])
  })

  it.each(endpoints.map((endpoint) => [keyOf(endpoint), endpoint] as const))(
    '%s succeeds with a body matching the schema',
    async (key, endpoint) => {
      const scenario = scenarios[key]
      if (!scenario) throw new Error(`No scenario for ${key}`)
      const { status, headers, body } = await send(endpoint, scenario, scenario.as)

      const success = Object.keys(endpoint.response)
        .map(Number)
        .filter((code) => code < 300)
      expect(success).toContain(status)
      const contentType = headers.get('content-type') ?? ''
      if (endpoint.produces === 'text/calendar') {
        expect(contentType).toMatch(/^text\/calendar/)
        expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/)
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
    async (key, endpoint) => {
      const { status, body } = await send(endpoint, scenarios[key] as Scenario, null)
      expect(status).toBe(401)
      expect(Value.Check(ErrorBody, body)).toBe(true)
      expect(body).toMatchObject({ statusCode: 401, error: 'Unauthorized' })
      expect(endpoint.response[401]).toBeDefined()
    },
  )

  const byRole = endpoints.filter((endpoint) => Array.isArray(endpoint.access))
  const outsider = (endpoint: Endpoint) =>
    [
      [admin, 'admin'],
      [student, 'student'],
      [educator, 'educator'],
    ].find(
      ([, role]) => !(endpoint.access as readonly string[]).includes(role as string),
    )?.[0] as number

  it.each(byRole.map((endpoint) => [keyOf(endpoint), endpoint] as const))(
    '%s answers 403 to a role it does not admit',
    async (key, endpoint) => {
      const { status, body } = await send(endpoint, scenarios[key] as Scenario, outsider(endpoint))
      expect(status).toBe(403)
      expect(body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Forbidden' })
      expect(endpoint.response[403]).toBeDefined()
    },
  )
})
