import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { db } from '@/mocks/db'
import { server } from '@/mocks/node'
import { i18n, initI18nWithResources } from '@/shared/i18n/i18n'
import en from '../public/locales/en-US/translation.json'
import jp from '../public/locales/jp-JP/translation.json'

// jsdom has no scrolling; React Router's scroll restoration calls it on every navigation.
if (typeof window !== 'undefined') window.scrollTo = () => {}

await initI18nWithResources({ 'en-US': en, 'jp-JP': jp })

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(async () => {
  cleanup()
  server.resetHandlers()
  db.reset()
  if (typeof localStorage !== 'undefined') localStorage.clear()
  await i18n.changeLanguage('en-US')
})
afterAll(() => server.close())
