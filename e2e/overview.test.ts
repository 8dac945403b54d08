import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { paths } from '../src/shared/config/paths.ts'
import { describeViolations, seriousViolations } from './axe.ts'
import { logIn } from './flows.ts'
import { translator } from './i18n.ts'
import { connectProduct, demoAccount, useBrowser } from './support.ts'

const product = connectProduct()
const chromium = useBrowser()
const ADMIN = demoAccount('admin')
const t = translator('en-US')

/** A figure's number: the second line of its link ("Sessions this week", "3", …). */
const figureValue = async (figure: Locator) =>
  Number((await figure.locator('span').nth(1).innerText()).replace(/[^\d]/g, ''))

/** How many rows a list says it holds: its count line, or 0 when it shows its empty state. */
const listCount = async (page: Page, countKey: string, emptyText: string) => {
  const count = page.getByText(new RegExp(`^\\d[\\d,]* ${countKey}s?$`))
  const empty = page.getByText(emptyText)
  await count.or(empty).first().waitFor()
  if (await empty.isVisible()) return 0
  return Number((await count.innerText()).replace(/[^\d]/g, ''))
}

describe("the admin's overview (issue 32)", () => {
  it('shows the marketplace at a glance; each figure matches the list it links to', async () => {
    const page = await chromium.visitorPage('en-US')
    await logIn(product, page, t, ADMIN.email)
    await page.getByRole('heading', { name: t('admin.overview.title'), level: 1 }).waitFor()
    // The charts draw in a real browser; the table beside them says the same to screen readers.
    await page.locator('canvas').first().waitFor()
    expect(await page.getByText(t('admin.overview.weeks.chartFailed')).count()).toBe(0)
    expect(await page.locator('canvas').count()).toBe(2)
    const weeks = page.getByRole('table', { name: /Seats taken and payments per week/ })
    expect(await weeks.getByRole('row').count()).toBe(13)
    expect(describeViolations(await seriousViolations(page))).toEqual([])

    const figures: {
      name: string
      list: string
      count: string
      empty: string
      atLeast: number
    }[] = [
      {
        name: t('admin.overview.figures.pendingEducators'),
        list: t('admin.users.title'),
        count: 'user',
        empty: t('admin.users.noMatch'),
        // The demo's hiroshi waits for approval.
        atLeast: 1,
      },
      {
        name: t('admin.overview.figures.belowEarningsRule'),
        list: t('admin.users.title'),
        count: 'user',
        empty: t('admin.users.noMatch'),
        // The demo's laura is below the rule, her deadline weeks away.
        atLeast: 1,
      },
      {
        name: t('admin.overview.figures.sessionsThisWeek'),
        list: t('admin.sessions.title'),
        count: 'session',
        empty: t('admin.sessions.empty'),
        atLeast: 0,
      },
      {
        name: t('admin.overview.figures.cancelledTooFew'),
        list: t('admin.sessions.title'),
        count: 'session',
        empty: t('admin.sessions.empty'),
        atLeast: 0,
      },
      {
        name: t('admin.overview.figures.refunds'),
        list: t('admin.refunds.title'),
        count: 'refund',
        empty: t('admin.refunds.empty'),
        // The demo's tom gave back a paid seat.
        atLeast: 1,
      },
    ]
    for (const { name, list, count, empty, atLeast } of figures) {
      await page.goto(product.appUrl(paths.home.href()))
      // The name, then the figure: not a week's "Refunds of the week of …".
      const figure = page.getByRole('link', { name: new RegExp(`^${name} \\d`) })
      await figure.waitFor()
      const value = await figureValue(figure)
      expect(value, name).toBeGreaterThanOrEqual(atLeast)
      const href = (await figure.getAttribute('href')) ?? ''
      await figure.click()
      // The list's own page, not the dashboard's users list (with its count) still on screen.
      await page.waitForURL((url) => `${url.pathname}${url.search}` === href)
      await page.getByRole('heading', { name: list, level: 1 }).waitFor()
      expect(await listCount(page, count, empty), name).toBe(value)
    }
  })

  it('reads in Japanese, and the overview and its lists pass axe', async () => {
    const jp = translator('jp-JP')
    const page = await chromium.visitorPage('jp-JP')
    await logIn(product, page, jp, ADMIN.email)
    await page.getByRole('heading', { name: jp('admin.overview.title'), level: 1 }).waitFor()
    await page.locator('canvas').first().waitFor()
    await page
      .getByRole('link', { name: new RegExp(`^${jp('admin.overview.figures.refunds')} \\d`) })
      .waitFor()
    expect(describeViolations(await seriousViolations(page))).toEqual([])
    for (const [url, title] of [
      [paths.admin.sessions.href(), jp('admin.sessions.title')],
      [paths.admin.refunds.href(), jp('admin.refunds.title')],
    ] as const) {
      await page.goto(product.appUrl(url))
      await page.getByRole('heading', { name: title, level: 1 }).waitFor()
      await page.getByRole('table').first().waitFor()
      expect(describeViolations(await seriousViolations(page)), url).toEqual([])
    }
  })
})
