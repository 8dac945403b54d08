import { LANGUAGE_STORAGE_KEY } from '@/shared/i18n/languages'

/**
 * Logout clears local storage (§4). The interface language is a preference of the device, not of
 * the account, so it survives: its cookie (src/shared/i18n/languages.ts) is not storage, and a
 * choice still kept where it was before the cookie stays until the app moves it there.
 */
export const clearLocalStorageKeepingLanguage = () => {
  try {
    const language = localStorage.getItem(LANGUAGE_STORAGE_KEY)
    localStorage.clear()
    if (language !== null) localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
