import { eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import * as adminCalls from '../../contract/descriptors/admin.ts'
import * as auth from '../../contract/descriptors/auth.ts'
import * as user from '../../contract/descriptors/user.ts'
import { authSessions, outbox, users, userTokens, videoLicences } from '../src/db/schema.ts'
import { createUser, PASSWORD, setupTestApp, signIn } from './helpers.ts'

/**
 * An account change and the e-mail it sends are one transaction: when writing the e-mail (or the
 * token its link carries) fails, nothing of the change remains. The failure is injected in the
 * database itself, a trigger refusing every insert into the table, so it strikes whatever code
 * path writes there.
 */
const context = setupTestApp()

type FailingTable = 'outbox' | 'user_tokens'

/** Makes every insert into the table fail until `heal` runs. */
const breakTable = async (table: FailingTable) => {
  await context.db.execute(
    sql.raw(`create or replace function refuse_insert() returns trigger language plpgsql as $$
      begin raise exception 'injected failure: % is unavailable', tg_table_name; end $$`),
  )
  await context.db.execute(
    sql.raw(`create trigger injected_failure before insert on "${table}"
      for each row execute function refuse_insert()`),
  )
}

const heal = async () => {
  for (const table of ['outbox', 'user_tokens'] satisfies FailingTable[]) {
    await context.db.execute(sql.raw(`drop trigger if exists injected_failure on "${table}"`))
  }
}

afterEach(heal)

const count = async (
  table: typeof users | typeof userTokens | typeof outbox | typeof authSessions,
) => (await context.db.select().from(table)).length

const newStudent = {
  name: 'Ana Silva',
  email: 'ana@manabi.example',
  password: 'Secret1',
  role: 'student',
}

describe('registration is atomic', () => {
  it.each(['outbox', 'user_tokens'] as const)(
    'leaves no account when writing to %s fails, and the address can register afterwards',
    async (table) => {
      await breakTable(table)

      const failed = await context.call(auth.register, { body: newStudent })

      expect(failed.statusCode).toBe(500)
      expect(failed.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Internal Server Error',
        code: 'http.internalError',
        requestId: expect.any(String) as string,
      })
      expect(await count(users)).toBe(0)
      expect(await count(userTokens)).toBe(0)
      expect(await count(outbox)).toBe(0)

      await heal()
      const retried = await context.call(auth.register, { body: newStudent })
      expect(retried.statusCode).toBe(201)
      expect(await count(users)).toBe(1)
      expect(await count(userTokens)).toBe(1)
      expect(await count(outbox)).toBe(1)
    },
  )
})

describe('the other account e-mails are atomic too', () => {
  it('resending a confirmation leaves no token without its e-mail', async () => {
    await createUser(context.db, { email: 'late@manabi.example', emailConfirmedAt: null })
    await breakTable('outbox')

    const response = await context.call(auth.resendConfirmation, {
      body: { email: 'late@manabi.example' },
    })

    // The answer comes before the e-mail is written (it must not tell registered addresses).
    expect(response.statusCode).toBe(200)
    expect(await count(userTokens)).toBe(0)
  })

  it('a reset e-mail leaves no token without its e-mail', async () => {
    await createUser(context.db, { email: 'forgetful@manabi.example' })
    await breakTable('outbox')

    const response = await context.call(auth.passwordResetEmail, {
      body: { email: 'forgetful@manabi.example' },
    })

    // The answer comes before the e-mail is written (it must not tell registered addresses).
    expect(response.statusCode).toBe(200)
    expect(await count(userTokens)).toBe(0)
  })

  it('an e-mail change is not pending without its e-mails', async () => {
    const student = await createUser(context.db)
    const cookie = await signIn(context, student)
    await breakTable('outbox')

    const response = await context.call(user.updateProfile, {
      cookie,
      body: { email: 'new@manabi.example', name: 'Renamed', currentPassword: PASSWORD },
    })

    expect(response.statusCode).toBe(500)
    const [row] = await context.db.select().from(users)
    expect(row).toMatchObject({ email: student.email, name: student.name, pendingEmail: null })
    expect(await count(userTokens)).toBe(0)
  })

  it('a password change is undone, sessions kept, when its notice cannot be written', async () => {
    const student = await createUser(context.db)
    const cookie = await signIn(context, student)
    await signIn(context, student)
    await breakTable('outbox')

    const response = await context.call(user.updateProfile, {
      cookie,
      body: { password: 'Brand1New', currentPassword: PASSWORD },
    })

    expect(response.statusCode).toBe(500)
    const [row] = await context.db.select().from(users)
    expect(row?.passwordHash).toBe(student.passwordHash)
    expect(await count(authSessions)).toBe(2)
  })
})

describe('approval and licence e-mails are atomic with their change', () => {
  const addLicence = async () => {
    const [licence] = await context.db
      .insert(videoLicences)
      .values({ provider: 'zoom', accountEmail: 'pool@licences.example' })
      .returning()
    return licence!
  }

  const educatorRow = async (id: number) =>
    (await context.db.select().from(users).where(eq(users.id, id)))[0]!

  it('an approval is undone when its e-mail cannot be written, and can be given again', async () => {
    const admin = await signIn(context, await createUser(context.db, { role: 'admin' }))
    const educator = await createUser(context.db, { role: 'educator', approvedAt: null })
    await breakTable('outbox')

    const failed = await context.call(adminCalls.approveUser, {
      cookie: admin,
      params: { id: educator.id },
    })

    expect(failed.statusCode).toBe(500)
    expect((await educatorRow(educator.id)).approvedAt).toBeNull()

    await heal()
    const retried = await context.call(adminCalls.approveUser, {
      cookie: admin,
      params: { id: educator.id },
    })
    expect(retried.statusCode).toBe(200)
    expect(await count(outbox)).toBe(1)
  })

  it('a lent licence stays in the pool when its e-mail cannot be written', async () => {
    const admin = await signIn(context, await createUser(context.db, { role: 'admin' }))
    const educator = await createUser(context.db, { role: 'educator' })
    await addLicence()
    await breakTable('outbox')

    const failed = await context.call(adminCalls.assignVideoLicence, {
      cookie: admin,
      params: { id: educator.id },
      body: {},
    })

    expect(failed.statusCode).toBe(500)
    expect((await educatorRow(educator.id)).videoLicenceId).toBeNull()
  })

  it('a licence taken back stays with its educator when the notice cannot be written', async () => {
    const admin = await signIn(context, await createUser(context.db, { role: 'admin' }))
    const licence = await addLicence()
    const educator = await createUser(context.db, {
      role: 'educator',
      videoLicenceId: licence.id,
    })
    await breakTable('outbox')

    const failed = await context.call(adminCalls.removeVideoLicence, {
      cookie: admin,
      params: { id: educator.id },
    })

    expect(failed.statusCode).toBe(500)
    expect((await educatorRow(educator.id)).videoLicenceId).toBe(licence.id)
  })

  it("an educator's own reassignment keeps the old licence when the e-mail cannot be written", async () => {
    const licence = await addLicence()
    const educator = await createUser(context.db, {
      role: 'educator',
      videoLicenceId: licence.id,
    })
    await context.db
      .insert(videoLicences)
      .values({ provider: 'google_meet', accountEmail: 'spare@licences.example' })
    const cookie = await signIn(context, educator)
    await breakTable('outbox')

    const failed = await context.call(user.reassignOwnVideoLicence, { cookie })

    expect(failed.statusCode).toBe(500)
    expect((await educatorRow(educator.id)).videoLicenceId).toBe(licence.id)

    await heal()
    const retried = await context.call(user.reassignOwnVideoLicence, { cookie })
    expect(retried.statusCode).toBe(200)
    expect((await educatorRow(educator.id)).videoLicenceId).not.toBe(licence.id)
    expect(await count(outbox)).toBe(1)
  })
})
