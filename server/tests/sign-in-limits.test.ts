import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { asc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'
import * as auth from '../../contract/descriptors/auth.ts'
import * as user from '../../contract/descriptors/user.ts'
import { MESSAGES, messageFields } from '../../contract/messages.ts'
import { REAUTH_MAX_FAILURES } from '../../contract/rules.ts'
import { API_PREFIX } from '../src/app.ts'
import {
  DEVICE_ACCOUNTS_MAX,
  DEVICE_TRUST_MS,
  parseDeviceCookie,
  trustBrowser,
  trustedEntry,
} from '../src/crypto/device-cookies.ts'
import { hashPassword, PASSWORD_CHECKS } from '../src/crypto/passwords.ts'
import { authSessions, outbox, users } from '../src/db/schema.ts'
import { DEVICE_COOKIE, SESSION_COOKIE } from '../src/plugins/auth.ts'
import {
  APP_ORIGIN,
  createUser,
  PASSWORD,
  setupSecondApp,
  setupTestApp,
  signIn,
  urlOf,
} from './helpers.ts'

// Every check of a password against its hash is announced on a channel: the tests count them
// (a module mock would miss a module another test file of the worker loaded first).
let checks = 0
const countCheck = () => {
  checks += 1
}
subscribe(PASSWORD_CHECKS, countCheck)
afterAll(() => unsubscribe(PASSWORD_CHECKS, countCheck))
const hashChecks = () => checks
const clearHashChecks = () => {
  checks = 0
}

/** Attempts per window: per client address, and failed sign-ins per account. */
const LIMIT = 10
const WINDOW_MS = 60_000
const context = setupTestApp({ rateLimitMax: LIMIT })

/** A second instance of the API on the same database, as behind a load balancer. */
const second = setupSecondApp(context, { rateLimit: { max: LIMIT, timeWindow: WINDOW_MS } })
beforeEach(clearHashChecks)

interface From {
  /** The client's address (no proxy is trusted: the connection's address is the client's). */
  address?: string
  cookie?: string
  app?: FastifyInstance
}

const login = (
  body: { email: string; password: string },
  { address = '127.0.0.1', cookie, app = context.app }: From = {},
) =>
  app.inject({
    method: 'POST',
    url: `${API_PREFIX}${urlOf(auth.login)}`,
    remoteAddress: address,
    headers: { origin: APP_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: body,
  })

const statuses = (responses: { statusCode: number }[]) => {
  const counts: Record<number, number> = {}
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1
  return counts
}

/** The n-th of 254 loopback addresses. */
const loopback = (n: number) => `127.0.${Math.floor(n / 254)}.${(n % 254) + 1}`

describe('sign-in limits hold for guesses sent at once', () => {
  it('checks at most the limit of wrong passwords for one account, from 60 addresses at once', async () => {
    const target = await createUser(context.db)
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, n) =>
        login({ email: target.email, password: `Wrong${n}pass` }, { address: loopback(n) }),
      ),
    )
    expect(statuses(responses)).toEqual({ 401: LIMIT, 429: 60 - LIMIT })
    expect(hashChecks()).toBe(LIMIT)
  })

  it('holds over two instances of the API on one database', async () => {
    const target = await createUser(context.db)
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, n) =>
        login(
          { email: target.email, password: `Wrong${n}pass` },
          { address: loopback(n), app: n % 2 === 0 ? context.app : second.app },
        ),
      ),
    )
    expect(statuses(responses)).toEqual({ 401: LIMIT, 429: 60 - LIMIT })
    expect(hashChecks()).toBe(LIMIT)
  })

  it('limits an address guessing at many accounts at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        login(
          { email: `nobody${n}@test.example`, password: 'Wrong1pass' },
          { address: '10.0.0.7' },
        ),
      ),
    )
    expect(statuses(responses)).toEqual({ 401: LIMIT, 429: 30 - LIMIT })
    expect(hashChecks()).toBe(LIMIT)
  })

  it('limits wrong current passwords in the settings, sent at once', async () => {
    const account = await createUser(context.db)
    const cookie = await signIn(context, account)
    clearHashChecks()
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        context.call(user.updateProfile, {
          cookie,
          body: { password: 'Brand1New', currentPassword: `Wrong${n}pass` },
        }),
      ),
    )
    expect(statuses(responses)).toEqual({ 403: REAUTH_MAX_FAILURES, 429: 20 - REAUTH_MAX_FAILURES })
    expect(hashChecks()).toBe(REAUTH_MAX_FAILURES)
  })

  it('limits reset e-mails and resent confirmations per address, sent at once', async () => {
    for (const descriptor of [auth.passwordResetEmail, auth.resendConfirmation]) {
      const responses = await Promise.all(
        Array.from({ length: 25 }, (_, n) =>
          context.app.inject({
            method: 'POST',
            url: `${API_PREFIX}${urlOf(descriptor)}`,
            remoteAddress: '10.0.0.8',
            headers: { origin: APP_ORIGIN },
            payload: { email: `someone${n}@test.example` },
          }),
        ),
      )
      expect(statuses(responses)).toEqual({ 200: LIMIT, 429: 25 - LIMIT })
    }
  })

  it('counts a right password from an unknown browser as no failure', async () => {
    const target = await createUser(context.db)
    for (let n = 0; n < LIMIT + 2; n += 1) {
      expect((await login(target, { address: loopback(n) })).statusCode).toBe(200)
    }
    const wrong = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        login({ email: target.email, password: 'Wrong1pass' }, { address: loopback(100 + n) }),
      ),
    )
    expect(statuses(wrong)).toEqual({ 401: LIMIT, 429: 20 - LIMIT })
  })
})

/** The device cookie an answer sets, as the browser sends it back. */
const deviceCookieOf = (response: LightMyRequestResponse) => {
  const cookie = response.cookies.find((item) => item.name === DEVICE_COOKIE)
  if (!cookie) throw new Error(`No device cookie (${response.statusCode}): ${response.body}`)
  return `${DEVICE_COOKIE}=${cookie.value}`
}

/** Signs in from a browser the account has not used, which the account then trusts. */
const trustedBrowser = async (account: { email: string; password: string }, address: string) => {
  const response = await login(account, { address })
  expect(response.statusCode).toBe(200)
  return deviceCookieOf(response)
}

/** The limit of wrong passwords, sent at once from addresses the account never signed in from. */
const lockOut = async (email: string) => {
  const responses = await Promise.all(
    Array.from({ length: LIMIT }, (_, n) =>
      login({ email, password: `Wrong${n}pass` }, { address: `198.51.100.${n + 1}` }),
    ),
  )
  expect(statuses(responses)).toEqual({ 401: LIMIT })
}

const expectLocked = (response: LightMyRequestResponse) => {
  expect(response.statusCode).toBe(429)
  const body = response.json<{ statusCode: number; error: string; message: string }>()
  const seconds = Number(response.headers['retry-after'])
  expect(seconds).toBeGreaterThan(0)
  expect(seconds).toBeLessThanOrEqual(WINDOW_MS / 1000)
  expect(body).toEqual({
    statusCode: 429,
    error: 'Too Many Requests',
    ...messageFields(MESSAGES.accounts.signInLocked({ count: seconds })),
    requestId: expect.any(String) as string,
  })
  expect(body.message).toMatch(/reset your password/)
  expect(response.cookies).toEqual([])
}

describe('a browser that signed in before is not locked out by guesses from elsewhere', () => {
  it('gets a long-lived device cookie on sign-in, HttpOnly and bound to the sign-in calls', async () => {
    const account = await createUser(context.db)
    const response = await login(account)
    expect(response.statusCode).toBe(200)
    // The session cookie comes first, as before; the device cookie after it.
    expect(response.cookies.map((cookie) => cookie.name)).toEqual([SESSION_COOKIE, DEVICE_COOKIE])
    const device = response.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)
    expect(device).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: `${API_PREFIX}/auth`,
      maxAge: 180 * 24 * 60 * 60,
    })
    // Served over plain HTTP here; Secure only over HTTPS (as the session cookie).
    expect(device?.secure).toBeUndefined()
    // Nothing in it names the account's e-mail or password.
    expect(device?.value).not.toContain(account.email)
  })

  it('signs in a trusted browser while the account is locked for every other one', async () => {
    const target = await createUser(context.db)
    const trusted = await trustedBrowser(target, '192.0.2.1')
    await lockOut(target.email)

    clearHashChecks()
    expectLocked(await login(target, { address: '192.0.2.50' }))
    // The locked answer checked no password.
    expect(hashChecks()).toBe(0)

    // From the trusted browser, on any address: signed in, with its cookie renewed.
    const signedIn = await login(target, { address: '203.0.113.77', cookie: trusted })
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.json()).toMatchObject({ id: target.id, email: target.email })
    expect(deviceCookieOf(signedIn)).not.toBe(trusted)
    // Still locked for the others.
    expectLocked(await login(target, { address: '192.0.2.51' }))
  })

  it('gives no trust to a forged cookie, nor to one of another account', async () => {
    const target = await createUser(context.db)
    const other = await createUser(context.db)
    const trusted = await trustedBrowser(target, '192.0.2.1')
    const othersBrowser = await trustedBrowser(other, '192.0.2.2')
    await lockOut(target.email)

    const value = trusted.slice(DEVICE_COOKIE.length + 1)
    const [id, issued, nonce, mac] = value.split('.')
    const forgeries = [
      `${DEVICE_COOKIE}=${'A'.repeat(value.length)}`,
      // The same nonce signed with a changed character.
      `${DEVICE_COOKIE}=${id}.${issued}.${nonce}.${mac?.slice(0, -1)}${mac?.endsWith('A') ? 'B' : 'A'}`,
      // Another account's signature, or the target's id over it.
      othersBrowser,
      `${DEVICE_COOKIE}=${String(target.id)}.${othersBrowser.split('.').slice(1).join('.')}`,
      // Issued later than it was, to outlive its lifetime.
      `${DEVICE_COOKIE}=${id}.${Number(issued) + 1}.${nonce}.${mac}`,
      // Hostile values: long, odd characters, many entries.
      `${DEVICE_COOKIE}=${'x'.repeat(5000)}`,
      `${DEVICE_COOKIE}=%00%ff.${'~'.repeat(50)}`,
      `${DEVICE_COOKIE}=${Array.from({ length: 50 }, () => othersBrowser.slice(DEVICE_COOKIE.length + 1)).join('~')}`,
    ]
    for (const cookie of forgeries) {
      expectLocked(await login(target, { address: '192.0.2.60', cookie }))
    }
    expect((await login(target, { address: '192.0.2.60', cookie: trusted })).statusCode).toBe(200)
  })

  it('keeps one browser for several accounts, each trusted on its own', async () => {
    const first = await createUser(context.db)
    const second = await createUser(context.db)
    const afterFirst = await trustedBrowser(first, '192.0.2.1')
    const signedIn = await login(second, { address: '192.0.2.1', cookie: afterFirst })
    expect(signedIn.statusCode).toBe(200)
    const both = deviceCookieOf(signedIn)
    await lockOut(first.email)
    await lockOut(second.email)
    expect((await login(first, { address: '192.0.2.9', cookie: both })).statusCode).toBe(200)
    expect((await login(second, { address: '192.0.2.9', cookie: both })).statusCode).toBe(200)
  })

  it("limits a trusted browser's own wrong guesses, on that browser only", async () => {
    const target = await createUser(context.db)
    const laptop = await trustedBrowser(target, '192.0.2.1')
    const phone = await trustedBrowser(target, '192.0.2.2')

    clearHashChecks()
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        login(
          { email: target.email, password: `Wrong${n}pass` },
          { address: loopback(n), cookie: laptop },
        ),
      ),
    )
    expect(statuses(guesses)).toEqual({ 401: LIMIT, 429: 30 - LIMIT })
    expect(hashChecks()).toBe(LIMIT)
    expectLocked(await login(target, { address: '192.0.2.1', cookie: laptop }))

    // The other trusted browser, and unknown ones, are not held back by the laptop's guesses.
    expect((await login(target, { address: '192.0.2.2', cookie: phone })).statusCode).toBe(200)
    expect((await login(target, { address: '192.0.2.3' })).statusCode).toBe(200)
  })

  it('lets the locked-out person reset the password, which clears the lockout', async () => {
    const target = await createUser(context.db)
    const before = await trustedBrowser(target, '192.0.2.1')
    await lockOut(target.email)
    const address = '198.51.100.1'
    expectLocked(await login(target, { address }))

    // The reset works from the same address while the account is locked.
    const asked = await context.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${urlOf(auth.passwordResetEmail)}`,
      remoteAddress: address,
      headers: { origin: APP_ORIGIN },
      payload: { email: target.email },
    })
    expect(asked.statusCode).toBe(200)
    // The e-mail may follow the answer.
    const mail = await vi.waitFor(async () => {
      const [written] = await context.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, target.email))
        .orderBy(asc(outbox.id))
      if (!written) throw new Error('No reset e-mail yet')
      return written
    }, 5000)
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text)?.[1] ?? ''
    const reset = await context.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${urlOf(auth.setNewPassword)}`,
      remoteAddress: address,
      headers: { origin: APP_ORIGIN },
      payload: { password: 'Fresh1pass', passwordResetToken: token },
    })
    expect(reset.statusCode).toBe(200)
    const resettingBrowser = deviceCookieOf(reset)

    // The lockout is cleared: any browser may sign in with the new password.
    const renewed = { email: target.email, password: 'Fresh1pass' }
    expect((await login(renewed, { address: '198.51.100.2' })).statusCode).toBe(200)

    // Guessed at again: the browser that reset the password is trusted, but one trusted before
    // the reset is not (whoever knew the old password may have signed in with it).
    await lockOut(target.email)
    expectLocked(await login(renewed, { address: '192.0.2.1', cookie: before }))
    expect((await login(renewed, { address, cookie: resettingBrowser })).statusCode).toBe(200)
  })

  it('forgets the trusted browsers when the password is changed in the settings', async () => {
    const target = await createUser(context.db)
    const trusted = await trustedBrowser(target, '192.0.2.1')
    const session = await signIn(context, target)
    const changed = await context.call(user.updateProfile, {
      cookie: session,
      body: { password: 'Brand1New', currentPassword: PASSWORD },
    })
    expect(changed.statusCode).toBe(200)
    await lockOut(target.email)
    expectLocked(await login({ email: target.email, password: 'Brand1New' }, { cookie: trusted }))
  })

  it('counts a trusted browser on every instance of the API', async () => {
    const target = await createUser(context.db)
    const trusted = await trustedBrowser(target, '192.0.2.1')
    await lockOut(target.email)
    expectLocked(await login(target, { address: '192.0.2.5', app: second.app }))
    const signedIn = await login(target, { address: '192.0.2.5', cookie: trusted, app: second.app })
    expect(signedIn.statusCode).toBe(200)
  })
})

describe('the instants of the limits', () => {
  it('keeps an account locked until its window ends, then counts anew', async () => {
    const target = await createUser(context.db)
    await lockOut(target.email)
    // The window is timed by the database's clock, the one every instance shares.
    await context.db.execute(
      sql`update rate_limit_counters set reset_at = now() + interval '1900 milliseconds'`,
    )
    const locked = await login(target, { address: '192.0.2.40' })
    expectLocked(locked)
    expect(locked.headers['retry-after']).toBe('2')
    await context.db.execute(sql`update rate_limit_counters set reset_at = now()`)
    expect((await login(target, { address: '192.0.2.40' })).statusCode).toBe(200)
  })

  it('trusts a browser for DEVICE_TRUST_MS from its sign-in, and not a moment longer', () => {
    const account = { id: 7, passwordHash: '$argon2id$v=19$m=1024,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2g' }
    const signedInAt = new Date('2026-03-01T10:00:00.000Z')
    const entries = parseDeviceCookie(trustBrowser(undefined, account, signedInAt))
    const at = (ms: number) => new Date(signedInAt.getTime() + ms)
    expect(trustedEntry(entries, account, at(0))).not.toBeNull()
    expect(trustedEntry(entries, account, at(DEVICE_TRUST_MS - 1))).not.toBeNull()
    expect(trustedEntry(entries, account, at(DEVICE_TRUST_MS))).toBeNull()
    // Issued in the future: not ours.
    expect(trustedEntry(entries, account, at(-1))).toBeNull()
    // Another password (changed or reset) ends the trust.
    expect(
      trustedEntry(entries, { ...account, passwordHash: `${account.passwordHash}x` }, at(0)),
    ).toBeNull()
  })

  it('remembers the latest accounts signed in on one browser, newest first', () => {
    const now = new Date('2026-03-01T10:00:00.000Z')
    let cookie: string | undefined
    for (let id = 1; id <= DEVICE_ACCOUNTS_MAX + 2; id += 1) {
      cookie = trustBrowser(cookie, { id, passwordHash: `hash ${id}` }, now)
    }
    cookie = trustBrowser(cookie, { id: 5, passwordHash: 'hash 5' }, now)
    expect(parseDeviceCookie(cookie).map((entry) => entry.userId)).toEqual([5, 7, 6, 4, 3])
    // An entry past its lifetime is dropped when the cookie is written again.
    const later = new Date(now.getTime() + DEVICE_TRUST_MS)
    expect(
      parseDeviceCookie(trustBrowser(cookie, { id: 9, passwordHash: 'hash 9' }, later)).map(
        (entry) => entry.userId,
      ),
    ).toEqual([9])
  })
})

describe('a sign-in racing a new password', () => {
  it('starts no session when the password changed while the old one was being checked', async () => {
    const account = await createUser(context.db)
    const newHash = await hashPassword('Another1pass')
    // The reset commits while the sign-in's check of the old password is under way.
    let reset: Promise<unknown> | undefined
    const resetDuringCheck = () => {
      reset ??= context.db
        .update(users)
        .set({ passwordHash: newHash })
        .where(eq(users.id, account.id))
        .execute()
    }
    subscribe(PASSWORD_CHECKS, resetDuringCheck)
    try {
      const answer = await login({ email: account.email, password: account.password })
      await reset
      expect(answer.statusCode).toBe(401)
      expect(answer.cookies.map(({ name }) => name)).not.toContain(SESSION_COOKIE)
    } finally {
      unsubscribe(PASSWORD_CHECKS, resetDuringCheck)
    }
    const sessions = await context.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, account.id))
    expect(sessions).toEqual([])
    // With the password unchanged, the same sign-in starts its session.
    await context.db
      .update(users)
      .set({ passwordHash: await hashPassword(account.password) })
      .where(eq(users.id, account.id))
    expect((await login({ email: account.email, password: account.password })).statusCode).toBe(200)
  })
})
