import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import * as admin from '../contract/descriptors/admin.ts'
import * as auth from '../contract/descriptors/auth.ts'
import * as lessons from '../contract/descriptors/lessons.ts'
import * as user from '../contract/descriptors/user.ts'
import type { Descriptor } from '../contract/descriptor.ts'
import type { CurrentUser } from '../contract/index.ts'
import { DEMO_PASSWORD } from '../demo/world.ts'
import { LANGUAGE_COOKIE } from '../src/shared/i18n/languages.ts'
import { paths } from '../src/shared/config/paths.ts'
import { connectProduct, demoAccount, useBrowser } from './support.ts'

/**
 * The screens made of parts that load one after another do not jump as they load: with the read
 * of the part at the top answering last (held back SLOW_MS), nothing already on the page moves
 * when it arrives. Chromium's layout shifts (what CLS adds up) stay under a tenth of what
 * Lighthouse calls good; each of these screens scored 0.09 to 0.37 before its lower parts waited
 * for the upper ones, and the login form 0.07 until its picture's size was known before it loaded.
 */

const product = connectProduct()
const chromium = useBrowser()

const SLOW_MS = 800
const MOST_SHIFT = 0.01

const PHONE = 390
const DESKTOP = 1280

/** The path of an API call, as the page requests it. */
const apiPath = (descriptor: Descriptor) => new URL(product.apiUrl(descriptor)).pathname

type Account = Parameters<typeof demoAccount>[0]

/**
 * Each screen at a width where the part below shows in the window (a layout shift counts only
 * there): the educator's reviews are below three lesson cards, past a phone's window. The login
 * form is below its picture on a phone.
 */
const CASES: { account: Account | null; screen: string; slow: string; width: number }[] = [
  { account: 'admin', screen: paths.home.href(), slow: apiPath(admin.adminOverview), width: PHONE },
  { account: 'kenji', screen: paths.home.href(), slow: apiPath(lessons.myLessons), width: DESKTOP },
  {
    account: 'kenji',
    screen: paths.earnings.href(),
    slow: apiPath(user.myEarningsSummary),
    width: PHONE,
  },
  {
    account: 'yuki',
    screen: paths.home.href(),
    slow: apiPath(lessons.upcomingLessons),
    width: PHONE,
  },
  {
    account: 'yuki',
    screen: paths.history.href(),
    slow: apiPath(lessons.lessonHistory),
    width: PHONE,
  },
  {
    account: null,
    screen: paths.auth.login.href(),
    slow: '/images/hero-student.svg',
    width: PHONE,
  },
]

interface Shift {
  value: number
  moved: string[]
}

/** Records every layout shift of the page from its first paint on (none is input-driven here). */
const recordShifts = (page: Page) =>
  page.addInitScript(() => {
    const shifts: Shift[] = []
    Object.assign(window, { layoutShifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        sources: { node?: Node }[]
      })[]) {
        shifts.push({
          value: entry.value,
          moved: entry.sources.map((source) =>
            source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : '#text',
          ),
        })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })

/**
 * A browser of the demo account, signed in and in the account's own language (as after sign-in),
 * or a guest's.
 */
const openPage = async (account: Account | null, width: number) => {
  const context = await chromium.browser.newContext({ viewport: { width, height: 844 } })
  if (account === null) return chromium.watch(await context.newPage())
  const { email } = demoAccount(account)
  const signIn = await context.request.post(product.apiUrl(auth.login), {
    data: { email, password: DEMO_PASSWORD },
  })
  expect(signIn.ok()).toBe(true)
  const me = (await (await context.request.get(product.apiUrl(user.me))).json()) as CurrentUser
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: me.language, url: product.origin }])
  return chromium.watch(await context.newPage())
}

describe('screens that load in parts', () => {
  for (const { account, screen, slow, width } of CASES) {
    it(`${account ?? 'a guest'}'s ${screen} stays still while ${slow} answers last (${width} px)`, async () => {
      const page = await openPage(account, width)
      await page.route(
        (url) => url.pathname === slow,
        async (route) => {
          await new Promise((resolve) => setTimeout(resolve, SLOW_MS))
          await route.continue()
        },
      )
      await recordShifts(page)
      const answered = page.waitForResponse((response) => new URL(response.url()).pathname === slow)
      await page.goto(product.appUrl(screen))
      await answered
      await page.waitForLoadState('networkidle')
      // Two frames after the last answer: its render and the layout it caused are measured.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      )
      const shifts = await page.evaluate(
        () => (window as unknown as { layoutShifts: Shift[] }).layoutShifts,
      )
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0)
      expect(total, JSON.stringify(shifts, null, 1)).toBeLessThan(MOST_SHIFT)
      await page.context().close()
    })
  }
})
