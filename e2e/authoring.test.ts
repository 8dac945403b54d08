import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { ACCOUNTS, DEMO_PASSWORD } from '../demo/world.ts'
import { paths } from '../src/shared/config/paths.ts'
import { describeViolations, seriousViolations } from './axe.ts'
import { png, setAccountLanguage, toast } from './flows.ts'
import { translator } from './i18n.ts'
import { chooseSessionTimes } from './session-fields.ts'
import { connectProduct, useBrowser } from './support.ts'

const product = connectProduct()
const chromium = useBrowser()
const t = translator('en-US')

// Emily: an approved educator with a Google Meet licence, in London. No other file changes her.
const EMILY = ACCOUNTS.find((account) => account.key === 'emily')!
const MEET = 'https://meet.google.com/abc-defg-hij'

const newPage = async (zone = 'Europe/London') => {
  const context = await chromium.browser.newContext({
    viewport: { width: 1280, height: 900 },
    timezoneId: zone,
    locale: 'en-GB',
  })
  const page = await context.newPage()
  chromium.watch(page)
  return page
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

/** yyyy-MM-dd of a day `days` from now, in London. */
const londonDate = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() + days * 24 * 60 * 60 * 1000),
  )

const addSession = async (page: Page, date: string, start: string, end: string) => {
  await page.getByRole('button', { name: 'Add session', exact: true }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Add session' })
  await chooseSessionTimes(dialog, t, { date, start, end })
  await dialog.getByLabel('Time zone', { exact: true }).selectOption('Europe/London')
  await dialog.getByRole('textbox', { name: 'Meeting link' }).fill(MEET)
  await dialog.getByRole('button', { name: 'Add session', exact: true }).click()
  return dialog
}

describe('an educator publishes a lesson from the browser alone', () => {
  it('creates, schedules, adds materials and publishes; guests find it; the dashboards show it', async () => {
    const title = `Watercolour skies ${Date.now().toString(36)}`
    const page = await newPage()
    await setAccountLanguage(product, page, 'en-US', EMILY.email)
    await page.goto(product.appUrl(paths.auth.login.href()))
    await page.getByLabel('Email', { exact: true }).fill(EMILY.email)
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    await page.waitForURL(product.appUrl(paths.home.href()))

    // From the navigation to the empty form.
    await page.getByRole('navigation').getByRole('link', { name: 'New lesson' }).click()
    await page.getByRole('heading', { name: 'New lesson', level: 1 }).waitFor()
    expect(describeViolations(await seriousViolations(page))).toEqual([])
    await page.locator('input[type="file"]').setInputFiles({
      name: 'sky.png',
      mimeType: 'image/png',
      buffer: png(),
    })
    await page.getByRole('img', { name: 'Cover image preview' }).waitFor()
    await page.getByRole('textbox', { name: 'Title' }).fill(title)
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Art' })
    await page.getByLabel('Price per hour (USD)').fill('25')
    await page.getByRole('spinbutton', { name: 'Maximum seats' }).fill('6')
    await page.getByRole('spinbutton', { name: 'Minimum seats' }).fill('2')
    await page.getByRole('button', { name: 'Continue' }).click()
    await toast(page, 'Lesson created')
    await page.waitForURL(/\/lesson\/\d+\/edit$/)
    const lessonId = Number(/\/lesson\/(\d+)\/edit$/.exec(page.url())![1])
    await page.getByRole('heading', { name: 'Update lesson', level: 1 }).waitFor()
    await page.getByText(`“${title}” is not listed to students`).waitFor()

    // Two sessions; a third that overlaps the first is refused with the spec's message.
    const day = londonDate(45)
    await addSession(page, day, '10:00', '11:00')
    await toast(page, 'Session added')
    await addSession(page, day, '12:00', '13:00')
    await toast(page, 'Session added')
    const refused = await addSession(page, day, '10:30', '11:30')
    await refused
      .getByText('Probably, sessions overlap. Please check the session date again')
      .waitFor()
    await page.keyboard.press('Escape')
    await refused.waitFor({ state: 'hidden' })
    await expect.poll(() => page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(2)

    // A link and a PDF; the link is renamed, the PDF removed.
    const links = page.getByRole('form', { name: 'Add a link' })
    await links.getByRole('textbox', { name: 'Link title' }).fill('Colour wheel')
    await links.getByRole('textbox', { name: 'Link description' }).fill('Mixing primaries')
    await links.getByRole('textbox', { name: 'Link URL' }).fill('colour.example.org/wheel')
    await links.getByRole('button', { name: 'Add link' }).click()
    await toast(page, 'Resource created successfully')
    const upload = page.getByRole('form', { name: 'Upload a file' })
    await upload.locator('input[type="file"]').setInputFiles({
      name: 'palette.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    })
    await upload.getByRole('button', { name: 'Upload' }).click()
    await toast(page, 'File uploaded successfully')
    await page.getByRole('button', { name: 'Rename Colour wheel' }).click()
    const rename = page.getByRole('textbox', { name: 'Material title' })
    await rename.fill('Colour wheel basics')
    await rename.press('Enter')
    await toast(page, 'Resource updated successfully')
    await page.getByRole('button', { name: 'Remove palette.pdf' }).click()
    await page.getByRole('button', { name: 'Remove material' }).click()
    await toast(page, 'Material removed')
    await page.getByRole('button', { name: 'Rename Colour wheel basics' }).waitFor()
    // The whole edit page, sessions and materials included, for assistive technology.
    expect(describeViolations(await seriousViolations(page))).toEqual([])

    // About and details are required now; then Publish shows the lesson.
    await page.getByRole('textbox', { name: 'About' }).fill('Loose skies in three washes.')
    await page.getByRole('textbox', { name: 'Details' }).fill('Bring two brushes and paper.')
    await page.getByRole('button', { name: /^(Publish|Update)$/ }).click()
    await page.waitForURL(product.appUrl(paths.lesson.detail.href(lessonId)))
    await page.getByRole('heading', { name: title, level: 1 }).waitFor()

    // A guest finds it by search and sees its two sessions.
    const guest = await newPage('Asia/Tokyo')
    await guest.goto(product.origin)
    await guest.getByLabel('Search lessons').fill(title)
    await guest
      .getByRole('link', { name: new RegExp(title) })
      .first()
      .click()
    await guest.getByRole('heading', { name: title, level: 1 }).waitFor()
    await expect
      .poll(() => guest.getByRole('region', { name: 'Sessions' }).getByRole('listitem').count())
      .toBe(2)
    await guest.context().close()

    // The educator's dashboard and upcoming lessons show it.
    await page.goto(product.appUrl(paths.home.href()))
    await page
      .getByRole('link', { name: new RegExp(title) })
      .first()
      .waitFor()
    await page.goto(product.appUrl(paths.upcomingLessons.href()))
    await expect.poll(() => page.getByRole('link', { name: title, exact: true }).count()).toBe(2)
    await page.context().close()
  })
})
