import { execFile } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)

/**
 * The bench's entry points, which run when loaded: the bench, its Lighthouse rows, and the bare
 * server it starts as a process of its own. Every other module is loaded below.
 */
const ENTRIES = new Set(['bench.ts', 'lighthouse-only.ts', 'bare-server.ts'])

describe('the scripts npm runs through tsx', () => {
  // `npm run bench` and `bench:lighthouse` load these with tsx, which reads the import aliases
  // (`@contract/…`, `@/…`) from tsconfig.json alone: the vitest tests that import them resolve
  // through vite.config.ts's aliases and would not see an alias tsx cannot resolve.
  it('load every bench module, its imports of the SPA and the contract included', async () => {
    const modules = readdirSync('scripts/bench').filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.d.ts') && !ENTRIES.has(name),
    )
    expect(modules).toContain('lighthouse.ts')
    const folder = await mkdtemp('node_modules/.tmp-load-bench-')
    try {
      const script = join(folder, 'load.mts')
      await writeFile(
        script,
        [
          ...modules.map((name) => `import '${resolve('scripts/bench', name)}'`),
          // Some open handles as they load (a database driver's pool): done once all loaded.
          "console.log('loaded')",
          'process.exit(0)',
        ].join('\n'),
      )
      const { stdout } = await run('node_modules/.bin/tsx', [script])
      expect(stdout.trim()).toBe('loaded')
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  }, 60_000)
})
