import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { TestProject } from 'vitest/node'

/** Where each run's build goes: under node_modules, whose packages it imports. */
const BUILDS = 'node_modules/.cache/manabi-server-tests'

/**
 * Builds the server once per run, from the source as it is, for the tests that start it as a
 * process: they run what `npm start` runs (scripts/build-server.mjs), and each start skips
 * compiling TypeScript (about a second of a core). A folder of its own, so two runs at once do not
 * share one, and not under server/dist, which `npm run build` (the e2e run's `npm start`, beside
 * these tests in CI) empties.
 */
export default async function setup(project: TestProject) {
  await mkdir(BUILDS, { recursive: true })
  const outdir = resolve(await mkdtemp(join(BUILDS, 'run-')))
  execFileSync(process.execPath, ['scripts/build-server.mjs', outdir], { stdio: 'inherit' })
  project.provide('builtServer', join(outdir, 'server.js'))
  return () => rm(outdir, { recursive: true, force: true })
}
