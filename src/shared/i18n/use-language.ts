import { useTranslation } from 'react-i18next'
import { FALLBACK_LANGUAGE, isAppLanguage, type AppLanguage } from './languages'

/** The interface language, re-rendering the caller when it changes. */
export const useLanguage = (): AppLanguage => {
  const { i18n } = useTranslation()
  return isAppLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : FALLBACK_LANGUAGE
}
