export const LANGUAGES = ['en-US', 'jp-JP'] as const
export type AppLanguage = (typeof LANGUAGES)[number]
export const FALLBACK_LANGUAGE: AppLanguage = 'en-US'
export const LANGUAGE_STORAGE_KEY = 'manabi.language'

export const isAppLanguage = (value: unknown): value is AppLanguage =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)

/** The persisted choice; anything unknown or tampered with falls back to English. */
export const storedLanguage = (): AppLanguage => {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY)
    return isAppLanguage(value) ? value : FALLBACK_LANGUAGE
  } catch {
    return FALLBACK_LANGUAGE
  }
}

export const persistLanguage = (language: AppLanguage) => {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  } catch {
    // Storage can be unavailable (private mode, quota); the choice then lasts for this visit.
  }
}

/** The BCP 47 tag for the document's lang attribute (jp-JP is the product's name for Japanese). */
export const htmlLang = (language: AppLanguage) => (language === 'jp-JP' ? 'ja' : 'en')
