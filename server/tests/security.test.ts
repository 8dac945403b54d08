import { describe, expect, it } from 'vitest'
import * as auth from '../../contract/descriptors/auth.ts'
import * as system from '../../contract/descriptors/system.ts'
import * as user from '../../contract/descriptors/user.ts'
import { API_PREFIX, buildApp } from '../src/app.ts'
import { ConfigError, loadConfig } from '../src/config.ts'
import { openDatabase } from '../src/db/client.ts'
import {
  type ApiResponse,
  createUser,
  emptyDatabaseImage,
  PASSWORD,
  setupTestApp,
  type TestContext,
} from './helpers.ts'

const LIMIT = 3

/** Signs in and answers the session cookie. */
const signIn = async (
  context: TestContext,
  email: string,
  headers: Record<string, string> = {},
) => {
  const response = await context.call(auth.login, { body: { email, password: PASSWORD }, headers })
  expect(response.statusCode).toBe(200)
  const cookie = response.cookies.find((entry) => entry.name === 'manabi_session')
  return `manabi_session=${cookie?.value ?? ''}`
}

const expectTooMany = (response: ApiResponse) => {
  expect(response.statusCode).toBe(429)
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0)
}

const wrongLogin = (context: TestContext, email: string, headers: Record<string, string> = {}) =>
  context.call(auth.login, { body: { email, password: 'Wrong1pass' }, headers })

describe('without a configured proxy', () => {
  const context = setupTestApp({ rateLimitMax: LIMIT })

  it('ignores X-Forwarded-For: rotating it does not buy more login attempts', async () => {
    const student = await createUser(context.db)
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
      const response = await wrongLogin(context, `nobody${attempt}@example.com`, {
        'x-forwarded-for': `203.0.113.${attempt}`,
      })
      expect(response.statusCode).toBe(401)
    }
    expectTooMany(
      await context.call(auth.login, {
        body: { email: student.email, password: PASSWORD },
        headers: { 'x-forwarded-for': '198.51.100.77' },
      }),
    )
  })

  it('sends pages the security headers: a CSP allowing PayPal, same-origin framing, nosniff, referrer policy', async () => {
    // Without a built SPA the page is the 404 of a client route: what matters is its headers.
    const response = await context.app.inject({ method: 'GET', url: '/lessons' })
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toMatch(/script-src 'self' https:\/\/www\.paypal\.com https:\/\/\*\.paypal\.com/)
    expect(csp).toMatch(/frame-src [^;]*https:\/\/\*\.paypal\.com/)
    expect(csp).toContain("frame-ancestors 'self'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    // Plain HTTP (a newcomer's localhost): no upgrade of requests, no HSTS.
    expect(csp).not.toContain('upgrade-insecure-requests')
    expect(response.headers['strict-transport-security']).toBeUndefined()
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
  })

  it("sends API answers, errors included, OWASP's headers for APIs: they never render as a page", async () => {
    const answers = [
      await context.call(system.health),
      await context.app.inject({ method: 'GET', url: '/api/nothing/here' }),
      await context.app.inject({ method: 'GET', url: '/api?x=1' }),
      await wrongLogin(context, 'nobody@example.com'),
    ]
    for (const response of answers) {
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      )
      expect(response.headers['x-frame-options']).toBe('DENY')
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin')
      // Headers that only act on a document are left to pages.
      for (const name of [
        'cross-origin-opener-policy',
        'referrer-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ]) {
        expect(response.headers[name], name).toBeUndefined()
      }
    }
    // A path that only starts like the API's is a page.
    const page = await context.app.inject({ method: 'GET', url: '/apiary' })
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'self'")
  })

  it('refuses GET /auth/logout from another site, keeping the session; allows it from the app', async () => {
    const student = await createUser(context.db)
    const cookie = await signIn(context, student.email)
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: '' },
      { 'sec-fetch-site': 'same-site', origin: '' },
      { origin: 'https://evil.example' },
    ]
    for (const headers of crossSite) {
      // An empty Origin stands for none: a cross-site GET navigation sends no Origin.
      const response = await context.call(auth.logout, { cookie, headers })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toMatchObject({ message: 'Origin not allowed' })
      expect((await context.call(user.me, { cookie })).statusCode).toBe(200)
    }
    // The SPA's own call (same origin), and a typed address (no initiator).
    const own = await context.call(auth.logout, {
      cookie,
      headers: { 'sec-fetch-site': 'same-origin' },
    })
    expect(own.statusCode).toBe(200)
    expect((await context.call(user.me, { cookie })).statusCode).toBe(401)
    const again = await signIn(context, student.email)
    expect(
      (await context.call(auth.logout, { cookie: again, headers: { 'sec-fetch-site': 'none' } }))
        .statusCode,
    ).toBe(200)
  })

  it('refuses a POST that another site sends without an Origin header', async () => {
    const response = await context.call(auth.login, {
      body: { email: 'a@example.com', password: PASSWORD },
      headers: { origin: '', 'sec-fetch-site': 'cross-site' },
    })
    expect(response.statusCode).toBe(403)
  })
})

describe('behind a configured proxy (TRUST_PROXY=1)', () => {
  const context = setupTestApp({ rateLimitMax: LIMIT, env: () => ({ TRUST_PROXY: '1' }) })

  it("counts each client by the proxy's X-Forwarded-For", async () => {
    for (const client of ['203.0.113.1', '203.0.113.2']) {
      for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
        const response = await wrongLogin(context, `nobody${attempt}@example.com`, {
          'x-forwarded-for': client,
        })
        expect(response.statusCode).toBe(401)
      }
      expectTooMany(await wrongLogin(context, 'nobody@example.com', { 'x-forwarded-for': client }))
    }
  })

  it('limits failed sign-ins per account, whatever address they come from', async () => {
    const student = await createUser(context.db)
    const other = await createUser(context.db)
    for (let attempt = 1; attempt <= LIMIT; attempt += 1) {
      const response = await wrongLogin(context, student.email.toUpperCase(), {
        'x-forwarded-for': `198.51.100.${attempt}`,
      })
      expect(response.statusCode).toBe(401)
    }
    // Even the right password, from a fresh address, waits for the window to end.
    expectTooMany(
      await context.call(auth.login, {
        body: { email: student.email, password: PASSWORD },
        headers: { 'x-forwarded-for': '198.51.100.200' },
      }),
    )
    // Another account is not locked out.
    await signIn(context, other.email, { 'x-forwarded-for': '198.51.100.201' })
  })

  it('does not count successful sign-ins against the account', async () => {
    const student = await createUser(context.db)
    for (let attempt = 1; attempt <= LIMIT + 2; attempt += 1) {
      await signIn(context, student.email, { 'x-forwarded-for': `192.0.2.${attempt}` })
    }
  })
})

describe('served over HTTPS', () => {
  const context = setupTestApp({ env: () => ({ APP_ORIGIN: 'https://manabi.example' }) })

  it('tells browsers to keep to HTTPS', async () => {
    const answer = await context.call(system.health, {
      headers: { origin: 'https://manabi.example' },
    })
    const page = await context.app.inject({ method: 'GET', url: '/lessons' })
    for (const response of [answer, page]) {
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=15552000; includeSubDomains',
      )
    }
    expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests')
  })
})

describe('the configuration', () => {
  it('refuses TRUST_PROXY=true, which would trust any client', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError)
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1, true' })).toThrow(/TRUST_PROXY=true/)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.2',
    ])
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({}).trustProxy).toBe(false)
  })

  it('derives the default origin from PORT, under every local name', () => {
    const config = loadConfig({ PORT: '3121' })
    expect(config.APP_ORIGIN).toBe('http://localhost:3121')
    expect(config.allowedOrigins).toEqual([
      'http://localhost:3121',
      'http://127.0.0.1:3121',
      'http://[::1]:3121',
    ])
    expect(loadConfig({}).APP_ORIGIN).toBe('http://localhost:3000')
    expect(loadConfig({}).HOST).toBe('localhost')
    // A configured origin is the only one.
    const configured = loadConfig({ PORT: '3121', APP_ORIGIN: 'https://manabi.example' })
    expect(configured.allowedOrigins).toEqual(['https://manabi.example'])
  })

  it('serves the OpenAPI document in production only when OPENAPI_DOCS says so', () => {
    expect(loadConfig({ NODE_ENV: 'production', PAYPAL_STANDIN: 'true' }).OPENAPI_DOCS).toBe(false)
    expect(
      loadConfig({ NODE_ENV: 'production', PAYPAL_STANDIN: 'true', OPENAPI_DOCS: 'true' })
        .OPENAPI_DOCS,
    ).toBe(true)
    expect(loadConfig({ NODE_ENV: 'development' }).OPENAPI_DOCS).toBe(true)
  })
})

describe('an app built from the default configuration on another port', () => {
  it('accepts sign-ins from http://localhost:PORT and http://127.0.0.1:PORT, hides the docs in production', async () => {
    const database = await openDatabase({ dataDir: null, image: await emptyDatabaseImage() })
    const config = loadConfig({
      PORT: '3121',
      NODE_ENV: 'production',
      PAYPAL_STANDIN: 'true',
      SEED_DEMO: 'false',
    })
    const app = await buildApp({ config, database })
    try {
      const student = await createUser(database.db)
      for (const origin of ['http://localhost:3121', 'http://127.0.0.1:3121']) {
        const response = await app.inject({
          method: 'POST',
          url: `${API_PREFIX}/auth/login`,
          headers: { origin },
          payload: { email: student.email, password: PASSWORD },
        })
        expect(response.statusCode).toBe(200)
      }
      const elsewhere = await app.inject({
        method: 'POST',
        url: `${API_PREFIX}/auth/login`,
        headers: { origin: 'http://localhost:3000' },
        payload: { email: student.email, password: PASSWORD },
      })
      expect(elsewhere.statusCode).toBe(403)
      const docs = await app.inject({ method: 'GET', url: `${API_PREFIX}/docs/json` })
      expect(docs.statusCode).toBe(404)
    } finally {
      await app.close()
    }
  }, 120_000)

  it('answers the health check with 503 when the database is gone', async () => {
    const database = await openDatabase({ dataDir: null, image: await emptyDatabaseImage() })
    const app = await buildApp({
      config: loadConfig({ SEED_DEMO: 'false' }),
      database,
      closeDatabase: false,
    })
    await app.ready()
    await database.close()
    const response = await app.inject({ method: 'GET', url: `${API_PREFIX}/` })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toMatchObject({ message: 'The database is not reachable' })
    await app.close()
  }, 120_000)
})
