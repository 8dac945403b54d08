import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import HttpBackend from 'i18next-http-backend'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  categoryTitle,
  formatDate,
  formatPrice,
  formatRating,
  formatTime,
} from '@/shared/i18n/format'
import { changeLanguage, i18n } from '@/shared/i18n/i18n'
import {
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  persistLanguage,
  storedLanguage,
} from '@/shared/i18n/languages'
import en from '../../public/locales/en-US/translation.json'
import jp from '../../public/locales/jp-JP/translation.json'
import { flatten } from './flatten'
import { renderApp } from '@tests/render-app'

describe('translation files', () => {
  const enKeys = flatten(en)
  const jpKeys = flatten(jp)

  it('have the same keys in en-US and jp-JP', () => {
    expect(Object.keys(jpKeys).sort()).toEqual(Object.keys(enKeys).sort())
  })

  it('have no empty text', () => {
    for (const [key, value] of [...Object.entries(enKeys), ...Object.entries(jpKeys)]) {
      expect(value.trim(), key).not.toBe('')
    }
  })

  it('keep the same interpolation variables in both languages', () => {
    const variables = (text: string) =>
      [...text.matchAll(/{{(\w+)}}/g)].map((match) => match[1]).sort()
    for (const [key, value] of Object.entries(enKeys)) {
      expect(variables(jpKeys[key] ?? ''), key).toEqual(variables(value))
    }
  })

  it('hold the common validation messages of §5', () => {
    for (const key of [
      'invalidEmail',
      'required',
      'passwordLength',
      'passwordMustMatch',
      'acceptTerms',
      'emailExists',
    ]) {
      expect(enKeys[`common.errors.${key}`], key).toBeTruthy()
    }
  })
})

/** The language cookie as the browser sends it: its value, or null when there is none. */
const languageCookie = () => {
  const pair = document.cookie
    .split('; ')
    .find((cookie) => cookie.startsWith(`${LANGUAGE_COOKIE}=`))
  return pair === undefined ? null : pair.slice(LANGUAGE_COOKIE.length + 1)
}
const setLanguageCookie = (value: string) => {
  document.cookie = `${LANGUAGE_COOKIE}=${value}; Path=/`
}

describe('language choice', () => {
  // The cookie jar is the file's own, and a test's choice is not the next one's.
  const clearLanguageCookie = () => {
    document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0`
  }
  beforeEach(clearLanguageCookie)
  afterEach(clearLanguageCookie)

  it('defaults to English and falls back to en-US for an unknown stored value', () => {
    expect(storedLanguage()).toBe('en-US')
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr-FR')
    expect(storedLanguage()).toBe('en-US')
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'jp-JP')
    expect(storedLanguage()).toBe('jp-JP')
  })

  it('is kept in a cookie the server reads, on every path, for a year, sent on links from elsewhere', async () => {
    const written = vi.spyOn(document, 'cookie', 'set')
    await changeLanguage('jp-JP')
    expect(written).toHaveBeenCalledWith(
      'manabi-language=jp-JP; Path=/; Max-Age=31536000; SameSite=Lax',
    )
    expect(languageCookie()).toBe('jp-JP')
    await changeLanguage('en-US')
    expect(languageCookie()).toBe('en-US')
    expect(storedLanguage()).toBe('en-US')
  })

  it('is read from the cookie first', () => {
    setLanguageCookie('jp-JP')
    expect(storedLanguage()).toBe('jp-JP')
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en-US')
    expect(storedLanguage()).toBe('jp-JP')
    setLanguageCookie('en-US')
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'jp-JP')
    expect(storedLanguage()).toBe('en-US')
  })

  it.each([
    'fr-FR',
    'jp-jp',
    'ja',
    '',
    'jp-JP%20',
    '%6Ap-JP',
    '"jp-JP"',
    '__proto__',
    'toString',
    'jp-JP,en-US',
  ])('falls back to en-US for a tampered or unknown cookie (%j)', (value) => {
    setLanguageCookie(value)
    expect(languageCookie()).toBe(value)
    expect(storedLanguage()).toBe('en-US')
    // What someone never chose is not written as a choice.
    expect(languageCookie()).toBe(value)
  })

  it('reads no other cookie whose name merely contains its own', () => {
    document.cookie = `x${LANGUAGE_COOKIE}=jp-JP; Path=/`
    document.cookie = `${LANGUAGE_COOKIE}-old=jp-JP; Path=/`
    try {
      expect(storedLanguage()).toBe('en-US')
      expect(languageCookie()).toBeNull()
    } finally {
      document.cookie = `x${LANGUAGE_COOKIE}=; Path=/; Max-Age=0`
      document.cookie = `${LANGUAGE_COOKIE}-old=; Path=/; Max-Age=0`
    }
  })

  it('moves a choice made before the cookie into it, so the server sees it from the next page on', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'jp-JP')
    expect(languageCookie()).toBeNull()
    expect(storedLanguage()).toBe('jp-JP')
    expect(languageCookie()).toBe('jp-JP')
    // Moved, not copied: a later choice is not undone by the old one once the cookie is gone.
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull()
    // A tampered cookie gives way to a choice kept before it.
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'jp-JP')
    setLanguageCookie('xx')
    expect(storedLanguage()).toBe('jp-JP')
    expect(languageCookie()).toBe('jp-JP')
  })

  it('falls back to en-US for an unknown choice kept before the cookie, and leaves it', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'jp-JP ')
    expect(storedLanguage()).toBe('en-US')
    expect(languageCookie()).toBeNull()
  })

  it('renews the cookie each time the app starts with it, so it lasts a year from the last visit', () => {
    setLanguageCookie('jp-JP')
    const written = vi.spyOn(document, 'cookie', 'set')
    expect(storedLanguage()).toBe('jp-JP')
    expect(written).toHaveBeenCalledWith(
      'manabi-language=jp-JP; Path=/; Max-Age=31536000; SameSite=Lax',
    )
  })

  it('writes no cookie for someone who never chose: the default stays the spec’s', () => {
    const written = vi.spyOn(document, 'cookie', 'set')
    expect(storedLanguage()).toBe('en-US')
    expect(written).not.toHaveBeenCalled()
    expect(languageCookie()).toBeNull()
  })

  it('survives storage and cookies the browser refuses', () => {
    const refuse = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    }
    const read = vi.spyOn(document, 'cookie', 'get').mockImplementation(refuse)
    const write = vi.spyOn(document, 'cookie', 'set').mockImplementation(refuse)
    try {
      expect(storedLanguage()).toBe('en-US')
      expect(() => persistLanguage('jp-JP')).not.toThrow()
    } finally {
      read.mockRestore()
      write.mockRestore()
    }
  })

  it('is kept when the user signs out', async () => {
    await renderApp(undefined, { user: 'student' })
    await userEvent.selectOptions(await screen.findByLabelText('Language'), 'jp-JP')
    await userEvent.click(await screen.findByRole('button', { name: 'ログアウト' }))
    expect(await screen.findByText('ログアウトしました')).toBeInTheDocument()
    expect(languageCookie()).toBe('jp-JP')
    expect(storedLanguage()).toBe('jp-JP')
  })

  it('switches every string of the guest shell to Japanese and persists the choice', async () => {
    await renderApp()
    expect(await screen.findByRole('heading', { name: 'All lessons' })).toBeInTheDocument()
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'jp-JP')
    expect(await screen.findByRole('heading', { name: 'すべてのレッスン' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'ログイン' })).toBeInTheDocument()
    expect(screen.getByLabelText('言語')).toHaveValue('jp-JP')
    expect(languageCookie()).toBe('jp-JP')
    expect(document.documentElement.lang).toBe('ja')
    expect(i18n.resolvedLanguage).toBe('jp-JP')
  })

  it('switches the signed-in navigation too', async () => {
    await renderApp(undefined, { user: 'educator' })
    await userEvent.selectOptions(await screen.findByLabelText('Language'), 'jp-JP')
    expect(await screen.findByRole('link', { name: '今後のレッスン' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'ログアウト' })).toBeInTheDocument()
  })
})

describe('the HTTP backend', () => {
  it('loads locales/{lng}/translation.json', async () => {
    const instance = i18next.createInstance()
    await instance.use(HttpBackend).init({
      lng: 'jp-JP',
      fallbackLng: 'en-US',
      supportedLngs: ['en-US', 'jp-JP'],
      load: 'currentOnly',
      backend: { loadPath: 'http://localhost:3000/locales/{{lng}}/translation.json' },
    })
    expect(instance.t('nav.logout')).toBe('ログアウト')
    await instance.changeLanguage('en-US')
    expect(instance.t('nav.logout')).toBe('Log out')
  })
})

describe('formatting', () => {
  const instant = '2026-03-05T14:07:00'

  it('writes dates as d MMMM yyyy in English and yyyy年M月d日 in Japanese', () => {
    expect(formatDate(instant, 'en-US')).toBe('5 March 2026')
    expect(formatDate(instant, 'jp-JP')).toBe('2026年3月5日')
    expect(formatDate('2026-12-31T23:59:00', 'en-US')).toBe('31 December 2026')
    expect(formatDate('2026-12-31T23:59:00', 'jp-JP')).toBe('2026年12月31日')
  })

  it('writes times as HH:mm', () => {
    expect(formatTime('2026-03-05T09:07:00')).toBe('09:07')
    expect(formatTime(instant)).toBe('14:07')
  })

  it("follows the viewer's zone as it is when formatting, not when first used", async () => {
    const lateEvening = '2026-03-05T23:30:00Z'
    expect(formatDate(lateEvening, 'en-US')).toBe('5 March 2026')
    expect(formatTime(lateEvening)).toBe('23:30')
    // A browser changes the zone between tasks (format.ts reads it once per synchronous run).
    await new Promise((resolve) => setTimeout(resolve, 0))
    process.env.TZ = 'Asia/Tokyo'
    expect(formatDate(lateEvening, 'en-US')).toBe('6 March 2026')
    expect(formatDate(lateEvening, 'jp-JP')).toBe('2026年3月6日')
    expect(formatTime(lateEvening)).toBe('08:30')
  })

  it('shows cents as dollars and ratings with one decimal', () => {
    expect(formatPrice(2550, 'en-US')).toBe('$25.50')
    expect(formatPrice(0, 'en-US')).toBe('$0.00')
    expect(formatRating(4, 'en-US')).toBe('4.0')
    expect(formatRating(4.25, 'en-US')).toBe('4.3')
  })

  it('uses titleJp for categories under jp-JP only', () => {
    const category = { title: 'Music', titleJp: '音楽' }
    expect(categoryTitle(category, 'jp-JP')).toBe('音楽')
    expect(categoryTitle(category, 'en-US')).toBe('Music')
    expect(categoryTitle({ title: 'Music' }, 'jp-JP')).toBe('Music')
  })
})
