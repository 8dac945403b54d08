// Lighthouse's mobile scores (its default configuration: a phone, simulated slow 4G and CPU) of
// the screens given as JSON in argv[2], `[{ "name", "url", "headers" }]`, in Debian's Chromium.
// Each screen is run RUNS times (3 by default) and reported by its median run, as Lighthouse's
// documentation advises (its timings move between runs); the runs' own figures come beside it.
// Prints one JSON line: per screen, the four category scores and the paint metrics. Used by
// `npm run bench` (scripts/bench/), which installs this folder first. With LIGHTHOUSE_REPORTS set
// to a folder, every run's whole report is also written there (`<screen>-<run>.json`), to see
// what a figure is made of (the largest paint's element and phases, the requests before it).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'

const screens = JSON.parse(process.argv[2] ?? '[]')
const RUNS = Number(process.env.RUNS ?? 3)
const REPORTS = process.env.LIGHTHOUSE_REPORTS
if (REPORTS) mkdirSync(REPORTS, { recursive: true })
const fileName = (name) => name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
const METRICS = {
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  fcpMs: 'first-contentful-paint',
}

const scoresOf = (lhr) =>
  Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  )
const metricsOf = (lhr) =>
  Object.fromEntries(
    Object.entries(METRICS).map(([key, audit]) => [key, lhr.audits[audit]?.numericValue ?? null]),
  )

const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
})
const results = []
try {
  for (const screen of screens) {
    const runs = []
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(screen.url, {
        port: chrome.port,
        onlyCategories: CATEGORIES,
        extraHeaders: screen.headers ?? {},
        logLevel: 'error',
      })
      if (!result?.lhr) throw new Error(`Lighthouse gave no result for ${screen.url}`)
      runs.push(result.lhr)
      if (REPORTS) {
        writeFileSync(
          join(REPORTS, `${fileName(screen.name)}-${run + 1}.json`),
          JSON.stringify(result.lhr),
        )
      }
    }
    // A run Chromium failed to record (NO_NAVSTART, seen now and then) has no timings.
    const recorded = runs.filter((lhr) => !lhr.runtimeError)
    const lhr = recorded.length > 0 ? computeMedianRun(recorded) : runs[0]
    results.push({
      name: screen.name,
      url: screen.url,
      finalUrl: lhr.finalDisplayedUrl,
      runtimeError: lhr.runtimeError?.message ?? null,
      scores: scoresOf(lhr),
      metrics: metricsOf(lhr),
      runs: runs.map((run) => ({
        performance: scoresOf(run).performance,
        ...metricsOf(run),
        runtimeError: run.runtimeError?.message ?? null,
      })),
    })
  }
} finally {
  chrome.kill()
}
console.log(JSON.stringify(results))
