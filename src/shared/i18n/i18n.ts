import i18next, { type InitOptions } from 'i18next'
import HttpBackend from 'i18next-http-backend'
import { initReactI18next } from 'react-i18next'
import {
  type AppLanguage,
  FALLBACK_LANGUAGE,
  htmlLang,
  isAppLanguage,
  LANGUAGES,
  persistLanguage,
  storedLanguage,
} from './languages'

export const i18n = i18next.createInstance()

/**
 * How the app runs i18next, here and in the build, which writes each page's head and static shell
 * in each language with them (src/app/layouts/startup-skeleton-html.tsx): what a language loads,
 * its own translations and the fallback's, is what its page preloads.
 */
export const baseOptions: InitOptions = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: FALLBACK_LANGUAGE,
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  returnNull: false,
}

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined' && isAppLanguage(language)) {
    document.documentElement.lang = htmlLang(language)
  }
})

/** The app loads each language's file on demand: GET /locales/{lng}/translation.json (§7). */
export const initI18n = () =>
  i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      ...baseOptions,
      lng: storedLanguage(),
      backend: { loadPath: `${import.meta.env.BASE_URL}locales/{{lng}}/translation.json` },
    })

/** Tests hand the translations in directly, so nothing waits on the network. */
export const initI18nWithResources = (resources: Record<AppLanguage, Record<string, unknown>>) =>
  i18n.use(initReactI18next).init({
    ...baseOptions,
    lng: FALLBACK_LANGUAGE,
    resources: {
      'en-US': { translation: resources['en-US'] },
      'jp-JP': { translation: resources['jp-JP'] },
    },
  })

export const changeLanguage = async (language: AppLanguage) => {
  persistLanguage(language)
  await i18n.changeLanguage(language)
}

export const currentLanguage = (): AppLanguage =>
  isAppLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : FALLBACK_LANGUAGE
