import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import * as guest from '../../contract/descriptors/guest.ts'
import { MESSAGES, messageFields } from '../../contract/messages.ts'
import { LANDING_CATALOGUE_QUERY } from '../../contract/rules.ts'
import { BadRequestError } from '../src/domain/errors.ts'
import { lessons, users } from '../src/db/schema.ts'
import { seedDemoData } from '../src/db/seed.ts'
import { errorsPlugin } from '../src/plugins/errors.ts'
import { LANDING_TEMPLATE_FILE, type LandingTemplate } from '../src/http/build-output.ts'
import {
  imagePreloads,
  readLandingTemplate,
  spaPlugin,
  withShellCover,
} from '../src/plugins/spa.ts'
import { cookieFor } from './catalogue-fixtures.ts'
import { bodyOf, setupTestApp } from './helpers.ts'

/**
 * The built SPA served on the API's origin (SPA_DIR): its files, index.html for client routes,
 * the API's own 404 elsewhere, and no error when a browser goes away mid-answer.
 */
let spaDir = ''
const INDEX =
  '<!doctype html><title>Manabi</title><div id="root"><div class="frame"></div></div>' +
  '<!-- padding -->'.repeat(100_000)
/**
 * The landing template the build writes beside index.html (vite.config.ts renders the real one
 * from the SPA's static shell, tests/app/startup-skeleton-build.test.ts): the page with a
 * placeholder where the first cover's URL goes.
 */
const COVER = '@first-cover@'
const landingOf = (index: string): LandingTemplate => ({
  page: index.replace('<div class="frame"></div>', `<img class="frame" src="${COVER}">`),
  cover: COVER,
})
const LANDING = landingOf(INDEX)
const writeLanding = (dir: string, template: unknown) =>
  writeFile(join(dir, LANDING_TEMPLATE_FILE), JSON.stringify(template))

beforeAll(async () => {
  spaDir = await mkdtemp(join(tmpdir(), 'manabi-spa-'))
  await mkdir(join(spaDir, 'assets'))
  await mkdir(join(spaDir, '.vite'))
  await writeFile(join(spaDir, 'index.html'), INDEX)
  await writeLanding(spaDir, LANDING)
  await writeFile(join(spaDir, 'assets', 'app.js'), 'console.log(1)')
})
afterAll(async () => {
  await rm(spaDir, { recursive: true, force: true })
})

const errorLog: string[] = []
const context = setupTestApp({ errorLog, env: () => ({ SPA_DIR: spaDir }) })

afterEach(() => {
  errorLog.length = 0
})

/** Resolves once the server holds no connection open (checked every 10 ms). */
const connectionsClosed = async () => {
  for (;;) {
    const open = await new Promise<number>((resolve, reject) =>
      context.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    )
    if (open === 0) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

const get = (url: string) => context.app.inject({ method: 'GET', url })

describe('the SPA on the API origin', () => {
  it('serves index.html for the root and client routes, files as they are', async () => {
    for (const url of ['/', '/auth/login', '/lessons/3?tab=sessions']) {
      const page = await get(url)
      expect(page.statusCode).toBe(200)
      expect(page.headers['content-type']).toMatch(/^text\/html/)
      expect(page.body).toBe(INDEX)
    }
    const script = await get('/assets/app.js')
    expect(script.statusCode).toBe(200)
    expect(script.body).toBe('console.log(1)')
    expect(script.headers['cache-control']).toContain('immutable')
  })

  it('sends the security headers with pages, files, API answers and errors alike', async () => {
    const pages = ['/', '/auth/login', '/assets/app.js', '/assets/missing.js']
    for (const url of [...pages, '/api/', '/api/nothing/here']) {
      const response = await get(url)
      const page = pages.includes(url)
      expect(String(response.headers['content-security-policy']), url).toContain(
        page ? "default-src 'self'" : "default-src 'none'",
      )
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.headers['x-frame-options']).toBe(page ? 'SAMEORIGIN' : 'DENY')
      expect(response.headers['cross-origin-opener-policy']).toBe(
        page ? 'same-origin-allow-popups' : undefined,
      )
      expect(response.headers['x-powered-by']).toBeUndefined()
    }
  })

  it.each([
    ['/assets/missing.js', 404],
    ['/api/nothing/here', 404],
    ['/%E0%A4%A', 400],
    ['/a%', 400],
    ['/%ZZ', 400],
    ['/%C0%80', 400],
  ])('answers %s with the JSON error body (%i)', async (url, status) => {
    const response = await get(url)
    expect(response.statusCode).toBe(status)
    expect(response.json()).toEqual({
      statusCode: status,
      error: status === 400 ? 'Bad Request' : 'Not Found',
      ...messageFields(
        status === 400 ? MESSAGES.http.badUrl : MESSAGES.http.routeNotFound({ method: 'GET', url }),
      ),
    })
    expect(errorLog).toEqual([])
  })

  it('logs no error when the browser goes away before the page is sent', async () => {
    const address = await context.app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = new URL(address)
    // Each socket asks for the page and closes at once, before the (large) page can be sent.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await new Promise<void>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.end('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n', () => {
            socket.destroy()
            resolve()
          })
        })
        socket.on('error', reject)
      })
    }
    // Once the server has closed its side of every one of them, a full answer still works.
    await connectionsClosed()
    const page = await fetch(`${address}/`)
    expect(page.status).toBe(200)
    expect(await page.text()).toBe(INDEX)
    expect(errorLog).toEqual([])
  })
})

describe('the error body', () => {
  it('is JSON even when the reply was about to be something else', async () => {
    // An answer that chose its type (a page, a file) and then found nothing, or failed.
    const app = Fastify()
    await app.register(errorsPlugin)
    app.get('/gone', (_request, reply) => reply.type('text/html').callNotFound())
    app.get('/page', async (_request, reply) => {
      reply.type('text/html')
      throw new BadRequestError(MESSAGES.http.refused({ reason: 'Not this page' }))
    })
    try {
      const gone = await app.inject({ method: 'GET', url: '/gone' })
      expect(gone.statusCode).toBe(404)
      expect(gone.headers['content-type']).toMatch(/^application\/json/)
      expect(gone.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Route GET /gone not found',
        code: 'http.routeNotFound',
        params: { method: 'GET', url: '/gone' },
      })
      const refused = await app.inject({ method: 'GET', url: '/page' })
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: ['Not this page'],
        code: 'http.refused',
        params: { reason: 'Not this page' },
        problems: [{ code: 'http.refused', params: { reason: 'Not this page' } }],
      })
    } finally {
      await app.close()
    }
  })
})

describe("the landing's first cover", () => {
  /** The first card's cover, as the guest landing asks for its first page. */
  const firstCover = async () => {
    const page = bodyOf(
      await context.call(guest.guestLessons, { query: { ...LANDING_CATALOGUE_QUERY } }),
    )
    return page.data[0]
  }

  it('is preloaded, at high priority, and painted in the static shell of / for a guest', async () => {
    await seedDemoData(context.db, context.app.storage)
    const first = await firstCover()
    expect(first?.imageUrl).toMatch(/^\/lessons\/\d+\/image$/)
    const cover = `/api${first?.imageUrl}`
    const page = await get('/')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['cache-control']).toBe('no-cache')
    expect(page.headers.vary).toBe('accept-encoding')
    expect(page.headers.link).toBe(`<${cover}>; rel=preload; as=image; fetchpriority=high`)
    // The build's landing page, the cover where its placeholder stood.
    expect(page.body).toBe(withShellCover(LANDING, cover))
    expect(page.body).toBe(
      INDEX.replace('<div class="frame"></div>', `<img class="frame" src="${cover}">`),
    )
    // Revalidated like the file it stands for: the same page again is a 304.
    const etag = String(page.headers.etag)
    expect(etag).toMatch(/^W\/".+"$/)
    const again = await context.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': etag, 'accept-encoding': 'br' },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers['content-encoding']).toBeUndefined()
    const stale = await context.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': 'W/"an-older-page"' },
    })
    expect(stale.statusCode).toBe(200)
    expect(stale.body).toBe(page.body)
    // Compressed like the build's files, for browsers that accept it.
    for (const [accepted, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const compressed = await context.app.inject({
        method: 'GET',
        url: '/',
        headers: { 'accept-encoding': accepted },
      })
      expect(compressed.headers['content-encoding']).toBe(encoding)
      expect(decode(compressed.rawPayload).toString()).toBe(page.body)
    }
  })

  it('follows a new build, and serves index.html while the template is being written', async () => {
    await seedDemoData(context.db, context.app.storage)
    const cover = `/api${(await firstCover())?.imageUrl}`
    expect((await get('/')).body).toBe(withShellCover(LANDING, cover))
    const rebuilt = landingOf(
      INDEX.replace('<title>Manabi</title>', '<title>Manabi, built again</title>'),
    )
    await writeLanding(spaDir, rebuilt)
    try {
      expect((await get('/')).body).toBe(withShellCover(rebuilt, cover))
      // Mid-build, the template gone for a moment: the page is index.html as it is, never a crash.
      await rm(join(spaDir, LANDING_TEMPLATE_FILE))
      const missing = await get('/')
      expect(missing.statusCode).toBe(200)
      expect(missing.body).toBe(INDEX)
      expect(missing.headers.link).toBe(`<${cover}>; rel=preload; as=image; fetchpriority=high`)
      expect(errorLog).toEqual([])
    } finally {
      await writeLanding(spaDir, LANDING)
    }
    expect((await get('/')).body).toBe(withShellCover(LANDING, cover))
  })

  it('is written where the build put its placeholder, escaped, the rest of the page as it is', () => {
    const template = { page: '<p>$&</p><img src="@cover@"><p>$1</p>', cover: '@cover@' }
    expect(withShellCover(template, '/api/a b/"><script>/$&/image')).toBe(
      '<p>$&</p><img src="/api/a%20b/%22%3E%3Cscript%3E/$&amp;/image"><p>$1</p>',
    )
  })

  describe('the landing template the build writes', () => {
    let dir = ''
    beforeEach(async () => {
      dir = await mkdtemp(join(tmpdir(), 'manabi-landing-'))
      await mkdir(join(dir, '.vite'))
      await writeFile(join(dir, 'index.html'), INDEX)
    })
    afterEach(async () => {
      await rm(dir, { recursive: true, force: true })
    })

    it('is read as it was written', async () => {
      await writeLanding(dir, LANDING)
      expect(readLandingTemplate(dir)).toEqual(LANDING)
    })

    it.each([
      ['missing', undefined, /landing\.json is missing: build the SPA again/],
      ['not JSON', '<html>', /is not JSON/],
      ['without a placeholder', { page: INDEX }, /is not a page with a cover placeholder/],
      ['with an empty placeholder', { page: INDEX, cover: '' }, /is not a page with a cover/],
      ['with no place for the cover', { page: INDEX, cover: COVER }, /has 0 places for the cover/],
      [
        'with two places for the cover',
        { page: `${LANDING.page}${LANDING.page}`, cover: COVER },
        /has 2 places for the cover instead of one/,
      ],
    ])('fails the start when it is %s, naming the file', async (_case, template, message) => {
      if (typeof template === 'string') {
        await writeFile(join(dir, LANDING_TEMPLATE_FILE), template)
      } else if (template) await writeLanding(dir, template)
      expect(() => readLandingTemplate(dir)).toThrow(message)
      const app = Fastify()
      try {
        await expect(
          app
            .register(spaPlugin, { root: dir, apiPrefix: '/api', landingImages: async () => [] })
            .ready(),
        ).rejects.toThrow(message)
      } finally {
        await app.close()
      }
    })

    it('is not needed by a server that puts no cover in the landing', async () => {
      const app = Fastify()
      try {
        await app.register(spaPlugin, { root: dir, apiPrefix: '/api' })
        const page = await app.inject({ method: 'GET', url: '/' })
        expect(page.statusCode).toBe(200)
        expect(page.body).toBe(INDEX)
      } finally {
        await app.close()
      }
    })
  })

  it('is not named where the page is not the guest landing', async () => {
    await seedDemoData(context.db, context.app.storage)
    const [educator] = await context.db.select().from(users).where(eq(users.role, 'educator'))
    const signedIn = await context.app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: await cookieFor(context.db, educator!) },
    })
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.headers.link).toBeUndefined()
    for (const url of ['/?title=kanji', '/auth/login', '/lessons']) {
      const page = await get(url)
      expect(page.statusCode).toBe(200)
      expect(page.headers.link).toBeUndefined()
    }
  })

  it('is not named when the first lesson has no cover or there is no lesson', async () => {
    const empty = await get('/')
    expect(empty.statusCode).toBe(200)
    expect(empty.headers.link).toBeUndefined()
    await seedDemoData(context.db, context.app.storage)
    const first = await firstCover()
    await context.db.update(lessons).set({ imageId: null }).where(eq(lessons.id, first!.id))
    const page = await get('/')
    expect(page.statusCode).toBe(200)
    expect(page.body).toBe(INDEX)
    expect(page.headers.link).toBeUndefined()
  })

  it('names covers by their URL, escaped', () => {
    expect(imagePreloads(['/api/a b/image', '/api/c'])).toBe(
      '</api/a%20b/image>; rel=preload; as=image; fetchpriority=high, </api/c>; rel=preload; as=image',
    )
  })
})
