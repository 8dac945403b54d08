import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import * as auth from '../../contract/descriptors/auth.ts'
import * as user from '../../contract/descriptors/user.ts'
import { authSessions, outbox, users, userTokens } from '../src/db/schema.ts'
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

    expect(response.statusCode).toBe(500)
    expect(await count(userTokens)).toBe(0)
  })

  it('a reset e-mail leaves no token without its e-mail', async () => {
    await createUser(context.db, { email: 'forgetful@manabi.example' })
    await breakTable('outbox')

    const response = await context.call(auth.passwordResetEmail, {
      body: { email: 'forgetful@manabi.example' },
    })

    expect(response.statusCode).toBe(500)
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
