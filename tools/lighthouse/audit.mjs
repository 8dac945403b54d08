// Lighthouse's accessibility category on the screens a visitor judges first: the catalogue, a lesson
// page, the student dashboard and an educator's new-lesson form (both signed in). Starts the product as `npm start` does on a fresh data
// folder and a free port, audits it in Debian's Chromium, prints each score and fails below 100.
// Run from the repository root with `npm run audit:a11y` (which installs this folder first).
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { ACCOUNTS, DEMO_PASSWORD } from '../../demo/world.ts'
import * as authCalls from '../../contract/descriptors/auth.ts'
import * as guest from '../../contract/descriptors/guest.ts'
import { startProduct } from '../../e2e/support.ts'
import { paths } from '../../src/shared/config/paths.ts'

const STUDENT = ACCOUNTS.find((account) => account.key === 'yuki')
const EDUCATOR = ACCOUNTS.find((account) => account.key === 'emily')

/** The session cookie of a signed-in student, as the browser would send it. */
const signIn = async (product, email) => {
  const answer = await fetch(product.apiUrl(authCalls.login), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: product.origin },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  })
  if (!answer.ok) throw new Error(`Signing in as ${email} answered ${answer.status}`)
  return answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

const product = await startProduct()
const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
})
let failed = false
try {
  const lessons = await product.getJson(guest.guestLessons, { query: { take: 100 } })
  const lesson = lessons.data.find((row) => row.availableSessions > 0)
  if (!lesson) throw new Error('No lesson with an open session')
  const cookie = await signIn(product, STUDENT.email)
  const educator = await signIn(product, EDUCATOR.email)
  const screens = [
    { name: 'catalogue', path: paths.home.href(), headers: {} },
    { name: 'lesson page', path: paths.lesson.detail.href(lesson.id), headers: {} },
    { name: 'student dashboard', path: paths.home.href(), headers: { Cookie: cookie } },
    { name: 'new lesson form', path: paths.lesson.create.href(), headers: { Cookie: educator } },
  ]
  for (const screen of screens) {
    const result = await lighthouse(
      product.appUrl(screen.path),
      {
        port: chrome.port,
        onlyCategories: ['accessibility'],
        extraHeaders: screen.headers,
        logLevel: 'error',
      },
      // A desktop window: the phone widths are checked by the e2e tests (e2e/visual.test.ts).
      {
        extends: 'lighthouse:default',
        settings: { formFactor: 'desktop', screenEmulation: { disabled: true } },
      },
    )
    const category = result?.lhr.categories.accessibility
    const score = Math.round((category?.score ?? 0) * 100)
    console.log(`${screen.name}: accessibility ${score}`)
    if (score < 100) {
      failed = true
      for (const ref of category?.auditRefs ?? []) {
        const audit = result.lhr.audits[ref.id]
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
          console.log(`  ${audit.id}: ${audit.title}`)
        }
      }
    }
  }
} finally {
  chrome.kill()
  await product.stop()
}
if (failed) {
  console.error('Lighthouse accessibility is below 100')
  process.exit(1)
}
