import { deflateSync } from 'node:zlib'
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { DEMO_PASSWORD } from '../demo/world.ts'
import * as admin from '../contract/descriptors/admin.ts'
import * as auth from '../contract/descriptors/auth.ts'
import * as user from '../contract/descriptors/user.ts'
import { paths } from '../src/shared/config/paths.ts'
import type { translator } from './i18n.ts'
import type { RunningProduct } from './support.ts'

/** Steps several journeys walk the same way: signing in, toasts, an educator's first day. */

export type T = ReturnType<typeof translator>

/**
 * The app shows a signed-in user the account's language: before a journey signs in, the account
 * is set to the journey's, as its user would have chosen in the settings. Nothing changes when
 * the password does not sign in (a journey that means to fail).
 */
export const setAccountLanguage = async (
  product: RunningProduct,
  page: Page,
  language: T['language'],
  email: string,
  password = DEMO_PASSWORD,
) => {
  const signIn = await page.request.post(product.apiUrl(auth.login), {
    data: { email, password },
  })
  if (!signIn.ok()) return
  const saved = await page.request.patch(product.apiUrl(user.updateProfile), {
    data: { language },
  })
  if (!saved.ok()) throw new Error(`The language of ${email} was not saved: ${saved.status()}`)
}

export const logIn = async (
  product: RunningProduct,
  page: Page,
  t: T,
  email: string,
  password = DEMO_PASSWORD,
) => {
  await setAccountLanguage(product, page, t.language, email, password)
  await page.goto(product.appUrl(paths.auth.login.href()))
  await page.getByLabel(t('auth.fields.email'), { exact: true }).fill(email)
  await page.getByLabel(t('auth.fields.password'), { exact: true }).fill(password)
  await page.getByRole('button', { name: t('auth.login.submit'), exact: true }).click()
  await page.waitForURL(product.appUrl(paths.home.href()))
}

export const logOut = async (product: RunningProduct, page: Page, t: T) => {
  await page.getByRole('button', { name: t('nav.logout') }).click()
  await page.waitForURL(product.appUrl(paths.auth.login.href()))
}

/**
 * A toast with this text appears; its close button (react-toastify's own, labelled 'close') takes
 * it away, so the next toast with the same text is a new one.
 */
export const toast = async (page: Page, text: string) => {
  const alert = page.getByRole('alert').filter({ hasText: text })
  await alert.waitFor()
  await alert.getByRole('button', { name: 'close', exact: true }).click()
  await alert.waitFor({ state: 'hidden' })
}

/** A real 2×2 PNG (the server checks a cover's bytes, not its name). */
export const png = () => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([length, body, sum])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(2, 0)
  header.writeUInt32BE(2, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const rows = Buffer.from([0, 200, 80, 40, 200, 80, 40, 0, 40, 80, 200, 40, 80, 200])
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** The row of a table whose row header is `name`. */
export const rowOf = (table: Locator, name: string) =>
  table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name, exact: true }) })

/** A new educator registers and confirms the e-mailed link (the account then awaits approval). */
export const registerEducator = async (
  product: RunningProduct,
  page: Page,
  t: T,
  account: { name: string; email: string; password: string },
) => {
  await page.goto(product.appUrl(paths.auth.register.href()))
  await page.getByRole('heading', { name: t('auth.register.title'), exact: true }).waitFor()
  await page.getByLabel(t('auth.fields.name'), { exact: true }).fill(account.name)
  await page.getByLabel(t('auth.fields.email'), { exact: true }).fill(account.email)
  await page.getByLabel(t('auth.fields.password'), { exact: true }).fill(account.password)
  await page.getByLabel(t('auth.fields.confirmPassword'), { exact: true }).fill(account.password)
  await page.getByRole('radio', { name: t('auth.register.role.educator'), exact: true }).check()
  await page.getByLabel(t('auth.register.terms.label')).check()
  await page.getByRole('button', { name: t('auth.register.submit'), exact: true }).click()
  await page.getByRole('heading', { name: t('auth.confirm.title'), exact: true }).waitFor()
  await page.goto(await product.emailLink(account.email, paths.auth.confirmation.href()))
  await page.getByText(t('auth.confirmation.confirmed')).waitFor()
}

/**
 * Types into the users list's search box and waits for the debounced search to reach the URL;
 * returns the list the screen received for it.
 */
export const searchUsers = async (product: RunningProduct, page: Page, t: T, text: string) => {
  const answer = product.nextAnswer(page, admin.listUsers, { query: { search: text } })
  await page
    .getByRole('searchbox', { name: t('admin.users.filters.search'), exact: true })
    .fill(text)
  await page.waitForURL((url) => url.searchParams.get('search') === text)
  return (await answer).data
}

export const usersTable = (page: Page, t: T) =>
  page.getByRole('table', { name: t('admin.users.caption'), exact: true })

/** On the admin's users list: approves the educator through the confirm dialog. */
export const approveEducator = async (
  page: Page,
  t: T,
  educator: { name: string; email: string },
) => {
  const { name, email } = educator
  const approveButton = rowOf(usersTable(page, t), name).getByRole('button', {
    name: t('admin.users.approve.labelFor', { name }),
    exact: true,
  })
  await approveButton.click()
  const approveDialog = page.getByRole('dialog', { name: t('admin.users.approve.title') })
  await approveDialog.getByText(t('admin.users.approve.question', { name, email })).waitFor()
  await approveDialog
    .getByRole('button', { name: t('admin.users.approve.confirm'), exact: true })
    .click()
  await toast(page, t('admin.users.approve.done', { name }))
  await approveDialog.waitFor({ state: 'detached' })
  await approveButton.waitFor({ state: 'detached' })
}

/** On the admin's users list: lends the educator the first free licence; answers it. */
export const lendFirstFreeLicence = async (
  product: RunningProduct,
  page: Page,
  t: T,
  educator: { name: string; id: number },
) => {
  const { name } = educator
  const assigned = product.nextAnswer(page, admin.assignVideoLicence, {
    params: { id: educator.id },
  })
  await rowOf(usersTable(page, t), name)
    .getByRole('button', { name: t('admin.licence.assignLabelFor', { name }), exact: true })
    .click()
  const assignDialog = page.getByRole('dialog', { name: t('admin.licence.assignTitle') })
  const choice = assignDialog.getByLabel(t('admin.licence.choose'), { exact: true })
  expect(await choice.inputValue()).toBe('')
  expect(await choice.locator('option:checked').innerText()).toBe(t('admin.licence.firstFree'))
  await assignDialog
    .getByRole('button', { name: t('admin.licence.assignConfirm'), exact: true })
    .click()
  const licence = (await assigned).videoLicence
  if (!licence) throw new Error('The assigned educator holds no licence')
  await toast(page, t('admin.licence.assigned', { name }))
  return licence
}
