import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '../src/shared/config/paths.ts'
import { describeViolations, seriousViolations } from './axe.ts'
import { setAccountLanguage } from './flows.ts'
import { translator } from './i18n.ts'
import { connectProduct, launchBrowser } from './support.ts'

const product = connectProduct()
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const DEMO_EDUCATOR = 'kenji@manabi.example'
const DEMO_PASSWORD = 'Password1'

/**
 * A new user's whole account life in the real product: register, confirm with the e-mailed
 * link, log in, edit the profile, change the password and then the e-mail address (both with the
 * current password; the new address confirmed from its e-mailed link), log out and in again,
 * recover a forgotten password; then the teacher variant of the login with a demo educator.
 */
const walkAccountJourney = async (language: 'en-US' | 'jp-JP') => {
  const t = translator(language)
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  const firstEmail = `e2e-${language.toLowerCase()}-${Date.now()}@example.com`
  // The address changes in the settings; the logins after that use the new one.
  let email = firstEmail
  const heading = (name: string) => page.getByRole('heading', { name, exact: true })
  const field = (label: string) => page.getByLabel(label, { exact: true })

  const logIn = async (password: string) => {
    await field(t('auth.fields.email')).fill(email)
    await field(t('auth.fields.password')).fill(password)
    await page.getByRole('button', { name: t('auth.login.submit'), exact: true }).click()
  }

  await page.goto(product.origin)
  if (language === 'jp-JP') await page.getByLabel('Language').selectOption('jp-JP')
  await page.getByRole('link', { name: t('nav.login'), exact: true }).click()
  await page.getByRole('link', { name: t('auth.welcome.register') }).click()

  // Register.
  await heading(t('auth.register.title')).waitFor()
  await field(t('auth.fields.name')).fill('Erika Tester')
  await field(t('auth.fields.email')).fill(email)
  await field(t('auth.fields.password')).fill('Password1')
  await field(t('auth.fields.confirmPassword')).fill('Password1')
  await page.getByLabel(t('auth.register.terms.label')).check()
  await page.getByRole('button', { name: t('auth.register.submit'), exact: true }).click()
  await heading(t('auth.confirm.title')).waitFor()

  // An unconfirmed account cannot log in yet, and is told why.
  await page.goto(product.appUrl(paths.auth.login.href()))
  await logIn('Password1')
  await page
    .getByRole('alert')
    .filter({ hasText: t('api.accounts.emailNotConfirmed') })
    .waitFor()

  // Confirm with the link from the e-mail; the page moves on to login by itself.
  await page.goto(await product.emailLink(email, paths.auth.confirmation.href()))
  await page.getByText(t('auth.confirmation.confirmed')).waitFor()
  await page.waitForURL(product.appUrl(paths.auth.login.href()), { timeout: 5000 })

  // A wrong password, then the right one (student variant).
  await page.goto(product.appUrl(paths.auth.loginStudent.href()))
  await logIn('Wrong1password')
  await page.getByText(t('auth.login.errors.invalidCredentials')).waitFor()
  await field(t('auth.fields.password')).fill('Password1')
  await page.getByRole('button', { name: t('auth.login.submit'), exact: true }).click()
  await page.waitForURL(product.appUrl(paths.home.href()))
  await page.getByRole('link', { name: t('nav.settings') }).click()

  // Settings: a new name, then a new password.
  await heading(t('settings.title')).waitFor()
  await field(t('auth.fields.name')).fill('Erika Renamed')
  await page.getByRole('button', { name: t('profile.form.submit'), exact: true }).click()
  await page.getByText(t('profile.form.success')).first().waitFor()
  await page.getByRole('navigation').getByText('Erika Renamed').waitFor()
  await page.getByRole('button', { name: t('profile.password.open') }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel(t('profile.currentPassword.label'), { exact: true }).fill('Password1')
  await dialog.getByLabel(t('profile.password.new'), { exact: true }).fill('Changed1pass')
  await dialog.getByLabel(t('auth.fields.confirmPassword'), { exact: true }).fill('Changed1pass')
  await dialog.getByRole('button', { name: t('profile.password.confirm'), exact: true }).click()
  await page.getByText(t('profile.password.success')).first().waitFor()

  // A new address: asked with the current password, pending until its link is opened.
  const newEmail = firstEmail.replace('@', '.new@')
  await field(t('auth.fields.email')).fill(newEmail)
  await field(t('profile.currentPassword.label')).fill('Changed1pass')
  await page.getByRole('button', { name: t('profile.form.submit'), exact: true }).click()
  await page
    .getByText(t('profile.form.emailPending', { email: newEmail }))
    .first()
    .waitFor()
  await page.getByText(t('profile.form.pendingEmail', { email: newEmail })).waitFor()
  // Opened elsewhere, signed out: the link alone confirms the address.
  const mailbox = await browser.newPage()
  await mailbox.goto(await product.emailLink(newEmail, paths.auth.confirmation.href()))
  // A fresh browser has no language chosen yet, so the app speaks its default, English.
  await mailbox.getByText(translator('en-US')('auth.confirmation.confirmed')).waitFor()
  await mailbox.close()
  email = newEmail

  // Log out; the old password no longer works, the new one does.
  await page.getByRole('button', { name: t('nav.logout') }).click()
  await page.waitForURL(product.appUrl(paths.auth.login.href()))
  await logIn('Password1')
  await page.getByText(t('auth.login.errors.invalidCredentials')).waitFor()
  await field(t('auth.fields.password')).fill('Changed1pass')
  await page.getByRole('button', { name: t('auth.login.submit'), exact: true }).click()
  await page.waitForURL(product.appUrl(paths.home.href()))
  await page.getByRole('button', { name: t('nav.logout') }).click()
  await page.waitForURL(product.appUrl(paths.auth.login.href()))

  // Forgotten password: the e-mailed link sets a new one; the old one stops working.
  await page.getByRole('link', { name: t('auth.login.forgotPassword') }).click()
  await heading(t('auth.forgotPassword.title')).waitFor()
  await field(t('auth.fields.email')).fill(email)
  await page.getByRole('button', { name: t('auth.forgotPassword.submit'), exact: true }).click()
  await heading(t('auth.resetConfirm.email.title')).waitFor()
  await page.goto(await product.emailLink(email, paths.auth.resetPassword.href()))
  await field(t('auth.resetPassword.newPassword')).fill('Recovered1')
  await field(t('auth.fields.confirmPassword')).fill('Recovered1')
  await page.getByRole('button', { name: t('auth.resetPassword.submit'), exact: true }).click()
  await heading(t('auth.resetConfirm.password.title')).waitFor()
  await page.getByRole('link', { name: t('auth.resetConfirm.backToLogin') }).click()
  await logIn('Changed1pass')
  await page.getByText(t('auth.login.errors.invalidCredentials')).waitFor()
  await field(t('auth.fields.password')).fill('Recovered1')
  await page.getByRole('button', { name: t('auth.login.submit'), exact: true }).click()
  await page.waitForURL(product.appUrl(paths.home.href()))
  await page.getByRole('button', { name: t('nav.logout') }).click()
  await page.waitForURL(product.appUrl(paths.auth.login.href()))

  // The teacher variant of the same form, with a demo educator.
  await setAccountLanguage(product, page, t.language, DEMO_EDUCATOR, DEMO_PASSWORD)
  await page.goto(product.appUrl(paths.auth.loginTeacher.href()))
  await heading(t('auth.login.titleTeacher')).waitFor()
  await field(t('auth.fields.email')).fill(DEMO_EDUCATOR)
  await field(t('auth.fields.password')).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: t('auth.login.submit'), exact: true }).click()
  await page.getByRole('link', { name: t('nav.upcomingLessons') }).waitFor()
  await page.getByRole('button', { name: t('nav.logout') }).click()
  await page.waitForURL(product.appUrl(paths.auth.login.href()))

  expect(problems).toEqual([])
  await page.close()
}

describe('account journeys in the running product', () => {
  it('can be walked in English', () => walkAccountJourney('en-US'))

  it('can be walked in Japanese', () => walkAccountJourney('jp-JP'))
})

describe('accessibility of the account screens (axe-core)', () => {
  const screens: { path: string; ready: (page: Page) => Promise<unknown>; signedIn?: boolean }[] = [
    {
      path: paths.welcome.href(),
      ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
    },
    {
      path: paths.auth.login.href(),
      ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
    },
    {
      path: paths.auth.loginTeacher.href(),
      ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
    },
    {
      path: paths.auth.register.href(),
      ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
    },
    {
      path: paths.auth.confirm.href(),
      ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
    },
    {
      path: `${paths.auth.confirmation.href()}?token=not-a-token`,
      ready: (page) => page.getByText('Error sending or confirming email').first().waitFor(),
    },
    {
      path: paths.auth.forgotPassword.href(),
      ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
    },
    {
      path: `${paths.auth.resetPassword.href()}?token=abc`,
      ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
    },
    {
      path: paths.auth.resetConfirm.href('email'),
      ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
    },
    {
      path: paths.auth.resetError.href('password'),
      ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
    },
    {
      path: paths.settings.href(),
      signedIn: true,
      ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
    },
  ]

  it('report no serious or critical violation', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const found: string[] = []
    for (const screen of screens) {
      if (screen.signedIn) {
        await setAccountLanguage(product, page, 'en-US', DEMO_EDUCATOR, DEMO_PASSWORD)
        await page.goto(product.appUrl(paths.auth.login.href()))
        await page.getByLabel('Email', { exact: true }).fill(DEMO_EDUCATOR)
        await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
        await page.getByRole('button', { name: 'Log in', exact: true }).click()
        await page.waitForURL(product.appUrl(paths.home.href()))
      }
      await page.goto(product.appUrl(screen.path))
      await screen.ready(page)
      found.push(
        ...describeViolations(await seriousViolations(page)).map(
          (line) => `${screen.path} ${line}`,
        ),
      )
    }
    await context.close()
    expect(found).toEqual([])
  })
})
