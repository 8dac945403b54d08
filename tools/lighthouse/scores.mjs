// Lighthouse's mobile scores (its default configuration: a phone, simulated slow 4G and CPU) of
// the screens given as JSON in argv[2], `[{ "name", "url", "headers" }]`, in Debian's Chromium.
// Prints one JSON line: per screen, the four category scores and the paint metrics. Used by
// `npm run bench` (scripts/bench/), which installs this folder first.
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'

const screens = JSON.parse(process.argv[2] ?? '[]')
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
const METRICS = {
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  fcpMs: 'first-contentful-paint',
}

const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
})
const results = []
try {
  for (const screen of screens) {
    const result = await lighthouse(screen.url, {
      port: chrome.port,
      onlyCategories: CATEGORIES,
      extraHeaders: screen.headers ?? {},
      logLevel: 'error',
    })
    const lhr = result?.lhr
    if (!lhr) throw new Error(`Lighthouse gave no result for ${screen.url}`)
    results.push({
      name: screen.name,
      url: screen.url,
      finalUrl: lhr.finalDisplayedUrl,
      runtimeError: lhr.runtimeError?.message ?? null,
      scores: Object.fromEntries(
        CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
      ),
      metrics: Object.fromEntries(
        Object.entries(METRICS).map(([key, audit]) => [
          key,
          lhr.audits[audit]?.numericValue ?? null,
        ]),
      ),
    })
  }
} finally {
  chrome.kill()
}
console.log(JSON.stringify(results))
