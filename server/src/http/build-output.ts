import { type BrotliOptions, constants, type ZlibOptions } from 'node:zlib'

/**
 * What the build writes (vite.config.ts) and the server serves (plugins/spa.ts, the API's
 * compression), in one place so the two cannot drift. The build's config imports this file: it
 * depends on nothing but Node, so loading the config never loads the server.
 */

/**
 * The folder of the build's hashed files (Vite's assetsDir): a file's name changes with its
 * content, so the server lets browsers keep them for good.
 */
export const ASSETS_DIR = 'assets'

/**
 * A page with a place for the cover it shows first, which the build renders from the SPA's static
 * shell (vite.config.ts) and the server fills in (plugins/spa.ts): `page` is the built index.html
 * whose static shell shows a cover (the guest landing's first card, a lesson page's cover), and
 * `cover` the placeholder that stands there for the cover's URL, once in `page`.
 */
export interface CoverTemplate {
  page: string
  cover: string
}

/**
 * One language's pages: the built index.html in it (`index`), and the templates of the guest
 * landing (`/`) and of a lesson's page (`/lesson/:id`, contract/rules.ts's lessonPageId).
 */
export interface LanguagePages {
  index: string
  landing: CoverTemplate
  lesson: CoverTemplate
}

/**
 * What the server sends for a page of the SPA, as the build writes it (vite.config.ts, from
 * src/app/layouts/startup-skeleton-html.tsx): each language's pages (its `lang`, head and static
 * shell), the cookie in which the SPA keeps the visitor's choice of language, and the language of
 * a visitor who never chose (or whose cookie names no language of `pages`).
 */
export interface ShellPages {
  cookie: string
  fallback: string
  pages: Record<string, LanguagePages>
}

/** Where the build writes the shell pages, as JSON: beside Vite's manifest. */
export const SHELL_PAGES_FILE = '.vite/shell-pages.json'

/** Smaller answers and files are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024

/** How bytes are compressed: brotli's and gzip's options. */
export interface Compression {
  brotli: BrotliOptions
  gzip: ZlibOptions
}

/**
 * The best compression of `size` bytes of text, for bytes compressed once and sent many times:
 * the build's `.br` and `.gz` copies, and the landing pages the server makes (http/encodings.ts).
 */
export const bestCompression = (size: number): Compression => ({
  brotli: {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  },
  gzip: { level: constants.Z_BEST_COMPRESSION },
})
