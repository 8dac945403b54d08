import { asc, eq, isNotNull, sql } from 'drizzle-orm'
import Value from 'typebox/value'
import { describe, expect, it } from 'vitest'
import * as admin from '../../contract/descriptors/admin.ts'
import { MESSAGES } from '../../contract/messages.ts'
import {
  addVideoLicence,
  listUsers,
  listVideoLicences,
  retireVideoLicence,
} from '../../contract/endpoints/admin.ts'
import { outbox, users, videoLicences } from '../src/db/schema.ts'
import { createLesson, createSession, DAY, daysAgo, HOUR } from './catalogue-fixtures.ts'
import { bodyOf, createUser, errorOf, type QueryInput, setupTestApp, signIn } from './helpers.ts'

const context = setupTestApp()

const addLicence = async (accountEmail: string, provider: 'zoom' | 'google_meet' = 'zoom') => {
  const [row] = await context.db
    .insert(videoLicences)
    .values({ provider, accountEmail })
    .returning()
  if (!row) throw new Error('Licence was not created')
  return row
}

const asAdmin = async () => signIn(context, await createUser(context.db, { role: 'admin' }))

const mails = () => context.db.select().from(outbox).orderBy(asc(outbox.id))

describe('GET /admin/video-licences', () => {
  it('lists every licence, oldest first, with its holder or null', async () => {
    const cookie = await asAdmin()
    const held = await addLicence('held@pool.example')
    const free = await addLicence('free@pool.example', 'google_meet')
    const educator = await createUser(context.db, {
      role: 'educator',
      name: 'Kenji',
      videoLicenceId: held.id,
    })

    const response = await context.call(admin.listVideoLicences, { cookie })
    expect(response.statusCode).toBe(200)
    expect(Value.Check(listVideoLicences.response[200], response.json())).toBe(true)
    expect(bodyOf(response)).toEqual([
      {
        id: held.id,
        provider: 'zoom',
        accountEmail: 'held@pool.example',
        holder: { id: educator.id, name: 'Kenji', email: educator.email },
        createdAt: held.createdAt.toISOString(),
      },
      {
        id: free.id,
        provider: 'google_meet',
        accountEmail: 'free@pool.example',
        holder: null,
        createdAt: free.createdAt.toISOString(),
      },
    ])
  })
})

describe('POST /admin/video-licences', () => {
  const add = (cookie: string, body: unknown) =>
    context.call(admin.addVideoLicence, { cookie, body: body as never })

  it('adds a free licence to the pool, its e-mail in lower case', async () => {
    const cookie = await asAdmin()
    const response = await add(cookie, {
      provider: 'google_meet',
      accountEmail: 'Meet-9@Pool.example',
    })
    expect(response.statusCode).toBe(201)
    expect(Value.Check(addVideoLicence.response[201], response.json())).toBe(true)
    expect(response.json()).toMatchObject({
      provider: 'google_meet',
      accountEmail: 'meet-9@pool.example',
      holder: null,
    })
    const rows = await context.db.select().from(videoLicences)
    expect(rows.map((row) => row.accountEmail)).toEqual(['meet-9@pool.example'])

    // The new licence is the one the next educator gets.
    const educator = await createUser(context.db, { role: 'educator' })
    const assigned = await context.call(admin.assignVideoLicence, {
      params: { id: educator.id },
      cookie,
      body: {},
    })
    expect(assigned.json()).toMatchObject({ videoLicence: { id: bodyOf(response).id } })
  })

  it('answers 409 for an account already in the pool, whatever its case', async () => {
    const cookie = await asAdmin()
    await addLicence('zoom-1@pool.example')
    const response = await add(cookie, { provider: 'zoom', accountEmail: 'ZOOM-1@pool.example' })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'A video licence with this account e-mail already exists',
      code: 'licences.duplicateAccount',
      requestId: expect.any(String) as string,
    })
  })

  it.each([
    [{ provider: 'skype', accountEmail: 'a@pool.example' }, 'provider'],
    [{ provider: 'zoom', accountEmail: 'not-an-email' }, 'accountEmail'],
    [{ provider: 'zoom', accountEmail: `${'a'.repeat(250)}@pool.example` }, 'accountEmail'],
    [{ accountEmail: 'a@pool.example' }, 'provider'],
    [{ provider: 'zoom' }, 'accountEmail'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const response = await add(await asAdmin(), body)
    expect(response.statusCode).toBe(400)
    expect([errorOf(response).message].flat().join(' ')).toContain(field)
    expect(await context.db.select().from(videoLicences)).toEqual([])
  })
})

describe('DELETE /admin/video-licences/:id', () => {
  const retire = (cookie: string, id: number | string) =>
    context.call(admin.retireVideoLicence, { params: { id }, cookie })

  it('removes a free licence from the pool for good', async () => {
    const cookie = await asAdmin()
    const licence = await addLicence('spare@pool.example')
    const response = await retire(cookie, licence.id)
    expect(response.statusCode).toBe(200)
    expect(Value.Check(retireVideoLicence.response[200], response.json())).toBe(true)
    expect(response.json()).toEqual({ message: 'Video licence retired', code: 'licences.retired' })
    expect(await context.db.select().from(videoLicences)).toEqual([])
    const again = await retire(cookie, licence.id)
    expect(again.statusCode).toBe(404)
    expect(again.json()).toMatchObject({ message: 'Licence not found' })
  })

  it('answers 409 for a held licence and leaves the holder with it', async () => {
    const cookie = await asAdmin()
    const licence = await addLicence('held@pool.example')
    const educator = await createUser(context.db, { role: 'educator', videoLicenceId: licence.id })
    const response = await retire(cookie, licence.id)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({
      message: 'This video licence is held by an educator; remove it from the educator first',
    })
    const [row] = await context.db.select().from(users).where(eq(users.id, educator.id))
    expect(row?.videoLicenceId).toBe(licence.id)
  })

  it('answers 404 for an unknown licence and 400 for an invalid id', async () => {
    const cookie = await asAdmin()
    expect((await retire(cookie, 999_999)).statusCode).toBe(404)
    expect((await retire(cookie, 'abc')).statusCode).toBe(400)
  })
})

describe('GET /admin/users: educator states and upcoming sessions', () => {
  const names = async (cookie: string, query: QueryInput<typeof admin.listUsers>) => {
    const response = await context.call(admin.listUsers, { cookie, query })
    expect(response.statusCode).toBe(200)
    return bodyOf(response).data.map((user) => user.name)
  }

  it('filters educators awaiting approval, approved, or holding no licence', async () => {
    const adminUser = await createUser(context.db, { role: 'admin', name: 'Root' })
    const licence = await addLicence('held@pool.example')
    await createUser(context.db, { role: 'student', name: 'Learner', createdAt: daysAgo(1) })
    await createUser(context.db, {
      role: 'educator',
      name: 'Waiting',
      approvedAt: null,
      createdAt: daysAgo(2),
    })
    await createUser(context.db, { role: 'educator', name: 'Bare', createdAt: daysAgo(3) })
    await createUser(context.db, {
      role: 'educator',
      name: 'Licensed',
      videoLicenceId: licence.id,
      createdAt: daysAgo(4),
    })
    const cookie = await signIn(context, adminUser)

    expect(await names(cookie, { state: 'awaiting_approval' })).toEqual(['Waiting'])
    expect(await names(cookie, { state: 'approved' })).toEqual(['Bare', 'Licensed'])
    expect(await names(cookie, { state: 'no_licence' })).toEqual(['Waiting', 'Bare'])
    expect(await names(cookie, { state: 'no_licence', search: 'WAIT' })).toEqual(['Waiting'])
    expect(await names(cookie, { state: 'approved', role: 'student' })).toEqual([])

    const invalid = await context.call(admin.listUsers, {
      cookie,
      query: { state: 'sleeping' },
    })
    expect(invalid.statusCode).toBe(400)
    expect([errorOf(invalid).message].flat().join(' ')).toContain('state')
  })

  it("counts the sessions of the educator's lessons that have not ended", async () => {
    const cookie = await asAdmin()
    const educator = await createUser(context.db, { role: 'educator', name: 'Busy' })
    const lesson = await createLesson(context.db, educator)
    const other = await createLesson(context.db, educator)
    await createSession(context.db, lesson, { startsIn: -2 * DAY })
    await createSession(context.db, lesson, { startsIn: -30 * 60 * 1000, lasts: HOUR })
    await createSession(context.db, lesson, { startsIn: DAY })
    await createSession(context.db, other, { startsIn: 2 * DAY })
    await createUser(context.db, { role: 'student', name: 'Learner' })

    const response = await context.call(admin.listUsers, { cookie, query: { search: 'busy' } })
    expect(Value.Check(listUsers.response[200], response.json())).toBe(true)
    expect(bodyOf(response).data).toEqual([
      expect.objectContaining({ name: 'Busy', upcomingSessionCount: 3 }),
    ])
    const learner = await context.call(admin.listUsers, { cookie, query: { search: 'learner' } })
    expect(bodyOf(learner).data[0]?.upcomingSessionCount).toBe(0)
  })
})

describe('approving at once', () => {
  it('lets exactly one of several admins approve an educator, who is told once', async () => {
    const cookie = await asAdmin()
    const educator = await createUser(context.db, { role: 'educator', approvedAt: null })
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        context.call(admin.approveUser, { params: { id: educator.id }, cookie }),
      ),
    )
    const statuses = responses.map((response) => response.statusCode).sort()
    expect(statuses).toEqual([200, 409, 409, 409, 409])
    expect(await mails()).toHaveLength(1)
  })
})

describe('lending the last free licence', () => {
  it('gives it to exactly one of many educators asked for at once', async () => {
    const cookie = await asAdmin()
    const licence = await addLicence('last@pool.example')
    const educators = await Promise.all(
      Array.from({ length: 10 }, () => createUser(context.db, { role: 'educator' })),
    )

    const responses = await Promise.all(
      educators.map((educator) =>
        context.call(admin.assignVideoLicence, { params: { id: educator.id }, cookie, body: {} }),
      ),
    )
    const statuses = responses.map((response) => response.statusCode)
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(9)
    for (const response of responses.filter((item) => item.statusCode === 409)) {
      expect(response.json()).toMatchObject({ message: 'No free video licence is available' })
    }
    const holders = await context.db
      .select({ id: users.id })
      .from(users)
      .where(isNotNull(users.videoLicenceId))
    expect(holders).toHaveLength(1)
    const winner = responses.find((response) => response.statusCode === 200)
    expect(winner?.json()).toMatchObject({ id: holders[0]?.id, videoLicence: { id: licence.id } })
  })

  it('gives a licence named by many admins at once to exactly one educator', async () => {
    const cookie = await asAdmin()
    const licence = await addLicence('named@pool.example')
    await addLicence('spare@pool.example')
    const educators = await Promise.all(
      Array.from({ length: 10 }, () => createUser(context.db, { role: 'educator' })),
    )

    const responses = await Promise.all(
      educators.map((educator) =>
        context.call(admin.assignVideoLicence, {
          params: { id: educator.id },
          cookie,
          body: { licenceId: licence.id },
        }),
      ),
    )
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1)
    const refusals = responses.filter((response) => response.statusCode === 409)
    expect(refusals).toHaveLength(9)
    // The named licence is never swapped for the spare one: each loser hears it is taken.
    for (const response of refusals) {
      expect([MESSAGES.licences.notFree.text, MESSAGES.licences.justTaken.text]).toContain(
        errorOf(response).message,
      )
    }
    const holders = await context.db
      .select({ licence: users.videoLicenceId })
      .from(users)
      .where(isNotNull(users.videoLicenceId))
    expect(holders).toEqual([{ licence: licence.id }])
  })
})

/**
 * A lending committed between a pick's snapshot and its lock: the pick reads the licence as free
 * and locks it (the lock re-checks the licence row, not who holds it), then its own lending meets
 * the committed one at the unique index. A second connection makes that moment on purpose: it
 * lends the licence without committing, the admin's call picks the same licence and waits at the
 * index, then the second connection commits. PostgreSQL only: the embedded database runs one
 * transaction at a time.
 */
describe.skipIf(!process.env.DATABASE_URL)('a lending committed while a pick waits', () => {
  const lendingWaits = async () => {
    for (;;) {
      const result = await context.db.execute(
        sql`select count(*)::int as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      )
      const [row] = (result as { rows: { waiting: number }[] }).rows
      if ((row?.waiting ?? 0) > 0) return
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }

  /** Lends `licenceId` to `holderId` on another connection, committing once `assign` waits. */
  const racedBy = async <T>(holderId: number, licenceId: number, assign: () => Promise<T>) => {
    let commit = () => {}
    let lent = () => {}
    const lending = new Promise<void>((resolve) => (lent = resolve))
    const committed = context.db.transaction(async (tx) => {
      // Without its foreign-key check, which locks the licence row (and the pick skips locked
      // rows), this lending holds no lock on the licence: the pick locks it and waits at the
      // index, as when a lending commits between its snapshot and its lock.
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.update(users).set({ videoLicenceId: licenceId }).where(eq(users.id, holderId))
      lent()
      await new Promise<void>((resolve) => (commit = resolve))
    })
    await lending
    const answer = assign()
    await lendingWaits()
    commit()
    await committed
    return answer
  }

  const educators = () =>
    Promise.all([
      createUser(context.db, { role: 'educator' }),
      createUser(context.db, { role: 'educator' }),
    ])

  it('picks the next free licence when none was named', async () => {
    const cookie = await asAdmin()
    const [first, second] = await educators()
    const taken = await addLicence('taken@pool.example')
    const spare = await addLicence('spare@pool.example')
    const response = await racedBy(first.id, taken.id, () =>
      context.call(admin.assignVideoLicence, { params: { id: second.id }, cookie, body: {} }),
    )
    expect(bodyOf(response)).toMatchObject({ id: second.id, videoLicence: { id: spare.id } })
  })

  it('finds none free when the raced licence was the last', async () => {
    const cookie = await asAdmin()
    const [first, second] = await educators()
    const last = await addLicence('last@pool.example')
    const response = await racedBy(first.id, last.id, () =>
      context.call(admin.assignVideoLicence, { params: { id: second.id }, cookie, body: {} }),
    )
    expect(response.statusCode).toBe(409)
    expect(errorOf(response).message).toBe(MESSAGES.licences.noneFree.text)
  })

  it('says the licence named was just taken, and lends no other', async () => {
    const cookie = await asAdmin()
    const [first, second] = await educators()
    const named = await addLicence('named@pool.example')
    await addLicence('spare@pool.example')
    const response = await racedBy(first.id, named.id, () =>
      context.call(admin.assignVideoLicence, {
        params: { id: second.id },
        cookie,
        body: { licenceId: named.id },
      }),
    )
    expect(response.statusCode).toBe(409)
    expect(errorOf(response).message).toBe(MESSAGES.licences.justTaken.text)
    const [holder] = await context.db
      .select({ licence: users.videoLicenceId })
      .from(users)
      .where(eq(users.id, second.id))
    expect(holder).toEqual({ licence: null })
  })
})

describe('e-mails to the educator', () => {
  it('tells an educator in English that its account is approved', async () => {
    const cookie = await asAdmin()
    const educator = await createUser(context.db, {
      role: 'educator',
      name: 'Mai',
      approvedAt: null,
    })
    await context.call(admin.approveUser, { params: { id: educator.id }, cookie })
    const sent = await mails()
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      to: educator.email,
      subject: 'Manabi: your educator account is approved',
    })
    expect(sent[0]?.text).toContain('Hello Mai,')
  })

  it('tells a Japanese-speaking educator of a licence assigned, then removed', async () => {
    const cookie = await asAdmin()
    await addLicence('meet-7@pool.example', 'google_meet')
    const educator = await createUser(context.db, {
      role: 'educator',
      name: '田中',
      language: 'jp-JP',
    })
    await context.call(admin.assignVideoLicence, { params: { id: educator.id }, cookie, body: {} })
    await context.call(admin.removeVideoLicence, { params: { id: educator.id }, cookie })

    const [assigned, removed, ...rest] = await mails()
    expect(rest).toEqual([])
    expect(assigned).toMatchObject({
      to: educator.email,
      subject: 'まなび: ビデオ会議ライセンスが割り当てられました',
    })
    expect(assigned?.text).toContain('田中 様')
    expect(assigned?.text).toContain('Google Meet')
    expect(assigned?.text).toContain('meet-7@pool.example')
    expect(removed).toMatchObject({
      to: educator.email,
      subject: 'まなび: ビデオ会議ライセンスが解除されました',
    })
    expect(removed?.text).toContain('meet-7@pool.example')
  })

  it('names the account in English when a licence is assigned and removed', async () => {
    const cookie = await asAdmin()
    await addLicence('zoom-7@pool.example')
    const educator = await createUser(context.db, { role: 'educator', name: 'Ann' })
    await context.call(admin.assignVideoLicence, { params: { id: educator.id }, cookie, body: {} })
    await context.call(admin.removeVideoLicence, { params: { id: educator.id }, cookie })
    const sent = await mails()
    expect(sent.map((mail) => mail.subject)).toEqual([
      'Manabi: a video-conference licence is yours',
      'Manabi: your video-conference licence was removed',
    ])
    for (const mail of sent) {
      expect(mail.to).toBe(educator.email)
      expect(mail.text).toContain('Zoom account zoom-7@pool.example')
    }
  })

  it('sends nothing when a call is refused', async () => {
    const cookie = await asAdmin()
    const student = await createUser(context.db)
    const educator = await createUser(context.db, { role: 'educator' })
    await context.call(admin.approveUser, { params: { id: student.id }, cookie })
    await context.call(admin.assignVideoLicence, { params: { id: educator.id }, cookie, body: {} })
    await context.call(admin.removeVideoLicence, { params: { id: educator.id }, cookie })
    expect(await mails()).toEqual([])
  })
})
