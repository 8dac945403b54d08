import Value from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { ErrorBody } from '../../contract/common.ts'
import * as auth from '../../contract/descriptors/auth.ts'
import { type ApiResponse, createUser, errorOf, PASSWORD, setupTestApp } from './helpers.ts'

// Three calls per client and window; the limiter keeps its counts across the tests of this file,
// and every rate-limited route counts on its own, so each test uses a route of its own.
const context = setupTestApp({ rateLimitMax: 3 })

/** The POST calls of auth, none with path params. */
type AuthPost = Extract<(typeof auth)[keyof typeof auth], { method: 'POST' }>

const post = (descriptor: AuthPost, body: unknown) => context.call(descriptor, { body })

const expectTooMany = (response: ApiResponse) => {
  expect(response.statusCode).toBe(429)
  const body = errorOf(response)
  expect(Value.Check(ErrorBody, body)).toBe(true)
  expect(body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' })
  expect(body.message).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/)
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0)
}

describe('rate limits on the account calls', () => {
  it('refuses the 4th login attempt in the window with 429, even with the right password', async () => {
    const student = await createUser(context.db)

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const response = await post(auth.login, { email: student.email, password: 'Wrong123' })
      expect(response.statusCode).toBe(401)
      expect(response.headers['x-ratelimit-remaining']).toBe(String(3 - attempt))
    }
    expectTooMany(await post(auth.login, { email: student.email, password: PASSWORD }))
  })

  it('limits registration', async () => {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const response = await post(auth.register, {
        name: `Person ${attempt}`,
        email: `person${attempt}@manabi.example`,
        password: 'Secret1',
        role: 'student',
      })
      expect(response.statusCode).toBe(201)
    }
    expectTooMany(
      await post(auth.register, {
        name: 'Person 4',
        email: 'person4@manabi.example',
        password: 'Secret1',
        role: 'student',
      }),
    )
  })

  it('limits reset e-mails, new passwords and resent confirmations', async () => {
    const calls = [
      [auth.passwordResetEmail, { email: 'someone@manabi.example' }, 200],
      [auth.setNewPassword, { password: 'Fresh123', passwordResetToken: 'bad' }, 400],
      [auth.resendConfirmation, { email: 'someone@manabi.example' }, 200],
    ] as const
    for (const [descriptor, body, status] of calls) {
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        expect((await post(descriptor, body)).statusCode).toBe(status)
      }
      expectTooMany(await post(descriptor, body))
    }
  })

  it('does not limit the other calls', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await post(auth.confirm, { validationToken: 'bad' })).statusCode).toBe(400)
      expect((await context.call(auth.logout)).statusCode).toBe(200)
    }
  })
})
