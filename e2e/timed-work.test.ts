import type { APIRequestContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import * as admin from '../contract/descriptors/admin.ts'
import * as auth from '../contract/descriptors/auth.ts'
import * as categories from '../contract/descriptors/categories.ts'
import * as guest from '../contract/descriptors/guest.ts'
import * as lessons from '../contract/descriptors/lessons.ts'
import * as payments from '../contract/descriptors/payments.ts'
import * as sessions from '../contract/descriptors/sessions.ts'
import type { ResultOf } from '../contract/client.ts'
import type { Descriptor } from '../contract/descriptor.ts'
import { paths } from '../src/shared/config/paths.ts'
import { translator } from './i18n.ts'
import { logIn, png } from './flows.ts'
import { loggedEmails } from './language-check.ts'
import { connectProduct, demoAccount, useBrowser } from './support.ts'

/**
 * The work the product does by time, on its own job engine, seen from the browser (issue 31): a
 * seat freed in a full session is offered to the student waiting for it, who takes it; a session
 * below its lesson's minimum seats is cancelled at its cutoff (24 hours before its start), and
 * its paid student finds the refund, and why, in their history.
 */
const product = connectProduct()
const chromium = useBrowser()
const t = translator('en-US')
const ADMIN = demoAccount('admin')
const PASSWORD = 'Password1'
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

const newPage = async () => {
  const context = await chromium.browser.newContext({
    viewport: { width: 1280, height: 900 },
    timezoneId: 'UTC',
    locale: 'en-US',
  })
  const page = await context.newPage()
  chromium.watch(page)
  return page
}

/** One API call with the page's cookies; its JSON answer, or a failure naming the call. */
const api = async <D extends Descriptor>(
  request: APIRequestContext,
  descriptor: D,
  options: { params?: Record<string, number>; data?: unknown } = {},
): Promise<ResultOf<D>> => {
  const url = product.apiUrl(descriptor, { params: options.params } as never)
  const answer = await request.fetch(url, { method: descriptor.method, data: options.data })
  if (!answer.ok()) {
    throw new Error(
      `${descriptor.method} ${descriptor.path}: ${answer.status()} ${await answer.text()}`,
    )
  }
  return (await answer.json()) as ResultOf<D>
}

/** A new account, registered and confirmed through its e-mailed link; signed in on its page. */
const newAccount = async (role: 'student' | 'educator', name: string) => {
  const page = await newPage()
  const email = `e2e-${role}-${Date.now().toString(36)}@example.com`
  await api(page.request, auth.register, {
    data: { name, email, password: PASSWORD, role, terms: true, language: 'en-US' },
  })
  await page.goto(await product.emailLink(email, paths.auth.confirmation.href()))
  await page.getByText(t('auth.confirmation.confirmed')).waitFor()
  const signedIn = await api(page.request, auth.login, { data: { email, password: PASSWORD } })
  return { page, email, id: signedIn.id }
}

/**
 * The session form for `minutes` from `start`, in UTC, or in Tokyo (UTC+9) when the session
 * would cross midnight in UTC: the form takes one date for both hours.
 */
const sessionForm = (start: Date, minutes: number) => {
  const end = new Date(start.getTime() + minutes * MINUTE)
  const crossesMidnight = end.toISOString().slice(0, 10) !== start.toISOString().slice(0, 10)
  const shift = crossesMidnight ? 9 * 60 * MINUTE : 0
  const wall = (instant: Date) => new Date(instant.getTime() + shift).toISOString()
  return {
    date: wall(start).slice(0, 10),
    startHour: wall(start).slice(11, 16),
    endHour: wall(end).slice(11, 16),
    timezone: crossesMidnight ? 'Asia/Tokyo' : 'UTC',
    url: 'https://zoom.us/j/5551234',
  }
}

/** A paid seat through the payment dialog and PayPal's test buttons (the built-in stand-in). */
const payForFirstSession = async (page: Page) => {
  const region = page.getByRole('region', { name: t('sessions.title') })
  await region
    .getByRole('listitem')
    .first()
    .getByRole('button', { name: t('sessions.actions.enroll'), exact: true })
    .click()
  const dialog = page.getByRole('dialog', { name: t('payments.dialog.title') })
  await dialog.getByRole('button', { name: 'Pay with PayPal (test)' }).click()
  await dialog.getByRole('timer').waitFor()
  await dialog.getByRole('button', { name: 'Approve test payment' }).click()
  await page.waitForURL(/\/payments\/\d+$/)
  await page.getByText(t('payments.result.status.success')).waitFor()
}

/** An approved educator holding a video licence, with a lesson of theirs. */
const educatorWithLesson = async (
  name: string,
  fields: { title: string; price_in_cents: number; min_slots: number; max_slots: number },
) => {
  const educator = await newAccount('educator', name)
  const adminPage = await newPage()
  await logIn(product, adminPage, t, ADMIN.email)
  await api(adminPage.request, admin.approveUser, { params: { id: educator.id } })
  const licence = await api(adminPage.request, admin.addVideoLicence, {
    data: { provider: 'zoom', accountEmail: `e2e-licence-${educator.id}@pool.example` },
  })
  await api(adminPage.request, admin.assignVideoLicence, {
    params: { id: educator.id },
    data: { licenceId: licence.id },
  })
  await adminPage.context().close()
  const [category] = await api(educator.page.request, categories.listCategories)
  const uploaded = await educator.page.request.post(product.apiUrl(lessons.uploadLessonImage), {
    multipart: { image: { name: 'ink.png', mimeType: 'image/png', buffer: png() } },
  })
  const cover = (await uploaded.json()) as ResultOf<typeof lessons.uploadLessonImage>
  const lesson = await api(educator.page.request, lessons.createLesson, {
    data: {
      ...fields,
      categoryId: category!.id,
      imageId: cover.id,
      about: 'Ink, water and one brush.',
      details: 'Bring paper.',
    },
  })
  return { educator, lesson }
}

describe('the work done by time', () => {
  it(
    'offers a seat freed in a full session to the student waiting, who takes it in the browser',
    { timeout: 180_000 },
    async () => {
      const title = `Kintsugi for one ${Date.now().toString(36)}`
      const { educator, lesson } = await educatorWithLesson('Wakana Waitlist', {
        title,
        price_in_cents: 0,
        min_slots: 1,
        max_slots: 1,
      })
      const session = await api(educator.page.request, sessions.createSession, {
        params: { id: lesson.id },
        data: sessionForm(new Date(Math.ceil((Date.now() + 3 * DAY) / MINUTE) * MINUTE), 60),
      })
      const params = { id: lesson.id, sessionId: session.id }
      // The one seat is taken.
      const seated = await newAccount('student', 'Seiji Seated')
      await api(seated.page.request, sessions.enroll, { params })

      // Another student finds it full and joins its waitlist.
      const waiting = await newAccount('student', 'Wataru Waiting')
      await logIn(product, waiting.page, t, waiting.email, PASSWORD)
      await waiting.page.goto(product.appUrl(paths.lesson.detail.href(lesson.id)))
      const card = waiting.page
        .getByRole('region', { name: t('sessions.title') })
        .getByRole('listitem')
        .first()
      await card.getByText(t('sessions.outOfSlots')).waitFor()
      await card.getByRole('button', { name: t('sessions.waitlist.join') }).click()
      await waiting.page.getByText(t('sessions.waitlist.joined', { title, position: 1 })).waitFor()
      await card.getByText(t('sessions.waitlist.position', { position: 1 })).waitFor()

      // The seated student gives the seat back: the first in line is offered it by e-mail.
      await api(seated.page.request, sessions.unenroll, { params })
      await expect
        .poll(() => loggedEmails(product.output(), [waiting.email]).map((mail) => mail.subject), {
          timeout: 30_000,
        })
        .toContainEqual(expect.stringMatching(`a seat in ${title} on .+ is held for you$`))
      const [offer] = loggedEmails(product.output(), [waiting.email]).filter((mail) =>
        mail.subject.endsWith('is held for you'),
      )
      const link = /https?:\/\/\S+\/lesson\/\d+/.exec(offer!.text)?.[0]
      expect(link).toBe(product.appUrl(paths.lesson.detail.href(lesson.id)))

      // Their dashboard says so; its link leads to the lesson, where Enroll takes the seat.
      await waiting.page.goto(product.appUrl(paths.home.href()))
      const notice = waiting.page.getByRole('region', { name: t('dashboard.waitlist.title') })
      await notice.getByRole('link', { name: t('dashboard.waitlist.takeNamed', { title }) }).click()
      await waiting.page.waitForURL(link!)
      await card.getByText(/A seat freed and is held for you until/).waitFor()
      await card.getByRole('button', { name: t('sessions.actions.enroll'), exact: true }).click()
      await waiting.page.getByText(t('sessions.toasts.enrolled', { title })).waitFor()
      await card.getByRole('button', { name: t('sessions.actions.unenroll') }).waitFor()
      const seats = await product.getJson(guest.guestSessions, { params: { id: lesson.id } })
      expect(seats.data.find((row) => row.id === session.id)).toMatchObject({
        availableSlots: 0,
        enrolledCount: 1,
        waitingCount: 0,
      })
    },
  )

  it(
    'cancels a session below its minimum at its cutoff; the paid student sees the refund and why',
    { timeout: 300_000 },
    async () => {
      // An approved educator with a licence and a paid lesson that needs two students.
      const title = `Sumi-e in one sitting ${Date.now().toString(36)}`
      const { educator, lesson } = await educatorWithLesson('Mina Minimum', {
        title,
        price_in_cents: 2000,
        min_slots: 2,
        max_slots: 4,
      })

      // A student signs in and waits on the lesson page.
      const student = await newAccount('student', 'Sora Student')
      await logIn(product, student.page, t, student.email, PASSWORD)

      // A session whose cutoff comes in a minute or two: 24 hours before its start.
      const start = new Date(Math.ceil((Date.now() + DAY + 60_000) / MINUTE) * MINUTE)
      const session = await api(educator.page.request, sessions.createSession, {
        params: { id: lesson.id },
        data: sessionForm(start, 30),
      })
      expect(session).toMatchObject({ decision: 'pending', seatsNeeded: 2 })
      await student.page.goto(product.appUrl(paths.lesson.detail.href(lesson.id)))
      await student.page.getByText('Needs 2 more students by').waitFor()
      await payForFirstSession(student.page)

      // The cutoff passes with one student of the two needed: the job engine cancels it.
      await expect
        .poll(
          async () => {
            const page = await product.getJson(guest.guestSessions, { params: { id: lesson.id } })
            return page.data.find((row) => row.id === session.id)?.decision
          },
          { timeout: 150_000, interval: 2_000 },
        )
        .toBe('cancelled')

      await student.page.goto(product.appUrl(paths.lesson.detail.href(lesson.id)))
      await student.page.getByText(t('sessions.decision.cancelled')).waitFor()
      await student.page.goto(product.appUrl(paths.history.href()))
      const row = student.page
        .getByRole('list', { name: t('payments.history.title') })
        .getByRole('listitem')
        .filter({ hasText: title })
      await row.getByText(t('payments.history.status.refunded'), { exact: true }).waitFor()
      await row.getByText(t('payments.result.reasons.tooFewStudents')).waitFor()
      const [paid] = (await api(student.page.request, payments.listMyPayments)).data.filter(
        (payment) => payment.lessonId === lesson.id,
      )
      expect(paid).toMatchObject({ status: 'refunded', refundReason: 'tooFewStudents' })
      expect(product.output()).toContain(`"to":"${student.email}"`)
    },
  )
})
