import { asc, eq, isNotNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as admin from '../../contract/descriptors/admin.ts'
import * as user from '../../contract/descriptors/user.ts'
import { MESSAGES } from '../../contract/messages.ts'
import { outbox, users, videoLicences } from '../src/db/schema.ts'
import { createUser, setupTestApp, signIn } from './helpers.ts'

/**
 * Issue 28.5 / 27.4: an educator's POST /user/reassign_video_licence exchanges the licence it
 * holds for another free one. An educator without a licence (never lent one, or one an admin
 * took back) gets one only from an admin: the call is refused and the pool stays as it was.
 */
const context = setupTestApp()

const addLicences = async (count: number) =>
  context.db
    .insert(videoLicences)
    .values(
      Array.from({ length: count }, (_, index) => ({
        provider: index % 2 === 0 ? ('zoom' as const) : ('google_meet' as const),
        accountEmail: `exchange${index + 1}@manabi.example`,
      })),
    )
    .returning()

const reassign = (cookie: string) => context.call(user.reassignOwnVideoLicence, { cookie })

/** Who holds which licence: licence id → holder id, held licences only. */
const holders = async () => {
  const rows = await context.db
    .select({ id: users.id, licence: users.videoLicenceId })
    .from(users)
    .where(isNotNull(users.videoLicenceId))
  const held: Record<number, number> = {}
  for (const row of rows) if (row.licence !== null) held[row.licence] = row.id
  return held
}

const licenceOf = async (id: number) => {
  const [row] = await context.db
    .select({ licence: users.videoLicenceId })
    .from(users)
    .where(eq(users.id, id))
  return row?.licence ?? null
}

const mails = () => context.db.select().from(outbox).orderBy(asc(outbox.id))

const setUp = async (licences = 3) => {
  const pool = await addLicences(licences)
  const educator = await createUser(context.db, {
    role: 'educator',
    videoLicenceId: pool[0]!.id,
  })
  const adminUser = await createUser(context.db, { role: 'admin' })
  return {
    pool,
    educator,
    educatorCookie: await signIn(context, educator),
    adminCookie: await signIn(context, adminUser),
  }
}

const refusal = {
  statusCode: 409,
  error: 'Conflict',
  message: MESSAGES.licences.noneToReassign.text,
  code: MESSAGES.licences.noneToReassign.code,
}

describe('POST /user/reassign_video_licence after an admin took the licence back', () => {
  it('is refused with 409 and takes nothing from the pool', async () => {
    const { educator, educatorCookie, adminCookie } = await setUp()
    const withdrawn = await context.call(admin.removeVideoLicence, {
      params: { id: educator.id },
      cookie: adminCookie,
    })
    expect(withdrawn.statusCode).toBe(200)
    const poolBefore = await holders()
    const mailsBefore = (await mails()).length

    const response = await reassign(educatorCookie)

    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ ...refusal, requestId: expect.any(String) as string })
    expect(await licenceOf(educator.id)).toBeNull()
    expect(await holders()).toEqual(poolBefore)
    expect(await mails()).toHaveLength(mailsBefore)
  })

  it('is refused to an educator never lent one, until an admin lends one', async () => {
    const [first, second] = await addLicences(2)
    const educator = await createUser(context.db, { role: 'educator' })
    const adminUser = await createUser(context.db, { role: 'admin' })
    const cookie = await signIn(context, educator)

    const refused = await reassign(cookie)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({ ...refusal, requestId: expect.any(String) as string })
    expect(await holders()).toEqual({})

    // An admin lends one: from then on the educator may exchange it.
    await context.call(admin.assignVideoLicence, {
      params: { id: educator.id },
      cookie: await signIn(context, adminUser),
      body: {},
    })
    expect(await licenceOf(educator.id)).toBe(first?.id)
    const exchanged = await reassign(cookie)
    expect(exchanged.statusCode).toBe(200)
    expect(exchanged.json()).toMatchObject({ videoLicence: { id: second?.id } })
    expect(await holders()).toEqual({ [second!.id]: educator.id })
  })

  it('still exchanges a licence held, the old one returning to the pool', async () => {
    const { pool, educator, educatorCookie } = await setUp()
    const response = await reassign(educatorCookie)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ videoLicence: { id: pool[1]!.id } })
    expect(await holders()).toEqual({ [pool[1]!.id]: educator.id })
  })
})

describe('POST /user/reassign_video_licence in parallel', () => {
  it('never leaves the educator with more than the one licence it exchanges', async () => {
    const { pool, educator, educatorCookie } = await setUp(6)
    const answers = await Promise.all(Array.from({ length: 8 }, () => reassign(educatorCookie)))

    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode)
    const held = await holders()
    // The educator holds exactly one licence, and every other one is back in the pool.
    expect(Object.values(held)).toEqual([educator.id])
    expect(pool.map(({ id }) => String(id))).toContain(Object.keys(held)[0])
    // Each exchange that succeeded is told by e-mail, none more.
    expect(await mails()).toHaveLength(answers.filter((a) => a.statusCode === 200).length)
  })

  it("keeps the admin's take-back when reassigns race it", async () => {
    const { educator, educatorCookie, adminCookie } = await setUp(6)
    const [withdrawn, ...answers] = await Promise.all([
      context.call(admin.removeVideoLicence, { params: { id: educator.id }, cookie: adminCookie }),
      ...Array.from({ length: 4 }, () => reassign(educatorCookie)),
    ])

    expect(withdrawn?.statusCode).toBe(200)
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode)
    // Whatever the order, once the admin's take-back has landed the educator holds nothing:
    // an exchange before it is taken back with the rest, one after it is refused.
    expect(await licenceOf(educator.id)).toBeNull()
    expect(await holders()).toEqual({})
  })
})
