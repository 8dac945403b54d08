import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { keepNewest } from '../cache/keep-newest.ts'
import { apiUrlTest } from '../http/api-urls.ts'
import { ASSETS_DIR, LANDING_TEMPLATE_FILE, type LandingTemplate } from '../http/build-output.ts'
import { acceptedEncoding, type Encoding, encodedOnce } from '../http/encodings.ts'
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
 * work per request, the index.html of client routes included. Each answer says it varies with
 * Accept-Encoding, the uncompressed ones too.
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
}

/** The `Link` header that preloads `urls` as images, the first with high priority. */
export const imagePreloads = (urls: readonly string[]) =>
  urls
    .map(
      (url, index) =>
        `<${encodeURI(url)}>; rel=preload; as=image${index === 0 ? '; fetchpriority=high' : ''}`,
    )
    .join(', ')

const isLandingTemplate = (value: unknown): value is LandingTemplate =>
  typeof value === 'object' &&
  value !== null &&
  'page' in value &&
  'cover' in value &&
  typeof value.page === 'string' &&
  typeof value.cover === 'string' &&
  value.cover !== ''

/**
 * The landing template of the build in `root`: the server never looks for markup in index.html,
 * the build says where the cover goes. Throws, naming the file, when it is missing, is not
 * one, or has no single place for the cover: a build that cannot show the first cover is a broken
 * build, not a page to send without it.
 */
export const readLandingTemplate = (root: string): LandingTemplate => {
  const file = join(root, LANDING_TEMPLATE_FILE)
  const broken = (why: string) =>
    new Error(`${file} ${why}: build the SPA again (\`npm run build\`)`)
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    const missing = error instanceof Error && 'code' in error && error.code === 'ENOENT'
    throw broken(missing ? 'is missing' : 'cannot be read')
  }
  let template: unknown
  try {
    template = JSON.parse(text)
  } catch {
    throw broken('is not JSON')
  }
  if (!isLandingTemplate(template)) throw broken('is not a page with a cover placeholder')
  const places = template.page.split(template.cover).length - 1
  if (places !== 1) throw broken(`has ${places} places for the cover instead of one`)
  return template
}

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')

/**
 * The landing page with `cover` in the first card of its static shell, as the SPA's skeleton shows
 * it (SkeletonCard's coverSrc, which reads it back before React replaces the shell).
 */
export const withShellCover = ({ page, cover: placeholder }: LandingTemplate, cover: string) =>
  page.replace(placeholder, () => escapeAttribute(encodeURI(cover)))

/** A landing page: its ETag, and its bytes in each encoding asked for so far. */
interface LandingPage {
  etag: string
  encoded: (encoding: Encoding) => Buffer
}

/**
 * The landing page for each of the last few first covers (it rarely changes), made once in each
 * encoding a browser asks for, as the build compresses the files it writes.
 */
const landingPages = (template: LandingTemplate, keep = 8) => {
  const pages = new Map<string, LandingPage>()
  const make = (cover: string): LandingPage => {
    const html = Buffer.from(withShellCover(template, cover))
    // Best compression: made once per cover, like the build's files.
    return { etag: etagOf(html), encoded: encodedOnce(html) }
  }
  return (cover: string) => {
    let page = pages.get(cover)
    if (!page) {
      page = make(cover)
      keepNewest(pages, cover, page, keep)
    }
    return page
  }
}

export const spaPlugin = fp<SpaOptions>(
  async (app, { root, apiPrefix, landingImages }) => {
    if (!existsSync(join(root, 'index.html'))) {
      throw new Error(`No built SPA in ${root}: run \`npm run build\` first`)
    }
    await app.register(fastifyStatic, { root, wildcard: false, index: false, preCompressed: true })
    // The landing template is read (and checked) now: a build without one fails the start, not
    // each guest's first paint. It is read again when it changes (a build over the running
    // server's folder), so a page never names scripts the build has replaced.
    const templateFile = join(root, LANDING_TEMPLATE_FILE)
    let made: { stamp: string; pageOf: ReturnType<typeof landingPages> } | undefined
    const landingPage = (cover: string) => {
      const { mtimeMs, size } = statSync(templateFile)
      const stamp = `${mtimeMs}:${size}`
      if (made?.stamp !== stamp) made = { stamp, pageOf: landingPages(readLandingTemplate(root)) }
      return made.pageOf(cover)
    }
    if (landingImages) readLandingTemplate(root)
    // A callback hook that answers by not calling `done`: the request goes no further, whenever
    // the file is sent. (An async hook returning the reply resolves as soon as the client goes
    // away, and the request would then run on to the 404 handler, answering twice.)
    const isApi = apiUrlTest(apiPrefix)
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
      const sendIndex = () =>
        void reply.header('Cache-Control', 'no-cache').sendFile('index.html', REVALIDATE)
      if (request.url !== '/' || !landingImages) return sendIndex()
      // The page is served whatever the catalogue or the folder does: a hint that fails is left
      // out, and a page that cannot be made is the file as it is.
      landingImages(request)
        .then((urls) => {
          const [cover] = urls
          if (!cover) return sendIndex()
          reply.header('Link', imagePreloads(urls))
          const page = landingPage(cover)
          reply.header('Content-Type', 'text/html; charset=utf-8')
          // The browser's copy is this very page: it may show it again.
          if (revalidated(request, reply, 'public', page.etag)) {
            void reply.code(304).send()
            return
          }
          const encoding = acceptedEncoding(request)
          if (encoding !== 'identity') reply.header('Content-Encoding', encoding)
          void reply.send(page.encoded(encoding))
        })
        .catch((error: unknown) => {
          request.log.warn({ err: error }, 'The landing page could not be made with its cover')
          if (!reply.sent) sendIndex()
        })
    })
  },
  { name: 'spa' },
)
