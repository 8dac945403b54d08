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
import { i18n, initI18nWithResources } from '@/shared/i18n/i18n'
import en from '../public/locales/en-US/translation.json'
import jp from '../public/locales/jp-JP/translation.json'

// Lazy routes load real chunks; on a busy two-core CI machine that can take over a second.
configure({ asyncUtilTimeout: 5000 })

// jsdom has no scrolling; React Router's scroll restoration calls it on every navigation.
if (typeof window !== 'undefined') window.scrollTo = () => {}

await initI18nWithResources({ 'en-US': en, 'jp-JP': jp })

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
  await i18n.changeLanguage('en-US')
})
afterAll(() => server.close())
