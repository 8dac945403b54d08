// `npm run bench`: builds the SPA, starts the product on the embedded database (and on
// PostgreSQL when DATABASE_URL is set), and measures it against a bare Fastify route measured in
// the same run: guest reads under load, the 200-racer enrollment, the landing page's JavaScript and
// Lighthouse's mobile scores. Prints one table and writes it as JSON to bench-results/.
// Options: BENCH_SECONDS (8), BENCH_CONNECTIONS (20), BENCH_SKIP_LIGHTHOUSE=1. See the README.
import { execFileSync } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { buildPath } from '../../contract/descriptor.ts'
import * as guest from '../../contract/descriptors/guest.ts'
import * as sessions from '../../contract/descriptors/sessions.ts'
import { API_PREFIX } from '../../server/src/app.ts'
import { landingBytes } from './landing.ts'
import { lighthouse as runLighthouse } from './lighthouse.ts'
import {
  buildProduct,
  createDatabase,
  removeScratch,
  scratch,
  startBare,
  startProduct,
} from './product.ts'
import {
  type BenchReport,
  type DatabaseRun,
  formatTable,
  type Load,
  type RouteKey,
  verdict,
} from './report.ts'
import { runScale } from './scale.ts'
import { type BenchWorld, prepareWorld, RACE_SEATS, RACERS } from './world.ts'
import { measureWrites } from './writes.ts'

const positive = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`)
  return value
}
const SECONDS = positive('BENCH_SECONDS', 8)
const CONNECTIONS = positive('BENCH_CONNECTIONS', 20)
const SKIP_LIGHTHOUSE = process.env.BENCH_SKIP_LIGHTHOUSE === '1'
/** Only the scale ladder (with `--scale`): the rest of the bench is skipped. */
const SCALE_ONLY = process.env.BENCH_SCALE_ONLY === '1'

/** `--scale N`: the scale ladder up to N lessons, on PostgreSQL. */
const scaleArgument = () => {
  const index = process.argv.indexOf('--scale')
  if (index === -1) return undefined
  const value = Number(process.argv[index + 1])
  if (!Number.isSafeInteger(value) || value < 10) {
    throw new Error('--scale takes a number of lessons (10 or more), e.g. --scale 100000')
  }
  return value
}
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium'
/** Unmeasured load first, so the JIT, the database's caches and the pools are warm. */
const WARM_UP_SECONDS = Math.min(2, SECONDS)

/** Chromium's Accept-Encoding. */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' }

/** Progress goes to stderr; stdout holds only the table. */
const say = (line: string) => process.stderr.write(`bench: ${line}\n`)

const measure = async (url: string, headers: Record<string, string> = {}): Promise<Load> => {
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS, headers })
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers })
  return {
    rps: result.requests.average,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
  }
}

/** The bare route's load, served by a process of its own. */
const measureBare = async () => {
  const bareApp = await startBare()
  try {
    return await measure(bareApp.url)
  } finally {
    await bareApp.stop()
  }
}

/** The mean of several measurements of the bare route. */
const yardstick = (loads: Load[]): Load => ({
  rps: loads.reduce((sum, load) => sum + load.rps, 0) / loads.length,
  p99Ms: loads.reduce((sum, load) => sum + load.p99Ms, 0) / loads.length,
  requests: loads.reduce((sum, load) => sum + load.requests, 0),
  failures: loads.reduce((sum, load) => sum + load.failures, 0),
})

/** 200 students enroll at once in the 3-seat session: how long until all are answered, and how. */
const race = async (origin: string, world: BenchWorld) => {
  const { lessonId, sessionId, cookies } = world.race
  const url = `${origin}${API_PREFIX}${buildPath(sessions.enroll.path, { id: lessonId, sessionId })}`
  const started = performance.now()
  const statuses = await Promise.all(
    cookies.map(async (cookie) => {
      const answer = await fetch(url, {
        method: sessions.enroll.method,
        headers: { origin, cookie },
      })
      await answer.arrayBuffer()
      return answer.status
    }),
  )
  const settleMs = performance.now() - started
  const byStatus: Record<string, number> = {}
  for (const status of statuses) byStatus[status] = (byStatus[status] ?? 0) + 1
  // What a student sees afterwards: the session full, with exactly three seats taken.
  const seen = await fetch(
    `${origin}${API_PREFIX}${buildPath(guest.guestSessions.path, { id: lessonId })}`,
  )
  const listed = (await seen.json()) as { data: { id: number; enrolledCount?: number }[] }
  const enrolledCount = listed.data.find((row) => row.id === sessionId)?.enrolledCount ?? null
  const expected = { 201: RACE_SEATS, 409: RACERS - RACE_SEATS }
  const ok =
    byStatus['201'] === expected[201] &&
    byStatus['409'] === expected[409] &&
    Object.keys(byStatus).length === 2 &&
    (enrolledCount === null || enrolledCount === RACE_SEATS)
  return { racers: RACERS, seats: RACE_SEATS, settleMs, byStatus, enrolledCount, ok }
}

const runOn = async (
  database: 'pglite' | 'postgres',
): Promise<DatabaseRun & { world: BenchWorld; origin: string; stop: () => Promise<void> }> => {
  const place = await scratch()
  const created =
    database === 'postgres' ? await createDatabase(process.env.DATABASE_URL ?? '') : undefined
  say(`${database}: seeding the demo world and ${RACERS} racers`)
  const world = await prepareWorld(place.dataDir, created?.url)
  say(`${database}: starting the product`)
  const product = await startProduct({ ...place, databaseUrl: created?.url })
  const stop = async () => {
    await product.stop()
    await created?.drop()
    await removeScratch(place.root)
  }
  try {
    const api = (path: string) => `${product.origin}${API_PREFIX}${path}`
    const listPath = guest.guestLessons.path
    const list = (await (await fetch(api(listPath))).json()) as { data: { id: number }[] }
    const lesson = list.data.find((row) => row.id !== world.race.lessonId)
    if (!lesson) throw new Error('The guest catalogue lists no demo lesson')
    const lessonPath = buildPath(guest.guestLesson.path, { id: lesson.id })

    // The bare route is measured before each figure and after the last: each figure is set
    // against the mean of the two measurements beside it, so a machine whose speed drifts during
    // the run (by a fifth, seen) moves both sides of each ratio alike.
    const plan: { key: RouteKey; path: string; label: string; headers?: Record<string, string> }[] =
      [
        { key: 'guestList', path: listPath, label: '' },
        // What a browser sends: its answer is compressed (brotli).
        {
          key: 'guestListBrowser',
          path: listPath,
          label: ", Accept-Encoding as a browser's",
          headers: BROWSER_ENCODINGS,
        },
        { key: 'lessonById', path: lessonPath, label: '' },
      ]
    say(`${database}: bare Fastify route, ${SECONDS} s × ${CONNECTIONS} connections`)
    const bares = [await measureBare()]
    const routes = []
    for (const { key, path, label, headers } of plan) {
      say(`${database}: GET ${API_PREFIX}${path}${label}`)
      const load = await measure(api(path), headers)
      say(`${database}: bare Fastify route again`)
      bares.push(await measureBare())
      const beside = yardstick(bares.slice(-2))
      routes.push({
        key,
        path: `GET ${API_PREFIX}${path}`,
        load,
        bare: beside,
        ...verdict(database, key, load, beside),
      })
    }
    say(`${database}: ${RACERS} students enroll at once in a ${RACE_SEATS}-seat session`)
    const enrollment = await race(product.origin, world)
    const writes = created ? await measureWrites(product.origin, created.url, say) : undefined
    return {
      database,
      bare: yardstick(bares),
      bareRps: bares.map((load) => load.rps),
      routes,
      race: enrollment,
      lessonId: lesson.id,
      writes,
      world,
      origin: product.origin,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/** Lighthouse's mobile scores of the main screens (scripts/bench/lighthouse.ts). */
const lighthouse = async (origin: string, lessonId: number, world: BenchWorld) => {
  if (SKIP_LIGHTHOUSE) return { skipped: 'BENCH_SKIP_LIGHTHOUSE=1' }
  return runLighthouse({ origin, lessonId, world, chromium: CHROMIUM, say })
}

const gitCommit = () => {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' })
    const dirty = execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim()
    return `${commit.trim()}${dirty ? '+changes' : ''}`
  } catch {
    return 'unknown'
  }
}

/** The scale ladder when `--scale` asks for it; PostgreSQL only (DATABASE_URL). */
const scale = async (): Promise<BenchReport['scale']> => {
  const largest = scaleArgument()
  if (largest === undefined) return { skipped: 'not asked for (--scale N)' }
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) return { skipped: 'needs PostgreSQL: set DATABASE_URL' }
  const sizes = await runScale({
    serverUrl,
    largest,
    seconds: SECONDS,
    connections: CONNECTIONS,
    warmUpSeconds: WARM_UP_SECONDS,
    say,
  })
  return { sizes }
}

const main = async () => {
  buildProduct(say)
  const landing = landingBytes()

  const databases: ('pglite' | 'postgres')[] = SCALE_ONLY
    ? []
    : process.env.DATABASE_URL
      ? ['pglite', 'postgres']
      : ['pglite']
  const runs: DatabaseRun[] = []
  let lighthouseResult: BenchReport['lighthouse'] = { skipped: 'not run' }
  for (const database of databases) {
    const { world, origin, stop, ...run } = await runOn(database)
    try {
      // Once, on the embedded database: the page is the same on either.
      if (database === 'pglite') {
        lighthouseResult = await lighthouse(origin, run.lessonId, world)
      }
    } finally {
      await stop()
    }
    runs.push(run)
  }

  const scaleResult = await scale()
  const report: BenchReport = {
    version: 2,
    date: new Date().toISOString(),
    commit: gitCommit(),
    node: process.version,
    options: { seconds: SECONDS, connections: CONNECTIONS },
    runs,
    landing,
    lighthouse: lighthouseResult,
    scale: scaleResult,
  }
  await mkdir('bench-results', { recursive: true })
  const json = `${JSON.stringify(report, null, 2)}\n`
  const file = join('bench-results', `${report.date.replace(/[:.]/g, '-')}.json`)
  await writeFile(file, json)
  await writeFile(join('bench-results', 'latest.json'), json)
  console.log(formatTable(report))
  say(`written to ${file} and bench-results/latest.json`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
