import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import Fastify from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import * as categories from '../../contract/descriptors/categories.ts'
import * as guest from '../../contract/descriptors/guest.ts'
import * as lessons from '../../contract/descriptors/lessons.ts'
import * as sessions from '../../contract/descriptors/sessions.ts'
import { RequestLogController } from '../src/logging.ts'
import { etagOf, representations } from '../src/http/revalidate.ts'
import { COMPRESS_FROM_BYTES, SHELL_PAGES_FILE, type ShellPages } from '../src/http/build-output.ts'
import {
  cookieFor,
  createCast,
  createCategory,
  createLesson,
  createSession,
  DAY,
  enroll,
  multipartFile,
  PNG_BYTES,
  userOf,
} from './catalogue-fixtures.ts'
import { bodyOf, setupTestApp } from './helpers.ts'

/**
 * How the app serves: the build's precompressed files chosen per Accept-Encoding, the API's JSON
 * compressed above a threshold, ETags and 304 on the catalogue's reads, and LOG_REQUESTS.
 */
let spaDir = ''
/** Each copy says which it is, so a test sees the file the build wrote was sent, as it is. */
const page = (variant: string) => `<!doctype html><title>${variant}</title>${'<p>'.repeat(600)}`
const script = (variant: string) => `console.log('${variant}');${'void 0;'.repeat(300)}`
/** The pages of client routes in each language, as the build writes them. */
const SHELL: ShellPages = {
  cookie: 'manabi-language',
  fallback: 'en-US',
  pages: {
    'en-US': {
      index: page('page in English'),
      landing: { page: `${page('landing')}<img src="@cover@">`, cover: '@cover@' },
      lesson: { page: `${page('lesson')}<img src="@cover@">`, cover: '@cover@' },
    },
    'jp-JP': {
      index: page('page in Japanese'),
      landing: { page: `${page('ランディング')}<img src="@cover@">`, cover: '@cover@' },
      lesson: { page: `${page('レッスン')}<img src="@cover@">`, cover: '@cover@' },
    },
  },
}

beforeAll(async () => {
  spaDir = await mkdtemp(join(tmpdir(), 'manabi-serving-'))
  await mkdir(join(spaDir, 'assets'))
  const write = async (name: string, text: (variant: string) => string) => {
    await writeFile(join(spaDir, name), text('plain'))
    await writeFile(join(spaDir, `${name}.br`), brotliCompressSync(text('brotli')))
    await writeFile(join(spaDir, `${name}.gz`), gzipSync(text('gzip')))
  }
  await write('index.html', page)
  // The pages the build writes beside it in each language, which the server reads as it starts.
  await mkdir(join(spaDir, '.vite'))
  await writeFile(join(spaDir, SHELL_PAGES_FILE), JSON.stringify(SHELL))
  await write('assets/app-1234.js', script)
  await writeFile(join(spaDir, 'assets', 'tiny-1234.js'), 'void 0')
})
afterAll(async () => {
  await rm(spaDir, { recursive: true, force: true })
})

const log: string[] = []
const context = setupTestApp({
  errorLog: log,
  logLevel: 'info',
  env: () => ({ SPA_DIR: spaDir, LOG_REQUESTS: 'errors' }),
})
afterEach(() => {
  log.length = 0
})

const get = (url: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, headers })

/** The body as the browser reads it, decoded by its Content-Encoding. */
const decoded = (response: { rawPayload: Buffer; headers: Record<string, unknown> }) => {
  const encoding = response.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString()
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString()
  return response.rawPayload.toString()
}

describe('the built SPA', () => {
  it('sends the brotli copy to a browser that accepts it, the gzip one to one that only takes gzip', async () => {
    const brotli = await get('/assets/app-1234.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers['content-type']).toMatch(/javascript/)
    expect(decoded(brotli)).toBe(script('brotli'))
    const gzip = await get('/assets/app-1234.js', { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(decoded(gzip)).toBe(script('gzip'))
    for (const response of [brotli, gzip]) {
      expect(response.headers.vary).toMatch(/accept-encoding/i)
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    }
  })

  it('sends the file as it is without Accept-Encoding, still saying it varies with it', async () => {
    for (const url of ['/assets/app-1234.js', '/assets/tiny-1234.js']) {
      const response = await get(url)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding']).toBeUndefined()
      expect(response.headers.vary).toMatch(/accept-encoding/i)
    }
    expect((await get('/assets/app-1234.js')).body).toBe(script('plain'))
    // A small file has no compressed copy: a browser that accepts brotli gets it as it is.
    const tiny = await get('/assets/tiny-1234.js', { 'accept-encoding': 'br' })
    expect(tiny.headers['content-encoding']).toBeUndefined()
    expect(tiny.body).toBe('void 0')
  })

  it('sends the pages of client routes compressed too, in the visitor’s language, never kept without revalidation', async () => {
    for (const [cookie, language] of [
      [undefined, 'en-US'],
      ['manabi-language=jp-JP', 'jp-JP'],
    ] as const) {
      for (const url of ['/', '/lessons/3?tab=sessions']) {
        const response = await get(url, {
          'accept-encoding': 'br;q=1, gzip;q=0.5',
          ...(cookie ? { cookie } : {}),
        })
        expect(response.statusCode).toBe(200)
        expect(response.headers['content-encoding']).toBe('br')
        expect(response.headers['content-type']).toMatch(/^text\/html/)
        expect(response.headers['cache-control']).toBe('no-cache')
        expect(response.headers.vary).toBe('accept-encoding, cookie')
        expect(decoded(response)).toBe(SHELL.pages[language]?.index)
      }
    }
    const plain = await get('/auth/login')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(SHELL.pages['en-US']?.index)
    // index.html as a file is the build's, its compressed copies as they are.
    const file = await get('/index.html', { 'accept-encoding': 'br' })
    expect(decoded(file)).toBe(page('brotli'))
  })
})

/** An educator's lesson with an upcoming session, so the guest catalogue lists it. */
const listedLesson = async (overrides: Parameters<typeof createLesson>[2] = {}) => {
  const cast = await createCast(context.db)
  const category = await createCategory(context.db)
  const lesson = await createLesson(context.db, userOf(cast.owner), {
    categoryId: category.id,
    ...overrides,
  })
  const session = await createSession(context.db, lesson, { startsIn: DAY })
  return { cast, category, lesson, session }
}

describe("the API's JSON", () => {
  it('is compressed above the threshold, brotli or gzip as the client prefers', async () => {
    await listedLesson({ about: 'A'.repeat(COMPRESS_FROM_BYTES), details: 'D'.repeat(500) })
    const brotli = await context.call(guest.guestLessons, { headers: { 'accept-encoding': 'br' } })
    expect(brotli.statusCode).toBe(200)
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers.vary).toMatch(/accept-encoding/i)
    const list = JSON.parse(decoded(brotli)) as { data: { about: string }[] }
    expect(list.data[0]?.about).toBe('A'.repeat(COMPRESS_FROM_BYTES))
    expect(brotli.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES)

    const gzip = await context.call(guest.guestLessons, {
      headers: { 'accept-encoding': 'gzip, deflate' },
    })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(decoded(gzip))).toEqual(list)

    const plain = await context.call(guest.guestLessons)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.json()).toEqual(list)
  })

  it('is sent as it is below the threshold', async () => {
    await createCategory(context.db, { title: 'Music', titleJp: '音楽' })
    const response = await context.call(guest.guestCategories, {
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES)
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.json()).toEqual([expect.objectContaining({ title: 'Music' })])
  })

  it('leaves a calendar download as it is', async () => {
    const { cast, lesson, session } = await listedLesson({ about: 'A'.repeat(3000) })
    await enroll(context.db, session, userOf(cast.student))
    const response = await context.call(sessions.sessionIcs, {
      params: { id: lesson.id, sessionId: session.id },
      cookie: cast.student.cookie,
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/calendar/)
    expect(response.rawPayload.length).toBeGreaterThan(COMPRESS_FROM_BYTES)
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.body).toMatch(/^BEGIN:VCALENDAR/)
  })
})

describe('revalidated reads', () => {
  it('answer the guest catalogue 304 while it is unchanged, and 200 with a new ETag once an educator edits a lesson', async () => {
    const { cast, lesson, category } = await listedLesson({ title: 'Calligraphy' })
    const first = await context.call(guest.guestLessons, { headers: { 'accept-encoding': 'br' } })
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^W\/".+"$/)
    expect(first.headers['cache-control']).toBe('no-cache')

    // The same validator whether the answer was compressed or not (a weak one).
    expect((await context.call(guest.guestLessons)).headers.etag).toBe(etag)

    const unchanged = await context.call(guest.guestLessons, {
      headers: { 'if-none-match': etag, 'accept-encoding': 'br' },
    })
    expect(unchanged.statusCode).toBe(304)
    expect(unchanged.body).toBe('')
    expect(unchanged.headers.etag).toBe(etag)
    expect(unchanged.headers['content-encoding']).toBeUndefined()
    // A 304 names what the 200 varies with, and how it may be kept.
    expect(unchanged.headers.vary).toBe('accept-encoding')
    expect(unchanged.headers['cache-control']).toBe('no-cache')

    const upload = multipartFile('image', 'cover.png', PNG_BYTES, 'image/png')
    const image = await context.call(lessons.uploadLessonImage, {
      cookie: cast.owner.cookie,
      body: upload.body,
      headers: upload.headers,
    })
    const edited = await context.call(lessons.updateLesson, {
      params: { id: lesson.id },
      cookie: cast.owner.cookie,
      body: {
        title: 'Brush calligraphy',
        categoryId: category.id,
        price_in_cents: 0,
        min_slots: 1,
        max_slots: 3,
        imageId: bodyOf(image).id,
      },
    })
    expect(edited.statusCode).toBe(200)

    const changed = await context.call(guest.guestLessons, { headers: { 'if-none-match': etag } })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    expect(bodyOf(changed).data.map((item) => item.title)).toEqual(['Brush calligraphy'])
  })

  it('answer categories and a lesson 304 on a matching If-None-Match, privately for a signed-in user', async () => {
    const { cast, lesson } = await listedLesson()
    const student = cast.student.cookie
    type Headers = Record<string, string>
    const reads = [
      { call: (headers: Headers) => context.call(guest.guestCategories, { headers }) },
      {
        call: (headers: Headers) =>
          context.call(guest.guestLesson, { params: { id: lesson.id }, headers }),
      },
      {
        call: (headers: Headers) =>
          context.call(categories.listCategories, { cookie: student, headers }),
        signedIn: true,
      },
      {
        call: (headers: Headers) =>
          context.call(lessons.getLesson, { params: { id: lesson.id }, cookie: student, headers }),
        signedIn: true,
      },
    ]
    for (const { call, signedIn } of reads) {
      const first = await call({})
      expect(first.statusCode).toBe(200)
      expect(first.headers['cache-control']).toBe(signedIn ? 'private, no-cache' : 'no-cache')
      const etag = String(first.headers.etag)
      const again = await call({ 'if-none-match': `"other", ${etag}` })
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe('')
      expect((await call({ 'if-none-match': '"other"' })).statusCode).toBe(200)
    }
  })

  it('carry the ETag of the very bytes sent, each cached body serialised, hashed and compressed once', async () => {
    await listedLesson({ title: 'Ikebana', about: 'A'.repeat(COMPRESS_FROM_BYTES) })
    const first = await context.call(guest.guestLessons)
    const again = await context.call(guest.guestLessons)
    expect(again.body).toBe(first.body)
    expect(first.headers.etag).toBe(etagOf(first.body))
    expect(again.headers.etag).toBe(first.headers.etag)
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8')
    // A browser's read of the cached page: the same compressed bytes, the plain answer's ETag.
    for (const encoding of ['br', 'gzip']) {
      const compressed = await context.call(guest.guestLessons, {
        headers: { 'accept-encoding': encoding },
      })
      expect(compressed.headers['content-encoding']).toBe(encoding)
      expect(compressed.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(compressed.headers.vary).toBe('accept-encoding')
      expect(Number(compressed.headers['content-length'])).toBe(compressed.rawPayload.length)
      expect(compressed.headers.etag).toBe(first.headers.etag)
      expect(decoded(compressed)).toBe(first.body)
    }

    const represent = representations()
    const serialised: object[] = []
    const serialize = (body: object) => {
      serialised.push(body)
      return JSON.stringify(body)
    }
    const page = { data: [{ id: 1 }] }
    const kept = represent(page, serialize)
    expect(represent(page, serialize)).toBe(kept)
    expect(kept).toMatchObject({
      payload: Buffer.from('{"data":[{"id":1}]}'),
      etag: etagOf('{"data":[{"id":1}]}'),
    })
    const brotli = kept.encoded('br')
    expect(brotliDecompressSync(brotli).toString()).toBe('{"data":[{"id":1}]}')
    expect(kept.encoded('br')).toBe(brotli)
    expect(gunzipSync(kept.encoded('gzip')).toString()).toBe('{"data":[{"id":1}]}')
    expect(kept.encoded('identity')).toBe(kept.payload)
    // Another object, even one equal to it, is a new answer of the cache: serialised again.
    expect(represent({ data: [{ id: 1 }] }, serialize)).not.toBe(kept)
    expect(serialised).toHaveLength(2)
  })

  it('never answer 304 to a refused call', async () => {
    const missing = await context.call(guest.guestLesson, { params: { id: 999_999 } })
    expect(missing.statusCode).toBe(404)
    expect(missing.headers.etag).toBeUndefined()
    const signedOut = await context.call(lessons.getLesson, { params: { id: 1 } })
    expect(signedOut.statusCode).toBe(401)
  })
})

describe('request logs', () => {
  const completed = () => log.filter((line) => line.includes('"request completed"'))

  it('with LOG_REQUESTS=errors, leave out answered requests and keep the refused ones', async () => {
    const student = await cookieFor(context.db, userOf((await createCast(context.db)).student))
    expect((await context.call(categories.listCategories, { cookie: student })).statusCode).toBe(
      200,
    )
    expect(log.filter((line) => line.includes('"incoming request"'))).toEqual([])
    expect(completed()).toEqual([])
    expect((await context.call(guest.guestLesson, { params: { id: 999_999 } })).statusCode).toBe(
      404,
    )
    expect(completed()).toHaveLength(1)
    expect(completed()[0]).toContain('"statusCode":404')
  })

  const appLogging = async (mode: 'all' | 'errors' | 'off', slowMs = 60_000) => {
    const lines: string[] = []
    const app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
      logController: new RequestLogController(mode, slowMs),
    })
    app.get('/ok', async () => ({ ok: true }))
    app.get('/refused', async (_request, reply) => reply.status(403).send({ no: true }))
    app.get('/broken', async () => {
      throw new Error('Broken on purpose')
    })
    for (const url of ['/ok', '/refused', '/broken']) await app.inject({ method: 'GET', url })
    await app.close()
    return lines.map((line) => JSON.parse(line) as { msg: string; level: number; res?: unknown })
  }

  it('follow the setting: all, errors (and slow) only, or none; a failure always', async () => {
    const all = await appLogging('all')
    expect(all.filter((line) => line.msg === 'incoming request')).toHaveLength(3)
    expect(all.filter((line) => line.msg === 'request completed')).toHaveLength(3)

    const errors = await appLogging('errors')
    expect(errors.filter((line) => line.msg === 'incoming request')).toEqual([])
    expect(errors.filter((line) => line.msg === 'request completed')).toHaveLength(2)
    expect(errors.some((line) => line.msg === 'Broken on purpose' && line.level === 50)).toBe(true)

    const slow = await appLogging('errors', 0)
    expect(slow.filter((line) => line.msg === 'slow request')).toHaveLength(3)

    const off = await appLogging('off')
    expect(off.filter((line) => /request/.test(line.msg))).toEqual([])
    expect(off.some((line) => line.msg === 'Broken on purpose' && line.level === 50)).toBe(true)
  })
})
