import { mkdir } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { ACCOUNTS } from '../demo/world.ts'
import * as guest from '../contract/descriptors/guest.ts'
import { paths } from '../src/shared/config/paths.ts'
import { describeViolations, seriousViolations } from './axe.ts'
import { logIn } from './flows.ts'
import { translator } from './i18n.ts'
import { connectProduct, useBrowser } from './support.ts'

/**
 * What a visitor judges first, at a phone's, a tablet's and a desktop's width, in both languages:
 * the catalogue, a lesson page and the student dashboard. Each is kept as a screenshot under
 * test-results/screenshots/ (artefacts, never committed), never scrolls sideways, sets its lesson
 * cards side by side at 200 to 336 px each, and axe-core finds no serious or critical violation
 * in it.
 */

const product = connectProduct()
const chromium = useBrowser()

const WIDTHS = [320, 768, 1440] as const
type Width = (typeof WIDTHS)[number]
/**
 * Lesson cards side by side at each width, so the space is used rather than one column; the
 * dashboard keeps a side column for its next lessons on wide screens.
 */
const CARD_COLUMNS: Record<string, Record<Width, number>> = {
  catalogue: { 320: 1, 768: 2, 1440: 4 },
  'student-dashboard': { 320: 1, 768: 2, 1440: 3 },
}
const LANGUAGES = ['en-US', 'jp-JP'] as const
type Language = (typeof LANGUAGES)[number]
const SCREENSHOTS = 'test-results/screenshots'
// Yuki's dashboard has a live lesson, one starting soon and upcoming ones: the fullest one.
const YUKI = ACCOUNTS.find((account) => account.key === 'yuki')!

const newPage = (language: Language) => chromium.visitorPage(language)

/** At each width: a full-page screenshot, no sideways scrolling, and axe's serious findings. */
const judge = async (page: Page, language: Language, screen: string) => {
  const problems: string[] = []
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    await page.waitForLoadState('networkidle')
    await page.screenshot({
      path: `${SCREENSHOTS}/${screen}-${language}-${width}.png`,
      fullPage: true,
    })
    const sideways = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }))
    if (sideways.scrollWidth > sideways.innerWidth) {
      problems.push(
        `${screen} ${language} ${width}px scrolls sideways (${sideways.scrollWidth} px wide)`,
      )
    }
    const cards = await page.locator('ul > li > article:has(h2 a, h3 a)').evaluateAll((articles) =>
      articles.map((article) => {
        const box = article.getBoundingClientRect()
        return { top: Math.round(box.top + window.scrollY), width: box.width }
      }),
    )
    if (cards.length) {
      const columns = cards.filter((card) => card.top === cards[0]!.top).length
      if (columns < Math.min(CARD_COLUMNS[screen]?.[width] ?? 1, cards.length)) {
        problems.push(`${screen} ${language} ${width}px: ${columns} lesson card(s) per row`)
      }
      // §2: a lesson card is 200 to 336 px wide.
      const misfits = cards.filter((card) => card.width < 200 || card.width > 336)
      if (misfits.length) {
        problems.push(
          `${screen} ${language} ${width}px: cards ${misfits.map((card) => card.width).join(', ')} px wide`,
        )
      }
    }
    problems.push(
      ...describeViolations(await seriousViolations(page)).map(
        (line) => `${screen} ${language} ${width}px: ${line}`,
      ),
    )
  }
  return problems
}

describe('the first screens at 320, 768 and 1440 px, in both languages', () => {
  it.each(LANGUAGES)(
    '%s: catalogue, lesson page and student dashboard: screenshots, no sideways scroll, no serious axe finding',
    { timeout: 240_000 },
    async (language) => {
      await mkdir(SCREENSHOTS, { recursive: true })
      const t = translator(language)
      const lessons = await product.getJson(guest.guestLessons, { query: { take: 100 } })
      const lesson = lessons.data.find((row) => row.availableSessions > 0)
      if (!lesson) throw new Error('No lesson with an open session')
      const problems: string[] = []

      const visitor = await newPage(language)
      await visitor.goto(product.origin)
      const list = visitor.getByRole('list', { name: t('lessons.list.label') })
      // The first page of five lessons.
      await list.getByRole('heading').nth(4).waitFor()
      problems.push(...(await judge(visitor, language, 'catalogue')))

      await visitor.goto(product.appUrl(paths.lesson.detail.href(lesson.id)))
      await visitor.getByRole('heading', { name: lesson.title, level: 1 }).waitFor()
      await visitor.getByRole('heading', { name: t('sessions.title'), exact: true }).waitFor()
      problems.push(...(await judge(visitor, language, 'lesson')))
      await visitor.context().close()

      const student = await newPage(language)
      await logIn(product, student, t, YUKI.email)
      await student.getByRole('heading', { name: t('dashboard.next.title') }).waitFor()
      problems.push(...(await judge(student, language, 'student-dashboard')))
      await student.context().close()

      expect(problems).toEqual([])
    },
  )
})
