import { describe, expect, it } from 'vitest'
import { users } from '../src/db/schema.ts'
import { serializeError } from '../src/logging.ts'
import { createUser, setupTestApp } from './helpers.ts'

const SECRET_EMAIL = 'private.person@example.com'

describe('logs of a failed query', () => {
  const errorLog: string[] = []
  const context = setupTestApp({ errorLog })

  const failingInsert = async () => {
    await createUser(context.db, { email: SECRET_EMAIL, name: 'Private Person' })
    try {
      await context.db
        .insert(users)
        .values({ name: 'Private Person', email: SECRET_EMAIL, passwordHash: 'x', role: 'student' })
      throw new Error('The duplicate insert went through')
    } catch (error) {
      return error
    }
  }

  it('keep the statement and the constraint, not the values', async () => {
    const error = await failingInsert()
    // The raw error carries the values; what is logged does not.
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).toContain(SECRET_EMAIL)
    const serialized = serializeError(error)
    const logged = JSON.stringify(serialized)
    expect(logged).not.toContain(SECRET_EMAIL)
    expect(logged).not.toContain('Private Person')
    expect(serialized.message).toContain('insert into "users"')
    expect(serialized.message).toMatch(/params: \[redacted\]$/)
    expect(serialized.cause).toMatchObject({ code: '23505', constraint: 'users_email_unique' })
  })

  it('are what the app writes when a request fails', async () => {
    const error = await failingInsert()
    context.app.log.error({ err: error }, 'Request failed')
    const line = errorLog.join('\n')
    expect(line).toContain('Request failed')
    expect(line).toContain('users_email')
    expect(line).not.toContain(SECRET_EMAIL)
  })
})
