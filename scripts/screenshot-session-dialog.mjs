// Screenshots of the session dialog (issue 30 item 4: its date and times in the product's formats)
// in both languages at a phone's and a desktop's width, to look at its layout:
// docs/screenshots/session-dialog-{en-US,jp-JP}-{375,1440}.png.
//
// Run with `npm run screenshots` (a build, then this script).
// It starts the product on a free port with fresh demo data (as `npm start` does, without the
// build), signs in as Emily (an educator), opens Add session on her first lesson, fills in a
// quick session so the selects and the date written out show, and saves each screenshot. The
// browser's own locale is en-US throughout: the dialog must not follow it.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'

const OUT = 'docs/screenshots'
const EMAIL = 'emily@manabi.example'
const PASSWORD = 'Password1'
const WIDTHS = [375, 1440]
const WORDS = {
  'en-US': { add: 'Add session', fill: 'Fill in the times', date: 'Date' },
  'jp-JP': { add: 'セッションを追加', fill: '時刻を入力', date: '日付' },
}

if (!existsSync('dist/index.html')) {
  console.error('dist/ is missing: run `npm run build` first')
  process.exit(1)
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

const port = await freePort()
const origin = `http://127.0.0.1:${port}`
const dataDir = await mkdtemp(join(tmpdir(), 'manabi-screens-'))
const product = spawn('node_modules/.bin/tsx', ['server/src/server.ts'], {
  detached: true,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !key.startsWith('VITE_') && key !== 'NODE_ENV'),
    ),
    NODE_ENV: 'production',
    SPA_DIR: 'dist',
    PAYPAL_STANDIN: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_ORIGIN: origin,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  },
})

const stopProduct = async () => {
  if (product.exitCode === null) {
    const exited = new Promise((resolve) => product.once('exit', resolve))
    process.kill(-product.pid, 'SIGTERM')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
  }
  await rm(dataDir, { recursive: true, force: true })
}

const waitForProduct = async () => {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (product.exitCode !== null) throw new Error('The product stopped while starting')
    try {
      if ((await fetch(`${origin}/api/`)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`The product did not start on ${origin}`)
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})

try {
  await waitForProduct()
  await mkdir(OUT, { recursive: true })
  for (const [language, words] of Object.entries(WORDS)) {
    for (const width of WIDTHS) {
      // Tall enough for the whole dialog (at most 90% of the window) to show without scrolling.
      const context = await browser.newContext({
        viewport: { width, height: 1500 },
        locale: 'en-US',
        timezoneId: 'Europe/London',
      })
      const page = await context.newPage()
      const signIn = await page.request.post(`${origin}/api/auth/login`, {
        data: { email: EMAIL, password: PASSWORD },
      })
      if (!signIn.ok()) throw new Error(`Signing in failed: ${signIn.status()}`)
      const saved = await page.request.patch(`${origin}/api/user/update_profile`, {
        data: { language },
      })
      if (!saved.ok()) throw new Error(`Saving the language failed: ${saved.status()}`)
      const mine = await page.request.get(`${origin}/api/lessons/my`)
      const lessons = await mine.json()
      const lesson = (lessons.data ?? lessons)[0]
      if (!lesson) throw new Error('Emily has no lesson')

      await page.goto(`${origin}/lesson/${lesson.id}`)
      await page.getByRole('button', { name: words.add, exact: true }).first().click()
      const dialog = page.getByRole('dialog', { name: words.add })
      await dialog.getByRole('group', { name: words.date, exact: true }).waitFor()
      await dialog.getByRole('button', { name: words.fill }).click()
      // No select or text reaches past the dialog's sides.
      const overflow = await page.evaluate(() => {
        const box = document.querySelector('dialog[open]').getBoundingClientRect()
        return [...document.querySelectorAll('dialog[open] *')]
          .filter((node) => {
            const rect = node.getBoundingClientRect()
            return rect.width > 0 && (rect.left < box.left - 0.5 || rect.right > box.right + 0.5)
          })
          .map((node) => node.outerHTML.slice(0, 80))
      })
      const scrollsSideways = await page.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth,
      )
      const file = join(OUT, `session-dialog-${language}-${width}.png`)
      await page.screenshot({ path: file })
      console.log(
        `${file}${overflow.length || scrollsSideways ? ` overflows: ${overflow.join(' | ')}` : ''}`,
      )
      await context.close()
    }
  }
} finally {
  await browser.close()
  await stopProduct()
}
