import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { LANGUAGES, lessonPageId } from '../../../contract/rules.ts'
import { keepNewest } from '../cache/keep-newest.ts'
import { apiUrlTest } from '../http/api-urls.ts'
import {
  ASSETS_DIR,
  type Compression,
  type CoverTemplate,
  type LanguagePages,
  SHELL_PAGES_FILE,
  type ShellPages,
} from '../http/build-output.ts'
import { acceptedEncoding, type Encoding, encodedOnce, PER_ANSWER } from '../http/encodings.ts'
import { etagOf, revalidated } from '../http/revalidate.ts'

/** Hashed build output: its name changes with its content, so a browser keeps it for good. */
const IMMUTABLE = { maxAge: '1y', immutable: true } as const
/** Anything else (index.html, translations): kept, but revalidated (ETag) before each use. */
const REVALIDATE = { cacheControl: false } as const

/**
 * Serves the built SPA on the API's origin: files as they are, and index.html for any other GET
 * outside the API (client routes such as /auth/login), so deep links and reloads work.
 *
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file worth it
 * (vite.config.ts); a browser that accepts one of them gets it as it is, with no compression
 * work per request. Each answer says it varies with Accept-Encoding, the uncompressed ones too.
 *
 * The pages (index.html for client routes, the landing at `/`, a lesson's at `/lesson/:id`) are in
 * the visitor's language: the build writes each language's (SHELL_PAGES_FILE), and the cookie in
 * which the SPA keeps the choice picks one, the fallback's (English) for a visitor who never
 * chose. Each page is compressed once, as the build compresses its files (a lesson's as fast as
 * an API answer), and answers with an ETag of its own and `Vary: accept-encoding, cookie`.
 */
export interface SpaOptions {
  root: string
  apiPrefix: string
  /**
   * The images the page at `/` shows first, for this request (none for a signed-in user, whose
   * `/` is a dashboard). Named in a `Link: rel=preload` header of index.html, the browser fetches
   * them beside the scripts instead of after them; the first, the first card's cover and the
   * landing's largest paint, is also put in the static shell, so it is painted before any script.
   */
  landingImages?: (request: FastifyRequest) => Promise<string[]>
  /**
   * The cover of the lesson whose page is asked for (`/lesson/:id`, contract/rules.ts's
   * lessonPageId), if this request may see it and it has one: the page's largest paint, put in
   * the static shell of a lesson page and preloaded like the landing's first cover.
   */
  lessonCover?: (request: FastifyRequest, lessonId: number) => Promise<string | null>
  /**
   * The API's answers every page of the SPA asks for as it starts (who the visitor is): named in
   * a `Link: rel=preload; as=fetch` header of each page, the browser fetches them beside the
   * scripts, and the app's first call takes the answer instead of asking once its scripts have
   * run (a guest's 401 as much as a user's account).
   */
  startupCalls?: readonly string[]
  /**
   * How long a page waits for its first cover (ms): a cover read later than that (a stalled
   * database or storage) is left out, and the page is sent without it, as when the read fails.
   */
  coverBudgetMs?: number
}

/** A page waits this long for its cover: beyond it, painting sooner matters more than the cover. */
const COVER_BUDGET_MS = 200

/** What `promise` gives, or `late` when it has not settled within `ms`. */
const within = <T, L>(promise: Promise<T>, ms: number, late: L): Promise<T | L> => {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<L>((resolve) => {
    timer = setTimeout(() => resolve(late), ms)
  })
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer))
}

/** The `Link` header that preloads `urls` as images, the first with high priority. */
export const imagePreloads = (urls: readonly string[]) =>
  urls
    .map(
      (url, index) =>
        `<${encodeURI(url)}>; rel=preload; as=image${index === 0 ? '; fetchpriority=high' : ''}`,
    )
    .join(', ')

/**
 * The `Link` header that preloads `urls` as the app fetches them: with the visitor's cookies
 * (the client sends its credentials), so its call takes the preloaded answer.
 */
export const fetchPreloads = (urls: readonly string[]) =>
  urls
    .map((url) => `<${encodeURI(url)}>; rel=preload; as=fetch; crossorigin=use-credentials`)
    .join(', ')

const isCoverTemplate = (value: unknown): value is CoverTemplate =>
  typeof value === 'object' &&
  value !== null &&
  'page' in value &&
  'cover' in value &&
  typeof value.page === 'string' &&
  typeof value.cover === 'string' &&
  value.cover !== ''

const isLanguagePages = (value: unknown): value is LanguagePages =>
  typeof value === 'object' &&
  value !== null &&
  'index' in value &&
  'landing' in value &&
  typeof value.index === 'string' &&
  value.index !== '' &&
  'lesson' in value &&
  isCoverTemplate(value.landing) &&
  isCoverTemplate(value.lesson)

/** A cookie's name as browsers send it (RFC 6265's token). */
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/

const isShellPages = (value: unknown): value is ShellPages =>
  typeof value === 'object' &&
  value !== null &&
  'cookie' in value &&
  'fallback' in value &&
  'pages' in value &&
  typeof value.cookie === 'string' &&
  COOKIE_NAME.test(value.cookie) &&
  typeof value.fallback === 'string' &&
  typeof value.pages === 'object' &&
  value.pages !== null &&
  !Array.isArray(value.pages)

const KNOWN_LANGUAGES: ReadonlySet<string> = new Set(LANGUAGES)

/**
 * The pages of the build in `root`: the server never looks for markup in index.html, the build
 * says what each language's page is and where the cover goes. Throws, naming the file, when it is
 * missing, is not such pages, has a page for a language the product does not know (a cookie can
 * only ever pick one of those), none for its fallback, or a landing with no single place for the
 * cover: a build that cannot show the first cover is a broken build, not a page to send without it.
 */
export const readShellPages = (root: string): ShellPages => {
  const file = join(root, SHELL_PAGES_FILE)
  const broken = (why: string) =>
    new Error(`${file} ${why}: build the SPA again (\`npm run build\`)`)
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    const missing = error instanceof Error && 'code' in error && error.code === 'ENOENT'
    throw broken(missing ? 'is missing' : 'cannot be read')
  }
  let shell: unknown
  try {
    shell = JSON.parse(text)
  } catch {
    throw broken('is not JSON')
  }
  if (!isShellPages(shell)) throw broken('does not name a language cookie, a fallback and pages')
  for (const [language, pages] of Object.entries(shell.pages)) {
    if (!KNOWN_LANGUAGES.has(language)) {
      throw broken(`has a page for ${language}, which is not a language of the product`)
    }
    if (!isLanguagePages(pages)) {
      throw broken(`has a page for ${language} without its index, or its landing or lesson page`)
    }
    for (const name of ['landing', 'lesson'] as const) {
      const { page, cover } = pages[name]
      const places = page.split(cover).length - 1
      if (places !== 1) {
        throw broken(
          `has a ${name} page for ${language} with ${places} places for the cover, not one`,
        )
      }
    }
  }
  if (!Object.hasOwn(shell.pages, shell.fallback)) {
    throw broken(`names the fallback ${shell.fallback}, which it has no page for`)
  }
  return shell
}

/**
 * The value of the cookie `name` in a Cookie header, as the browser sent it: the first of that
 * very name, neither decoded nor unquoted, so it names a language only when it is one exactly.
 * The SPA reads its cookie the same way (src/shared/i18n/languages.ts).
 */
export const languageCookie = (header: string | undefined, name: string) => {
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=')
    if (at !== -1 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim()
  }
  return undefined
}

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')

/**
 * A page with `cover` in its static shell, as the SPA's skeleton shows it (the guest landing's
 * first card, a lesson page's cover; read back before React replaces the shell).
 */
export const withShellCover = ({ page, cover: placeholder }: CoverTemplate, cover: string) =>
  page.replace(placeholder, () => escapeAttribute(encodeURI(cover)))

/** A page as sent: its ETag, and its bytes in each encoding asked for so far. */
interface Page {
  etag: string
  encoded: (encoding: Encoding) => Buffer
}

/**
 * A page as sent, by default with the best compression: made once (per language, per cover of
 * the landing or of a lesson page), like the build's files.
 */
const pageOf = (html: string, compression?: Compression): Page => {
  const bytes = Buffer.from(html)
  return { etag: etagOf(bytes), encoded: encodedOnce(bytes, compression) }
}

/**
 * A template's pages for the `keep` covers asked for last, each made the first time it is asked
 * for, with `compression` when given: a page asked for again is kept the longer.
 */
export const coverPages = (template: CoverTemplate, keep: number, compression?: Compression) => {
  const made = new Map<string, Page>()
  return (cover: string) => {
    const page = made.get(cover) ?? pageOf(withShellCover(template, cover), compression)
    keepNewest(made, cover, page, keep)
    return page
  }
}

/**
 * One language's pages as sent: index.html; the landing for each of the last few first covers
 * (it rarely changes); and the pages of the lessons last asked for, compressed as fast as an API
 * answer is, since there are as many of them as there are lessons.
 */
const languagePages = ({ index, landing, lesson }: LanguagePages) => {
  let indexPage: Page | undefined
  return {
    index: () => (indexPage ??= pageOf(index)),
    landing: coverPages(landing, 8),
    lesson: coverPages(lesson, 64, PER_ANSWER),
  }
}

/**
 * The pages for a request: those of the language its cookie names when the build has a page for
 * it, else the fallback's. The cookie only ever picks among the build's (known) languages.
 */
const pagesByLanguage = (shell: ShellPages) => {
  const languages = new Map(
    Object.entries(shell.pages).map(([language, pages]) => [language, languagePages(pages)]),
  )
  const fallback = languages.get(shell.fallback)!
  return (request: FastifyRequest) =>
    languages.get(languageCookie(request.headers.cookie, shell.cookie) ?? '') ?? fallback
}

/**
 * Sends a page, or a 304 when the browser's copy (If-None-Match) is that very page: the copy of
 * one language never stands for another's, each page having its own ETag.
 */
const sendPage = (request: FastifyRequest, reply: FastifyReply, page: Page) => {
  reply.header('Content-Type', 'text/html; charset=utf-8')
  const fresh = revalidated(request, reply, 'public', page.etag)
  reply.header('Vary', 'accept-encoding, cookie')
  if (fresh) {
    void reply.code(304).send()
    return
  }
  const encoding = acceptedEncoding(request)
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding)
  void reply.send(page.encoded(encoding))
}

export const spaPlugin = fp<SpaOptions>(
  async (
    app,
    {
      root,
      apiPrefix,
      landingImages,
      lessonCover,
      startupCalls = [],
      coverBudgetMs = COVER_BUDGET_MS,
    },
  ) => {
    if (!existsSync(join(root, 'index.html'))) {
      throw new Error(`No built SPA in ${root}: run \`npm run build\` first`)
    }
    await app.register(fastifyStatic, { root, wildcard: false, index: false, preCompressed: true })
    // The pages are read (and checked) now: a build without them fails the start, not each
    // visitor's first paint. They are read again when they change (a build over the running
    // server's folder), so a page never names scripts the build has replaced.
    readShellPages(root)
    const shellFile = join(root, SHELL_PAGES_FILE)
    let made: { stamp: string; pagesFor: ReturnType<typeof pagesByLanguage> } | undefined
    const pagesFor = (request: FastifyRequest) => {
      const { mtimeMs, size } = statSync(shellFile)
      const stamp = `${mtimeMs}:${size}`
      if (made?.stamp !== stamp) made = { stamp, pagesFor: pagesByLanguage(readShellPages(root)) }
      return made.pagesFor(request)
    }
    // A callback hook that answers by not calling `done`: the request goes no further, whenever
    // the file is sent. (An async hook returning the reply resolves as soon as the client goes
    // away, and the request would then run on to the 404 handler, answering twice.)
    const isApi = apiUrlTest(apiPrefix)
    const startupLinks = fetchPreloads(startupCalls)
    app.addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return done()
      if (isApi(request.url)) return done()
      const path = request.url.split('?')[0] ?? '/'
      // The router has already answered a path whose escapes do not decode with a 400.
      const file = path === '/' ? null : join(root, decodeURIComponent(path))
      if (file && file.startsWith(root) && existsSync(file) && !file.endsWith('/')) {
        if (path.startsWith(`/${ASSETS_DIR}/`)) void reply.sendFile(path.slice(1), IMMUTABLE)
        else void reply.header('Cache-Control', 'no-cache').sendFile(path.slice(1), REVALIDATE)
        return
      }
      if (/\.[a-z0-9]+$/i.test(path)) return done() // a missing asset is a real 404
      const links = (images: readonly string[]) => {
        const link = [imagePreloads(images), startupLinks].filter(Boolean).join(', ')
        if (link) reply.header('Link', link)
      }
      // The page in the visitor's language; while a build rewrites its pages, index.html as it
      // is: a page is served whatever the folder does.
      const send = (page: (pages: ReturnType<typeof pagesFor>) => Page) => {
        let chosen: Page
        try {
          chosen = page(pagesFor(request))
        } catch (error) {
          request.log.warn({ err: error }, "The build's pages could not be read")
          void reply
            .header('Cache-Control', 'no-cache')
            .header('Vary', 'cookie')
            .sendFile('index.html', REVALIDATE)
          return
        }
        sendPage(request, reply, chosen)
      }
      // The cover the page shows first, when it has one: the guest landing's first card at `/`,
      // a lesson's own at its page. A hint that fails (the catalogue, the storage) or comes too
      // late is left out.
      const lessonId = lessonPageId(path)
      const covered: Promise<{ urls: string[]; template: 'landing' | 'lesson' }> | null =
        request.url === '/' && landingImages
          ? landingImages(request).then((urls) => ({ urls, template: 'landing' as const }))
          : lessonId !== null && lessonCover
            ? lessonCover(request, lessonId).then((cover) => ({
                urls: cover ? [cover] : [],
                template: 'lesson' as const,
              }))
            : null
      if (!covered) {
        links([])
        return send((pages) => pages.index())
      }
      const withoutCover = () => {
        if (reply.sent) return
        links([])
        send((pages) => pages.index())
      }
      within(covered, coverBudgetMs, null)
        .then((found) => {
          if (!found) {
            request.log.warn({ coverBudgetMs }, "The page's first cover was not read in time")
            withoutCover()
            return
          }
          const { urls, template } = found
          links(urls)
          const [cover] = urls
          send((pages) => (cover ? pages[template](cover) : pages.index()))
        })
        .catch((error: unknown) => {
          request.log.warn({ err: error }, "The page's first cover could not be read")
          withoutCover()
        })
    })
  },
  { name: 'spa' },
)
