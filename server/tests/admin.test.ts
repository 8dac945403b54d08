import { eq } from 'drizzle-orm'
import Value from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { ErrorBody } from '../../contract/common.ts'
import * as admin from '../../contract/descriptors/admin.ts'
import {
  approveUser,
  assignVideoLicence,
  listUsers,
  removeVideoLicence,
} from '../../contract/endpoints/admin.ts'
import { users, videoLicences } from '../src/db/schema.ts'
import { daysAgo } from './catalogue-fixtures.ts'
import {
  type ApiResponse,
  bodyOf,
  createUser,
  errorOf,
  type QueryInput,
  setupTestApp,
  signIn,
  type UserFixture,
} from './helpers.ts'

const context = setupTestApp()

const addLicences = async (count: number) =>
  context.db
    .insert(videoLicences)
    .values(
      Array.from({ length: count }, (_, index) => ({
        provider: index % 2 === 0 ? 'zoom' : 'google_meet',
        accountEmail: `licence-${index + 1}@pool.example`,
      })),
    )
    .returning()

const asAdmin = async () => signIn(context, await createUser(context.db, { role: 'admin' }))

const licenceOf = async (userId: number) => {
  const [row] = await context.db
    .select({ licenceId: users.videoLicenceId })
    .from(users)
    .where(eq(users.id, userId))
  return row?.licenceId
}

describe('who may call the admin endpoints', () => {
  type Caller = 'guest' | 'student' | 'educator' | 'unverified educator' | 'admin'
  const callers: [Caller, number][] = [
    ['guest', 401],
    ['student', 403],
    ['educator', 403],
    ['unverified educator', 403],
    ['admin', 200],
  ]

  const cookieOf = async (caller: Caller) => {
    if (caller === 'guest') return null
    const user =
      caller === 'unverified educator'
        ? await createUser(context.db, { role: 'educator', approvedAt: null })
        : await createUser(context.db, { role: caller })
    return signIn(context, user)
  }

  type Call = (cookie: string | null) => Promise<ApiResponse>

  /** Each call against a target it would succeed on, so only the caller decides the answer. */
  const calls: Record<string, () => Promise<Call>> = {
    'GET /admin/users': async () => (cookie) => context.call(admin.listUsers, { cookie }),
    'POST /admin/users/:id/approve': async () => {
      const target = await createUser(context.db, { role: 'educator', approvedAt: null })
      return (cookie) =>
        context.call(admin.approveUser, { params: { id: target.id }, cookie, body: {} })
    },
    'POST /admin/users/:id/video-licence': async () => {
      await addLicences(1)
      const target = await createUser(context.db, { role: 'educator' })
      return (cookie) =>
        context.call(admin.assignVideoLicence, { params: { id: target.id }, cookie, body: {} })
    },
    'DELETE /admin/users/:id/video-licence': async () => {
      const [licence] = await addLicences(1)
      const target = await createUser(context.db, {
        role: 'educator',
        videoLicenceId: licence?.id,
      })
      return (cookie) =>
        context.call(admin.removeVideoLicence, { params: { id: target.id }, cookie })
    },
    'GET /admin/video-licences': async () => (cookie) =>
      context.call(admin.listVideoLicences, { cookie }),
    'POST /admin/video-licences': async () => (cookie) =>
      context.call(admin.addVideoLicence, {
        cookie,
        body: { provider: 'zoom', accountEmail: 'matrix@pool.example' },
      }),
    'DELETE /admin/video-licences/:id': async () => {
      const [licence] = await addLicences(1)
      return (cookie) =>
        context.call(admin.retireVideoLicence, { params: { id: licence!.id }, cookie })
    },
  }

  for (const [name, prepare] of Object.entries(calls)) {
    it.each(callers)(`${name} as %s answers %i`, async (caller, status) => {
      const call = await prepare()
      const cookie = await cookieOf(caller)
      const response = await call(cookie)
      // Adding a licence is the one call that answers 201 Created.
      const success = name === 'POST /admin/video-licences' ? 201 : 200
      expect(response.statusCode).toBe(status === 200 ? success : status)
      if (status !== 200) {
        expect(response.json()).toMatchObject({
          statusCode: status,
          message: status === 401 ? 'Unauthorized' : 'Forbidden',
        })
      }
    })
  }
})

describe('GET /admin/users', () => {
  const list = async (cookie: string, query: QueryInput<typeof admin.listUsers> = {}) => {
    const response = await context.call(admin.listUsers, { query, cookie })
    return response
  }
  const namesOf = (response: ApiResponse<typeof admin.listUsers>) =>
    bodyOf(response).data.map((user) => user.name)

  it('lists users newest first with their licence and the paging meta', async () => {
    const [licence] = await addLicences(1)
    const adminUser = await createUser(context.db, {
      role: 'admin',
      name: 'Ada',
      createdAt: daysAgo(5),
    })
    await createUser(context.db, { name: 'Oldest', createdAt: daysAgo(9) })
    const educator = await createUser(context.db, {
      role: 'educator',
      name: 'Newest',
      createdAt: daysAgo(1),
      videoLicenceId: licence?.id,
    })
    const cookie = await signIn(context, adminUser)

    const response = await list(cookie)
    expect(response.statusCode).toBe(200)
    const body = bodyOf(response)
    expect(Value.Check(listUsers.response[200], body)).toBe(true)
    expect(namesOf(response)).toEqual(['Newest', 'Ada', 'Oldest'])
    expect(body.data[0]).toEqual({
      id: educator.id,
      name: 'Newest',
      email: educator.email,
      role: 'educator',
      isEmailConfirmed: true,
      isValidated: true,
      isVideoConferenceConnected: true,
      videoLicence: { id: licence?.id, provider: 'zoom', accountEmail: 'licence-1@pool.example' },
      createdAt: educator.createdAt.toISOString(),
      upcomingSessionCount: 0,
      deactivatedAt: null,
      // A row written without the earnings rule's anchor: it has no period to weigh.
      earningsRule: null,
    })
    expect(response.json()).toMatchObject({
      meta: { page: 1, take: 20, itemCount: 3, pageCount: 1, hasNextPage: false },
    })
  })

  it('pages with page and take', async () => {
    const adminUser = await createUser(context.db, { role: 'admin', createdAt: daysAgo(10) })
    for (let day = 1; day <= 4; day += 1) {
      await createUser(context.db, { name: `Student ${day}`, createdAt: daysAgo(day) })
    }
    const cookie = await signIn(context, adminUser)

    const second = await list(cookie, { page: 2, take: 2 })
    expect(namesOf(second)).toEqual(['Student 3', 'Student 4'])
    expect(second.json()).toMatchObject({
      meta: { page: 2, take: 2, itemCount: 5, pageCount: 3, hasNextPage: true },
    })
    const last = await list(cookie, { page: 3, take: 2 })
    expect(bodyOf(last).data).toHaveLength(1)
    expect(last.json()).toMatchObject({ meta: { hasNextPage: false } })
    const beyond = await list(cookie, { page: 9, take: 2 })
    expect(beyond.json()).toMatchObject({ data: [], meta: { itemCount: 5, page: 9 } })
  })

  it('defaults take to 20', async () => {
    const adminUser = await createUser(context.db, { role: 'admin' })
    for (let index = 0; index < 21; index += 1) await createUser(context.db)
    const response = await list(await signIn(context, adminUser))
    expect(bodyOf(response).data).toHaveLength(20)
    expect(response.json()).toMatchObject({ meta: { take: 20, itemCount: 22, pageCount: 2 } })
  })

  it.each([
    [{ take: 101 }, 'take'],
    [{ take: 0 }, 'take'],
    [{ page: 0 }, 'page'],
    [{ role: 'teacher' }, 'role'],
    [{ isValidated: 'maybe' }, 'isValidated'],
  ])('refuses %j with 400', async (query, field) => {
    const response = await list(await asAdmin(), query)
    expect(response.statusCode).toBe(400)
    expect(Value.Check(ErrorBody, response.json())).toBe(true)
    const { message } = errorOf(response)
    expect(message).toBeInstanceOf(Array)
    expect([message].flat().join(' ')).toContain(field)
  })

  it('filters by role', async () => {
    const adminUser = await createUser(context.db, { role: 'admin', createdAt: daysAgo(3) })
    await createUser(context.db, { role: 'educator', name: 'Teacher', createdAt: daysAgo(2) })
    await createUser(context.db, { role: 'student', name: 'Learner', createdAt: daysAgo(1) })
    const cookie = await signIn(context, adminUser)
    expect(namesOf(await list(cookie, { role: 'educator' }))).toEqual(['Teacher'])
    expect(namesOf(await list(cookie, { role: 'student' }))).toEqual(['Learner'])
    expect(namesOf(await list(cookie, { role: 'admin' }))).toEqual([adminUser.name])
  })

  it('searches name or e-mail, case-insensitively', async () => {
    const adminUser = await createUser(context.db, {
      role: 'admin',
      name: 'Root',
      createdAt: daysAgo(9),
    })
    await createUser(context.db, {
      name: 'Kenji Tanaka',
      email: 'k@one.example',
      createdAt: daysAgo(3),
    })
    await createUser(context.db, {
      name: 'Emily',
      email: 'emily.KEN@two.example',
      createdAt: daysAgo(2),
    })
    await createUser(context.db, { name: 'Mai', email: 'mai@three.example', createdAt: daysAgo(1) })
    const cookie = await signIn(context, adminUser)
    expect(namesOf(await list(cookie, { search: 'ken' }))).toEqual(['Emily', 'Kenji Tanaka'])
    expect(namesOf(await list(cookie, { search: ' TANAKA ' }))).toEqual(['Kenji Tanaka'])
    expect(namesOf(await list(cookie, { search: 'three.EXAMPLE' }))).toEqual(['Mai'])
    expect(namesOf(await list(cookie, { search: 'nobody' }))).toEqual([])
  })

  it('matches % and _ in the search text literally', async () => {
    const adminUser = await createUser(context.db, {
      role: 'admin',
      name: 'Root',
      createdAt: daysAgo(9),
    })
    await createUser(context.db, { name: '100% Sure', createdAt: daysAgo(3) })
    await createUser(context.db, { name: 'snake_case', createdAt: daysAgo(2) })
    await createUser(context.db, { name: 'snakeXcase', createdAt: daysAgo(1) })
    const cookie = await signIn(context, adminUser)
    expect(namesOf(await list(cookie, { search: '%' }))).toEqual(['100% Sure'])
    expect(namesOf(await list(cookie, { search: 'e_c' }))).toEqual(['snake_case'])
  })

  it('filters by approval: students and admins count as validated', async () => {
    const adminUser = await createUser(context.db, {
      role: 'admin',
      name: 'Root',
      createdAt: daysAgo(9),
    })
    await createUser(context.db, { role: 'educator', name: 'Approved', createdAt: daysAgo(4) })
    await createUser(context.db, {
      role: 'educator',
      name: 'Waiting',
      approvedAt: null,
      createdAt: daysAgo(3),
    })
    await createUser(context.db, { role: 'student', name: 'Learner', createdAt: daysAgo(2) })
    const cookie = await signIn(context, adminUser)

    const waiting = await list(cookie, { isValidated: false })
    expect(namesOf(waiting)).toEqual(['Waiting'])
    expect(bodyOf(waiting).data[0]?.isValidated).toBe(false)
    expect(namesOf(await list(cookie, { isValidated: true }))).toEqual([
      'Learner',
      'Approved',
      'Root',
    ])
    expect(namesOf(await list(cookie, { isValidated: true, role: 'educator' }))).toEqual([
      'Approved',
    ])
  })
})

describe('POST /admin/users/:id/approve', () => {
  const approve = (cookie: string, id: number | string) =>
    context.call(admin.approveUser, { params: { id }, cookie })

  it('approves an educator awaiting approval', async () => {
    const cookie = await asAdmin()
    const educator = await createUser(context.db, { role: 'educator', approvedAt: null })
    const response = await approve(cookie, educator.id)
    expect(response.statusCode).toBe(200)
    expect(Value.Check(approveUser.response[200], response.json())).toBe(true)
    expect(response.json()).toMatchObject({ id: educator.id, isValidated: true })
    const [row] = await context.db.select().from(users).where(eq(users.id, educator.id))
    expect(row?.approvedAt).toBeInstanceOf(Date)
  })

  it('refuses to approve an approved educator with 409, keeping the first approval date', async () => {
    const cookie = await asAdmin()
    const approvedAt = daysAgo(7)
    const educator = await createUser(context.db, { role: 'educator', approvedAt })
    const response = await approve(cookie, educator.id)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'This educator is already approved',
      code: 'accounts.alreadyApproved',
      requestId: expect.any(String) as string,
    })
    const [row] = await context.db.select().from(users).where(eq(users.id, educator.id))
    expect(row?.approvedAt?.toISOString()).toBe(approvedAt.toISOString())
  })

  it.each(['student', 'admin'] as const)('refuses to approve a %s with 409', async (role) => {
    const cookie = await asAdmin()
    const target = await createUser(context.db, { role })
    const response = await approve(cookie, target.id)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'The user is not an educator',
      code: 'licences.notAnEducator',
      requestId: expect.any(String) as string,
    })
  })

  it('answers 404 for an unknown user and 400 for an invalid id', async () => {
    const cookie = await asAdmin()
    const missing = await approve(cookie, 999_999)
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ message: 'User not found' })
    const invalid = await approve(cookie, 'abc')
    expect(invalid.statusCode).toBe(400)
  })
})

describe('POST /admin/users/:id/video-licence', () => {
  const assign = (cookie: string, id: number, body: unknown = {}) =>
    context.call(admin.assignVideoLicence, { params: { id }, cookie, body })

  it('lends the first free licence to an educator without one', async () => {
    const cookie = await asAdmin()
    const [first, second] = await addLicences(2)
    await createUser(context.db, { role: 'educator', videoLicenceId: first?.id })
    const educator = await createUser(context.db, { role: 'educator' })

    const response = await assign(cookie, educator.id)
    expect(response.statusCode).toBe(200)
    expect(Value.Check(assignVideoLicence.response[200], response.json())).toBe(true)
    expect(response.json()).toMatchObject({
      id: educator.id,
      isVideoConferenceConnected: true,
      videoLicence: { id: second?.id, provider: 'google_meet' },
    })
    expect(await licenceOf(educator.id)).toBe(second?.id)
  })

  it('lends the licence named in the body', async () => {
    const cookie = await asAdmin()
    const [, , third] = await addLicences(3)
    const educator = await createUser(context.db, { role: 'educator' })
    const response = await assign(cookie, educator.id, { licenceId: third?.id })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ videoLicence: { id: third?.id } })
  })

  it('replaces the licence an educator holds and returns the old one to the pool', async () => {
    const cookie = await asAdmin()
    const [first, second] = await addLicences(2)
    const educator = await createUser(context.db, { role: 'educator', videoLicenceId: first?.id })
    const response = await assign(cookie, educator.id)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ videoLicence: { id: second?.id } })

    // The first licence is free again, so another educator can take it.
    const other = await createUser(context.db, { role: 'educator' })
    const again = await assign(cookie, other.id)
    expect(again.json()).toMatchObject({ videoLicence: { id: first?.id } })
  })

  it('answers 409 when no licence is free', async () => {
    const cookie = await asAdmin()
    const [only] = await addLicences(1)
    await createUser(context.db, { role: 'educator', videoLicenceId: only?.id })
    const educator = await createUser(context.db, { role: 'educator' })
    const response = await assign(cookie, educator.id)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ message: 'No free video licence is available' })
    expect(await licenceOf(educator.id)).toBeNull()
  })

  it('answers 409 when the named licence is taken and keeps the held one', async () => {
    const cookie = await asAdmin()
    const [first, second] = await addLicences(2)
    await createUser(context.db, { role: 'educator', videoLicenceId: first?.id })
    const educator = await createUser(context.db, { role: 'educator', videoLicenceId: second?.id })
    const response = await assign(cookie, educator.id, { licenceId: first?.id })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ message: 'That video licence is not free' })
    expect(await licenceOf(educator.id)).toBe(second?.id)
  })

  it('answers 404 for an unknown licence or user', async () => {
    const cookie = await asAdmin()
    await addLicences(1)
    const educator = await createUser(context.db, { role: 'educator' })
    const noLicence = await assign(cookie, educator.id, { licenceId: 999 })
    expect(noLicence.statusCode).toBe(404)
    expect(noLicence.json()).toMatchObject({ message: 'Licence not found' })
    const noUser = await assign(cookie, 999_999)
    expect(noUser.statusCode).toBe(404)
    expect(noUser.json()).toMatchObject({ message: 'User not found' })
  })

  it('refuses an invalid licence id with 400', async () => {
    const cookie = await asAdmin()
    const educator = await createUser(context.db, { role: 'educator' })
    const response = await assign(cookie, educator.id, { licenceId: 0 })
    expect(response.statusCode).toBe(400)
  })

  it.each(['student', 'admin'] as const)('refuses a %s with 409', async (role) => {
    const cookie = await asAdmin()
    await addLicences(1)
    const target = await createUser(context.db, { role })
    const response = await assign(cookie, target.id)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ message: 'The user is not an educator' })
    expect(await licenceOf(target.id)).toBeNull()
  })
})

describe('DELETE /admin/users/:id/video-licence', () => {
  const remove = (cookie: string, id: number) =>
    context.call(admin.removeVideoLicence, { params: { id }, cookie })

  it("takes an educator's licence back into the pool", async () => {
    const cookie = await asAdmin()
    const [licence] = await addLicences(1)
    const educator = await createUser(context.db, { role: 'educator', videoLicenceId: licence?.id })
    const response = await remove(cookie, educator.id)
    expect(response.statusCode).toBe(200)
    expect(Value.Check(removeVideoLicence.response[200], response.json())).toBe(true)
    expect(response.json()).toMatchObject({ isVideoConferenceConnected: false, videoLicence: null })
    expect(await licenceOf(educator.id)).toBeNull()

    const other = await createUser(context.db, { role: 'educator' })
    const reused = await context.call(admin.assignVideoLicence, {
      params: { id: other.id },
      cookie,
      body: {},
    })
    expect(reused.json()).toMatchObject({ videoLicence: { id: licence?.id } })
  })

  it('answers 409 when the educator holds no licence', async () => {
    const cookie = await asAdmin()
    const educator = await createUser(context.db, { role: 'educator' })
    const response = await remove(cookie, educator.id)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ message: 'This educator holds no video licence' })
  })

  it('answers 409 for a non-educator and 404 for an unknown user', async () => {
    const cookie = await asAdmin()
    const student: UserFixture = await createUser(context.db)
    const notEducator = await remove(cookie, student.id)
    expect(notEducator.statusCode).toBe(409)
    expect(notEducator.json()).toMatchObject({ message: 'The user is not an educator' })
    const missing = await remove(cookie, 999_999)
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ message: 'User not found' })
  })
})
