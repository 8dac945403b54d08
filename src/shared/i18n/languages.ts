export const LANGUAGES = ['en-US', 'jp-JP'] as const
export type AppLanguage = (typeof LANGUAGES)[number]
export const FALLBACK_LANGUAGE: AppLanguage = 'en-US'
/** Where the choice was kept before the cookie: read when there is no cookie, and moved into it. */
export const LANGUAGE_STORAGE_KEY = 'manabi.language'
/**
 * The cookie that keeps the choice, which the server reads to send every page in it before any
 * script runs (its static shell, lang and head: the build's pages, server/src/plugins/spa.ts).
 */
export const LANGUAGE_COOKIE = 'manabi-language'

export const isAppLanguage = (value: unknown): value is AppLanguage =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)

/**
 * The choice, read from the cookie and else where it was kept before the cookie; anything
 * unknown or tampered with counts as no choice, and no choice is the spec's English. A choice
 * found is written again: the cookie then lasts a year from the last visit, and a choice made
 * before the cookie existed reaches the server from the next page on.
 */
export const storedLanguage = (): AppLanguage => {
  try {
    const chosen = [
      `; ${document.cookie}`.split(`; ${LANGUAGE_COOKIE}=`)[1]?.split(';')[0],
      localStorage.getItem(LANGUAGE_STORAGE_KEY),
    ].find(isAppLanguage)
    if (chosen) {
      persistLanguage(chosen)
      return chosen
    }
  } catch {
    // Cookies and storage can be refused (a sandboxed frame); the choice then lasts this visit.
  }
  return FALLBACK_LANGUAGE
}

/** Keeps the choice for a year, for the whole site, sent on a link followed from elsewhere. */
export const persistLanguage = (language: AppLanguage) => {
  try {
    document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`
    localStorage.removeItem(LANGUAGE_STORAGE_KEY)
  } catch {
    // As above: the choice then lasts this visit.
  }
}

/** The BCP 47 tag for the document's lang attribute (jp-JP is the product's name for Japanese). */
export const htmlLang = (language: AppLanguage) => (language === 'jp-JP' ? 'ja' : 'en')
