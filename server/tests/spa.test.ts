import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import * as guest from '../../contract/descriptors/guest.ts'
import { MESSAGES, messageFields } from '../../contract/messages.ts'
import { LANDING_CATALOGUE_QUERY } from '../../contract/rules.ts'
import { BadRequestError } from '../src/domain/errors.ts'
import { files, lessons } from '../src/db/schema.ts'
import { errorsPlugin } from '../src/plugins/errors.ts'
import {
  bestCompression,
  type CoverTemplate,
  SHELL_PAGES_FILE,
  type ShellPages,
} from '../src/http/build-output.ts'
import {
  coverPages,
  fetchPreloads,
  imagePreloads,
  languageCookie,
  readShellPages,
  spaPlugin,
  withShellCover,
} from '../src/plugins/spa.ts'
import { DAY, cookieFor, createLesson, createSession } from './catalogue-fixtures.ts'
import { bodyOf, createUser, setupTestApp } from './helpers.ts'

/**
 * The built SPA served on the API's origin (SPA_DIR): its files, index.html for client routes,
 * the API's own 404 elsewhere, and no error when a browser goes away mid-answer.
 */
let spaDir = ''
/** A page of the build in a language (`en`, `ja`): each says which it is. */
const pageIn = (lang: string) =>
  `<!doctype html><html lang="${lang}"><title>Manabi</title>` +
  '<div id="root"><div class="frame"></div></div>' +
  '<!-- padding -->'.repeat(2_000)
const INDEX = pageIn('en')
const INDEX_JA = pageIn('ja')
/**
 * The landing template the build writes beside index.html (vite.config.ts renders the real one
 * from the SPA's static shell, tests/app/startup-skeleton-build.test.ts): the page with a
 * placeholder where the first cover's URL goes.
 */
const COVER = '@first-cover@'
const landingOf = (index: string): CoverTemplate => ({
  page: index.replace('<div class="frame"></div>', `<img class="frame" src="${COVER}">`),
  cover: COVER,
})
const LANDING = landingOf(INDEX)
const LANDING_JA = landingOf(INDEX_JA)
/** The lesson page's template, as the build writes it: its static shell has the lesson's cover. */
const lessonOf = (index: string): CoverTemplate => ({
  page: index.replace('<div class="frame"></div>', `<img class="lesson" src="${COVER}">`),
  cover: COVER,
})
const LESSON = lessonOf(INDEX)
const LESSON_JA = lessonOf(INDEX_JA)
/** The cookie that names the visitor's language, as the build says (the SPA writes it). */
const LANGUAGE = 'manabi-language'
/** The pages the build leaves the server: each language's, English for a visitor who never chose. */
const shellOf = (index: string, indexJa: string) =>
  ({
    cookie: LANGUAGE,
    fallback: 'en-US',
    pages: {
      'en-US': { index, landing: landingOf(index), lesson: lessonOf(index) },
      'jp-JP': { index: indexJa, landing: landingOf(indexJa), lesson: lessonOf(indexJa) },
    },
  }) satisfies ShellPages
const SHELL = shellOf(INDEX, INDEX_JA)
/** The app's first call, preloaded with every page (the Link header's last part). */
const CURRENT_USER_PRELOAD = '</api/user/me>; rel=preload; as=fetch; crossorigin=use-credentials'
/** The Link header of the guest landing whose first card shows `cover`. */
const landingLink = (cover: string) =>
  `<${cover}>; rel=preload; as=image; fetchpriority=high, ${CURRENT_USER_PRELOAD}`
const writeShell = (dir: string, shell: unknown) =>
  writeFile(join(dir, SHELL_PAGES_FILE), JSON.stringify(shell))

beforeAll(async () => {
  spaDir = await mkdtemp(join(tmpdir(), 'manabi-spa-'))
  await mkdir(join(spaDir, 'assets'))
  await mkdir(join(spaDir, '.vite'))
  await writeFile(join(spaDir, 'index.html'), INDEX)
  await writeShell(spaDir, SHELL)
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

/**
 * A catalogue whose first card has a cover: a lesson with an image and a session to come, the
 * landing's first card (the whole demo world took seconds to seed for each test).
 */
const seedCoveredLesson = async () => {
  const educator = await createUser(context.db, { role: 'educator' })
  const [image] = await context.db
    .insert(files)
    .values({
      ownerId: educator.id,
      kind: 'image',
      filename: 'cover.png',
      mimeType: 'image/png',
      size: 10,
      storageKey: 'cover-spa.png',
    })
    .returning()
  const lesson = await createLesson(context.db, educator, { imageId: image!.id })
  await createSession(context.db, lesson, { startsIn: DAY })
  return { educator, lesson }
}

const get = (url: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, headers })
/** A page asked for by a visitor whose language cookie holds `value`, with `headers`. */
const getIn = (url: string, value: string, headers: Record<string, string> = {}) =>
  get(url, { cookie: `${LANGUAGE}=${value}`, ...headers })

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
      requestId: expect.any(String) as string,
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
        requestId: expect.any(String) as string,
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
        requestId: expect.any(String) as string,
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
    await seedCoveredLesson()
    const first = await firstCover()
    expect(first?.imageUrl).toMatch(/^\/lessons\/\d+\/image$/)
    const cover = `/api${first?.imageUrl}`
    const page = await get('/')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['cache-control']).toBe('no-cache')
    expect(page.headers.vary).toBe('accept-encoding, cookie')
    expect(page.headers.link).toBe(landingLink(cover))
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

  it('follows a new build, and serves index.html while the pages are being written', async () => {
    await seedCoveredLesson()
    const cover = `/api${(await firstCover())?.imageUrl}`
    expect((await get('/')).body).toBe(withShellCover(LANDING, cover))
    const rebuilt = shellOf(
      INDEX.replace('<title>Manabi</title>', '<title>Manabi, built again</title>'),
      INDEX_JA.replace('<title>Manabi</title>', '<title>まなび</title>'),
    )
    await writeShell(spaDir, rebuilt)
    try {
      expect((await get('/')).body).toBe(withShellCover(rebuilt.pages['en-US'].landing, cover))
      expect((await getIn('/', 'jp-JP')).body).toBe(
        withShellCover(rebuilt.pages['jp-JP'].landing, cover),
      )
      expect((await getIn('/lessons', 'jp-JP')).body).toBe(rebuilt.pages['jp-JP'].index)
      // Mid-build, the pages gone for a moment: the page is index.html as it is, never a crash.
      await rm(join(spaDir, SHELL_PAGES_FILE))
      for (const url of ['/', '/lessons']) {
        const missing = await getIn(url, 'jp-JP')
        expect(missing.statusCode).toBe(200)
        expect(missing.body).toBe(INDEX)
        expect(missing.headers.vary).toBe('cookie, accept-encoding')
      }
      expect((await get('/')).headers.link).toBe(landingLink(cover))
      // Half written: the same.
      await writeFile(join(spaDir, SHELL_PAGES_FILE), JSON.stringify(rebuilt).slice(0, 100))
      expect((await getIn('/', 'jp-JP')).body).toBe(INDEX)
      expect(errorLog).toEqual([])
    } finally {
      await writeShell(spaDir, SHELL)
    }
    expect((await get('/')).body).toBe(withShellCover(LANDING, cover))
  })

  it('is written where the build put its placeholder, escaped, the rest of the page as it is', () => {
    const template = { page: '<p>$&</p><img src="@cover@"><p>$1</p>', cover: '@cover@' }
    expect(withShellCover(template, '/api/a b/"><script>/$&/image')).toBe(
      '<p>$&</p><img src="/api/a%20b/%22%3E%3Cscript%3E/$&amp;/image"><p>$1</p>',
    )
  })

  describe('the pages the build writes', () => {
    let dir = ''
    beforeEach(async () => {
      dir = await mkdtemp(join(tmpdir(), 'manabi-landing-'))
      await mkdir(join(dir, '.vite'))
      await writeFile(join(dir, 'index.html'), INDEX)
    })
    afterEach(async () => {
      await rm(dir, { recursive: true, force: true })
    })

    it('are read as they were written', async () => {
      await writeShell(dir, SHELL)
      expect(readShellPages(dir)).toEqual(SHELL)
    })

    const withPage = (language: string, page: unknown) => ({
      ...SHELL,
      pages: { ...SHELL.pages, [language]: page },
    })
    it.each([
      ['missing', undefined, /shell-pages\.json is missing: build the SPA again/],
      ['not JSON', '<html>', /is not JSON/],
      ['not pages', ['en-US'], /does not name a language cookie, a fallback and pages/],
      ['without a cookie', { ...SHELL, cookie: '' }, /does not name a language cookie/],
      ['with a cookie no browser sends', { ...SHELL, cookie: 'a b;c' }, /does not name a/],
      ['without pages', { cookie: LANGUAGE, fallback: 'en-US' }, /a fallback and pages/],
      ['with a fallback it has no page for', { ...SHELL, fallback: 'fr-FR' }, /fallback fr-FR/],
      [
        'with a page for a language the product does not know',
        withPage('fr-FR', SHELL.pages['en-US']),
        /has a page for fr-FR, which is not a language of the product/,
      ],
      [
        'with a page for an inherited name',
        withPage('__proto__', SHELL.pages['en-US']),
        /has a page for __proto__, which is not a language/,
      ],
      [
        'with a language without its page',
        withPage('jp-JP', {}),
        /has a page for jp-JP without its index, or its landing or lesson page/,
      ],
      [
        'without a placeholder',
        withPage('jp-JP', { index: INDEX_JA, landing: { page: INDEX_JA }, lesson: LESSON_JA }),
        /has a page for jp-JP without its index, or its landing or lesson page/,
      ],
      [
        'with an empty placeholder',
        withPage('jp-JP', {
          index: INDEX_JA,
          landing: LANDING_JA,
          lesson: { page: INDEX_JA, cover: '' },
        }),
        /has a page for jp-JP without/,
      ],
      [
        'without a lesson page (a build from before it had one)',
        withPage('jp-JP', { index: INDEX_JA, landing: LANDING_JA }),
        /has a page for jp-JP without its index, or its landing or lesson page/,
      ],
      [
        'with no place for the cover',
        withPage('en-US', { index: INDEX, landing: { page: INDEX, cover: COVER }, lesson: LESSON }),
        /has a landing page for en-US with 0 places for the cover, not one/,
      ],
      [
        'with two places for the cover',
        withPage('jp-JP', {
          index: INDEX_JA,
          landing: { page: `${LANDING_JA.page}${LANDING_JA.page}`, cover: COVER },
          lesson: LESSON_JA,
        }),
        /has a landing page for jp-JP with 2 places for the cover, not one/,
      ],
      [
        "with no place for a lesson's cover",
        withPage('en-US', {
          index: INDEX,
          landing: LANDING,
          lesson: { page: INDEX, cover: COVER },
        }),
        /has a lesson page for en-US with 0 places for the cover, not one/,
      ],
    ])('fail the start when they are %s, naming the file', async (_case, shell, message) => {
      if (typeof shell === 'string') {
        await writeFile(join(dir, SHELL_PAGES_FILE), shell)
      } else if (shell) await writeShell(dir, shell)
      expect(() => readShellPages(dir)).toThrow(message)
      for (const landingImages of [async () => [], undefined]) {
        const app = Fastify()
        try {
          await expect(
            app
              .register(spaPlugin, {
                root: dir,
                apiPrefix: '/api',
                ...(landingImages ? { landingImages } : {}),
              })
              .ready(),
          ).rejects.toThrow(message)
        } finally {
          await app.close()
        }
      }
    })

    it('serve a server that puts no cover in the landing, in the visitor’s language', async () => {
      await writeShell(dir, SHELL)
      const app = Fastify()
      try {
        await app.register(spaPlugin, { root: dir, apiPrefix: '/api' })
        const page = await app.inject({ method: 'GET', url: '/' })
        expect(page.statusCode).toBe(200)
        expect(page.body).toBe(INDEX)
        const ja = await app.inject({
          method: 'GET',
          url: '/',
          headers: { cookie: `${LANGUAGE}=jp-JP` },
        })
        expect(ja.body).toBe(INDEX_JA)
      } finally {
        await app.close()
      }
    })
  })

  it('is not named where the page is not the guest landing', async () => {
    const { educator } = await seedCoveredLesson()
    const signedIn = await context.app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: await cookieFor(context.db, educator) },
    })
    expect(signedIn.statusCode).toBe(200)
    // Only the app's first call, as on every page (below).
    expect(signedIn.headers.link).toBe(CURRENT_USER_PRELOAD)
    for (const url of ['/?title=kanji', '/auth/login', '/lessons']) {
      const page = await get(url)
      expect(page.statusCode).toBe(200)
      expect(page.headers.link).toBe(CURRENT_USER_PRELOAD)
    }
  })

  it('is not named when the first lesson has no cover or there is no lesson', async () => {
    const empty = await get('/')
    expect(empty.statusCode).toBe(200)
    expect(empty.headers.link).toBe(CURRENT_USER_PRELOAD)
    await seedCoveredLesson()
    const first = await firstCover()
    await context.db.update(lessons).set({ imageId: null }).where(eq(lessons.id, first!.id))
    const page = await get('/')
    expect(page.statusCode).toBe(200)
    expect(page.body).toBe(INDEX)
    expect(page.headers.link).toBe(CURRENT_USER_PRELOAD)
  })

  it('names covers by their URL, escaped', () => {
    expect(imagePreloads(['/api/a b/image', '/api/c'])).toBe(
      '</api/a%20b/image>; rel=preload; as=image; fetchpriority=high, </api/c>; rel=preload; as=image',
    )
  })
})

describe("a lesson page's cover", () => {
  /** A student's cookie, whose /lesson/:id is the same page as a guest's. */
  const studentCookie = async () =>
    cookieFor(context.db, await createUser(context.db, { role: 'student' }))

  it('is preloaded and painted in the static shell of its page, for guests and users alike', async () => {
    const { lesson } = await seedCoveredLesson()
    const cover = `/api/lessons/${lesson.id}/image`
    const cookie = await studentCookie()
    for (const headers of [{}, { cookie }] as Record<string, string>[]) {
      for (const url of [
        `/lesson/${lesson.id}`,
        `/lesson/${lesson.id}/`,
        `/lesson/${lesson.id}?tab=x`,
      ]) {
        const page = await get(url, headers)
        expect(page.statusCode).toBe(200)
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
        expect(page.headers.vary).toBe('accept-encoding, cookie')
        expect(page.headers.link).toBe(landingLink(cover))
        expect(page.body).toBe(withShellCover(LESSON, cover))
        expect(page.body).toBe(
          INDEX.replace('<div class="frame"></div>', `<img class="lesson" src="${cover}">`),
        )
      }
    }
    // In the visitor's language, compressed for a browser that accepts it.
    const ja = await getIn(`/lesson/${lesson.id}`, 'jp-JP', { 'accept-encoding': 'br' })
    expect(ja.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(ja.rawPayload).toString()).toBe(withShellCover(LESSON_JA, cover))
    // Revalidated as the other pages are.
    const etag = String(ja.headers.etag)
    const again = await getIn(`/lesson/${lesson.id}`, 'jp-JP', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(errorLog).toEqual([])
  })

  it('is not named for a lesson without a cover, a draft, or one that does not exist', async () => {
    const { educator, lesson } = await seedCoveredLesson()
    const bare = await createLesson(context.db, educator)
    await createSession(context.db, bare, { startsIn: 2 * DAY })
    // A draft (no session yet): its owner sees its page, but the shell shows no one its cover.
    const [image] = await context.db
      .insert(files)
      .values({
        ownerId: educator.id,
        kind: 'image',
        filename: 'draft.png',
        mimeType: 'image/png',
        size: 10,
        storageKey: 'cover-draft.png',
      })
      .returning()
    const draft = await createLesson(context.db, educator, { imageId: image!.id })
    const owner = await cookieFor(context.db, educator)
    for (const [url, headers] of [
      [`/lesson/${bare.id}`, {}],
      [`/lesson/${draft.id}`, {}],
      [`/lesson/${draft.id}`, { cookie: owner }],
      [`/lesson/${lesson.id + 1000}`, {}],
      [`/lesson/${lesson.id}/edit`, {}],
      [`/lesson/0${lesson.id}`, {}],
      ['/lesson/new', { cookie: owner }],
      ['/lesson/2147483647', {}],
      ['/lesson/2147483648', {}],
      ['/lesson/99999999999999999999', {}],
    ] as const) {
      const page = await get(url, headers)
      expect(page.statusCode, url).toBe(200)
      expect(page.body, url).toBe(INDEX)
      expect(page.headers.link, url).toBe(CURRENT_USER_PRELOAD)
    }
    expect(errorLog).toEqual([])
  })

  it("follows the lesson: a new cover is the page's, a removed one leaves the page without", async () => {
    const { educator, lesson } = await seedCoveredLesson()
    const url = `/lesson/${lesson.id}`
    expect((await get(url)).body).toBe(withShellCover(LESSON, `/api/lessons/${lesson.id}/image`))
    // Another image: still a cover, under the same URL (it names the lesson, not the image).
    const [next] = await context.db
      .insert(files)
      .values({
        ownerId: educator.id,
        kind: 'image',
        filename: 'next.png',
        mimeType: 'image/png',
        size: 10,
        storageKey: 'cover-spa-next.png',
      })
      .returning()
    await context.db.update(lessons).set({ imageId: next!.id }).where(eq(lessons.id, lesson.id))
    const renewed = await get(url)
    expect(renewed.body).toBe(withShellCover(LESSON, `/api/lessons/${lesson.id}/image`))
    expect(renewed.headers.link).toBe(landingLink(`/api/lessons/${lesson.id}/image`))
    await context.db.update(lessons).set({ imageId: null }).where(eq(lessons.id, lesson.id))
    const page = await get(url)
    expect(page.body).toBe(INDEX)
    expect(page.headers.link).toBe(CURRENT_USER_PRELOAD)
  })

  describe('from a server that reads the covers its own way', () => {
    const serve = async (
      lessonCover: (request: unknown, id: number) => Promise<string | null>,
      options: { coverBudgetMs?: number; landingImages?: () => Promise<string[]> } = {},
    ) => {
      const app = Fastify()
      await app.register(spaPlugin, { root: spaDir, apiPrefix: '/api', lessonCover, ...options })
      return app
    }
    const later = <T>(ms: number, value: T) =>
      new Promise<T>((resolve) => setTimeout(() => resolve(value), ms))
    /** A read that never ends (a stalled database): the page cannot wait for it. */
    const never = () => new Promise<never>(() => undefined)

    it('asks for the id the path names, and makes a page for each of many lessons', async () => {
      const asked: number[] = []
      const app = await serve(async (_request, id) => {
        asked.push(id)
        return `/api/lessons/${id}/image`
      })
      try {
        // More lessons than the pages kept: each is still its own, made again when asked again.
        for (const round of [1, 2]) {
          for (let id = 1; id <= 70; id += 1) {
            const page = await app.inject({ method: 'GET', url: `/lesson/${id}` })
            expect(page.body, `round ${round}, lesson ${id}`).toBe(
              withShellCover(LESSON, `/api/lessons/${id}/image`),
            )
          }
        }
        expect(asked).toHaveLength(140)
        expect(asked.slice(0, 3)).toEqual([1, 2, 3])
        // Not asked for paths that are not a lesson's page.
        await app.inject({ method: 'GET', url: '/lesson/new' })
        await app.inject({ method: 'GET', url: '/' })
        expect(asked).toHaveLength(140)
      } finally {
        await app.close()
      }
    })

    it('sends the page without its cover when the cover comes later than the page waits', async () => {
      const app = await serve(never, { coverBudgetMs: 100, landingImages: never })
      try {
        for (const url of ['/lesson/3', '/']) {
          const page = await app.inject({ method: 'GET', url })
          expect(page.statusCode, url).toBe(200)
          expect(page.body, url).toBe(INDEX)
          expect(page.headers.link, url).toBeUndefined()
        }
      } finally {
        await app.close()
      }
    })

    it('sends that page once, whatever the late read then does', async () => {
      const app = await serve(
        () =>
          new Promise((_resolve, reject) =>
            setTimeout(() => reject(new Error('the storage is away')), 150),
          ),
        { coverBudgetMs: 50 },
      )
      try {
        const page = await app.inject({ method: 'GET', url: '/lesson/3' })
        expect(page.body).toBe(INDEX)
        // The read fails after the page went: nothing is sent again, nothing is left unhandled.
        await later(200, null)
        const again = await app.inject({ method: 'GET', url: '/lesson/3' })
        expect(again.body).toBe(INDEX)
      } finally {
        await app.close()
      }
    })

    it('waits for a cover read within the budget', async () => {
      const app = await serve(() => later(30, '/api/lessons/3/image'), { coverBudgetMs: 1_000 })
      try {
        const page = await app.inject({ method: 'GET', url: '/lesson/3' })
        expect(page.body).toBe(withShellCover(LESSON, '/api/lessons/3/image'))
      } finally {
        await app.close()
      }
    })

    it('sends the page without a cover when reading it fails', async () => {
      const app = await serve(async () => {
        throw new Error('the storage is away')
      })
      try {
        const page = await app.inject({ method: 'GET', url: '/lesson/3' })
        expect(page.statusCode).toBe(200)
        expect(page.body).toBe(INDEX)
        expect(page.headers.link).toBeUndefined()
      } finally {
        await app.close()
      }
    })
  })
})

describe('the pages kept per cover', () => {
  it('are those of the covers asked for last, one dropped made again when asked for', () => {
    const cover = (id: number) => `/api/lessons/${id}/image`
    const pages = coverPages(LESSON, 3)
    const [first, second, third] = [1, 2, 3].map((id) => pages(cover(id)))
    // Asked for again, the first is kept the longer: a fourth cover drops the second instead.
    expect(pages(cover(1))).toBe(first)
    pages(cover(4))
    expect(pages(cover(1))).toBe(first)
    expect(pages(cover(3))).toBe(third)
    const remade = pages(cover(2))
    expect(remade).not.toBe(second)
    expect(remade.etag).toBe(second!.etag)
    expect(remade.encoded('identity').toString()).toBe(withShellCover(LESSON, cover(2)))
  })
})

describe("the visitor's account, the app's first call", () => {
  it('is preloaded with every page, for a guest as for a signed-in user', async () => {
    const student = await createUser(context.db, { role: 'student' })
    const cookie = await cookieFor(context.db, student)
    for (const url of ['/auth/login', '/lesson/3', '/?title=kanji']) {
      for (const headers of [{}, { cookie }] as Record<string, string>[]) {
        const page = await get(url, headers)
        expect(page.statusCode).toBe(200)
        expect(page.headers.link).toBe(CURRENT_USER_PRELOAD)
      }
    }
    // The preload is the app's own call: the account with the session, a 401 without.
    expect((await get('/api/user/me', { cookie })).json()).toMatchObject({ id: student.id })
    expect((await get('/api/user/me')).statusCode).toBe(401)
  })

  it('is not preloaded where the server is given no call to preload', async () => {
    const app = Fastify()
    await app.register(spaPlugin, { root: spaDir, apiPrefix: '/api' })
    try {
      const page = await app.inject({ method: 'GET', url: '/auth/login' })
      expect(page.statusCode).toBe(200)
      expect(page.headers.link).toBeUndefined()
    } finally {
      await app.close()
    }
  })

  it('names the calls by their URL, escaped, sent with the credentials', () => {
    expect(fetchPreloads(['/api/user/me', '/api/a b'])).toBe(
      '</api/user/me>; rel=preload; as=fetch; crossorigin=use-credentials, ' +
        '</api/a%20b>; rel=preload; as=fetch; crossorigin=use-credentials',
    )
  })
})

describe("the pages in the visitor's language (its cookie, as the SPA writes it)", () => {
  /** The first card's cover of the guest landing, with a seeded catalogue. */
  const seededCover = async () => {
    await seedCoveredLesson()
    const page = bodyOf(
      await context.call(guest.guestLessons, { query: { ...LANDING_CATALOGUE_QUERY } }),
    )
    return `/api${page.data[0]?.imageUrl}`
  }

  it('are English without the cookie and Japanese with it, at / and on client routes', async () => {
    const cover = await seededCover()
    expect((await get('/')).body).toBe(withShellCover(LANDING, cover))
    expect((await getIn('/', 'en-US')).body).toBe(withShellCover(LANDING, cover))
    const landing = await getIn('/', 'jp-JP')
    expect(landing.statusCode).toBe(200)
    expect(landing.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(landing.body).toBe(withShellCover(LANDING_JA, cover))
    expect(landing.headers.link).toBe(landingLink(cover))
    for (const url of ['/auth/login', '/lessons/3?tab=sessions', '/?title=kanji']) {
      const english = await get(url)
      expect(english.body).toBe(INDEX)
      const japanese = await getIn(url, 'jp-JP')
      expect(japanese.statusCode).toBe(200)
      expect(japanese.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(japanese.headers['cache-control']).toBe('no-cache')
      expect(japanese.body).toBe(INDEX_JA)
    }
  })

  it('are Japanese for a signed-in user who chose it, whose / has no cover', async () => {
    const { educator } = await seedCoveredLesson()
    const session = await cookieFor(context.db, educator)
    for (const cookie of [`${session}; ${LANGUAGE}=jp-JP`, `${LANGUAGE}=jp-JP; ${session}`]) {
      const page = await get('/', { cookie })
      expect(page.body).toBe(INDEX_JA)
      expect(page.headers.link).toBe(CURRENT_USER_PRELOAD)
    }
  })

  it('are the page without cover when the catalogue has none, in the language', async () => {
    expect((await getIn('/', 'jp-JP')).body).toBe(INDEX_JA)
    expect((await get('/')).body).toBe(INDEX)
  })

  it.each([
    'fr-FR',
    'jp-jp',
    'ja',
    '',
    '%6Ap-JP',
    'jp-JP%20',
    '"jp-JP"',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'fallback',
    'jp-JP,en-US',
    'jp-JP\\',
    '../index.html',
    'jp-JP'.repeat(2000),
  ])('are English for a tampered or unknown cookie (%j)', async (value) => {
    const cover = await seededCover()
    const landing = await getIn('/', value)
    expect(landing.statusCode).toBe(200)
    expect(landing.body).toBe(withShellCover(LANDING, cover))
    const route = await getIn('/lessons', value)
    expect(route.statusCode).toBe(200)
    expect(route.body).toBe(INDEX)
    expect(errorLog).toEqual([])
  })

  it('follow the cookie of that very name, the first one when there are two, as the SPA reads it', async () => {
    const cases: [string, string][] = [
      [`x${LANGUAGE}=jp-JP`, INDEX],
      [`${LANGUAGE}-old=jp-JP`, INDEX],
      [`${LANGUAGE.toUpperCase()}=jp-JP`, INDEX],
      [`a=1; ${LANGUAGE}=jp-JP; b=2`, INDEX_JA],
      [`a=1;${LANGUAGE}=jp-JP;b=2`, INDEX_JA],
      [`${LANGUAGE}=jp-JP; ${LANGUAGE}=en-US`, INDEX_JA],
      [`${LANGUAGE}=en-US; ${LANGUAGE}=jp-JP`, INDEX],
      [`${LANGUAGE}=fr-FR; ${LANGUAGE}=jp-JP`, INDEX],
      [`note=${LANGUAGE}=jp-JP`, INDEX],
    ]
    for (const [cookie, page] of cases) {
      expect((await get('/lessons', { cookie })).body, cookie).toBe(page)
    }
  })

  it('say they vary with the cookie, and carry an ETag per language', async () => {
    const cover = await seededCover()
    for (const url of ['/', '/lessons']) {
      const english = await get(url)
      const japanese = await getIn(url, 'jp-JP')
      for (const page of [english, japanese]) {
        expect(page.headers.vary).toBe('accept-encoding, cookie')
        expect(String(page.headers.etag)).toMatch(/^W\/".+"$/)
      }
      expect(japanese.headers.etag).not.toBe(english.headers.etag)
      // The same page, the same tag, whoever asks for it.
      expect((await getIn(url, 'en-US')).headers.etag).toBe(english.headers.etag)
      expect((await getIn(url, 'fr-FR')).headers.etag).toBe(english.headers.etag)
      expect((await getIn(url, 'jp-JP')).headers.etag).toBe(japanese.headers.etag)
    }
    expect((await get('/')).body).toBe(withShellCover(LANDING, cover))
  })

  it('are revalidated per language: 304 for the copy of that language, the page for another', async () => {
    await seededCover()
    for (const url of ['/', '/lessons']) {
      const english = String((await get(url)).headers.etag)
      const japanese = String((await getIn(url, 'jp-JP')).headers.etag)
      const same = await getIn(url, 'jp-JP', {
        'if-none-match': japanese,
        'accept-encoding': 'br',
      })
      expect(same.statusCode).toBe(304)
      expect(same.body).toBe('')
      expect(same.headers.etag).toBe(japanese)
      expect(same.headers.vary).toBe('accept-encoding, cookie')
      expect(same.headers['content-encoding']).toBeUndefined()
      // A browser that switched language holds the English copy: it gets the Japanese page.
      const switched = await getIn(url, 'jp-JP', { 'if-none-match': english })
      expect(switched.statusCode).toBe(200)
      expect(switched.headers.etag).toBe(japanese)
      const back = await get(url, { 'if-none-match': japanese })
      expect(back.statusCode).toBe(200)
      expect(back.headers.etag).toBe(english)
      expect((await get(url, { 'if-none-match': english })).statusCode).toBe(304)
    }
  })

  it('are compressed like the build compresses its files, in each language', async () => {
    const cover = await seededCover()
    const pages: [string, string, string][] = [
      ['/', 'en-US', withShellCover(LANDING, cover)],
      ['/', 'jp-JP', withShellCover(LANDING_JA, cover)],
      ['/lessons', 'en-US', INDEX],
      ['/lessons', 'jp-JP', INDEX_JA],
    ]
    for (const [url, language, html] of pages) {
      const bytes = Buffer.from(html)
      const best = bestCompression(bytes.length)
      const brotli = await getIn(url, language, { 'accept-encoding': 'gzip, deflate, br' })
      expect(brotli.headers['content-encoding']).toBe('br')
      expect(brotli.headers.vary).toBe('accept-encoding, cookie')
      expect(brotli.rawPayload.equals(brotliCompressSync(bytes, best.brotli))).toBe(true)
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(html)
      const gzip = await getIn(url, language, { 'accept-encoding': 'gzip' })
      expect(gzip.headers['content-encoding']).toBe('gzip')
      expect(gzip.rawPayload.equals(gzipSync(bytes, best.gzip))).toBe(true)
      expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length)
      const plain = await getIn(url, language, { 'accept-encoding': 'identity' })
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.body).toBe(html)
      // One validator for every encoding of a page.
      expect(new Set([brotli, gzip, plain].map((page) => page.headers.etag)).size).toBe(1)
    }
  })

  it('read the cookie as the browser sends it, never decoded or trimmed into another value', () => {
    expect(languageCookie(undefined, LANGUAGE)).toBeUndefined()
    expect(languageCookie('', LANGUAGE)).toBeUndefined()
    expect(languageCookie(`${LANGUAGE}=jp-JP`, LANGUAGE)).toBe('jp-JP')
    expect(languageCookie(`a=b; ${LANGUAGE}=jp-JP`, LANGUAGE)).toBe('jp-JP')
    expect(languageCookie(`${LANGUAGE}=%6Ap-JP`, LANGUAGE)).toBe('%6Ap-JP')
    expect(languageCookie(`${LANGUAGE}="jp-JP"`, LANGUAGE)).toBe('"jp-JP"')
    expect(languageCookie(`${LANGUAGE}=a=b`, LANGUAGE)).toBe('a=b')
    expect(languageCookie(`${LANGUAGE}`, LANGUAGE)).toBeUndefined()
    expect(languageCookie(`x${LANGUAGE}=jp-JP`, LANGUAGE)).toBeUndefined()
  })
})
