import Value from 'typebox/value'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Endpoint } from '../../contract/endpoint.ts'
import { api } from '../../contract/index.ts'
import { db as mockDb } from '../../src/mocks/db.ts'
import { server as mockServer } from '../../src/mocks/node.ts'
import { seedDemoData } from '../src/db/seed.ts'
import { SESSION_COOKIE } from '../src/plugins/auth.ts'
import { setupTestApp } from './helpers.ts'

/**
 * The same requests go to the real server (seeded with the demo data) and to the MSW catalogue
 * the SPA's tests run on (seeded with the same accounts): both must answer the same status with
 * a body valid against that status's schema in contract/. Ids differ between the two seeds, so
 * scenarios look them up on each backend the way a client would.
 */
const context = setupTestApp()
const MOCK_API = 'http://localhost:3000/api'

type Answer = { status: number; body: unknown }
type CallOptions = { as?: string | null; body?: unknown }

interface Backend {
  name: string
  call: (method: Endpoint['method'], path: string, options?: CallOptions) => Promise<Answer>
}

const parse = (text: string, contentType: string | null): unknown =>
  contentType?.includes('json') ? (JSON.parse(text) as unknown) : text

const mockBackend: Backend = {
  name: 'mock',
  async call(method, path, { as = null, body } = {}) {
    const user = as ? mockDb.users.find((row) => row.email === as) : undefined
    if (user) mockDb.signIn(user.id)
    else mockDb.signOut()
    const response = await fetch(`${MOCK_API}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return {
      status: response.status,
      body: parse(await response.text(), response.headers.get('content-type')),
    }
  },
}

const cookies = new Map<string, string>()
const serverBackend: Backend = {
  name: 'server',
  async call(method, path, { as = null, body } = {}) {
    let cookie: string | null = null
    if (as) {
      cookie = cookies.get(as) ?? null
      if (!cookie) {
        const login = await context.call({
          method: 'POST',
          url: '/auth/login',
          body: { email: as, password: 'Password1' },
        })
        const session = [login.cookies].flat().find((item) => item.name === SESSION_COOKIE)
        if (!session) throw new Error(`Demo sign-in failed for ${as}: ${login.body}`)
        cookie = `${SESSION_COOKIE}=${session.value}`
        cookies.set(as, cookie)
      }
    }
    const response = await context.call({ method, url: path, cookie, body })
    return {
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
    const { body } = await backend.call('GET', '/guest/lessons?page=1&take=5')
    return (body as { data: { id: number }[] }).data[0]!.id
  },
  firstLessonOwnerId: async (backend: Backend) => {
    const { body } = await backend.call('GET', '/guest/lessons?page=1&take=5')
    return (body as { data: { owner: { id: number } }[] }).data[0]!.owner.id
  },
  categoryId: async (backend: Backend) => {
    const { body } = await backend.call('GET', '/guest/categories')
    return (body as { id: number }[])[0]!.id
  },
  myLessonId: async (backend: Backend) => {
    const { body } = await backend.call('GET', '/lessons/my', { as: EDUCATOR })
    return (body as { data: { id: number }[] }).data[0]!.id
  },
  /** The first session the user attends (student) or teaches (educator) that has not ended. */
  firstUpcoming: (email: string) => async (backend: Backend) => {
    const { body } = await backend.call('GET', '/lessons/upcoming', { as: email })
    const [first] = (body as { data: { lesson: { id: number }; session: { id: number } }[] }).data
    return { lessonId: first!.lesson.id, sessionId: first!.session.id }
  },
  /** The educator's first lesson that has materials, and its first material. */
  lessonWithResources: async (backend: Backend) => {
    const { body } = await backend.call('GET', '/lessons/my', { as: EDUCATOR })
    for (const { id } of (body as { data: { id: number }[] }).data) {
      const list = await backend.call('GET', `/lessons/${id}/resources`, { as: EDUCATOR })
      const [first] = list.body as { id: number }[]
      if (first) return { lessonId: id, resourceId: first.id }
    }
    throw new Error(`${backend.name}: no lesson of ${EDUCATOR} has materials`)
  },
  userId: (email: string) => async (backend: Backend) => {
    const { body } = await backend.call('GET', `/admin/users?search=${encodeURIComponent(email)}`, {
      as: ADMIN,
    })
    return (body as { data: { id: number }[] }).data[0]!.id
  },
}

interface Scenario {
  name: string
  endpoint: Endpoint
  as?: string
  path: string | ((backend: Backend) => Promise<string>)
  body?: Record<string, unknown> | ((backend: Backend) => Promise<unknown>)
}

/** The path of a call on the first upcoming session of `email`. */
const upcomingSessionPath = (email: string, call: 'ics' | 'join') => async (backend: Backend) => {
  const { lessonId, sessionId } = await lookups.firstUpcoming(email)(backend)
  return `/lessons/${lessonId}/sessions/${sessionId}/${call}`
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

const scenarios: Scenario[] = [
  { name: 'status', endpoint: api.system.health, path: '/' },
  { name: 'guest categories', endpoint: api.guest.guestCategories, path: '/guest/categories' },
  {
    name: 'guest lessons page 1',
    endpoint: api.guest.guestLessons,
    path: '/guest/lessons?page=1&take=5&order=DESC',
  },
  {
    name: 'guest lessons, no match',
    endpoint: api.guest.guestLessons,
    path: '/guest/lessons?title=zzzz-no-such',
  },
  {
    name: 'guest lessons, bad categoryIds',
    endpoint: api.guest.guestLessons,
    path: '/guest/lessons?categoryIds=a,b',
  },
  {
    name: 'guest lesson',
    endpoint: api.guest.guestLesson,
    path: async (backend) => `/guest/lessons/${await lookups.firstLessonId(backend)}`,
  },
  { name: 'guest lesson, unknown', endpoint: api.guest.guestLesson, path: '/guest/lessons/999999' },
  {
    name: 'guest sessions',
    endpoint: api.guest.guestSessions,
    path: async (backend) =>
      `/guest/lessons/${await lookups.firstLessonId(backend)}/sessions?page=1&take=100`,
  },
  {
    name: 'guest reviews',
    endpoint: api.guest.guestReviews,
    path: async (backend) =>
      `/guest/users/${await lookups.firstLessonOwnerId(backend)}/reviews?page=1&take=100`,
  },
  {
    name: 'guest average score',
    endpoint: api.guest.guestAverageScore,
    path: async (backend) =>
      `/guest/users/${await lookups.firstLessonOwnerId(backend)}/average_score`,
  },
  { name: 'me as guest', endpoint: api.user.me, path: '/user/me' },
  { name: 'me as student', endpoint: api.user.me, as: STUDENT, path: '/user/me' },
  {
    name: 'login, wrong password',
    endpoint: api.auth.login,
    path: '/auth/login',
    body: { email: STUDENT, password: 'Wrong1password' },
  },
  {
    name: 'login, unconfirmed e-mail',
    endpoint: api.auth.login,
    path: '/auth/login',
    body: { email: UNCONFIRMED, password: 'Password1' },
  },
  {
    name: 'login',
    endpoint: api.auth.login,
    path: '/auth/login',
    body: { email: STUDENT, password: 'Password1', rememberMe: true },
  },
  { name: 'logout', endpoint: api.auth.logout, as: STUDENT, path: '/auth/logout' },
  {
    name: 'register',
    endpoint: api.auth.register,
    path: '/auth/register',
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
    path: '/auth/register',
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
    path: '/auth/register',
    body: { name: 'Sneaky', email: 'sneaky@example.com', password: 'Password1', role: 'admin' },
  },
  {
    name: 'register, weak password',
    endpoint: api.auth.register,
    path: '/auth/register',
    body: { name: 'Weak', email: 'weak@example.com', password: 'short', role: 'student' },
  },
  {
    name: 'confirm, bad token',
    endpoint: api.auth.confirm,
    path: '/auth/confirm',
    body: { validationToken: 'nope' },
  },
  {
    name: 'resend confirmation',
    endpoint: api.auth.resendConfirmation,
    path: '/auth/resend-confirmation',
    body: { email: 'nobody@example.com' },
  },
  {
    name: 'reset e-mail, unknown address',
    endpoint: api.auth.passwordResetEmail,
    path: '/auth/password-reset-email',
    body: { email: 'nobody@example.com' },
  },
  {
    name: 'set new password, bad token',
    endpoint: api.auth.setNewPassword,
    path: '/auth/set-new-password',
    body: { password: 'Password2', passwordResetToken: 'nope' },
  },
  {
    name: 'update profile',
    endpoint: api.user.updateProfile,
    as: STUDENT,
    path: '/user/update_profile',
    body: { name: 'Yuki Y.' },
  },
  {
    name: 'update profile, e-mail taken',
    endpoint: api.user.updateProfile,
    as: STUDENT,
    path: '/user/update_profile',
    body: { email: EDUCATOR },
  },
  {
    name: 'reassign licence as student',
    endpoint: api.user.reassignOwnVideoLicence,
    as: STUDENT,
    path: '/user/reassign_video_licence',
  },
  {
    name: 'reassign licence',
    endpoint: api.user.reassignOwnVideoLicence,
    as: EDUCATOR,
    path: '/user/reassign_video_licence',
  },
  {
    name: 'educator reviews',
    endpoint: api.user.userReviews,
    as: STUDENT,
    path: async (backend) => `/user/${await lookups.firstLessonOwnerId(backend)}/reviews`,
  },
  {
    name: 'educator average',
    endpoint: api.user.userAverageScore,
    as: STUDENT,
    path: async (backend) => `/user/${await lookups.firstLessonOwnerId(backend)}/average_score`,
  },
  { name: 'categories as guest', endpoint: api.categories.listCategories, path: '/categories' },
  { name: 'categories', endpoint: api.categories.listCategories, as: STUDENT, path: '/categories' },
  {
    name: 'lessons',
    endpoint: api.lessons.listLessons,
    as: STUDENT,
    path: '/lessons?page=1&take=5',
  },
  {
    name: 'my lessons as student',
    endpoint: api.lessons.myLessons,
    as: STUDENT,
    path: '/lessons/my',
  },
  { name: 'my lessons', endpoint: api.lessons.myLessons, as: EDUCATOR, path: '/lessons/my' },
  { name: 'history', endpoint: api.lessons.lessonHistory, as: STUDENT, path: '/lessons/history' },
  {
    name: 'upcoming, student',
    endpoint: api.lessons.upcomingLessons,
    as: STUDENT,
    path: '/lessons/upcoming',
  },
  {
    name: 'upcoming, educator',
    endpoint: api.lessons.upcomingLessons,
    as: EDUCATOR,
    path: '/lessons/upcoming',
  },
  {
    name: 'lesson',
    endpoint: api.lessons.getLesson,
    as: STUDENT,
    path: async (backend) => `/lessons/${await lookups.firstLessonId(backend)}`,
  },
  { name: 'lesson, bad id', endpoint: api.lessons.getLesson, as: STUDENT, path: '/lessons/abc' },
  {
    name: 'sessions',
    endpoint: api.sessions.listSessions,
    as: STUDENT,
    path: async (backend) => `/lessons/${await lookups.firstLessonId(backend)}/sessions`,
  },
  {
    name: 'session ics',
    endpoint: api.sessions.sessionIcs,
    as: STUDENT,
    path: upcomingSessionPath(STUDENT, 'ics'),
  },
  {
    name: 'session ics as guest',
    endpoint: api.sessions.sessionIcs,
    path: upcomingSessionPath(STUDENT, 'ics'),
  },
  {
    name: 'session ics, unknown session',
    endpoint: api.sessions.sessionIcs,
    as: STUDENT,
    path: async (backend) => `/lessons/${await lookups.firstLessonId(backend)}/sessions/999999/ics`,
  },
  {
    name: 'join, enrolled student in the join window',
    endpoint: api.sessions.joinSession,
    as: STUDENT,
    path: upcomingSessionPath(STUDENT, 'join'),
  },
  {
    name: 'join, owner',
    endpoint: api.sessions.joinSession,
    as: EDUCATOR,
    path: upcomingSessionPath(EDUCATOR, 'join'),
  },
  {
    name: 'join, not enrolled',
    endpoint: api.sessions.joinSession,
    as: ADMIN,
    path: upcomingSessionPath(STUDENT, 'join'),
  },
  {
    name: 'join, days before the start',
    endpoint: api.sessions.joinSession,
    as: 'mai@manabi.example',
    path: upcomingSessionPath('mai@manabi.example', 'join'),
  },
  {
    name: 'join, unknown lesson',
    endpoint: api.sessions.joinSession,
    as: STUDENT,
    path: '/lessons/999999/sessions/1/join',
  },
  {
    name: 'resources, owner',
    endpoint: api.resources.listResources,
    as: EDUCATOR,
    path: async (backend) =>
      `/lessons/${(await lookups.lessonWithResources(backend)).lessonId}/resources`,
  },
  {
    name: 'resources, enrolled student',
    endpoint: api.resources.listResources,
    as: STUDENT,
    path: async (backend) =>
      `/lessons/${(await lookups.lessonWithResources(backend)).lessonId}/resources`,
  },
  {
    name: 'resources, another educator',
    endpoint: api.resources.listResources,
    as: 'emily@manabi.example',
    path: async (backend) =>
      `/lessons/${(await lookups.lessonWithResources(backend)).lessonId}/resources`,
  },
  {
    name: 'resources as guest',
    endpoint: api.resources.listResources,
    path: async (backend) =>
      `/lessons/${(await lookups.lessonWithResources(backend)).lessonId}/resources`,
  },
  {
    name: 'resources, unknown lesson',
    endpoint: api.resources.listResources,
    as: ADMIN,
    path: '/lessons/999999/resources',
  },
  {
    name: 'resource',
    endpoint: api.resources.getResource,
    as: ADMIN,
    path: async (backend) => {
      const { lessonId, resourceId } = await lookups.lessonWithResources(backend)
      return `/lessons/${lessonId}/resources/${resourceId}`
    },
  },
  {
    name: 'resource, unknown',
    endpoint: api.resources.getResource,
    as: EDUCATOR,
    path: async (backend) =>
      `/lessons/${(await lookups.lessonWithResources(backend)).lessonId}/resources/999999`,
  },
  {
    name: 'resource, another educator',
    endpoint: api.resources.getResource,
    as: 'emily@manabi.example',
    path: async (backend) => {
      const { lessonId, resourceId } = await lookups.lessonWithResources(backend)
      return `/lessons/${lessonId}/resources/${resourceId}`
    },
  },
  {
    name: 'file, unknown',
    endpoint: api.resources.downloadFile,
    as: STUDENT,
    path: '/files/999999',
  },
  { name: 'file as guest', endpoint: api.resources.downloadFile, path: '/files/999999' },
  {
    name: 'create lesson',
    endpoint: api.lessons.createLesson,
    as: EDUCATOR,
    path: '/lessons',
    body: async (backend) => lessonBody(await lookups.categoryId(backend)),
  },
  {
    name: 'create lesson, unverified educator',
    endpoint: api.lessons.createLesson,
    as: UNVERIFIED,
    path: '/lessons',
    body: async (backend) => lessonBody(await lookups.categoryId(backend)),
  },
  {
    name: 'create lesson as student',
    endpoint: api.lessons.createLesson,
    as: STUDENT,
    path: '/lessons',
    body: async (backend) => lessonBody(await lookups.categoryId(backend)),
  },
  {
    name: 'create lesson, max below min',
    endpoint: api.lessons.createLesson,
    as: EDUCATOR,
    path: '/lessons',
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
    path: '/lessons',
    body: async (backend) => ({ ...lessonBody(await lookups.categoryId(backend)), title: '   ' }),
  },
  {
    name: 'register, blank name',
    endpoint: api.auth.register,
    path: '/auth/register',
    body: { name: '  ', email: 'blank@example.com', password: 'Password1', role: 'student' },
  },
  {
    name: 'update own lesson',
    endpoint: api.lessons.updateLesson,
    as: EDUCATOR,
    path: async (backend) => `/lessons/${await lookups.myLessonId(backend)}`,
    body: async (backend) => lessonBody(await lookups.categoryId(backend)),
  },
  {
    name: "update another's lesson",
    endpoint: api.lessons.updateLesson,
    as: 'emily@manabi.example',
    path: async (backend) => `/lessons/${await lookups.myLessonId(backend)}`,
    body: async (backend) => lessonBody(await lookups.categoryId(backend)),
  },
  {
    name: 'admin users',
    endpoint: api.admin.listUsers,
    as: ADMIN,
    path: '/admin/users?role=educator',
  },
  {
    name: 'admin users as educator',
    endpoint: api.admin.listUsers,
    as: EDUCATOR,
    path: '/admin/users',
  },
  {
    name: 'approve educator',
    endpoint: api.admin.approveUser,
    as: ADMIN,
    path: async (backend) => `/admin/users/${await lookups.userId(UNVERIFIED)(backend)}/approve`,
  },
  {
    name: 'approve a student',
    endpoint: api.admin.approveUser,
    as: ADMIN,
    path: async (backend) => `/admin/users/${await lookups.userId(STUDENT)(backend)}/approve`,
  },
  {
    name: 'assign licence',
    endpoint: api.admin.assignVideoLicence,
    as: ADMIN,
    path: async (backend) =>
      `/admin/users/${await lookups.userId('laura@manabi.example')(backend)}/video-licence`,
    body: {},
  },
  {
    name: 'remove licence',
    endpoint: api.admin.removeVideoLicence,
    as: ADMIN,
    path: async (backend) =>
      `/admin/users/${await lookups.userId(EDUCATOR)(backend)}/video-licence`,
  },
  {
    name: 'remove licence not held',
    endpoint: api.admin.removeVideoLicence,
    as: ADMIN,
    path: async (backend) =>
      `/admin/users/${await lookups.userId('laura@manabi.example')(backend)}/video-licence`,
  },
]

const resolve = async <T>(value: T | ((backend: Backend) => Promise<T>), backend: Backend) =>
  typeof value === 'function' ? (value as (backend: Backend) => Promise<T>)(backend) : value

const run = async (backend: Backend, scenario: Scenario) => {
  const path = await resolve(scenario.path, backend)
  const body = scenario.body === undefined ? undefined : await resolve(scenario.body, backend)
  return backend.call(scenario.endpoint.method, path, { as: scenario.as ?? null, body })
}

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }))
beforeEach(async () => {
  cookies.clear()
  mockDb.reset()
  await seedDemoData(context.db, context.app.storage)
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
