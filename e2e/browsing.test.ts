import { mkdir } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as guest from '../contract/descriptors/guest.ts'
import { paths } from '../src/shared/config/paths.ts'
import { describeViolations, seriousViolations } from './axe.ts'
import { connectProduct, launchBrowser } from './support.ts'
import { setAccountLanguage } from './flows.ts'

const product = connectProduct()
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
  await mkdir('test-results', { recursive: true })
})

afterAll(async () => {
  await browser?.close()
})

const WIDTHS = [320, 768, 1440] as const
const STUDENT = 'yuki@manabi.example'

const guestLessons = () => product.getJson(guest.guestLessons, { query: { take: 100 } })

const cardTitles = (page: Page) =>
  page.getByRole('list', { name: 'Lessons' }).getByRole('heading').allTextContents()

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

const signIn = async (page: Page, email: string) => {
  await setAccountLanguage(product, page, 'en-US', email)
  await page.goto(product.appUrl(paths.auth.login.href()))
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill('Password1')
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await page.waitForURL(product.appUrl(paths.home.href()))
}

describe('a guest browsing the running product', () => {
  it('searches, filters, scrolls for more, opens a lesson and is sent to login to enroll', async () => {
    const all = await guestLessons()
    // A phone-sized window: the first page of 5 fills more than the screen.
    const page = await browser.newPage({ viewport: { width: 320, height: 640 } })
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    await page.goto(product.origin)
    await page.getByRole('heading', { name: 'All lessons' }).waitFor()
    await expect.poll(() => cardTitles(page)).toHaveLength(5)

    // Search: debounced, then only matching lessons.
    await page.getByLabel('Search lessons').fill('piano')
    await expect
      .poll(() => cardTitles(page))
      .toEqual(
        all.data.filter((lesson) => /piano/i.test(lesson.title)).map((lesson) => lesson.title),
      )
    await page.getByLabel('Search lessons').fill('')

    // Category filter.
    const music = all.data.find((lesson) => lesson.category.title === 'Music')!.category
    await page.getByLabel('Category').selectOption({ label: music.title })
    const inMusic = all.data
      .filter((lesson) => lesson.categoryId === music.id)
      .map((lesson) => lesson.title)
    await expect.poll(() => cardTitles(page)).toEqual(inMusic.slice(0, 5))
    await page.getByLabel('Category').selectOption({ label: 'All categories' })

    // Infinite scroll: the last card coming into view loads the next page, to the end.
    await expect.poll(() => cardTitles(page)).toHaveLength(5)
    for (
      let round = 0;
      round < 10 && (await cardTitles(page)).length < all.meta.itemCount;
      round += 1
    ) {
      await page
        .getByRole('list', { name: 'Lessons' })
        .getByRole('listitem')
        .last()
        .scrollIntoViewIfNeeded()
      await page.waitForTimeout(300)
    }
    await expect.poll(() => cardTitles(page)).toHaveLength(all.meta.itemCount)

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({
        path: `test-results/guest-home-${width}.png`,
        fullPage: width !== 320,
      })
      expect(await noHorizontalScroll(page), `no sideways scrolling at ${width} px`).toBe(true)
    }
    await page.setViewportSize({ width: 1440, height: 900 })

    // A lesson with an open session: its page shows sessions, the educator and reviews.
    const withOpenSession = all.data.find((lesson) => lesson.availableSessions > 0)!
    await page
      .getByRole('link', { name: new RegExp(withOpenSession.title) })
      .first()
      .click()
    await page.getByRole('heading', { name: withOpenSession.title, level: 1 }).waitFor()
    await page.getByRole('heading', { name: 'Sessions', exact: true }).waitFor()
    await page.getByRole('heading', { name: 'About the educator' }).waitFor()
    await page.getByText(withOpenSession.owner.name).first().waitFor()
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: `test-results/guest-lesson-${width}.png`, fullPage: true })
      expect(await noHorizontalScroll(page), `no sideways scrolling at ${width} px`).toBe(true)
    }

    // Enrolling needs an account: a toast names the lesson and the guest lands on login.
    await page.getByRole('button', { name: 'Enroll', exact: true }).first().click()
    await page.getByText(`Log in to enroll in “${withOpenSession.title}”`).waitFor()
    await page.waitForURL(product.appUrl(paths.auth.login.href()))
    expect(problems).toEqual([])
    await page.close()
  })
})

describe('a student browsing the running product', () => {
  it('sees the dashboard with the next lesson and upcoming lessons', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await signIn(page, STUDENT)
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
    await page.getByRole('heading', { name: 'Next lesson' }).waitFor()
    await page
      .getByText(/Live now|Starts in/)
      .first()
      .waitFor()
    await page.getByRole('heading', { name: 'Upcoming lessons' }).waitFor()
    await expect
      .poll(async () => (await cardTitles(page)).length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(5)
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: `test-results/student-dashboard-${width}.png`, fullPage: true })
      expect(await noHorizontalScroll(page), `no sideways scrolling at ${width} px`).toBe(true)
    }
    await page.close()
  })
})

describe('accessibility of the browsing screens (axe-core)', () => {
  it('reports no serious or critical violation', async () => {
    const lesson = (await guestLessons()).data.find((item) => item.availableSessions > 0)!
    const found: string[] = []
    const check = async (page: Page, label: string) => {
      found.push(
        ...describeViolations(await seriousViolations(page)).map((line) => `${label}: ${line}`),
      )
    }
    const guestPage = await browser.newPage()
    await guestPage.goto(product.origin)
    await expect
      .poll(async () => (await cardTitles(guestPage)).length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(5)
    await check(guestPage, 'guest home')
    await guestPage.goto(product.appUrl(paths.lesson.detail.href(lesson.id)))
    await guestPage.getByRole('heading', { name: 'Sessions', exact: true }).waitFor()
    await check(guestPage, 'guest lesson')
    await guestPage.close()

    const student = await browser.newPage()
    await signIn(student, STUDENT)
    await student.getByRole('heading', { name: 'Next lesson' }).waitFor()
    await expect.poll(async () => (await cardTitles(student)).length).toBeGreaterThanOrEqual(5)
    await check(student, 'student dashboard')
    await student.goto(product.appUrl(paths.lesson.detail.href(lesson.id)))
    await student.getByRole('heading', { name: 'Materials' }).waitFor()
    await check(student, 'student lesson')
    await student.close()
    expect(found).toEqual([])
  })
})
