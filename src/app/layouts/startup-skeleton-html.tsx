import i18next, { type i18n as I18n } from 'i18next'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { baseOptions } from '@/shared/i18n/i18n'
import {
  type AppLanguage,
  FALLBACK_LANGUAGE,
  htmlLang,
  LANGUAGE_COOKIE,
  LANGUAGES,
} from '@/shared/i18n/languages'
import en from '../../../public/locales/en-US/translation.json'
import jp from '../../../public/locales/jp-JP/translation.json'
import { LoadingStatus, type ShellPage, StaticShell } from './startup-skeleton'

/**
 * index.html in each language, for the build (vite.config.ts loads this module in Node and never
 * ships it): its #root is StaticShell rendered here, so the page before any script and the
 * skeleton React shows while it starts are one component, not copies kept alike; and its `lang`,
 * title, description and preloaded translations are the language's. The server sends each visitor
 * the page of the language their cookie names (server/src/plugins/spa.ts).
 */

/** Where index.html asks for the static shell: the build puts it in place of this comment. */
export const STATIC_SHELL_SLOT = '<!--static-shell-->'

/** Where index.html asks for what of its head depends on the language. */
export const LANGUAGE_HEAD_SLOT = '<!--language-head-->'

/** index.html's root element, whose `lang` each language's page sets. */
const HTML_ELEMENT = '<html lang="en">'

/**
 * What stands for the first cover's URL in the pages the build leaves for the server
 * (server/src/plugins/spa.ts), which puts the guest landing's first lesson cover, or a lesson
 * page's cover, there. Characters that HTML and URLs keep as they are, so it reaches the page
 * unchanged.
 */
export const SHELL_COVER_PLACEHOLDER = '__static-shell-cover__'

/**
 * React writes a preload `<link>` ahead of the markup for an image it renders, meant for a
 * document's head; the shell is no document, and the server names its cover in a `Link` header.
 */
const HOISTED_LINKS = /^(?:<link [^>]*\/>)+/

const TRANSLATIONS: Record<AppLanguage, typeof en> = { 'en-US': en, 'jp-JP': jp }

const instances = new Map<AppLanguage, I18n>()
/** i18next as the app runs it (i18n.ts), in `language`, with every translation at hand. */
const i18nIn = (language: AppLanguage) => {
  let instance = instances.get(language)
  if (!instance) {
    instance = i18next.createInstance()
    void instance.init({
      ...baseOptions,
      lng: language,
      initAsync: false,
      resources: Object.fromEntries(
        LANGUAGES.map((known) => [known, { translation: TRANSLATIONS[known] }]),
      ),
    })
    instances.set(language, instance)
  }
  return instance
}

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')

/**
 * The head's part in `language`: its description and title, and a preload of each translation
 * file i18next fetches as the app starts in it (the language's own and its fallback's, English),
 * in parallel with the scripts rather than after them.
 */
export const languageHead = (language: AppLanguage) => {
  const i18n = i18nIn(language)
  return [
    `<meta name="description" content="${escapeHtml(i18n.t('common.description'))}" />`,
    `<title>${escapeHtml(i18n.t('common.appName'))}</title>`,
    ...i18n.languages.map(
      (loaded) =>
        `<link rel="preload" as="fetch" crossorigin href="/locales/${loaded}/translation.json" />`,
    ),
  ].join('\n    ')
}

/** Which static shell a page has: the `page` it has the shape of, and the `cover` it shows first. */
interface ShellOf {
  page?: ShellPage
  cover?: string
}

/** The static shell's markup in `language`, with its loading status. */
export const staticShellMarkup = (
  language: AppLanguage,
  { page = 'landing', cover }: ShellOf = {},
) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18nIn(language)}>
      <StaticShell status={<LoadingStatus />} page={page} cover={cover ?? null} />
    </I18nextProvider>,
  ).replace(HOISTED_LINKS, '')

const occurrences = (text: string, part: string) => text.split(part).length - 1

/** Fails the build, naming what it expected, rather than shipping a page without its shell. */
const expectOnce = (text: string, part: string, what: string) => {
  const count = occurrences(text, part)
  if (count !== 1) throw new Error(`${what}: expected once, found ${count} times`)
}

/**
 * index.html in `language`: its `lang`, its head's part and its static shell (`shell`: the
 * landing's shape without a cover by default). The rest (scripts and styles included) as it is.
 */
export const pageIn = (indexHtml: string, language: AppLanguage, shell: ShellOf = {}) => {
  expectOnce(indexHtml, HTML_ELEMENT, `index.html's ${HTML_ELEMENT}`)
  expectOnce(indexHtml, LANGUAGE_HEAD_SLOT, `index.html's ${LANGUAGE_HEAD_SLOT} (in its head)`)
  expectOnce(indexHtml, STATIC_SHELL_SLOT, `index.html's ${STATIC_SHELL_SLOT} (its #root)`)
  return indexHtml
    .replace(HTML_ELEMENT, () => `<html lang="${htmlLang(language)}">`)
    .replace(LANGUAGE_HEAD_SLOT, () => languageHead(language))
    .replace(STATIC_SHELL_SLOT, () => staticShellMarkup(language, shell))
}

/** index.html as `vite` serves it: the page of a visitor who never chose a language. */
export const fallbackPage = (indexHtml: string) => pageIn(indexHtml, FALLBACK_LANGUAGE)

/**
 * A page the server fills in with the cover it shows first: the page whose static shell shows a
 * cover, at `cover`, the placeholder the server replaces with the URL.
 */
export interface CoverTemplate {
  page: string
  cover: string
}

/**
 * What the build leaves the server (server/src/http/build-output.ts's ShellPages): each language's
 * page for every client route (`index`), and its templates of the guest landing (the first card's
 * cover) and of a lesson's page (its cover); the cookie that names the visitor's language, and
 * the language of a visitor who never chose.
 */
export interface ShellPages {
  cookie: string
  fallback: AppLanguage
  pages: Record<AppLanguage, { index: string; landing: CoverTemplate; lesson: CoverTemplate }>
}

/** The pages of the built index.html (its slots still in place) in every language. */
export const shellPages = (builtHtml: string): ShellPages => ({
  cookie: LANGUAGE_COOKIE,
  fallback: FALLBACK_LANGUAGE,
  pages: Object.fromEntries(
    LANGUAGES.map((language) => {
      const template = (page: ShellPage): CoverTemplate => {
        const html = pageIn(builtHtml, language, { page, cover: SHELL_COVER_PLACEHOLDER })
        expectOnce(html, SHELL_COVER_PLACEHOLDER, `The cover's placeholder in the ${page} page`)
        return { page: html, cover: SHELL_COVER_PLACEHOLDER }
      }
      return [
        language,
        {
          index: pageIn(builtHtml, language),
          landing: template('landing'),
          lesson: template('lesson'),
        },
      ]
    }),
  ) as ShellPages['pages'],
})
