// Proves the build is split by route: the code a guest downloads to see the landing page holds
// none of the educator, admin or payment screens; and that no chunk at all ships the contract's
// schemas (TypeBox), only its descriptors and pure rules. Reads dist/ after `vite build`
// (manifest and source maps), so it checks what ships, not what the source intends; and that the
// mock API's service worker is not part of it.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const dist = 'dist'
const manifestPath = join(dist, '.vite', 'manifest.json')
if (!existsSync(manifestPath)) {
  console.error(`${manifestPath} is missing: run the build first`)
  process.exit(1)
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))

// What the browser fetches to show / to a guest: the entry, the start-up modules it imports
// dynamically, the app, and the guest variants of the shell and the index route.
const guestLanding = [
  'index.html',
  'src/app/app.tsx',
  'src/app/layouts/guest-layout.tsx',
  'src/app/routes/home.tsx',
  'src/app/routes/guest-home.tsx',
]
const forbidden = [
  /src\/app\/routes\/(lesson-form|dashboard|screens)\.tsx$/,
  /src\/app\/layouts\/authenticated-layout\.tsx$/,
  /src\/features\/(admin|payments)\//,
  /src\/mocks\//,
  /node_modules\/@paypal\//,
  /node_modules\/msw\//,
]

const chunks = new Set()
const visit = (key) => {
  const chunk = manifest[key]
  if (!chunk) throw new Error(`${key} is not a chunk of the build; did a route move?`)
  if (chunks.has(key)) return
  chunks.add(key)
  for (const imported of chunk.imports ?? []) visit(imported)
}
guestLanding.forEach(visit)

const sourcesOf = (file) => {
  const map = join(dist, `${file}.map`)
  return existsSync(map) ? JSON.parse(readFileSync(map, 'utf8')).sources : []
}
const offenders = [...chunks].flatMap((key) =>
  sourcesOf(manifest[key].file)
    .filter((source) => forbidden.some((pattern) => pattern.test(source)))
    .map((source) => `${manifest[key].file}: ${source}`),
)

// The browser gets the contract's descriptors and rules; schemas stay with the server and mocks.
const schemaFree = [
  /node_modules\/typebox\//,
  /contract\/(?!rules\.ts$|descriptor\.ts$|descriptors\/)/,
]
const allFiles = new Set(Object.values(manifest).map((chunk) => chunk.file))
for (const file of allFiles) {
  for (const source of sourcesOf(file)) {
    if (schemaFree.some((pattern) => pattern.test(source))) offenders.push(`${file}: ${source}`)
  }
}

// The mock API's service worker is for `npm run dev:mock`, never part of a production build.
if (existsSync(join(dist, 'mockServiceWorker.js'))) {
  offenders.push('mockServiceWorker.js: the mock API would ship with the product')
}

const routeChunks = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry).length
if (routeChunks < 10)
  offenders.push(`only ${routeChunks} lazily loaded chunks: routes are not split`)

if (offenders.length) {
  console.error('The browser would download code it must not:\n' + offenders.join('\n'))
  process.exit(1)
}
console.log(
  `Route split OK: ${routeChunks} lazy chunks; the guest landing loads ${chunks.size} chunks and no educator, admin or payment code; no chunk holds a contract schema.`,
)
