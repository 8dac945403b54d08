import { createRequire } from 'node:module'
import { rmSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, URL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, gzip } from 'node:zlib'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { type Plugin, runnerImport, type ViteDevServer } from 'vite'
import { configDefaults, defineConfig } from 'vitest/config'
import { plannedGroups } from './scripts/chunk-plan.ts'
import {
  ASSETS_DIR,
  bestCompression,
  COMPRESS_FROM_BYTES,
  SHELL_PAGES_FILE,
  type ShellPages,
} from './server/src/http/build-output.ts'

const ROOT = fileURLToPath(new URL('.', import.meta.url)).replace(/[\\/]$/, '')

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
  '@demo': fileURLToPath(new URL('./demo', import.meta.url)),
  '@tests': fileURLToPath(new URL('./tests', import.meta.url)),
}

/**
 * public/ holds the mock API's service worker for `npm run dev:mock`; a build without the mocks
 * leaves it out, so production never serves a worker that could answer the API's calls.
 */
const withoutMockWorker = (): Plugin => {
  let outDir = 'dist'
  let mocks = false
  return {
    name: 'manabi:without-mock-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
      mocks = config.env.VITE_ENABLE_MOCKS === 'true'
    },
    // writeBundle, not closeBundle: the precompressed copies are written in closeBundle (whose
    // hooks run in parallel), so the worker is gone before any copy of it could be made.
    writeBundle() {
      if (!mocks) rmSync(join(outDir, 'mockServiceWorker.js'), { force: true })
    },
  }
}

/**
 * React Router's package exports name its development build for every import, a production
 * build included (remix-run/react-router#14102): its warnings and checks would run on every
 * visitor's phone. `vite build` takes the production build the package ships beside it; `vite`
 * and the tests keep the development one and its warnings.
 */
const reactRouterProductionBuild = (): Plugin => {
  return {
    name: 'manabi:react-router-production-build',
    apply: 'build',
    config: () => {
      // The copy react-router-dom imports, found as Node finds it from there (hoisted or nested).
      const fromDom = createRequire(createRequire(import.meta.url).resolve('react-router-dom'))
      const builds = join(dirname(fromDom.resolve('react-router/package.json')), 'dist')
      const built = (file: string) => join(builds, 'production', file)
      return {
        resolve: {
          alias: [
            { find: /^react-router$/, replacement: built('index.mjs') },
            { find: /^react-router\/dom$/, replacement: built('dom-export.mjs') },
          ],
        },
      }
    },
  }
}

/** Text files worth compressing; source maps are left out (only the devtools fetch them). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest)$/
/** Vite's own files (.vite/manifest.json), which the server never sends. */
const HIDDEN = /(?:^|[/\\])\./

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** The path of every file under `dir`, however deep. */
const filesUnder = async (dir: string) =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip, level 9) beside every compressible
 * file of the build, which the server sends as they are to a browser that accepts them
 * (server/src/plugins/spa.ts): the best compression, paid once at build time rather than per
 * request. A copy that would not be smaller is not written.
 */
const precompressed = (): Plugin => {
  let outDir = 'dist'
  return {
    name: 'manabi:precompressed',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter(
        (file) => COMPRESSIBLE.test(file) && !HIDDEN.test(relative(outDir, file)),
      )
      await Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(file)
          if (bytes.length < COMPRESS_FROM_BYTES) return
          const best = bestCompression(bytes.length)
          const [br, gz] = await Promise.all([
            brotli(bytes, best.brotli),
            gzipped(bytes, best.gzip),
          ])
          if (br.length < bytes.length) await writeFile(`${file}.br`, br)
          if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz)
        }),
      )
    },
  }
}

/** What the build uses of src/app/layouts/startup-skeleton-html.tsx, loaded in Node. */
interface StaticShellHtml {
  fallbackPage: (indexHtml: string) => string
  shellPages: (builtHtml: string) => ShellPages
}
const STATIC_SHELL_HTML = fileURLToPath(
  new URL('./src/app/layouts/startup-skeleton-html.tsx', import.meta.url),
)

/**
 * The pages of the SPA, in each language, before any script: index.html's #root holds the static
 * shell, rendered from the SPA's own component (StaticShell, src/app/layouts/startup-skeleton.tsx),
 * and its head the language's title, description and preloaded translations
 * (startup-skeleton-html.tsx). `vite` serves the fallback language's page (English). The build
 * writes that page as index.html, and for the server (SHELL_PAGES_FILE) every language's page and
 * its two templates with a placeholder cover the server fills in (server/src/plugins/spa.ts): the
 * guest landing's (in the shell's first card) and a lesson page's (in the page's cover), with the
 * cookie that picks the language.
 */
const staticShell = (): Plugin => {
  let root = process.cwd()
  let built: Promise<StaticShellHtml> | undefined
  /** The dev server's copy follows edits; the build loads the module once. */
  const load = async (server?: ViteDevServer) => {
    if (server) return (await server.ssrLoadModule(STATIC_SHELL_HTML)) as StaticShellHtml
    built ??= runnerImport<StaticShellHtml>(STATIC_SHELL_HTML, {
      root,
      configFile: false,
      resolve: { alias },
      logLevel: 'warn',
    }).then(({ module }) => module)
    return built
  }
  return {
    name: 'manabi:static-shell',
    // After Vite's own HTML plugin, whose generateBundle writes the index.html read here.
    enforce: 'post',
    configResolved(config) {
      root = config.root
    },
    transformIndexHtml: {
      order: 'pre',
      // The build fills index.html's slots once it is built, for every language (below).
      handler: async (html, { server }) =>
        server ? (await load(server)).fallbackPage(html) : html,
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html']
      if (index?.type !== 'asset') {
        this.error("index.html is not in the bundle: the pages' languages cannot be written")
      }
      const html =
        typeof index.source === 'string' ? index.source : new TextDecoder().decode(index.source)
      const shell = (await load()).shellPages(html)
      const fallback = shell.pages[shell.fallback]
      if (!fallback) this.error(`No page for the fallback language ${shell.fallback}`)
      index.source = fallback.index
      this.emitFile({ type: 'asset', fileName: SHELL_PAGES_FILE, source: JSON.stringify(shell) })
    },
  }
}

/**
 * index.html also preloads the chunks src/main.tsx imports dynamically (the landing's, planned in
 * scripts/chunk-plan.ts) and what they import: the start-up imports them dynamically so that
 * one failing to load or run (a bad configuration) shows its error on the page, but every page
 * needs them at once, so the browser fetches them beside the entry instead of after it has run.
 */
const preloadStartChunks = (): Plugin => {
  let base = '/'
  return {
    name: 'manabi:preload-start-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { chunk, bundle }) => {
        if (!chunk || !bundle) return []
        const preloaded = new Set([chunk.fileName, ...chunk.imports])
        const files: string[] = []
        const visit = (file: string) => {
          const imported = bundle[file]
          if (preloaded.has(file) || imported?.type !== 'chunk') return
          preloaded.add(file)
          files.push(file)
          imported.imports.forEach(visit)
        }
        chunk.dynamicImports.forEach(visit)
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
          injectTo: 'head' as const,
        }))
      },
    },
  }
}

/**
 * index.html carries the app's stylesheet in a `<style>` element instead of linking it: a linked
 * stylesheet holds the first paint until it has come, a request after the page's own (one more
 * round trip before anything shows, on a slow phone a third of a second), and the page is
 * revalidated rather than fetched again on a later visit (server/src/plugins/spa.ts), so the
 * styles cost nothing to a returning visitor either. About 8 KB compressed; the toasts' styles
 * still come with their lazy chunk.
 */
const inlineStylesheet = (): Plugin => {
  let base = '/'
  return {
    name: 'manabi:inline-stylesheet',
    apply: 'build',
    configResolved(config) {
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, { chunk, bundle }) => {
        if (!chunk || !bundle) return html
        let inlined = html
        for (const file of chunk.viteMetadata?.importedCss ?? []) {
          const asset = bundle[file]
          if (asset?.type !== 'asset') continue
          const css =
            typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source)
          const link = new RegExp(`<link rel="stylesheet"[^>]*href="${base}${file}"[^>]*>`)
          if (!link.test(inlined)) throw new Error(`index.html does not link ${file}`)
          // `</style` cannot appear in a stylesheet Tailwind writes; the replacer keeps `$` as is.
          inlined = inlined.replace(link, () => `<style>${css.trim()}</style>`)
        }
        return inlined
      },
    },
  }
}

/**
 * The libraries every screen starts with (the landing page included) travel in one chunk: one
 * request instead of a dozen, and one gzip stream compresses them about 5% better than many.
 * Libraries only some screens use (forms, PayPal, dates) stay with the screens that import them,
 * and so do the toasts (react-toastify), loaded after the first paint (src/app/toasts.tsx).
 */
const STARTUP_LIBRARIES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/](query-core|react-query)|axios|i18next|i18next-http-backend|react-i18next|html-parse-stringify|void-elements|use-sync-external-store|cookie|set-cookie-parser)[\\/]/

/**
 * Vite's helper that preloads a lazy chunk's imports travels with the libraries: the entry and
 * the landing's chunk both use it, and anywhere else it would draw the landing's chunk into the
 * entry's static imports (src/main.tsx imports it lazily, scripts/chunk-plan.ts).
 */
const PRELOAD_HELPER = /^\0vite\/preload-helper\.js$/

/** Tests of the project's tooling and texts (lint rules, generated files, the build, the glossary): no DOM. */
const NODE_TESTS = [
  'tests/architecture/{layers,descriptors,one-rule-one-place,node-scripts}.test.ts',
  'tests/app/startup-skeleton-build.test.ts',
  'tests/i18n/{glossary,api-messages}.test.ts',
]

export default defineConfig({
  plugins: [
    react(),
    reactRouterProductionBuild(),
    tailwindcss(),
    preloadStartChunks(),
    inlineStylesheet(),
    staticShell(),
    withoutMockWorker(),
    precompressed(),
  ],
  resolve: { alias },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    assetsDir: ASSETS_DIR,
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: (id) => STARTUP_LIBRARIES.test(id) || PRELOAD_HELPER.test(id),
              priority: 10,
            },
            // The SPA's own modules, in a few chunks per screen (scripts/chunk-plan.ts).
            ...plannedGroups({ root: ROOT, vendor: STARTUP_LIBRARIES }, 9),
          ],
        },
      },
    },
  },
  test: {
    restoreMocks: true,
    // Vitest leaves one core to its main process by default, which mostly waits: on a two-core
    // machine that is one worker. Every core runs tests (about a third faster here).
    maxWorkers: availableParallelism(),
    // Server test files share their worker's modules instead of loading them afresh; each opens
    // a database of its own (server/tests/helpers.ts). The SPA's files are isolated (below).
    isolate: false,
    testTimeout: 15000,
    projects: [
      {
        extends: true,
        // The browser builds the SPA ships, not the Node builds the test runner would pick: axios
        // sends through XMLHttpRequest as in a browser, and neither package loads an ES module
        // from CommonJS, which the isolated contexts below cannot.
        resolve: {
          alias: {
            ...alias,
            'react-router-dom': fileURLToPath(
              new URL('./node_modules/react-router-dom/dist/index.mjs', import.meta.url),
            ),
            axios: fileURLToPath(
              new URL('./node_modules/axios/dist/esm/axios.js', import.meta.url),
            ),
          },
        },
        test: {
          name: 'web',
          environment: 'jsdom',
          // Each file in a context of its own (a fresh module graph, window and globals), in
          // workers that keep jsdom loaded: here the isolation adds about a third of what a
          // process per file adds (65 s against 186 s over the shared-worker run).
          pool: 'vmForks',
          setupFiles: ['./tests/vm-globals.ts', './tests/setup.ts'],
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, 'tests/core/**', ...NODE_TESTS],
        },
      },
      {
        extends: true,
        test: {
          name: 'tooling',
          environment: 'node',
          include: NODE_TESTS,
          isolate: true,
        },
      },
      {
        extends: true,
        test: {
          // The shared core's pure decision modules (contract/), as `npm run mutation` tests them
          // (scripts/mutation.mjs): no DOM, no server, no mocks. Each file loads the modules
          // afresh: a mutant in a table built at load time (a static one) only takes effect then.
          name: 'core',
          environment: 'node',
          include: ['tests/core/**/*.test.ts'],
          isolate: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/tests/**/*.test.ts'],
          // The server built once for the tests that start it as a process.
          globalSetup: ['./server/tests/global-setup.ts'],
          // A worker's first file also makes the database image its files start from, under CI's load.
          hookTimeout: 120000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          // One product (npm start: build, then serve) for every file; see e2e/global-setup.ts.
          globalSetup: ['./e2e/global-setup.ts'],
          testTimeout: 120000,
          hookTimeout: 240000,
          // As long as Playwright's own waits: on a busy machine a page takes more than
          // expect.poll's default second to load.
          expect: { poll: { timeout: 30000 } },
          fileParallelism: false,
        },
      },
    ],
    env: {
      VITE_API_URL: 'http://localhost:3000/api',
      VITE_SUPPORT_EMAIL: 'support@manabi.example',
    },
  },
})
