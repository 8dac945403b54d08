import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../demo/world.ts'
import * as authCalls from '../contract/descriptors/auth.ts'
import * as guest from '../contract/descriptors/guest.ts'
import * as payments from '../contract/descriptors/payments.ts'
import { paths } from '../src/shared/config/paths.ts'
import { setAccountLanguage } from './flows.ts'
import { translator } from './i18n.ts'
import { chosenDate } from './session-fields.ts'
import { connectProduct, demoAccount, type RunningProduct, useBrowser } from './support.ts'

/**
 * The main journeys with the keyboard alone: Tab and Shift+Tab to reach a control, Enter, Space,
 * arrows and Escape to use it, and text typed into the focused field. No mouse, no clicks or
 * fills through the driver. After every step focus is on an element (not lost to the page body)
 * and that element shows a visible focus indicator; after a move to another screen, it is on that
 * screen's main heading.
 */

const product = connectProduct()
const t = translator('en-US')
const chromium = useBrowser()

const ADMIN = demoAccount('admin')
// Yuki attended the olympiad lesson and has not reviewed it; only this file reviews it.
const YUKI = demoAccount('yuki')
const OLYMPIAD = '数学オリンピック入門 (Maths Olympiad Primer)'
// Kenji reads the product in Japanese; this file adds a session and a link to his sushi lesson,
// then removes both.
const KENJI = demoAccount('kenji')
const SUSHI = 'Sushi Workshop'
const tJp = translator('jp-JP')
// A free lesson and a paid one with open seats that no other file enrolls in.
const FREE_LESSON = 'Geometry Puzzles'
const PAID_LESSON = 'Introduction to Physics'

/**
 * A zone where it is daytime now, so a quick session starting in minutes ends the same day (a
 * session is one date with two hours).
 */
const daytimeZone = () => {
  const zones = ['Pacific/Honolulu', 'America/New_York', 'Europe/London', 'Asia/Tokyo']
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

/** What the focused element is and how its focus shows: the facts the checks below judge. */
interface FocusFacts {
  onBody: boolean
  description: string
  indicator: boolean
}

const focusFacts = (page: Page): Promise<FocusFacts> =>
  page.evaluate(() => {
    // Transparent when named so or when its alpha (rgba's fourth value, or after "/") is 0.
    const transparent = (color: string) => {
      if (color === 'transparent') return true
      const slash = /\/\s*([\d.]+)(%?)\s*\)$/.exec(color)
      if (slash) return Number(slash[1]) === 0
      const rgba = /^rgba\([^,]+,[^,]+,[^,]+,\s*([\d.]+)\)$/.exec(color)
      return rgba ? Number(rgba[1]) === 0 : false
    }
    // A box-shadow list, split at its top-level commas (colours have commas of their own).
    const shadows = (value: string) => {
      const parts: string[] = []
      let depth = 0
      let current = ''
      for (const char of value) {
        if (char === '(') depth += 1
        if (char === ')') depth -= 1
        if (char === ',' && depth === 0) {
          parts.push(current.trim())
          current = ''
        } else current += char
      }
      if (current.trim()) parts.push(current.trim())
      return parts
    }
    const shadowShows = (shadow: string) => {
      const color = /(?:rgba?|oklch|oklab|lab|lch|hsla?|color)\([^)]*\)|transparent/.exec(shadow)
      const lengths = shadow
        .replace(/(?:rgba?|oklch|oklab|lab|lch|hsla?|color)\([^)]*\)/, '')
        .match(/-?[\d.]+px/g)
        ?.map((length) => Math.abs(parseFloat(length)))
      return (
        shadow !== 'none' &&
        !(color && transparent(color[0])) &&
        (lengths ?? []).some((length) => length > 0)
      )
    }
    const element = document.activeElement
    if (!element || element === document.body || element === document.documentElement) {
      return { onBody: true, description: 'the page body', indicator: false }
    }
    const style = getComputedStyle(element)
    const outline =
      style.outlineStyle !== 'none' &&
      parseFloat(style.outlineWidth) > 0 &&
      !transparent(style.outlineColor)
    const name =
      element.getAttribute('aria-label') ??
      (element as HTMLInputElement).labels?.[0]?.textContent ??
      element.textContent ??
      ''
    const role = element.getAttribute('role') ?? element.tagName.toLowerCase()
    return {
      onBody: false,
      description: `${role} “${name.trim().replace(/\s+/g, ' ').slice(0, 60)}”`,
      indicator: outline || shadows(style.boxShadow).some(shadowShows),
    }
  })

/** After a step: focus is on an element with a visible indicator, not lost to the page body. */
const checkFocus = async (page: Page, step: string) => {
  let facts = await focusFacts(page)
  // A screen may move focus once the server answered (to what replaced the control): give it
  // a moment before calling focus lost.
  for (let waited = 0; facts.onBody && waited < 3000; waited += 100) {
    await page.waitForTimeout(100)
    facts = await focusFacts(page)
  }
  if (facts.onBody) throw new Error(`Focus was lost to the page body after: ${step}`)
  if (!facts.indicator) {
    throw new Error(`${facts.description} has no visible focus indicator after: ${step}`)
  }
}

/** After a step that moves to another screen: focus is on that screen's main heading. */
const checkArrival = async (page: Page, step: string) => {
  const onHeading = () => page.evaluate(() => document.activeElement?.tagName === 'H1')
  // The new screen may still be fetching its code or data.
  for (let waited = 0; !(await onHeading()) && waited < 5000; waited += 100) {
    await page.waitForTimeout(100)
  }
  await checkFocus(page, step)
  if (!(await onHeading())) {
    throw new Error(
      `${(await focusFacts(page)).description} has focus, not the main heading, after: ${step}`,
    )
  }
}

const isFocused = (target: Locator) =>
  target.evaluateAll((elements) => elements.some((element) => element === document.activeElement))

/**
 * Presses Tab (or Shift+Tab) until `target` has focus; fails naming the control it could not
 * reach and where focus went instead. The target is found by role and accessible name, so the
 * count of presses does not matter. Passing the page body is allowed here: Tab leaves the end of
 * the document for the browser's own controls and comes back at the top.
 */
const tabTo = async (
  page: Page,
  target: Locator,
  { backwards = false, max = 80 }: { backwards?: boolean; max?: number } = {},
) => {
  await target.first().waitFor()
  const visited: string[] = []
  for (let presses = 0; presses < max; presses += 1) {
    if (await isFocused(target)) {
      await checkFocus(page, `reaching ${target.toString()}`)
      return
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
    visited.push((await focusFacts(page)).description)
  }
  throw new Error(
    `${backwards ? 'Shift+Tab' : 'Tab'} could not reach ${target.toString()} in ${max} presses; ` +
      `focus went through: ${[...new Set(visited)].join(', ')}`,
  )
}

/** Presses a key on the focused control, then checks where focus is. */
const press = async (page: Page, key: string, step: string) => {
  await page.keyboard.press(key)
  await checkFocus(page, step)
}

/** Types into the focused field, as a user does. */
const typeText = async (page: Page, text: string) => {
  await page.keyboard.type(text)
  await checkFocus(page, `typing “${text}”`)
}

/** Reaches a control and activates it with Enter. */
const activate = async (page: Page, target: Locator) => {
  await tabTo(page, target)
  await page.keyboard.press('Enter')
  // The control may go away (a closed dialog, a new screen): focus is checked once it settled.
  await page.waitForLoadState()
}

/**
 * A toast appears with this text; Tab reaches its close button (react-toastify's own, labelled
 * 'close') and Enter takes it away, so the next toast with the same text is a new one.
 */
const dismissToast = async (page: Page, text: string) => {
  const alert = page.getByRole('alert').filter({ hasText: text })
  await alert.waitFor()
  await tabTo(page, alert.getByRole('button', { name: 'close', exact: true }), { backwards: true })
  await page.keyboard.press('Enter')
  await alert.waitFor({ state: 'hidden' })
}

const logIn = async (page: Page, email: string, password = DEMO_PASSWORD) => {
  await setAccountLanguage(product, page, t.language, email, password)
  await page.getByRole('heading', { name: t('auth.login.title'), level: 1 }).waitFor()
  await tabTo(page, page.getByLabel(t('auth.fields.email'), { exact: true }))
  await typeText(page, email)
  await tabTo(page, page.getByLabel(t('auth.fields.password'), { exact: true }))
  await typeText(page, password)
  // Enter in a field submits its form.
  await page.keyboard.press('Enter')
  await page.waitForURL(product.appUrl(paths.home.href()))
  await checkArrival(page, 'logging in')
}

const searchAndOpen = async (page: Page, title: string) => {
  await tabTo(page, page.getByRole('searchbox', { name: t('lessons.filters.search') }))
  // The list is shown again for the whole title once the debounced search sends it.
  const searched = page.waitForResponse(
    (response) => new URL(response.url()).searchParams.get('title') === title,
  )
  await typeText(page, title)
  await searched
  const link = page.getByRole('list', { name: 'Lessons' }).getByRole('link', {
    name: new RegExp(title.replace(/[()]/g, '\\$&')),
  })
  await expect.poll(() => link.count()).toBe(1)
  await tabTo(page, link)
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { name: title, level: 1 }).waitFor()
  await checkArrival(page, `opening ${title}`)
}

/**
 * A new account, registered and confirmed through the API (the journeys below start signed out
 * with it): what a user who followed the e-mailed link has.
 */
const newAccount = async (
  target: RunningProduct,
  role: 'student' | 'educator',
  name: string,
): Promise<{ name: string; email: string }> => {
  const email = `e2e-keys-${role}-${Date.now().toString(36)}@example.com`
  const post = (url: string, body: unknown) =>
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: target.origin },
      body: JSON.stringify(body),
    })
  const registered = await post(target.apiUrl(authCalls.register), {
    name,
    email,
    password: DEMO_PASSWORD,
    role,
    terms: true,
  })
  expect(registered.status).toBe(201)
  const link = new URL(await target.emailLink(email, paths.auth.confirmation.href()))
  const confirmed = await post(target.apiUrl(authCalls.confirm), {
    validationToken: link.searchParams.get('token'),
  })
  expect(confirmed.status).toBe(200)
  return { name, email }
}

describe('the product with the keyboard alone', () => {
  it('a guest searches and opens a lesson, logs in, enrolls free and pays through the stand-in', async () => {
    const student = await newAccount(product, 'student', `Kei Keys ${Date.now().toString(36)}`)
    const page = await newPage()
    await page.goto(product.origin)
    await page.getByRole('heading', { name: 'All lessons' }).waitFor()

    // The guest finds the free lesson; enrolling asks for an account.
    await searchAndOpen(page, FREE_LESSON)
    await activate(page, page.getByRole('button', { name: t('sessions.actions.enroll') }))
    await page.getByText(t('sessions.loginToEnroll', { title: FREE_LESSON })).waitFor()
    await page.waitForURL(product.appUrl(paths.auth.login.href()))
    await logIn(page, student.email)

    // Signed in: the free seat is taken at once.
    await searchAndOpen(page, FREE_LESSON)
    const enroll = page.getByRole('button', { name: t('sessions.actions.enroll'), exact: true })
    await activate(page, enroll)
    await page.getByText(t('sessions.labels.enrolled'), { exact: true }).first().waitFor()
    await checkFocus(page, 'enrolling in a free session')

    // The paid lesson: the payment dialog opens with focus inside; Escape closes it and focus
    // returns to the control that opened it.
    await tabTo(page, page.getByRole('link', { name: t('lessons.detail.backHome') }), {
      backwards: true,
    })
    await page.keyboard.press('Enter')
    await page.waitForURL(product.appUrl(paths.home.href()))
    await checkArrival(page, 'going back to the lessons')
    await searchAndOpen(page, PAID_LESSON)
    const pay = page.getByRole('button', { name: t('sessions.actions.enroll'), exact: true })
    await activate(page, pay)
    const dialog = page.getByRole('dialog', { name: t('payments.dialog.title') })
    await dialog.getByText(t('payments.dialog.refundRule')).waitFor()
    await checkFocus(page, 'opening the payment dialog')
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true)
    await press(page, 'Escape', 'closing the payment dialog with Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await isFocused(pay)).toBe(true)

    // Again, and this time through the stand-in's buttons to the result screen.
    await press(page, 'Enter', 'opening the payment dialog again')
    const opened = product.nextAnswer(page, payments.createOrder)
    await activate(page, dialog.getByRole('button', { name: 'Pay with PayPal (test)' }))
    const order = await opened
    await dialog.getByRole('timer').waitFor()
    const approve = dialog.getByRole('button', { name: 'Approve test payment' })
    await approve.waitFor()
    await checkFocus(page, 'opening the test checkout')
    const captured = product.nextAnswer(page, payments.capturePayment, {
      params: { id: order.id },
    })
    await activate(page, approve)
    const payment = await captured
    await page.waitForURL(product.appUrl(paths.payment.result.href(payment.id)))
    await page.getByText(t('payments.result.status.success')).waitFor()
    await checkArrival(page, 'paying')
    await page.context().close()
  })

  it('a student writes a review: the stars are a radio group driven by arrows', async () => {
    const page = await newPage()
    await page.goto(product.appUrl(paths.auth.login.href()))
    await logIn(page, YUKI.email)
    const lesson = (await product.getJson(guest.guestLessons, { query: { take: 100 } })).data.find(
      (row) => row.title === OLYMPIAD,
    )
    if (!lesson) throw new Error(`${OLYMPIAD} is not listed`)
    const scoreOf = () =>
      product.getJson(guest.guestAverageScore, { params: { id: lesson.owner.id } })
    const before = await scoreOf()

    await activate(
      page,
      page.getByRole('navigation').getByRole('link', { name: t('nav.history'), exact: true }),
    )
    await page.getByRole('heading', { name: t('history.title'), level: 1 }).waitFor()
    const open = page.getByRole('button', {
      name: t('reviews.write.openNamed', { title: OLYMPIAD }),
    })
    await activate(page, open)
    const dialog = page.getByRole('dialog', { name: t('reviews.write.title', { title: OLYMPIAD }) })
    await dialog.waitFor()
    await checkFocus(page, 'opening the review dialog')

    // Sent empty, the form says what is missing; Escape then closes it back to its opener.
    const submit = dialog.getByRole('button', { name: t('reviews.write.submit'), exact: true })
    await activate(page, submit)
    await dialog.getByText(t('reviews.write.required')).first().waitFor()
    await checkFocus(page, 'sending an empty review')
    await press(page, 'Escape', 'closing the review dialog')
    await dialog.waitFor({ state: 'detached' })
    expect(await isFocused(open)).toBe(true)

    await press(page, 'Enter', 'opening the review dialog again')
    await tabTo(page, dialog.getByRole('textbox', { name: t('reviews.write.body') }))
    await typeText(page, 'Hard problems, but the hints were great.')
    // Tab enters the radio group once; Space picks the focused star, arrows move the choice.
    await tabTo(page, dialog.getByRole('radio', { name: t('reviews.write.stars', { count: 1 }) }))
    await press(page, 'Space', 'choosing one star')
    await press(page, 'ArrowRight', 'moving to two stars')
    await press(page, 'ArrowRight', 'moving to three stars')
    await press(page, 'ArrowLeft', 'moving back to two stars')
    await press(page, 'ArrowRight', 'moving to three stars again')
    const three = dialog.getByRole('radio', { name: t('reviews.write.stars', { count: 3 }) })
    expect(await three.isChecked()).toBe(true)
    expect(await isFocused(three)).toBe(true)
    await activate(page, submit)
    await dialog.waitFor({ state: 'detached' })
    await page.getByText(t('history.status.reviewed')).first().waitFor()
    // The opener went with the review it asked for: focus is on the review now, not lost.
    await checkFocus(page, 'sending the review')
    await dismissToast(page, t('reviews.write.added'))

    const after = await scoreOf()
    expect(after.count).toBe(before.count + 1)
    // A 3 below the educator's average pulls it down.
    expect(before.average).toBeGreaterThan(3)
    expect(after.average).toBeLessThan(before.average)
    await page.context().close()
  })

  it('an educator adds a session and a material, then removes both', async () => {
    const page = await newPage(daytimeZone())
    await page.goto(product.appUrl(paths.auth.login.href()))
    await logIn(page, KENJI.email)
    // He switches the product to Japanese: the language select, by arrows.
    await tabTo(page, page.getByRole('combobox', { name: t('common.language.label') }))
    await press(page, 'ArrowDown', 'choosing Japanese')
    await page.getByRole('combobox', { name: tJp('common.language.label') }).waitFor()
    await activate(page, page.getByRole('link', { name: new RegExp(SUSHI) }))
    await page.getByRole('heading', { name: SUSHI, level: 1 }).waitFor()
    await activate(page, page.getByRole('link', { name: tJp('lessons.detail.editLesson') }))
    await page.getByRole('heading', { name: tJp('lessons.form.updateLesson'), level: 1 }).waitFor()
    const cards = page.getByRole('region', { name: tJp('sessions.title') }).getByRole('article')
    await cards.first().waitFor()
    const before = await cards.count()

    // A quick session an hour from now (his live session ends before), half an hour long: arrows
    // choose in the selects, a button fills the times in.
    await activate(
      page,
      page.getByRole('button', { name: tJp('sessions.editor.add'), exact: true }).first(),
    )
    const dialog = page.getByRole('dialog', { name: tJp('sessions.editor.form.addTitle') })
    await dialog.waitFor()
    await checkFocus(page, 'opening the session dialog')
    const startIn = dialog.getByRole('combobox', { name: tJp('sessions.editor.quick.startIn') })
    await tabTo(page, startIn)
    for (let step = 0; step < 3; step += 1) {
      await press(page, 'ArrowDown', 'choosing a later start')
    }
    expect(await startIn.inputValue()).toBe('60')
    const length = dialog.getByRole('combobox', { name: tJp('sessions.editor.quick.length') })
    await tabTo(page, length)
    await press(page, 'ArrowUp', 'choosing a shorter length')
    expect(await length.inputValue()).toBe('30')
    await activate(page, dialog.getByRole('button', { name: tJp('sessions.editor.quick.fill') }))
    await checkFocus(page, 'filling in the times')
    expect(await chosenDate(dialog, tJp)).not.toBe('')
    await tabTo(page, dialog.getByRole('textbox', { name: tJp('sessions.editor.form.url') }))
    await typeText(page, 'https://meet.google.com/abc-defg-hij')
    await activate(
      page,
      dialog.getByRole('button', { name: tJp('sessions.editor.form.add'), exact: true }),
    )
    await dialog.waitFor({ state: 'detached' })
    await checkFocus(page, 'adding the session')
    await expect.poll(() => cards.count()).toBe(before + 1)
    await dismissToast(page, tJp('sessions.editor.toasts.added'))

    // A link.
    const links = page.getByRole('form', { name: tJp('materials.editor.links.addTitle') })
    const title = `Chord chart ${Date.now().toString(36)}`
    await tabTo(
      page,
      links.getByRole('textbox', { name: tJp('materials.editor.links.titleLabel') }),
    )
    await typeText(page, title)
    await tabTo(
      page,
      links.getByRole('textbox', { name: tJp('materials.editor.links.descriptionLabel') }),
    )
    await typeText(page, 'The eight open chords')
    await tabTo(page, links.getByRole('textbox', { name: tJp('materials.editor.links.urlLabel') }))
    await typeText(page, 'chords.example.org/open')
    await activate(page, links.getByRole('button', { name: tJp('materials.editor.links.add') }))
    const remove = page.getByRole('button', {
      name: tJp('materials.editor.remove.labelFor', { title }),
    })
    await remove.waitFor()
    await checkFocus(page, 'adding the link')
    await dismissToast(page, tJp('materials.editor.created'))

    // Both removed again through their confirm dialogs: each opener goes with what it removed,
    // and focus must not go with it.
    await activate(page, remove)
    const confirmRemove = page.getByRole('dialog', { name: tJp('materials.editor.remove.title') })
    await activate(
      page,
      confirmRemove.getByRole('button', {
        name: tJp('materials.editor.remove.confirm'),
        exact: true,
      }),
    )
    await confirmRemove.waitFor({ state: 'detached' })
    await remove.waitFor({ state: 'detached' })
    await checkFocus(page, 'removing the link')

    // The new session starts first, so its card comes first.
    await activate(
      page,
      cards.first().getByRole('button', { name: tJp('sessions.editor.card.delete'), exact: true }),
    )
    const confirmDelete = page.getByRole('dialog', { name: tJp('sessions.editor.delete.title') })
    await activate(
      page,
      confirmDelete.getByRole('button', {
        name: tJp('sessions.editor.delete.confirm'),
        exact: true,
      }),
    )
    await confirmDelete.waitFor({ state: 'detached' })
    await expect.poll(() => cards.count()).toBe(before)
    await checkFocus(page, 'deleting the session')
    await page.context().close()
  })

  it('an admin approves a new educator', async () => {
    const educator = await newAccount(product, 'educator', `Nao Keys ${Date.now().toString(36)}`)
    const page = await newPage()
    await page.goto(product.appUrl(paths.auth.login.href()))
    await logIn(page, ADMIN.email)
    // The dashboard: the overview, then the users list.
    await page.getByRole('heading', { name: t('admin.users.title'), level: 2 }).waitFor()
    await tabTo(
      page,
      page.getByRole('searchbox', { name: t('admin.users.filters.search'), exact: true }),
    )
    await typeText(page, educator.name)
    await page.waitForURL((url) => url.searchParams.get('search') === educator.name)
    const approve = page.getByRole('button', {
      name: t('admin.users.approve.labelFor', { name: educator.name }),
      exact: true,
    })
    await activate(page, approve)
    const dialog = page.getByRole('dialog', { name: t('admin.users.approve.title') })
    await dialog
      .getByText(t('admin.users.approve.question', { name: educator.name, email: educator.email }))
      .waitFor()
    await checkFocus(page, 'opening the approval dialog')
    await activate(
      page,
      dialog.getByRole('button', { name: t('admin.users.approve.confirm'), exact: true }),
    )
    await dialog.waitFor({ state: 'detached' })
    await approve.waitFor({ state: 'detached' })
    await page
      .getByText(t('admin.users.approve.done', { name: educator.name }))
      .first()
      .waitFor()
    // The approve button went with the approval: focus lands on something sensible.
    await checkFocus(page, 'approving the educator')
    await page.context().close()
  })
})
