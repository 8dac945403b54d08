// The bench's report: its JSON shape (bench-results/*.json, compared between commits), the
// targets of the performance issue, and the table printed to stdout.
import { SCALE_P99_TARGET_MS, SCALE_QUERIES, type ScaleSize } from './scale.ts'

export interface Load {
  /** Mean requests per second over the measured seconds. */
  rps: number
  p99Ms: number
  requests: number
  /** Errors, timeouts and non-2xx answers: any makes the figure meaningless. */
  failures: number
}

export interface Target {
  /** Lowest acceptable req/s as a ratio to the bare Fastify route. */
  minRatio: number
  maxP99Ms?: number
}

export type Database = 'pglite' | 'postgres'
export type RouteKey = 'guestList' | 'guestListBrowser' | 'lessonById'

/** The targets of the performance issue, per database. */
export const TARGETS: Record<Database, Record<RouteKey, Target>> = {
  postgres: {
    guestList: { minRatio: 0.5 },
    guestListBrowser: { minRatio: 0.5 },
    lessonById: { minRatio: 0.5 },
  },
  pglite: {
    guestList: { minRatio: 0.25, maxP99Ms: 50 },
    guestListBrowser: { minRatio: 0.25, maxP99Ms: 50 },
    lessonById: { minRatio: 0.25 },
  },
}

export interface Verdict {
  /** req/s as a ratio to the bare route's. */
  ratio: number
  target: Target
  met: boolean
}

export interface DatabaseRun {
  database: Database
  /** The mean of every measurement of the bare route. */
  bare: Load
  /** The bare route's req/s, measured before each figure and after the last. */
  bareRps: number[]
  /** Each figure with its yardstick: the bare route measured just before and just after it. */
  routes: ({ key: RouteKey; path: string; load: Load; bare: Load } & Verdict)[]
  race: {
    racers: number
    seats: number
    settleMs: number
    /** How many answers had each status. */
    byStatus: Record<string, number>
    /** The session's enrolled count as the guest catalogue shows it afterwards. */
    enrolledCount: number | null
    ok: boolean
  }
  lessonId: number
  /** Writes that change the catalogue, with its triggers and without (PostgreSQL only). */
  writes?: WritesRun
}

/** One of scripts/bench/writes.ts's figures: a rate with the triggers, and without them. */
export interface WritesFigure {
  /** Per second, with the catalogue's triggers, and with them disabled (the yardstick). */
  withTriggers: number
  withoutTriggers: number
  ratio: number
  /** Enrollments answered other than 201: any makes the figure meaningless. */
  failures: number
  target: number
  met: boolean
}

/** scripts/bench/writes.ts's figures. */
export interface WritesRun {
  /** Enrollments at once through the route, `enrollments` a round over `sessions` sessions. */
  enrollments: WritesFigure & { count: number; sessions: number; rounds: number }
  /** The smallest catalogue write, committed by `connections` connections for `seconds` each. */
  commits: WritesFigure & { connections: number; seconds: number }
}

/** What a screen's Lighthouse median run must reach. */
export interface LighthouseTarget {
  minPerformance: number
  maxLcpMs: number
}

/** Issue 33's targets: every main screen's, and the guest landing's faster largest paint. */
export const LIGHTHOUSE_TARGET: LighthouseTarget = { minPerformance: 95, maxLcpMs: 2000 }
export const LANDING_LIGHTHOUSE_TARGET: LighthouseTarget = { ...LIGHTHOUSE_TARGET, maxLcpMs: 1500 }

/** Whether a median run meets its target (a run with no timings meets none). */
export const lighthouseMet = (screen: LighthouseScreen, target: LighthouseTarget) =>
  screen.runtimeError === null &&
  screen.scores.performance >= target.minPerformance &&
  screen.metrics.lcpMs !== null &&
  screen.metrics.lcpMs <= target.maxLcpMs

export interface LighthouseScreen {
  name: string
  url: string
  /** Where the page ended up (a redirect would show here). */
  finalUrl: string
  runtimeError: string | null
  /** The median run's (Lighthouse's `computeMedianRun` over the runs it recorded). */
  scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>
  metrics: Record<'lcpMs' | 'tbtMs' | 'cls' | 'fcpMs', number | null>
  /** Every run, in order: its performance score and timings. */
  runs: ({ performance: number; runtimeError: string | null } & LighthouseScreen['metrics'])[]
  /** The screen's target and whether its median run meets it (reports before issue 33 have none). */
  target?: LighthouseTarget & { met: boolean }
}

export interface BenchReport {
  version: 2
  date: string
  commit: string
  node: string
  options: { seconds: number; connections: number }
  runs: DatabaseRun[]
  landing: { chunks: number; raw: number; gzip: number }
  lighthouse: { skipped?: string; screens?: LighthouseScreen[] }
  scale: { skipped?: string; sizes?: ScaleSize[] }
}

const LABELS: Record<RouteKey, string> = {
  guestList: 'guest lessons list',
  guestListBrowser: 'the same, as a browser asks (br)',
  lessonById: 'lesson by id (guest)',
}
const DATABASES: Record<Database, string> = {
  pglite: 'embedded PGlite',
  postgres: 'PostgreSQL',
}

/** A route's ratio to the bare route and whether it meets its target. */
export const verdict = (database: Database, key: RouteKey, load: Load, bare: Load): Verdict => {
  const target = TARGETS[database][key]
  const ratio = bare.rps > 0 ? load.rps / bare.rps : 0
  const met =
    load.failures === 0 &&
    ratio >= target.minRatio &&
    (target.maxP99Ms === undefined || load.p99Ms <= target.maxP99Ms)
  return { ratio, target, met }
}

const describeTarget = (target: Target) =>
  [`≥ ${target.minRatio}×`, target.maxP99Ms ? `p99 ≤ ${target.maxP99Ms} ms` : '']
    .filter(Boolean)
    .join(', ')

/** Two decimals, or two significant digits below 0.1, so 0.004× does not print as 0.00×. */
const ratioText = (value: number) =>
  value >= 0.1 || value === 0 ? value.toFixed(2) : value.toPrecision(2)
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
const fixed = (value: number | null, digits = 0) => (value === null ? '-' : value.toFixed(digits))

const table = (rows: string[][]) => {
  const widths = rows[0]?.map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  )
  return rows.map((row) =>
    row
      .map((cell, column) =>
        column === 0 || column === row.length - 1
          ? cell.padEnd(widths?.[column] ?? 0)
          : cell.padStart(widths?.[column] ?? 0),
      )
      .join('  ')
      .trimEnd(),
  )
}

const writesLines = (writes: WritesRun | undefined) => {
  if (!writes) return []
  const { enrollments, commits } = writes
  const verdictText = (figure: WritesFigure) =>
    `≥ ${figure.target}×: ${figure.met ? 'met' : 'MISSED'}` +
    (figure.failures ? `, ${figure.failures} FAILED` : '')
  return [
    '  Writes that change the catalogue, with its triggers and with them disabled (the yardstick):',
    ...table([
      ['    figure', 'with', 'without', '× without', 'target'],
      [
        `    ${enrollments.count.toLocaleString('en-US')} enrollments at once over ${enrollments.sessions} sessions, /s`,
        fixed(enrollments.withTriggers),
        fixed(enrollments.withoutTriggers),
        ratioText(enrollments.ratio),
        verdictText(enrollments),
      ],
      [
        `    one-row catalogue commits, ${commits.connections} connections, /s`,
        fixed(commits.withTriggers),
        fixed(commits.withoutTriggers),
        ratioText(commits.ratio),
        verdictText(commits),
      ],
    ]),
  ]
}

/** The Lighthouse rows of the table: each screen's median run, its target, then every run. */
export const lighthouseLines = (lighthouse: BenchReport['lighthouse']) => {
  if (lighthouse.skipped) return [`Lighthouse skipped: ${lighthouse.skipped}`]
  const lines = ["Lighthouse (mobile, on the embedded database; each screen's median run)"]
  const rows = [
    ['  screen', 'perf', 'a11y', 'b.p.', 'seo', 'LCP ms', 'TBT ms', 'CLS', 'FCP ms', 'target'],
  ]
  for (const screen of lighthouse.screens ?? []) {
    const { target } = screen
    rows.push([
      `  ${screen.name}`,
      String(screen.scores.performance),
      String(screen.scores.accessibility),
      String(screen.scores['best-practices']),
      String(screen.scores.seo),
      fixed(screen.metrics.lcpMs),
      fixed(screen.metrics.tbtMs),
      fixed(screen.metrics.cls, 3),
      fixed(screen.metrics.fcpMs),
      [
        target
          ? `perf ≥ ${target.minPerformance}, LCP ≤ ${target.maxLcpMs} ms: ${target.met ? 'met' : 'MISSED'}`
          : '',
        screen.runtimeError ? `ERROR: ${screen.runtimeError}` : '',
      ]
        .filter(Boolean)
        .join('; '),
    ])
  }
  lines.push(...table(rows))
  lines.push('  each screen is its median run; every run, as performance / LCP ms / TBT ms:')
  for (const screen of lighthouse.screens ?? []) {
    const runs = screen.runs.map((run) =>
      run.runtimeError
        ? 'not recorded'
        : `${run.performance} / ${fixed(run.lcpMs)} / ${fixed(run.tbtMs)}`,
    )
    lines.push(`    ${screen.name}: ${runs.join(', ')}`)
  }
  return lines
}

export const formatTable = (report: BenchReport) => {
  const lines = [
    `Manabi bench ${report.date}, commit ${report.commit}, Node ${report.node}, ` +
      `${report.options.seconds} s × ${report.options.connections} connections per figure`,
  ]
  for (const run of report.runs) {
    lines.push('', `${DATABASES[run.database]}`)
    const rows = [['  figure', 'req/s', '× bare', 'p99 ms', '× bare', 'target']]
    rows.push([
      '  bare Fastify route',
      fixed(run.bare.rps),
      '1.00',
      fixed(run.bare.p99Ms),
      '1.0',
      run.bare.failures
        ? `${run.bare.failures} FAILED REQUESTS`
        : `(mean of ${run.bareRps.map((rps) => fixed(rps)).join(', ')}; each figure against the two beside it)`,
    ])
    for (const route of run.routes) {
      const { ratio, target, met } = route
      const failures = route.load.failures ? `, ${route.load.failures} FAILED REQUESTS` : ''
      rows.push([
        `  ${LABELS[route.key]}`,
        fixed(route.load.rps),
        ratioText(ratio),
        fixed(route.load.p99Ms),
        route.bare.p99Ms > 0 ? (route.load.p99Ms / route.bare.p99Ms).toFixed(1) : '-',
        `${describeTarget(target)}: ${met ? 'met' : 'MISSED'}${failures}`,
      ])
    }
    lines.push(...table(rows))
    const { race } = run
    const result = Object.entries(race.byStatus)
      .map(([status, count]) => `${count} × ${status}`)
      .join(', ')
    lines.push(
      `  ${race.racers}-racer enrollment (${race.seats} seats): settled in ${race.settleMs.toFixed(0)} ms, ` +
        `${result}; ${race.enrolledCount ?? '?'} enrolled afterwards: ` +
        `${race.ok ? 'as expected' : `WRONG, expected ${race.seats} × 201, ${race.racers - race.seats} × 409`}`,
    )
    lines.push(...writesLines(run.writes))
  }
  if (!report.runs.some((run) => run.writes)) {
    lines.push(
      '',
      'Writes that change the catalogue, with its triggers and without: skipped (PostgreSQL ' +
        'only, DATABASE_URL not set)',
    )
  }
  const { landing } = report
  lines.push(
    '',
    `Landing page JS before first paint: ${landing.chunks} chunks, ${kB(landing.raw)} raw, ` +
      `${kB(landing.gzip)} gzip`,
    '',
  )
  lines.push(...lighthouseLines(report.lighthouse))
  lines.push('', ...scaleLines(report))
  return lines.join('\n')
}

const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

/** The scale ladder: each figure as req/s and p99 per size; the target at the largest size. */
const scaleLines = ({ scale, options }: BenchReport) => {
  if (scale.skipped || !scale.sizes?.length) return [`Scale skipped: ${scale.skipped ?? 'no size'}`]
  const sizes = scale.sizes
  const largest = sizes.at(-1)
  const lines = [
    `Scale (PostgreSQL; ${options.connections} connections; req/s and p99 ms at each number of ` +
      `lessons; target p99 ≤ ${SCALE_P99_TARGET_MS} ms at the largest)`,
  ]
  const rows = [
    ['  figure', ...sizes.flatMap((size) => [`${size.lessons} req/s`, 'p99']), 'target'],
  ]
  for (const key of Object.keys(SCALE_QUERIES) as (keyof typeof SCALE_QUERIES)[]) {
    const loads = sizes.map((size) => size.queries.find((query) => query.key === key)?.load)
    const last = loads.at(-1)
    const failures = loads.reduce((sum, load) => sum + (load?.failures ?? 0), 0)
    const met = last !== undefined && failures === 0 && last.p99Ms <= SCALE_P99_TARGET_MS
    rows.push([
      `  ${SCALE_QUERIES[key]}`,
      ...loads.flatMap((load) => [fixed(load?.rps ?? null), fixed(load?.p99Ms ?? null)]),
      `${met ? 'met' : 'MISSED'}${failures ? `, ${failures} FAILED REQUESTS` : ''}`,
    ])
  }
  lines.push(...table(rows))
  lines.push(
    `  loaded in ${sizes.map((size) => `${size.loadSeconds.toFixed(0)} s`).join(', ')}; ` +
      `server resident memory after each: ${sizes.map((size) => MB(size.residentBytes)).join(', ')}` +
      (largest
        ? ` (target ≤ 300 MB at the largest: ${largest.residentBytes <= 300 * 1024 * 1024 ? 'met' : 'MISSED'})`
        : ''),
  )
  return lines
}
