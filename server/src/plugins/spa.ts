import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { COVER_HEIGHT, COVER_WIDTH } from '../../../contract/rules.ts'
import { keepNewest } from '../cache/keep-newest.ts'
import { apiUrlTest } from '../http/api-urls.ts'
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

/** The first card's cover frame in the static shell of index.html (StaticShell in the SPA). */
export const SHELL_COVER_SLOT = '<div class="aspect-video w-full bg-slate-200"></div>'

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')

/**
 * index.html with `cover` in the first card of its static shell, as the SPA's skeleton shows it
 * (SkeletonCard's coverSrc, which reads it back before React replaces the shell). Unchanged when
 * the page has no such frame.
 */
export const withShellCover = (html: string, cover: string) =>
  html.replace(
    SHELL_COVER_SLOT,
    `<img data-shell-cover="" src="${escapeAttribute(encodeURI(cover))}" alt="" ` +
      `width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fetchpriority="high" ` +
      'class="aspect-video w-full bg-slate-200 object-cover">',
  )

/** A landing page: its ETag, and its bytes in each encoding asked for so far. */
interface LandingPage {
  etag: string
  encoded: (encoding: Encoding) => Buffer
}

/**
 * The landing page for each of the last few first covers (it rarely changes), made once in each
 * encoding a browser asks for, as the build compresses the files it writes.
 */
const landingPages = (template: string, keep = 8) => {
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
    // Made again when index.html changes (a build over the running server's folder), so a page
    // never names scripts the build has replaced.
    const indexFile = join(root, 'index.html')
    let made: { stamp: string; pageOf: ReturnType<typeof landingPages> | undefined } | undefined
    const landingPage = (cover: string) => {
      const { mtimeMs, size } = statSync(indexFile)
      const stamp = `${mtimeMs}:${size}`
      if (made?.stamp !== stamp) {
        const template = readFileSync(indexFile, 'utf8')
        made = {
          stamp,
          pageOf: template.includes(SHELL_COVER_SLOT) ? landingPages(template) : undefined,
        }
      }
      return made.pageOf?.(cover)
    }
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
        if (path.startsWith('/assets/')) void reply.sendFile(path.slice(1), IMMUTABLE)
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
          if (!page) return sendIndex()
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
