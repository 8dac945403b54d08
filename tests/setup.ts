import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import {
  resetIntersectionMocking,
  setupIntersectionMocking,
} from 'react-intersection-observer/test-utils'
import { toast } from 'react-toastify'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { db } from '@/mocks/db'
import { server } from '@/mocks/node'
import { currentLanguage, i18n, initI18nWithResources } from '@/shared/i18n/i18n'
import { LANGUAGE_COOKIE } from '@/shared/i18n/languages'
import en from '../public/locales/en-US/translation.json'
import jp from '../public/locales/jp-JP/translation.json'

// Every test starts in UTC, whatever the machine's zone and whatever zone the previous test of
// this worker set (files share a worker; restoring an unset TZ would leave the text "undefined").
process.env.TZ = 'UTC'
beforeEach(() => {
  process.env.TZ = 'UTC'
})

// Lazy routes load real chunks; on a busy two-core CI machine that can take over a second.
configure({ asyncUtilTimeout: 5000 })

// jsdom has no scrolling; React Router's scroll restoration calls it on every navigation.
if (typeof window !== 'undefined') window.scrollTo = () => {}

// jsdom has no modal dialogs: HTMLDialogElement lacks showModal() and close(). This stands in for
// the parts of the HTML spec that Dialog (src/shared/ui/dialog.tsx) relies on, so tests run its
// real code path: showModal() opens the dialog and moves focus in (the dialog focusing steps),
// close() closes it and fires `close` from a queued task, and Escape that nothing cancelled fires a
// cancelable `cancel` at the topmost modal dialog, which closes it unless prevented. Left out:
// the inert rest of the page, the top layer, the browser's own focus return on close.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  const FOCUSABLE =
    'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]'
  const modals: HTMLDialogElement[] = []
  Object.defineProperty(HTMLDialogElement.prototype, 'returnValue', { value: '', writable: true })
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    if (this.open && modals.includes(this)) return
    if (this.open || !this.isConnected) throw new DOMException('Cannot open', 'InvalidStateError')
    this.setAttribute('open', '')
    modals.push(this)
    const delegate =
      this.querySelector<HTMLElement>('[autofocus]') ?? this.querySelector<HTMLElement>(FOCUSABLE)
    ;(delegate ?? this).focus()
  }
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return
    this.removeAttribute('open')
    if (returnValue !== undefined) this.returnValue = returnValue
    if (modals.includes(this)) modals.splice(modals.indexOf(this), 1)
    setTimeout(() => this.dispatchEvent(new Event('close')))
  }
  document.addEventListener('keydown', (event) => {
    const top = modals.findLast((dialog) => dialog.isConnected)
    if (event.key !== 'Escape' || event.defaultPrevented || !top) return
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close()
  })
}

await initI18nWithResources({ 'en-US': en, 'jp-JP': jp })

/**
 * The app shows a signed-in user the account's language. A test reads in the language it chose,
 * so the mock account it signs in as takes that language (the tests of the account's language
 * set another after signing in).
 */
const signIn = db.signIn.bind(db)
db.signIn = (userId: number) => {
  signIn(userId)
  const account = db.users.find((user) => user.id === userId)
  if (account) account.language = currentLanguage()
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
// jsdom has no IntersectionObserver; tests decide what is in view with mockAllIsIntersecting.
beforeEach(() => {
  if (typeof window !== 'undefined') setupIntersectionMocking(vi.fn)
})
afterEach(async () => {
  // A toast fired as a test ends would otherwise wait in react-toastify's queue for the next one.
  toast.dismiss()
  toast.clearWaitingQueue()
  cleanup()
  if (typeof window !== 'undefined') resetIntersectionMocking()
  server.resetHandlers()
  db.reset()
  if (typeof localStorage !== 'undefined') localStorage.clear()
  // The language choice is a cookie: one test's choice must not be the next one's.
  if (typeof document !== 'undefined') {
    document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0`
  }
  await i18n.changeLanguage('en-US')
})
afterAll(() => server.close())
