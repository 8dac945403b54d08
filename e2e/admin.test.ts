import type { BrowserContext, Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import * as admin from '../contract/descriptors/admin.ts'
import type { AdminUser } from '../contract/index.ts'
import { paths } from '../src/shared/config/paths.ts'
import { describeViolations, seriousViolations } from './axe.ts'
import { translator } from './i18n.ts'
import {
  approveEducator,
  lendFirstFreeLicence,
  logIn,
  logOut,
  registerEducator,
  rowOf,
  searchUsers,
  toast,
  type T,
  usersTable,
} from './flows.ts'
import { connectProduct, demoAccount, useBrowser } from './support.ts'

const product = connectProduct()
const chromium = useBrowser()

const ADMIN = demoAccount('admin')
// Kenji holds a licence and teaches upcoming sessions; other files sign in as him, so his
// licence is only ever looked at here, never taken.
const KENJI = demoAccount('kenji')

type Language = Parameters<typeof translator>[0]

const openPage = async (context: BrowserContext) => {
  const page = await context.newPage()
  chromium.watch(page)
  return page
}

const newSession = async (width = 1280) => {
  const context = await chromium.browser.newContext({ viewport: { width, height: 900 } })
  return { context, page: await openPage(context) }
}

/** What the row of `name` shows under the column headed `column`, as the user reads it. */
const cellText = async (table: Locator, name: string, column: string) => {
  const columns = (await table.getByRole('columnheader').allTextContents()).map((text) =>
    text.trim(),
  )
  const index = columns.indexOf(column)
  if (index < 0) throw new Error(`No column ${column} in ${columns.join(', ')}`)
  const row = rowOf(table, name)
  const text = await row.getByRole('rowheader').or(row.getByRole('cell')).nth(index).innerText()
  return text.trim()
}

const poolTable = (page: Page, t: T) =>
  page.getByRole('table', { name: t('admin.pool.caption'), exact: true })

const licenceText = (t: T, licence: NonNullable<AdminUser['videoLicence']>) =>
  t('admin.users.licence', {
    provider: t(`profile.licence.providers.${licence.provider}`),
    account: licence.accountEmail,
  })

describe('an admin approving a new educator and lending it a licence', () => {
  it('takes the educator from waiting for approval to creating lessons, then takes the licence back', async () => {
    const t = translator('en-US')
    const stamp = Date.now()
    // The name and the address long with nothing to break at: the users list must still fit the
    // window, as cards on a phone and as a table from 1280 px (checked at the end of this file;
    // such an address once made the whole page scroll sideways, such a name the table).
    const name = `Haruka Newteacher ${stamp}withanamelongerthananycolumnofatablecouldholdonanyscreenofthisproduct`
    const email = `e2eeducator${stamp}withanaddresslongerthanaphone@example.com`
    const password = 'Password1'

    // (a) A new educator registers, confirms the e-mailed link and waits for approval.
    const educator = await newSession()
    const teacher = educator.page
    await registerEducator(product, teacher, t, { name, email, password })

    await logIn(product, teacher, t, email, password)
    await teacher
      .getByRole('heading', { name: t('dashboard.educator.title'), exact: true })
      .waitFor()
    await teacher.getByText(t('auth.notApproved.title'), { exact: true }).waitFor()
    expect(await teacher.getByText(t('profile.status.createLesson')).count()).toBe(0)
    await teacher.goto(product.appUrl(paths.lesson.create.href()))
    await teacher
      .getByRole('heading', { name: t('auth.notApproved.title'), exact: true, level: 1 })
      .waitFor()
    await logOut(product, teacher, t)

    // (b) The admin finds them by part of their name, approves them and lends them a licence.
    const { context: adminContext, page } = await newSession()
    await logIn(product, page, t, ADMIN.email)
    // The dashboard: the overview, then the users list.
    await page.getByRole('heading', { name: t('admin.users.title'), level: 2 }).waitFor()
    const users = usersTable(page, t)
    const found = await searchUsers(product, page, t, `Newteacher ${stamp}`)
    expect(found.map((user) => user.email)).toEqual([email])
    const userId = found[0]!.id
    await rowOf(users, name).waitFor()
    expect(await cellText(users, name, t('admin.users.columns.role'))).toBe(
      t('admin.users.roles.educator'),
    )
    expect(await cellText(users, name, t('admin.users.columns.approved'))).toBe(t('admin.users.no'))
    expect(await cellText(users, name, t('admin.users.columns.licence'))).toBe(
      t('admin.users.noLicence'),
    )

    await approveEducator(page, t, { name, email })
    // Approved, in the earnings rule's exempt first period.
    const approved = await cellText(users, name, t('admin.users.columns.approved'))
    expect(approved.split('\n')[0]).toBe(t('admin.users.yes'))
    expect(approved).toContain(t('admin.users.rule.exempt', { deadline: '' }).trim())
    const first = await lendFirstFreeLicence(product, page, t, { name, id: userId })
    await expect
      .poll(() => cellText(users, name, t('admin.users.columns.licence')))
      .toBe(licenceText(t, first))

    // (c) The educator signs in again: approved, licensed, and the new-lesson form opens.
    await logIn(product, teacher, t, email, password)
    await teacher
      .getByRole('heading', { name: t('dashboard.educator.title'), exact: true })
      .waitFor()
    await teacher.getByRole('link', { name: t('profile.status.createLesson') }).waitFor()
    expect(await teacher.getByText(t('auth.notApproved.title')).count()).toBe(0)
    expect(await teacher.getByText(t('profile.status.noLicenceTitle')).count()).toBe(0)
    await teacher.getByRole('link', { name: t('profile.status.createLesson') }).click()
    await teacher.waitForURL(product.appUrl(paths.lesson.create.href()))
    await teacher
      .getByRole('heading', { name: t('lessons.form.newLesson'), exact: true, level: 1 })
      .waitFor()

    // (d) Another licence for the educator; the first one is free again in the pool.
    const reassigned = product.nextAnswer(page, admin.assignVideoLicence, {
      params: { id: userId },
    })
    await rowOf(users, name)
      .getByRole('button', { name: t('admin.licence.reassignLabelFor', { name }), exact: true })
      .click()
    const reassignDialog = page.getByRole('dialog', { name: t('admin.licence.reassignTitle') })
    await reassignDialog
      .getByText(
        t('admin.licence.reassignQuestion', {
          name,
          provider: t(`profile.licence.providers.${first.provider}`),
          account: first.accountEmail,
        }),
      )
      .waitFor()
    await reassignDialog
      .getByRole('button', { name: t('admin.licence.reassignConfirm'), exact: true })
      .click()
    const afterReassign = await reassigned
    const second = afterReassign.videoLicence
    if (!second) throw new Error('The reassigned educator holds no licence')
    expect(second.accountEmail).not.toBe(first.accountEmail)
    await toast(page, t('admin.licence.assigned', { name }))
    await expect
      .poll(() => cellText(users, name, t('admin.users.columns.licence')))
      .toBe(licenceText(t, second))

    const poolPage = await openPage(adminContext)
    await poolPage.goto(product.appUrl(paths.admin.licences.href()))
    const pool = poolTable(poolPage, t)
    await rowOf(pool, first.accountEmail).waitFor()
    expect(await cellText(pool, first.accountEmail, t('admin.pool.columns.holder'))).toBe(
      t('admin.pool.free'),
    )
    expect(await cellText(pool, second.accountEmail, t('admin.pool.columns.holder'))).toBe(
      t('admin.pool.heldBy', { name, email }),
    )

    // Taking the licence back: the dialog says how many upcoming sessions lose their meeting.
    await rowOf(users, name)
      .getByRole('button', { name: t('admin.licence.removeLabelFor', { name }), exact: true })
      .click()
    const removeDialog = page.getByRole('dialog', { name: t('admin.licence.removeTitle') })
    await removeDialog
      .getByText(t('admin.licence.removeEffect', { count: afterReassign.upcomingSessionCount }))
      .waitFor()
    await removeDialog
      .getByRole('button', { name: t('admin.licence.removeConfirm'), exact: true })
      .click()
    await toast(page, t('admin.licence.removed', { name }))
    await expect
      .poll(() => cellText(users, name, t('admin.users.columns.licence')))
      .toBe(t('admin.users.noLicence'))

    await poolPage.reload()
    await rowOf(pool, second.accountEmail).waitFor()
    expect(await cellText(pool, second.accountEmail, t('admin.pool.columns.holder'))).toBe(
      t('admin.pool.free'),
    )

    // The educator, still signed in, now reads that a licence is missing.
    await teacher.goto(product.appUrl(paths.home.href()))
    await teacher.getByText(t('profile.status.noLicenceTitle'), { exact: true }).waitFor()

    await adminContext.close()
    await educator.context.close()
  })

  it('adds a licence to the pool and retires a free one', async () => {
    const t = translator('en-US')
    const account = `e2e-pool-${Date.now()}@manabi.example`
    const { context, page } = await newSession()
    await logIn(product, page, t, ADMIN.email)
    await page.getByRole('link', { name: t('nav.videoLicences'), exact: true }).click()
    await page.waitForURL(product.appUrl(paths.admin.licences.href()))
    const pool = poolTable(page, t)
    await pool.waitFor()

    await page.getByLabel(t('admin.pool.provider'), { exact: true }).selectOption('google_meet')
    await page.getByLabel(t('admin.pool.account'), { exact: true }).fill(account)
    await page.getByRole('button', { name: t('admin.pool.add'), exact: true }).click()
    await toast(page, t('admin.pool.added', { account }))
    await rowOf(pool, account).waitFor()
    expect(await cellText(pool, account, t('admin.pool.columns.provider'))).toBe(
      t('profile.licence.providers.google_meet'),
    )
    expect(await cellText(pool, account, t('admin.pool.columns.holder'))).toBe(t('admin.pool.free'))
    expect(await page.getByLabel(t('admin.pool.account'), { exact: true }).inputValue()).toBe('')

    await rowOf(pool, account)
      .getByRole('button', { name: t('admin.pool.retireLabelFor', { account }), exact: true })
      .click()
    const dialog = page.getByRole('dialog', { name: t('admin.pool.retireTitle') })
    await dialog.getByText(t('admin.pool.retireQuestion', { account })).waitFor()
    await dialog.getByRole('button', { name: t('admin.pool.retireConfirm'), exact: true }).click()
    await toast(page, t('admin.pool.retired'))
    await rowOf(pool, account).waitFor({ state: 'detached' })
    await context.close()
  })

  it("warns how many of an educator's upcoming sessions a removal affects, and Cancel keeps the licence", async () => {
    const t = translator('en-US')
    const { context, page } = await newSession()
    await logIn(product, page, t, ADMIN.email)
    const users = usersTable(page, t)
    const found = await searchUsers(product, page, t, KENJI.email.split('@')[0]!)
    const kenji = found.find((user) => user.email === KENJI.email)
    if (!kenji?.videoLicence) throw new Error(`${KENJI.email} holds no licence`)
    expect(kenji.upcomingSessionCount).toBeGreaterThan(0)
    const held = licenceText(t, kenji.videoLicence)
    await expect
      .poll(() => cellText(users, KENJI.name, t('admin.users.columns.licence')))
      .toBe(held)

    await rowOf(users, KENJI.name)
      .getByRole('button', {
        name: t('admin.licence.removeLabelFor', { name: KENJI.name }),
        exact: true,
      })
      .click()
    const dialog = page.getByRole('dialog', { name: t('admin.licence.removeTitle') })
    await dialog
      .getByText(t('admin.licence.removeEffect', { count: kenji.upcomingSessionCount }), {
        exact: true,
      })
      .waitFor()
    await dialog.getByRole('button', { name: t('common.cancel'), exact: true }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await cellText(users, KENJI.name, t('admin.users.columns.licence'))).toBe(held)
    await context.close()
  })
})

describe('accessibility of the admin screens (axe-core)', () => {
  const audit = async (page: Page, label: string, found: string[]) => {
    found.push(
      ...describeViolations(await seriousViolations(page)).map((line) => `${label}: ${line}`),
    )
  }

  /** The users list, the same with a dialog open, and the licence pool, in one language. */
  const auditScreens = async (page: Page, language: Language, found: string[]) => {
    const t = translator(language)
    await page.goto(product.appUrl(paths.admin.users.href()))
    await page.getByRole('heading', { name: t('admin.users.title'), level: 1 }).waitFor()
    await usersTable(page, t).waitFor()
    await audit(page, `${language} users`, found)

    await searchUsers(product, page, t, KENJI.name)
    await rowOf(usersTable(page, t), KENJI.name)
      .getByRole('button', {
        name: t('admin.licence.removeLabelFor', { name: KENJI.name }),
        exact: true,
      })
      .click()
    const dialog = page.getByRole('dialog', { name: t('admin.licence.removeTitle') })
    await dialog.waitFor()
    await audit(page, `${language} users with a dialog`, found)
    await dialog.getByRole('button', { name: t('common.cancel'), exact: true }).click()
    await dialog.waitFor({ state: 'detached' })

    await page.goto(product.appUrl(paths.admin.licences.href()))
    await poolTable(page, t).waitFor()
    await audit(page, `${language} licences`, found)

    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto(product.appUrl(paths.admin.users.href()))
    await usersTable(page, t).waitFor()
    await audit(page, `${language} users at 375 px`, found)
    // Cards on small screens, a table on wide ones: never a page wider than the window.
    for (const width of [320, 375, 768, 1024, 1280, 1920]) {
      await page.setViewportSize({ width, height: 900 })
      for (const screen of [paths.admin.users.href(), paths.admin.licences.href()]) {
        await page.goto(product.appUrl(screen))
        await page.getByRole('rowheader').first().waitFor()
        // The widest element past the window's edge, named when the page scrolls sideways.
        const overflow = await page.evaluate(() => {
          if (document.documentElement.scrollWidth <= window.innerWidth) return null
          const past = [...document.querySelectorAll('body *')].filter(
            (node) => node.getBoundingClientRect().right > window.innerWidth + 0.5,
          )
          const last = past.at(-1)
          return last ? `${last.tagName}.${last.className}: ${last.textContent?.slice(0, 80)}` : ''
        })
        expect(
          overflow,
          `no sideways scrolling on ${screen} at ${width} px in ${language}: ${overflow}`,
        ).toBe(null)
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(product.appUrl(paths.admin.users.href()))
    await usersTable(page, t).waitFor()
  }

  it('report no serious or critical violation in English and Japanese', async () => {
    const en = translator('en-US')
    const jp = translator('jp-JP')
    const { context, page } = await newSession()
    await logIn(product, page, en, ADMIN.email)
    const found: string[] = []
    await auditScreens(page, 'en-US', found)

    await page.getByLabel(en('common.language.label'), { exact: true }).selectOption('jp-JP')
    await page.getByRole('heading', { name: jp('admin.users.title'), level: 1 }).waitFor()
    await auditScreens(page, 'jp-JP', found)
    await context.close()
    expect(found).toEqual([])
  })
})
