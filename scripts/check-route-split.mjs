// Proves the build is split by route: the code a guest downloads to see the landing page holds
// none of the educator, admin or payment screens; and that no chunk at all ships the contract's
// schemas (TypeBox), only its descriptors and pure rules. Reads dist/ after `vite build`
// (manifest and source maps), so it checks what ships, not what the source intends; that the
// mock API's service worker is not part of it; and that the JavaScript of the guest landing stays
// within its byte budget (gzip, as it travels).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const dist = 'dist'
const manifestPath = join(dist, '.vite', 'manifest.json')
if (!existsSync(manifestPath)) {
  console.error(`${manifestPath} is missing: run the build first`)
  process.exit(1)
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))

const sourcesOf = (file) => {
  const map = join(dist, `${file}.map`)
  return existsSync(map) ? JSON.parse(readFileSync(map, 'utf8')).sources : []
}
/**
 * The key in the manifest of the chunk holding `module` (a path from the repository's root): the
 * module's own when it is a chunk's entry, else that of the chunk whose source map lists it (the
 * build puts the landing's modules, among others, in shared chunks: scripts/chunk-plan.ts).
 */
const chunkOf = (module) => {
  if (manifest[module]) return module
  const key = Object.keys(manifest).find((candidate) =>
    sourcesOf(manifest[candidate].file).some((source) => source.endsWith(`/${module}`)),
  )
  if (!key) throw new Error(`${module} is in no chunk of the build; did a route move?`)
  return key
}

// What the browser fetches to show / to a guest: the entry, the start-up modules src/main.tsx
// imports dynamically (env, i18n, the app), and the guest variants of the shell and the index
// route; each with the chunks it imports statically (Vite preloads those with it).
const guestLanding = [
  'index.html',
  ...(manifest['index.html']?.dynamicImports ?? []),
  ...[
    'src/app/app.tsx',
    'src/app/layouts/guest-layout.tsx',
    'src/app/routes/home.tsx',
    'src/app/routes/guest-home.tsx',
  ].map(chunkOf),
]
const forbidden = [
  /src\/app\/routes\/(lesson-form|dashboard|screens)\.tsx$/,
  /src\/app\/layouts\/authenticated-layout\.tsx$/,
  /src\/features\/(admin|payments)\//,
  /src\/mocks\//,
  /node_modules\/@paypal\//,
  /node_modules\/msw\//,
  // Toasts load after the first paint (src/app/toasts.tsx).
  /node_modules\/react-toastify\//,
]

/** The chunks of `entries` and every chunk they import statically (loaded with them). */
const staticClosure = (entries) => {
  const keys = new Set()
  const visit = (key) => {
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not a chunk of the build; did a route move?`)
    if (keys.has(key)) return
    keys.add(key)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  entries.forEach(visit)
  return keys
}

/** `file: source` for each source of the chunks that one of the patterns matches. */
const sourcesMatching = (keys, patterns, where = '') =>
  [...keys].flatMap((key) =>
    sourcesOf(manifest[key].file)
      .filter((source) => patterns.some((pattern) => pattern.test(source)))
      .map((source) => `${manifest[key].file}${where}: ${source}`),
  )

const chunks = staticClosure(guestLanding)
const offenders = sourcesMatching(chunks, forbidden)

// A lesson page that a student or a guest opens carries no form code (react-hook-form, yup, the
// sessions editor): the owner's editor and every dialog with a form load on demand.
const formCode = [
  /node_modules\/(react-hook-form|yup|@hookform)\//,
  /src\/features\/sessions\/components\/(sessions-editor|session-form-dialog)\.tsx$/,
]
offenders.push(
  ...sourcesMatching(
    staticClosure([chunkOf('src/app/routes/lesson-detail.tsx')]),
    formCode,
    ' (lesson page)',
  ),
)

// The browser gets the contract's descriptors and rules; schemas stay with the server and mocks,
// and so does the demo world (demo/, for the seed and the mocks).
const schemaFree = [
  /node_modules\/typebox\//,
  /contract\/(?!rules\.ts$|landing-rules\.ts$|intl-formats\.ts$|descriptor\.ts$|descriptors\/)/,
  /^(?:\.\.\/)*demo\//,
]
const allFiles = new Set(Object.values(manifest).map((chunk) => chunk.file))
for (const file of allFiles) {
  for (const source of sourcesOf(file)) {
    if (schemaFree.some((pattern) => pattern.test(source))) offenders.push(`${file}: ${source}`)
  }
}

// React Router's production build, not the development one its package exports name for every
// import (vite.config.ts, reactRouterProductionBuild): its dev checks and warnings stay out.
const routerBuilds = new Set()
for (const file of allFiles) {
  for (const source of sourcesOf(file)) {
    const build = /node_modules\/react-router\/dist\/([^/]+)\//.exec(source)?.[1]
    if (build) routerBuilds.add(build)
    if (build && build !== 'production') offenders.push(`${file}: ${source}`)
  }
}
if (!routerBuilds.has('production')) {
  offenders.push("React Router's production build is in no chunk: did the alias stop resolving?")
}

// The mock API's service worker is for `npm run dev:mock`, never part of a production build.
if (existsSync(join(dist, 'mockServiceWorker.js'))) {
  offenders.push('mockServiceWorker.js: the mock API would ship with the product')
}

// The budget: every JavaScript file the guest landing loads, as gzip -9 sends it. The figure the
// issue aimed for, 140 KB, is below what the start-up libraries alone weigh in this build
// (react-dom, react-router, axios, i18next, TanStack Query: about 150 KB in one chunk; the toasts
// load after the first paint), so the budget holds today's figure with a little room and any
// growth fails. It was 176 KB while the landing came in 29 files (175.6 KB); in the build's few
// chunks (scripts/chunk-plan.ts) the same code weighs 166.4 KB, and 167.3 KB with the reads the
// routes start beside their code (src/app/routes/prefetch-screens.ts), 167.6 KB with the shells'
// loaders; the rules the landing reads, in a module of their own (contract/landing-rules.ts),
// took every other rule out of it: 165.6 KB, hence 166.
const LANDING_JS_BUDGET = 166 * 1024
const html = readFileSync(join(dist, 'index.html'), 'utf8')
const modulepreloaded = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)].map(
  ([tag]) => tag.match(/\bhref="\/?([^"]+)"/)?.[1],
)
const entryScripts = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*>/g)].map(
  ([tag]) => tag.match(/\bsrc="\/?([^"]+)"/)?.[1],
)
const landingFiles = new Set(
  [...[...chunks].map((key) => manifest[key].file), ...modulepreloaded, ...entryScripts].filter(
    (file) => file?.endsWith('.js'),
  ),
)
let landingRaw = 0
let landingGzip = 0
for (const file of landingFiles) {
  const path = join(dist, file)
  if (!existsSync(path)) {
    offenders.push(`${file}: index.html loads a file the build does not have`)
    continue
  }
  const bytes = readFileSync(path)
  landingRaw += bytes.length
  landingGzip += gzipSync(bytes, { level: 9 }).length
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const landingFigure = `${landingFiles.size} JavaScript files, ${kb(landingRaw)} raw, ${kb(landingGzip)} gzip`
console.log(`Guest landing before first paint: ${landingFigure} (budget ${kb(LANDING_JS_BUDGET)})`)
if (landingGzip > LANDING_JS_BUDGET) {
  offenders.push(
    `the guest landing's JavaScript weighs ${kb(landingGzip)} gzip, over its budget of ${kb(LANDING_JS_BUDGET)}`,
  )
}

// Over HTTP/1.1 a browser fetches six files at a time from a server: each further small file of
// the start costs a round trip (scripts/chunk-plan.ts). The landing's are the entry, the
// bundler's runtime, the start-up libraries and the landing's own chunk.
const LANDING_MAX_FILES = 4
if (landingFiles.size > LANDING_MAX_FILES) {
  offenders.push(
    `the guest landing loads ${landingFiles.size} JavaScript files, more than ${LANDING_MAX_FILES}: ${[...landingFiles].join(', ')}`,
  )
}

const routeChunks = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry).length
if (routeChunks < 10)
  offenders.push(`only ${routeChunks} lazily loaded chunks: routes are not split`)

if (offenders.length) {
  console.error('The browser would download code it must not:\n' + offenders.join('\n'))
  process.exit(1)
}
console.log(
  `Route split OK: ${routeChunks} lazy chunks; the guest landing loads ${landingFiles.size} JavaScript files (${kb(landingGzip)} gzip) and no educator, admin or payment code; a lesson page carries no form code; no chunk holds a contract schema.`,
)
