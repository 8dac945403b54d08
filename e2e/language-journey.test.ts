import { readFile } from 'node:fs/promises'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import * as guest from '../contract/descriptors/guest.ts'
import * as payments from '../contract/descriptors/payments.ts'
import { utcToZoned } from '../contract/rules.ts'
import { paths } from '../src/shared/config/paths.ts'
import { LANGUAGE_COOKIE } from '../src/shared/i18n/languages.ts'
import { logIn, toast } from './flows.ts'
import { translator } from './i18n.ts'
import {
  foreignSentences,
  loggedEmails,
  type ReadTexts,
  recordReadTexts,
  zonePlaces,
} from './language-check.ts'
import { chooseSessionTimes } from './session-fields.ts'
import { connectProduct, demoAccount, useBrowser } from './support.ts'

const product = connectProduct()
const chromium = useBrowser()

// Algebra Foundations has a session whose two seats are taken (Tom and Mai's); no file books it.
const FULL_LESSON = 'Algebra Foundations'
// Emily's paid lesson with open seats in its one upcoming session; only these journeys book it.
const PAID_LESSON = 'Watercolour Basics'
// Tom and Mai attended it and have not reviewed it: each language's journey reviews it once.
const REVIEWED_LESSON = 'Kitchen Chemistry'
const BRANDS = ['PayPal', 'Google Meet', 'Zoom', 'Manabi']

type Language = 'en-US' | 'jp-JP'

/** Who walks each language's journey besides the new student. */
const CAST = {
  'jp-JP': {
    reviewer: demoAccount('mai'),
    educator: demoAccount('kenji'),
    educatorLesson: REVIEWED_LESSON,
    // A browser in the other language: the product's words must not depend on it.
    browserLocale: 'en-US',
    zone: 'Asia/Tokyo',
  },
  'en-US': {
    reviewer: demoAccount('tom'),
    educator: demoAccount('emily'),
    educatorLesson: PAID_LESSON,
    browserLocale: 'ja-JP',
    zone: 'Europe/London',
  },
} as const

const lessonNamed = async (title: string) => {
  const lessons = await product.getJson(guest.guestLessons, { query: { take: 100 } })
  const lesson = lessons.data.find((row) => row.title === title)
  if (!lesson) throw new Error(`${title} is not listed`)
  return lesson
}

const sessionCards = (page: Page, t: ReturnType<typeof translator>) =>
  page.getByRole('region', { name: t('sessions.title') }).getByRole('listitem')

describe.each(['jp-JP', 'en-US'] as const)('the whole product in %s', (language: Language) => {
  it(
    'a student registers, meets a full session, pays, unenrolls and reviews; an educator overlaps: every word it reads is in its language',
    { timeout: 300_000 },
    async () => {
      const t = translator(language)
      const cast = CAST[language]
      const stamp = `${language}-${Date.now().toString(36)}`.toLowerCase()
      const student = { name: 'Hana Journey', email: `e2e-words-${stamp}@example.com` }
      const read: ReadTexts = { texts: new Map() }

      /** A browser of its own; `chosen`: its user picked the journey's language on an earlier visit. */
      const newPage = async (chosen: boolean) => {
        const context = await chromium.browser.newContext({
          viewport: { width: 1280, height: 900 },
          locale: cast.browserLocale,
          timezoneId: cast.zone,
          acceptDownloads: true,
        })
        if (chosen) {
          await context.addCookies([
            { name: LANGUAGE_COOKIE, value: language, url: product.origin },
          ])
        }
        await recordReadTexts(context, read)
        const page = await context.newPage()
        chromium.watch(page)
        return page
      }
      const field = (scope: Page | Locator, label: string) =>
        scope.getByLabel(label, { exact: true })

      // A guest picks the language and registers; sent empty first, the form says what is missing.
      const page = await newPage(false)
      await page.goto(product.appUrl(paths.auth.register.href()))
      if (language === 'jp-JP') {
        await page
          .getByLabel(translator('en-US')('common.language.label'), { exact: true })
          .selectOption('jp-JP')
      }
      // What the page said before its visitor chose (the default English) is not the journey's.
      await page.getByRole('heading', { name: t('auth.register.title'), exact: true }).waitFor()
      read.texts.clear()
      await page.getByRole('heading', { name: t('auth.register.title'), exact: true }).waitFor()
      const register = page.getByRole('button', { name: t('auth.register.submit'), exact: true })
      await register.click()
      await page.locator('[aria-invalid="true"]').first().waitFor()
      await field(page, t('auth.fields.name')).fill(student.name)
      await field(page, t('auth.fields.email')).fill(student.email)
      await field(page, t('auth.fields.password')).fill('Password1')
      await field(page, t('auth.fields.confirmPassword')).fill('Password2')
      await register.click()
      await page.locator('[aria-invalid="true"]').first().waitFor()
      await field(page, t('auth.fields.confirmPassword')).fill('Password1')
      await page.getByLabel(t('auth.register.terms.label')).check()
      await register.click()
      await page.getByRole('heading', { name: t('auth.confirm.title'), exact: true }).waitFor()
      await page.goto(await product.emailLink(student.email, paths.auth.confirmation.href()))
      await page.getByText(t('auth.confirmation.confirmed')).waitFor()

      // A wrong password is refused by the server, in the journey's words; then the right one.
      await page.goto(product.appUrl(paths.auth.login.href()))
      await field(page, t('auth.fields.email')).fill(student.email)
      await field(page, t('auth.fields.password')).fill('Wrong1password')
      await page.getByRole('button', { name: t('auth.login.submit'), exact: true }).click()
      await page.getByText(t('auth.login.errors.invalidCredentials')).waitFor()
      await logIn(product, page, t, student.email, 'Password1')

      // A full session: no seat to take.
      const full = await lessonNamed(FULL_LESSON)
      await page.goto(product.appUrl(paths.lesson.detail.href(full.id)))
      await sessionCards(page, t)
        .getByText(t('sessions.outOfSlots'), { exact: true })
        .first()
        .waitFor()

      // A paid seat, its calendar file, then given back before the start: refunded.
      const paid = await lessonNamed(PAID_LESSON)
      await page.goto(product.appUrl(paths.lesson.detail.href(paid.id)))
      const card = sessionCards(page, t).last()
      await card.getByRole('button', { name: t('sessions.actions.enroll'), exact: true }).click()
      const dialog = page.getByRole('dialog', { name: t('payments.dialog.title') })
      await dialog.getByText(t('payments.dialog.refundRule')).waitFor()
      const opened = product.nextAnswer(page, payments.createOrder)
      const words =
        language === 'jp-JP'
          ? { pay: 'PayPal で支払う（テスト）', approve: 'テスト決済を承認する' }
          : { pay: 'Pay with PayPal (test)', approve: 'Approve test payment' }
      await dialog.getByRole('button', { name: words.pay }).click()
      const { id } = await opened
      const captured = product.nextAnswer(page, payments.capturePayment, { params: { id } })
      await dialog.getByRole('button', { name: words.approve }).click()
      const payment = await captured
      await page.waitForURL(product.appUrl(paths.payment.result.href(payment.id)))
      await page.getByText(t('payments.result.status.success')).waitFor()
      await page.getByRole('link', { name: t('payments.result.toLesson') }).click()
      const enrolled = sessionCards(page, t).last()
      const download = page.waitForEvent('download')
      await enrolled.getByRole('button', { name: t('sessions.actions.addToCalendar') }).click()
      const calendar = await readFile((await (await download).path()) ?? '', 'utf8')
      await enrolled
        .getByRole('button', { name: t('sessions.actions.unenroll'), exact: true })
        .click()
      const confirm = page.getByRole('dialog', { name: t('sessions.unenroll.title') })
      await confirm
        .getByRole('button', { name: t('sessions.unenroll.confirm'), exact: true })
        .click()
      await toast(page, t('api.enrollments.unenrolledRefund'))
      await page.context().close()

      // A student who attended the lesson reviews it; sent empty first.
      const reviewer = await newPage(true)
      await logIn(product, reviewer, t, cast.reviewer.email)
      await reviewer.goto(product.appUrl(paths.history.href()))
      await reviewer
        .getByRole('button', { name: t('reviews.write.openNamed', { title: REVIEWED_LESSON }) })
        .click()
      const review = reviewer.getByRole('dialog', {
        name: t('reviews.write.title', { title: REVIEWED_LESSON }),
      })
      const submit = review.getByRole('button', { name: t('reviews.write.submit'), exact: true })
      await submit.click()
      await review.getByText(t('reviews.write.required')).first().waitFor()
      await review
        .getByRole('textbox', { name: t('reviews.write.body') })
        .fill(language === 'jp-JP' ? '実験が楽しかったです。' : 'The experiments were fun.')
      // The stars are drawn over their radios: the fourth is chosen from the keyboard.
      await review.getByRole('radio', { name: t('reviews.write.stars', { count: 4 }) }).focus()
      await reviewer.keyboard.press('Space')
      await submit.click()
      await toast(reviewer, t('reviews.write.added'))
      await reviewer.context().close()

      // An educator adds a session at the very hours of one they already have: refused.
      const educator = await newPage(true)
      await logIn(product, educator, t, cast.educator.email)
      const own = await lessonNamed(cast.educatorLesson)
      const sessions = await product.getJson(guest.guestSessions, { params: { id: own.id } })
      const upcoming = sessions.data.find((row) => Date.parse(row.start_time) > Date.now())
      if (!upcoming) throw new Error(`${cast.educatorLesson} has no upcoming session`)
      await educator.goto(product.appUrl(paths.lesson.edit.href(own.id)))
      await educator
        .getByRole('button', { name: t('sessions.editor.form.add'), exact: true })
        .first()
        .click()
      const form = educator.getByRole('dialog', { name: t('sessions.editor.form.addTitle') })
      const add = form.getByRole('button', { name: t('sessions.editor.form.add'), exact: true })
      await add.click()
      await form.locator('[aria-invalid="true"]').first().waitFor()
      // The dialog writes a session as one date and two hours, so the overlap is written in a zone
      // where the demo session (seeded relative to now) does not run past midnight.
      const zone = [upcoming.timezone, 'Europe/London', 'America/New_York'].find(
        (candidate) =>
          utcToZoned(upcoming.start_time, candidate).date ===
          utcToZoned(upcoming.end_time, candidate).date,
      )
      if (!zone) throw new Error(`no zone keeps ${upcoming.start_time} on one date`)
      await form.getByLabel(t('sessions.editor.form.timezone'), { exact: true }).selectOption(zone)
      const start = utcToZoned(upcoming.start_time, zone)
      await chooseSessionTimes(form, t, {
        date: start.date,
        start: start.time,
        end: utcToZoned(upcoming.end_time, zone).time,
      })
      await form
        .getByRole('textbox', { name: t('sessions.editor.form.url') })
        .fill('https://zoom.us/j/5550009876')
      await add.click()
      await form.getByText(t('sessions.editor.errors.overlap'), { exact: false }).waitFor()
      await educator.context().close()

      // Everything read, and every e-mail the new student received, is in the journey's language.
      const ownWords = [
        student.name,
        cast.reviewer.name,
        cast.educator.name,
        FULL_LESSON,
        PAID_LESSON,
        REVIEWED_LESSON,
        // The calendar file describes the session with the lesson's own words.
        paid.about,
        ...BRANDS,
        ...zonePlaces(),
      ]
      const emails = loggedEmails(product.output(), [student.email])
      expect(emails.length).toBeGreaterThanOrEqual(2)
      const foreign = [
        ...[...read.texts].map(([text, url]) => ({ where: url, text })),
        ...emails.map((email) => ({
          where: `e-mail "${email.subject}"`,
          text: `${email.subject}\n${email.text}`,
        })),
        { where: 'calendar file', text: calendarWords(calendar) },
      ].flatMap(({ where, text }) =>
        foreignSentences(text, language, ownWords).map((sentence) => `${where}: ${sentence}`),
      )
      expect(foreign).toEqual([])
      // The check saw what it should: toasts, field errors and dialogs of every step.
      const all = [...read.texts.keys()].join('\n')
      for (const expected of [
        t('auth.login.errors.invalidCredentials'),
        t('api.enrollments.unenrolledRefund'),
        t('reviews.write.required'),
        t('reviews.write.added'),
      ]) {
        expect(all).toContain(expected)
      }
    },
  )
})

/** The words of a calendar file a reader sees: its summary and description, unfolded. */
const calendarWords = (ics: string) =>
  ics
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .filter((line) => /^(SUMMARY|DESCRIPTION)[;:]/.test(line))
    .map((line) =>
      line
        .replace(/^[^:]*:/, '')
        .replace(/\\n/g, '\n')
        .replace(/\\([,;\\])/g, '$1'),
    )
    .join('\n')
