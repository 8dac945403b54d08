import i18next from 'i18next'
import type { Language } from '../../../contract/entities.ts'
import { LANGUAGES } from '../../../contract/rules.ts'
import en from '../../locales/en-US/emails.json' with { type: 'json' }
import jp from '../../locales/jp-JP/emails.json' with { type: 'json' }

/** The language an e-mail falls back to, as the SPA does. */
export const FALLBACK_LANGUAGE: Language = 'en-US'

/**
 * The server's one i18next instance: the words of the e-mails and calendar files, namespace
 * "emails", one file per language (server/locales/<language>/emails.json). The files are read
 * with the code, so the instance is ready when this module is (a synchronous init). Values are
 * written as given: each output escapes what it must (mail/templates.ts escapes the HTML part).
 */
const instance = i18next.createInstance()
void instance.init({
  initAsync: false,
  lng: FALLBACK_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  load: 'currentOnly',
  ns: ['emails'],
  defaultNS: 'emails',
  resources: { 'en-US': { emails: en }, 'jp-JP': { emails: jp } },
  interpolation: { escapeValue: false },
  returnNull: false,
})

/** The translation function of a reader's language. */
export const emailT = (language: Language) => instance.getFixedT(language, 'emails')
