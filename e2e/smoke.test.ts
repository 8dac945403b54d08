import { mkdir } from 'node:fs/promises'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as auth from '../contract/descriptors/auth.ts'
import * as guest from '../contract/descriptors/guest.ts'
import { paths } from '../src/shared/config/paths.ts'
import { connectProduct, launchBrowser } from './support.ts'

const product = connectProduct()
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe('the product, started with npm start on a fresh data folder', () => {
  it('shows a guest the seeded lessons', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    // Only React's development build says this: the product must serve the production one.
    page.on('console', (message) => {
      if (message.text().includes('React DevTools')) problems.push('React development build')
    })

    const newest = await product.getJson(guest.guestLessons, { query: { page: 1, take: 5 } })
    expect(newest.data).toHaveLength(5)

    await page.goto(product.origin)
    await page.getByRole('heading', { name: 'All lessons' }).waitFor()
    const list = page.getByRole('list', { name: 'Lessons' })
    for (const lesson of newest.data) {
      await list.getByRole('heading', { name: lesson.title }).waitFor()
    }
    await mkdir('test-results', { recursive: true })
    await page.screenshot({ path: 'test-results/smoke-guest-home.png', fullPage: true })
    expect(problems).toEqual([])
    await page.close()
  })

  it('serves client routes with history fallback and keeps the API apart', async () => {
    const page = await browser.newPage()
    await page.goto(product.appUrl(paths.auth.login.href()))
    await page.getByRole('heading', { name: 'Log in' }).waitFor()
    // A GET on the path of a POST-only call: the API answers it, not the SPA's history fallback.
    const api = await fetch(product.apiUrl(auth.login), { method: 'GET' })
    expect(api.status).toBe(404)
    expect(api.headers.get('content-type')).toMatch(/application\/json/)
    await page.close()
  })
})
