// The JavaScript a guest's browser fetches before the landing page (/) can paint: the entry, the
// start-up modules it imports dynamically, the app, and the guest variants of the shell and the
// index route, with everything they import statically. The same walk of dist/.vite/manifest.json
// as scripts/check-route-split.mjs (which checks what those chunks contain); here only the bytes.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** The guest landing's modules, as listed in scripts/check-route-split.mjs. */
const GUEST_LANDING = [
  'index.html',
  'src/app/app.tsx',
  'src/app/layouts/guest-layout.tsx',
  'src/app/routes/home.tsx',
  'src/app/routes/guest-home.tsx',
]

interface ManifestChunk {
  file: string
  imports?: string[]
  dynamicImports?: string[]
}

export interface LandingBytes {
  chunks: number
  raw: number
  /** gzip at zlib's default level, about what a compressing proxy sends. */
  gzip: number
}

export const landingBytes = (dist = 'dist'): LandingBytes => {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >
  const sourcesOf = (file: string) => {
    const map = join(dist, `${file}.map`)
    return existsSync(map)
      ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources
      : []
  }
  // A module merged into a shared chunk (scripts/chunk-plan.ts) has no key of its own: its
  // chunk is the one whose source map lists it.
  const chunkOf = (module: string) =>
    manifest[module]
      ? module
      : (Object.keys(manifest).find((key) =>
          sourcesOf(manifest[key]?.file ?? '').some((source) => source.endsWith(`/${module}`)),
        ) ?? module)
  const files = new Set<string>()
  const seen = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not a chunk of the build; did a route move?`)
    if (seen.has(key)) return
    seen.add(key)
    if (chunk.file.endsWith('.js')) files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  GUEST_LANDING.map(chunkOf).forEach(visit)
  for (const key of manifest['index.html']?.dynamicImports ?? []) visit(key)
  let raw = 0
  let gzip = 0
  for (const file of files) {
    const bytes = readFileSync(join(dist, file))
    raw += bytes.length
    gzip += gzipSync(bytes).length
  }
  return { chunks: files.size, raw, gzip }
}
