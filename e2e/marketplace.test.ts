import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import * as payments from '../contract/descriptors/payments.ts'
import { paths } from '../src/shared/config/paths.ts'
import {
  approveEducator,
  lendFirstFreeLicence,
  logIn,
  logOut,
  png,
  registerEducator,
  searchUsers,
  toast,
} from './flows.ts'
import { translator } from './i18n.ts'
import { chooseSessionTimes } from './session-fields.ts'
import { connectProduct, demoAccount, useBrowser } from './support.ts'

const product = connectProduct()
const t = translator('en-US')
const chromium = useBrowser()

// Tom pays and unenrolls here; no other file changes his seats.
const TOM = demoAccount('tom')
// Yuki's review of the olympiad lesson, and the educator's rating it changes, are written by
// keyboard in keyboard.test.ts.
const ADMIN = demoAccount('admin')
const ZOOM = 'https://zoom.us/j/5550001234'

/**
 * A zone where it is daytime now, so a session starting in five minutes ends the same day
 * (a session is one date with two hours).
 */
const daytimeZone = () => {
  const zones = [
    'Pacific/Honolulu',
    'America/Los_Angeles',
    'America/New_York',
    'Europe/London',
    'Asia/Kolkata',
    'Asia/Tokyo',
  ]
  const hourIn = (zone: string) =>
    Number(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        hour: '2-digit',
        hourCycle: 'h23',
      }).format(new Date()),
    )
  return zones.find((zone) => hourIn(zone) >= 7 && hourIn(zone) <= 20) ?? 'Asia/Tokyo'
}

const newPage = async (zone: string) => {
  const context = await chromium.browser.newContext({
    viewport: { width: 1280, height: 900 },
    timezoneId: zone,
    locale: 'en-GB',
    acceptDownloads: true,
  })
  // The meeting provider is not reachable from here: its page is answered locally.
  await context.route('https://zoom.us/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Zoom meeting</title>' }),
  )
  const page = await context.newPage()
  chromium.watch(page)
  return page
}

/** yyyy-MM-dd of a day `days` from now in the zone. */
const dateIn = (zone: string, days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(
    new Date(Date.now() + days * 24 * 60 * 60 * 1000),
  )

const sessionCards = (page: Page) =>
  page.getByRole('region', { name: t('sessions.title') }).getByRole('listitem')

/** Pays for the nth session's seat through PayPal's buttons (the stand-in); the result screen. */
const payForSession = async (page: Page, index: number) => {
  await sessionCards(page)
    .nth(index)
    .getByRole('button', { name: t('sessions.actions.enroll'), exact: true })
    .click()
  const dialog = page.getByRole('dialog', { name: t('payments.dialog.title') })
  await dialog.getByText(t('payments.dialog.refundRule')).waitFor()
  await dialog.getByText(t('payments.dialog.testMode')).waitFor()
  const opened = product.nextAnswer(page, payments.createOrder)
  await dialog.getByRole('button', { name: 'Pay with PayPal (test)' }).click()
  const { id } = await opened
  // The order is open: the seat is held, and the countdown says for how long.
  await dialog.getByRole('timer').waitFor()
  const captured = product.nextAnswer(page, payments.capturePayment, { params: { id } })
  await dialog.getByRole('button', { name: 'Approve test payment' }).click()
  const payment = await captured
  await page.waitForURL(product.appUrl(paths.payment.result.href(payment.id)))
  await page.getByText(t('payments.result.status.success')).waitFor()
  expect(payment.transactionId).toMatch(/^CAPTURE/)
  await page.getByText(payment.transactionId ?? 'none').waitFor()
  return payment
}

describe('the marketplace, end to end', () => {
  it(
    'a new educator is approved and publishes; a student pays, joins, unenrolls with a refund',
    {
      timeout: 300_000,
    },
    async () => {
      const zone = daytimeZone()
      const stamp = Date.now().toString(36)
      const educator = {
        name: `Nora Journey ${stamp}`,
        email: `e2e-journey-${stamp}@example.com`,
        password: 'Password1',
      }
      const title = `Origami for beginners ${stamp}`

      // A new educator registers and confirms the e-mail.
      const teacher = await newPage(zone)
      await registerEducator(product, teacher, t, educator)

      // The admin approves them and lends them a video licence.
      const adminPage = await newPage(zone)
      await logIn(product, adminPage, t, ADMIN.email)
      const [found] = await searchUsers(product, adminPage, t, educator.name)
      if (!found) throw new Error('The new educator is not listed')
      await approveEducator(adminPage, t, educator)
      await lendFirstFreeLicence(product, adminPage, t, { ...educator, id: found.id })
      await adminPage.context().close()

      // The educator publishes a lesson at $20.00 an hour with a session starting in five minutes
      // (its join window is open at once) and one tomorrow.
      await logIn(product, teacher, t, educator.email, educator.password)
      await teacher.getByRole('navigation').getByRole('link', { name: 'New lesson' }).click()
      await teacher.locator('input[type="file"]').setInputFiles({
        name: 'crane.png',
        mimeType: 'image/png',
        buffer: png(),
      })
      await teacher.getByRole('img', { name: 'Cover image preview' }).waitFor()
      await teacher.getByRole('textbox', { name: 'Title' }).fill(title)
      await teacher.getByLabel('Category', { exact: true }).selectOption({ label: 'Art' })
      await teacher.getByLabel('Price per hour (USD)').fill('20')
      await teacher.getByRole('button', { name: 'Continue' }).click()
      await toast(teacher, 'Lesson created')
      await teacher.waitForURL(/\/lesson\/\d+\/edit$/)
      const lessonId = Number(/\/lesson\/(\d+)\/edit$/.exec(teacher.url())![1])

      await teacher.getByRole('button', { name: 'Add session', exact: true }).first().click()
      let dialog = teacher.getByRole('dialog', { name: 'Add session' })
      await dialog.getByLabel('Time zone', { exact: true }).selectOption(zone)
      await dialog.getByRole('button', { name: t('sessions.editor.quick.fill') }).click()
      await dialog.getByRole('textbox', { name: 'Meeting link' }).fill(ZOOM)
      await dialog.getByRole('button', { name: 'Add session', exact: true }).click()
      await toast(teacher, 'Session added')
      await teacher.getByRole('button', { name: 'Add session', exact: true }).first().click()
      dialog = teacher.getByRole('dialog', { name: 'Add session' })
      await chooseSessionTimes(dialog, t, { date: dateIn(zone, 1), start: '10:00', end: '11:00' })
      await dialog.getByLabel('Time zone', { exact: true }).selectOption(zone)
      await dialog.getByRole('textbox', { name: 'Meeting link' }).fill(ZOOM)
      await dialog.getByRole('button', { name: 'Add session', exact: true }).click()
      await toast(teacher, 'Session added')
      await teacher.getByRole('textbox', { name: 'About' }).fill('Fold a crane, a frog and a box.')
      await teacher.getByRole('textbox', { name: 'Details' }).fill('Bring square paper.')
      await teacher.getByRole('button', { name: /^(Publish|Update)$/ }).click()
      await teacher.waitForURL(product.appUrl(paths.lesson.detail.href(lessonId)))
      await logOut(product, teacher, t)
      await teacher.context().close()

      // A student finds the lesson and pays for the session starting soon.
      const student = await newPage(zone)
      await logIn(product, student, t, TOM.email)
      await student.getByLabel('Search lessons').fill(title)
      await student
        .getByRole('link', { name: new RegExp(title) })
        .first()
        .click()
      await student.getByRole('heading', { name: title, level: 1 }).waitFor()
      await expect.poll(() => sessionCards(student).count()).toBe(2)
      const soon = await payForSession(student, 0)
      expect(soon.amount_in_cents).toBe(2000)

      // Back on the lesson: the card is enrolled and the calendar file downloads.
      await student.getByRole('link', { name: t('payments.result.toLesson') }).click()
      const card = sessionCards(student).nth(0)
      await card.getByText(t('sessions.labels.enrolled'), { exact: true }).first().waitFor()
      const download = student.waitForEvent('download')
      await card.getByRole('button', { name: t('sessions.actions.addToCalendar') }).click()
      const file = await download
      expect(file.suggestedFilename()).toMatch(/^session-\d+\.ics$/)
      expect(await readFile((await file.path()) ?? '', 'utf8')).toContain(title)

      // Tomorrow's session: paid, then given back before it starts; the refund shows in history.
      await payForSession(student, 1)
      await student.getByRole('link', { name: t('payments.result.toLesson') }).click()
      const tomorrow = sessionCards(student).nth(1)
      await tomorrow
        .getByRole('button', { name: t('sessions.actions.unenroll'), exact: true })
        .click()
      const confirm = student.getByRole('dialog', { name: t('sessions.unenroll.title') })
      await confirm.getByText(t('sessions.unenroll.refund', { price: '$20.00' })).waitFor()
      await confirm
        .getByRole('button', { name: t('sessions.unenroll.confirm'), exact: true })
        .click()
      await toast(student, t('api.enrollments.unenrolledRefund'))
      await tomorrow
        .getByRole('button', { name: t('sessions.actions.enroll'), exact: true })
        .waitFor()

      // The first session starts five to six minutes after it was added: Join appears once its
      // window (5:00 before the start) opens, within a minute of it.
      const join = card.getByRole('button', { name: t('sessions.actions.join'), exact: true })
      await join.waitFor({ timeout: 90_000 })
      const room = student.context().waitForEvent('page')
      await join.click()
      const meeting = await room
      await meeting.waitForLoadState()
      expect(meeting.url()).toBe(ZOOM)
      await meeting.close()

      await student
        .getByRole('navigation')
        .getByRole('link', { name: t('nav.history') })
        .click()
      const history = student.getByRole('region', { name: t('payments.history.title') })
      await expect
        .poll(async () =>
          (await history.innerText()).includes(t('payments.history.status.refunded')),
        )
        .toBe(true)
      expect(await history.innerText()).toContain(t('payments.history.status.success'))
      expect(await history.innerText()).toContain(soon.transactionId)
      await student.context().close()
    },
  )
})
