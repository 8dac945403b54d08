// @vitest-environment-options {"url": "https://manabi.example/lessons"}
import { afterEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/shared/i18n/i18n'
import { LANGUAGE_COOKIE, storedLanguage } from '@/shared/i18n/languages'

/** The language cookie on a page served over HTTPS (tests/i18n/i18n.test.tsx: over HTTP). */
describe('the language cookie over HTTPS', () => {
  afterEach(() => {
    document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0; Secure`
  })

  it('is Secure, so it never travels over plain HTTP', async () => {
    expect(location.protocol).toBe('https:')
    const written = vi.spyOn(document, 'cookie', 'set')
    await changeLanguage('jp-JP')
    expect(written).toHaveBeenCalledWith(
      'manabi-language=jp-JP; Path=/; Max-Age=31536000; SameSite=Lax; Secure',
    )
    // Set from a page under /lessons, it is the whole site's: the server reads it on `/`.
    expect(document.cookie).toBe('manabi-language=jp-JP')
    expect(storedLanguage()).toBe('jp-JP')
  })
})
