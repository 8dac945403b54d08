// Lighthouse's mobile scores of the product's main screens, each as its visitor sees it (a guest,
// a demo student, a demo educator, the bench's approved educator, the admin), run by
// tools/lighthouse/scores.mjs in Chromium. Used by `npm run bench` and `npm run bench:lighthouse`.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { API_PREFIX } from '../../server/src/app.ts'
import * as user from '../../contract/descriptors/user.ts'
import { paths } from '../../src/shared/config/paths.ts'
import { cleanEnv } from './product.ts'
import {
  type BenchReport,
  LANDING_LIGHTHOUSE_TARGET,
  LIGHTHOUSE_TARGET,
  type LighthouseScreen,
  lighthouseMet,
  type LighthouseTarget,
} from './report.ts'
import type { BenchWorld } from './world.ts'

export interface LighthouseOptions {
  origin: string
  /** A demo lesson, shown to a guest and to a signed-in student. */
  lessonId: number
  world: BenchWorld
  chromium: string
  say: (line: string) => void
}

interface Screen {
  name: string
  url: string
  /** The session cookie of its visitor; null for a guest. */
  cookie: string | null
  target: LighthouseTarget
}

/** The screens, in the order the table lists them. */
export const lighthouseScreens = ({ origin, lessonId, world }: LighthouseOptions): Screen[] => {
  const home = `${origin}${paths.home.href()}`
  const lesson = `${origin}${paths.lesson.detail.href(lessonId)}`
  const screen = (name: string, url: string, cookie: string | null) => ({
    name,
    url,
    cookie,
    target: LIGHTHOUSE_TARGET,
  })
  return [
    { ...screen('guest landing', home, null), target: LANDING_LIGHTHOUSE_TARGET },
    screen('lesson page, guest', lesson, null),
    screen('lesson page, student', lesson, world.studentCookie),
    screen('student dashboard', home, world.studentCookie),
    screen('educator dashboard', home, world.demoEducatorCookie),
    screen(
      'new lesson form, educator',
      `${origin}${paths.lesson.create.href()}`,
      world.educatorCookie,
    ),
    screen('admin users', `${origin}${paths.admin.users.href()}`, world.adminCookie),
  ]
}

/** Runs every screen (RUNS times each, 3 by default) and answers each one's median run. */
export const lighthouse = async (
  options: LighthouseOptions,
): Promise<BenchReport['lighthouse']> => {
  const { origin, chromium, say } = options
  if (!existsSync(chromium)) {
    return { skipped: `no Chromium at ${chromium} (apt-get install chromium, or set CHROME_PATH)` }
  }
  if (!existsSync('tools/lighthouse/node_modules/lighthouse')) {
    say('installing tools/lighthouse')
    execFileSync('npm', ['install', '--prefix', 'tools/lighthouse', '--no-audit', '--no-fund'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    })
  }
  // LIGHTHOUSE_SCREENS: only the screens whose names contain one of its comma-separated words.
  const only = process.env.LIGHTHOUSE_SCREENS?.split(',').filter(Boolean)
  const screens = lighthouseScreens(options).filter(
    ({ name }) => !only || only.some((word) => name.includes(word)),
  )
  // A signed-in screen is only one if its cookie signs in.
  for (const { name, cookie } of screens) {
    if (cookie === null) continue
    const me = await fetch(`${origin}${API_PREFIX}${user.me.path}`, { headers: { cookie } })
    if (!me.ok) throw new Error(`The visitor of ${name} is not signed in: /user/me ${me.status}`)
  }
  say(`Lighthouse (mobile): ${screens.map((screen) => screen.name).join(', ')}`)
  const asRun = screens.map(({ name, url, cookie }) => ({
    name,
    url,
    headers: cookie === null ? {} : { Cookie: cookie },
  }))
  const child = spawn(process.execPath, ['tools/lighthouse/scores.mjs', JSON.stringify(asRun)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...cleanEnv(), CHROME_PATH: chromium },
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`Lighthouse failed (${String(code)})`)
  const last = output.trim().split('\n').at(-1) ?? '[]'
  const measured = JSON.parse(last) as LighthouseScreen[]
  return {
    screens: measured.map((result, index) => {
      const { target } = screens[index] ?? { target: LIGHTHOUSE_TARGET }
      return { ...result, target: { ...target, met: lighthouseMet(result, target) } }
    }),
  }
}
