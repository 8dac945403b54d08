import { describe, expect, it } from 'vitest'
import * as auth from '@contract/descriptors/auth'
import * as user from '@contract/descriptors/user'
import { MESSAGES } from '@contract/messages'
import { AUTH_ATTEMPTS_PER_WINDOW, AUTH_WINDOW_MS } from '@contract/rules'
import { db, DEMO_PASSWORD, seedIds, seedTokens } from '@/mocks/db'
import { call, refused } from './helpers'

/**
 * Not in server/tests/contract-parity.test.ts: its server raises the sign-in limit (a setting,
 * AUTH_RATE_LIMIT) so that its scenarios never meet it, and it sends no device cookie, while the
 * mock serves one browser that it trusts once it signed in. server/tests/sign-in-limits.test.ts
 * holds the server to the same steps.
 */

const student = () => db.users.find((row) => row.id === seedIds.student)!
const login = (email: string, password: string) =>
  call(auth.login, { as: null, json: { email, password } })

/** The limit of wrong passwords for the account from this browser. */
const guessWrong = async (email: string) => {
  for (let attempt = 0; attempt < AUTH_ATTEMPTS_PER_WINDOW; attempt += 1) {
    expect((await login(email, `Wrong${attempt}pass`)).status).toBe(401)
  }
}

const expectLocked = async (email: string, password: string) => {
  const answer = await refused(auth.login, { as: null, json: { email, password } })
  const seconds = Number(answer.headers.get('Retry-After'))
  expect(seconds).toBeGreaterThan(0)
  expect(seconds).toBeLessThanOrEqual(AUTH_WINDOW_MS / 1000)
  expect(answer).toMatchObject({
    status: 429,
    body: {
      statusCode: 429,
      error: 'Too Many Requests',
      message: MESSAGES.accounts.signInLocked({ count: seconds }).text,
    },
  })
}

describe('sign-in limits in the mocks, as on the server', () => {
  it('locks an account this browser never signed in to after the limit of wrong passwords', async () => {
    await guessWrong(student().email)
    await expectLocked(student().email, DEMO_PASSWORD)
  })

  it('counts the right password as no failure', async () => {
    for (let attempt = 0; attempt <= AUTH_ATTEMPTS_PER_WINDOW; attempt += 1) {
      expect((await login(student().email, DEMO_PASSWORD)).status).toBe(200)
    }
  })

  it('limits addresses no account has alike', async () => {
    await guessWrong('nobody@manabi.example')
    await expectLocked('nobody@manabi.example', DEMO_PASSWORD)
  })

  it("limits a trusted browser's own wrong guesses, and lets the right password in below them", async () => {
    expect((await login(student().email, DEMO_PASSWORD)).status).toBe(200)
    for (let attempt = 0; attempt < AUTH_ATTEMPTS_PER_WINDOW - 1; attempt += 1) {
      expect((await login(student().email, 'Wrong1pass')).status).toBe(401)
    }
    expect((await login(student().email, DEMO_PASSWORD)).status).toBe(200)
    await guessWrong(student().email)
    await expectLocked(student().email, DEMO_PASSWORD)
  })

  it('ends the trust when the password changes, and a reset lifts the lockout', async () => {
    expect((await login(student().email, DEMO_PASSWORD)).status).toBe(200)
    const changed = await call(user.updateProfile, {
      as: seedIds.student,
      json: { password: 'Brand1New', currentPassword: DEMO_PASSWORD },
    })
    expect(changed.status).toBe(200)
    await guessWrong(student().email)
    await expectLocked(student().email, 'Brand1New')

    const reset = await call(auth.setNewPassword, {
      json: { password: 'Fresh1pass', passwordResetToken: seedTokens.reset },
    })
    expect(reset.status).toBe(200)
    expect((await login(student().email, 'Fresh1pass')).status).toBe(200)
  })
})
