import { readFileSync } from 'node:fs'
import { act, render } from '@testing-library/react'
import i18next from 'i18next'
import HttpBackend from 'i18next-http-backend'
import { afterEach, describe, expect, it } from 'vitest'
import { COVER_HEIGHT, COVER_WIDTH } from '@contract/rules'
import { shellPageAt, StartupSkeleton, StaticShell } from '@/app/layouts/startup-skeleton'
import {
  LANGUAGE_HEAD_SLOT,
  pageIn,
  SHELL_COVER_PLACEHOLDER,
  shellPages,
  STATIC_SHELL_SLOT,
  staticShellMarkup,
} from '@/app/layouts/startup-skeleton-html'
import { LESSON_PAGE_COVER_CLASS } from '@/features/lessons/components/lesson-page-skeleton'
import { baseOptions, i18n } from '@/shared/i18n/i18n'
import { FALLBACK_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES } from '@/shared/i18n/languages'
import { forgetShellCover, getShellCover, keepShellCover } from '@/shared/ui/shell-cover'
import { server } from '@/mocks/node'
import en from '../../public/locales/en-US/translation.json'
import jp from '../../public/locales/jp-JP/translation.json'

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html')
const source = readFileSync('index.html', 'utf8')
/** index.html as `vite` serves it and the build writes it: in the fallback language, English. */
const served = pageIn(source, 'en-US')
const indexHtml = parse(served)

/**
 * The markup alone: comments, the whitespace between tags and the order of attributes (React sets
 * an image's `src` last in the browser) are formatting, not content.
 */
const markupOf = (element: Element) => {
  const copy = element.cloneNode(true) as Element
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_COMMENT | NodeFilter.SHOW_TEXT)
  const formatting: Node[] = []
  while (walker.nextNode()) {
    const node = walker.currentNode
    if (node.nodeType === Node.COMMENT_NODE || !node.textContent?.trim()) formatting.push(node)
  }
  formatting.forEach((node) => node.parentNode?.removeChild(node))
  for (const node of copy.querySelectorAll('*')) {
    const attributes = [...node.attributes].sort((a, b) => a.name.localeCompare(b.name))
    for (const { name, value } of attributes) {
      node.removeAttribute(name)
      node.setAttribute(name, value)
    }
  }
  return copy
}

/** Each language's words in the page, from its translation file. */
const WORDS = {
  'en-US': { lang: 'en', common: en.common },
  'jp-JP': { lang: 'ja', common: jp.common },
} as const

describe('the static shell of index.html', () => {
  const root = indexHtml.getElementById('root')!

  it.each(LANGUAGES)(
    'is the start-up skeleton React shows in %s, so nothing moves or changes when React takes over',
    async (language) => {
      await act(() => i18n.changeLanguage(language))
      const { container } = render(<StartupSkeleton />)
      const painted = markupOf(parse(pageIn(source, language)).getElementById('root')!)
      expect(painted.children).toHaveLength(1)
      expect(painted.innerHTML).toBe(markupOf(container).innerHTML)
    },
  )

  it('is rendered from that component, index.html holding no copy of its own', () => {
    expect(parse(source).getElementById('root')?.innerHTML).toBe(STATIC_SHELL_SLOT)
    expect(root.innerHTML).toBe(staticShellMarkup('en-US'))
  })

  it.each(LANGUAGES)(
    'holds one text, its loading status, in the page’s language (%s)',
    (language) => {
      const page = parse(pageIn(source, language))
      const shell = page.getElementById('root')!
      expect(shell.querySelector('[aria-busy="true"]')).not.toBeNull()
      const status = shell.querySelector('[role="status"]')
      expect(status?.textContent).toBe(WORDS[language].common.loading)
      expect(status?.getAttribute('class')).toBe('sr-only')
      expect(shell.textContent).toBe(WORDS[language].common.loading)
    },
  )

  it('fails the build when index.html has no single place for it', () => {
    const withoutSlot = source.replace(STATIC_SHELL_SLOT, '')
    expect(() => pageIn(withoutSlot, 'en-US')).toThrow(/expected once, found 0 times/)
    const twice = source.replace(STATIC_SHELL_SLOT, STATIC_SHELL_SLOT.repeat(2))
    expect(() => pageIn(twice, 'en-US')).toThrow(/expected once, found 2 times/)
  })

  it('runs no inline script, as the server’s Content-Security-Policy forbids them', () => {
    const scripts = [...indexHtml.querySelectorAll('script')]
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) {
      expect(script.getAttribute('src')).toBeTruthy()
      expect(script.textContent?.trim()).toBe('')
    }
  })
})

describe('the page in each language (the server sends the one its cookie names)', () => {
  it.each(LANGUAGES)(
    'says its language, and has its title and description in it (%s)',
    (language) => {
      const page = parse(pageIn(source, language))
      expect(page.documentElement.lang).toBe(WORDS[language].lang)
      expect(page.title).toBe(WORDS[language].common.appName)
      expect(page.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
        WORDS[language].common.description,
      )
      expect(page.querySelectorAll('title, meta[name="description"]')).toHaveLength(2)
    },
  )

  it('preloads the translations i18next fetches for the language, and no others', async () => {
    const preloads = (language: string) =>
      [...parse(pageIn(source, language as 'en-US')).querySelectorAll('link[rel="preload"]')].map(
        (link) => {
          expect(link.getAttribute('as')).toBe('fetch')
          expect(link.hasAttribute('crossorigin')).toBe(true)
          return link.getAttribute('href')
        },
      )
    const fetched = async (language: string) => {
      const urls: string[] = []
      const record = ({ request }: { request: Request }) =>
        void urls.push(new URL(request.url).pathname)
      server.events.on('request:start', record)
      try {
        // The app's own options (i18n.ts), as the app starts in that language.
        await i18next
          .createInstance()
          .use(HttpBackend)
          .init({
            ...baseOptions,
            lng: language,
            backend: { loadPath: `${location.origin}/locales/{{lng}}/translation.json` },
          })
      } finally {
        server.events.removeListener('request:start', record)
      }
      return urls
    }
    expect(preloads('en-US')).toEqual(['/locales/en-US/translation.json'])
    // Japanese, and English as its fallback (§: fallback en-US).
    expect(preloads('jp-JP')).toEqual([
      '/locales/jp-JP/translation.json',
      '/locales/en-US/translation.json',
    ])
    for (const language of LANGUAGES) {
      expect((await fetched(language)).sort()).toEqual([...preloads(language)].sort())
    }
  })

  it('is index.html otherwise', () => {
    for (const language of LANGUAGES) {
      const page = pageIn(source, language)
      const unfilled = page
        .replace(`<html lang="${WORDS[language].lang}">`, '<html lang="en">')
        .replace(staticShellMarkup(language), STATIC_SHELL_SLOT)
      const head = /<meta name="description"[\s\S]*translation\.json" \/>/.exec(unfilled)?.[0]
      expect(head).toBeDefined()
      expect(unfilled.replace(head!, LANGUAGE_HEAD_SLOT)).toBe(source)
    }
  })

  it('fails the build when index.html has no single place for its language or its head', () => {
    const noLang = source.replace('<html lang="en">', '<html>')
    expect(() => pageIn(noLang, 'jp-JP')).toThrow(/<html lang="en">.*expected once, found 0/)
    const noHead = source.replace(LANGUAGE_HEAD_SLOT, '')
    expect(() => pageIn(noHead, 'jp-JP')).toThrow(/expected once, found 0 times/)
  })

  it('comes with the cookie that picks it and the language of a visitor who never chose', () => {
    const pages = shellPages(source)
    expect(pages.cookie).toBe(LANGUAGE_COOKIE)
    expect(pages.fallback).toBe(FALLBACK_LANGUAGE)
    expect(Object.keys(pages.pages)).toEqual([...LANGUAGES])
    for (const language of LANGUAGES) {
      expect(pages.pages[language].index).toBe(pageIn(source, language))
    }
  })
})

describe("the static shell's cover (the guest landing's first, a lesson's, put there by the server)", () => {
  const root = indexHtml.getElementById('root')!
  afterEach(() => {
    forgetShellCover()
    window.history.replaceState(null, '', '/')
  })

  /** The page the build leaves for the server at a path, with the placeholder for the cover. */
  const PAGES = { '/': 'landing', '/lesson/7': 'lesson' } as const
  const templateAt = (path: keyof typeof PAGES) => shellPages(source).pages['en-US'][PAGES[path]]
  /** The page as the server sends it (server/src/plugins/spa.ts fills the placeholder). */
  const pageWithCover = (path: keyof typeof PAGES, src: string) => {
    const template = templateAt(path)
    return parse(template.page.replace(template.cover, src))
  }
  /** Its static shell, with the cover. */
  const shellWithCover = (path: keyof typeof PAGES, src: string) =>
    pageWithCover(path, src).getElementById('root')!

  it.each(Object.keys(PAGES) as (keyof typeof PAGES)[])(
    "is React's copy of the shell with that cover at %s, and the page is index.html otherwise",
    (path) => {
      window.history.replaceState(null, '', path)
      expect(templateAt(path).cover).toBe(SHELL_COVER_PLACEHOLDER)
      const page = pageWithCover(path, '/api/lessons/7/image')
      keepShellCover(page.getElementById('root')!)
      const { container } = render(<StartupSkeleton />)
      expect(markupOf(page.getElementById('root')!).innerHTML).toBe(markupOf(container).innerHTML)
      expect(container.querySelectorAll('img[src="/api/lessons/7/image"]')).toHaveLength(1)
      page.getElementById('root')!.innerHTML = ''
      const index = indexHtml.cloneNode(true) as Document
      index.getElementById('root')!.innerHTML = ''
      expect(page.documentElement.outerHTML).toBe(index.documentElement.outerHTML)
    },
  )

  it('is in each language’s landing and lesson page once, the page otherwise that language’s', () => {
    for (const language of LANGUAGES) {
      for (const kind of ['landing', 'lesson'] as const) {
        const template = shellPages(source).pages[language][kind]
        expect(template.page.split(template.cover)).toHaveLength(2)
        expect(
          template.page.replace(
            staticShellMarkup(language, { page: kind, cover: template.cover }),
            '',
          ),
        ).toBe(pageIn(source, language).replace(staticShellMarkup(language), ''))
      }
    }
  })

  it('is read from the shell before React replaces it, and absent when the server put none', () => {
    keepShellCover(shellWithCover('/', '/api/lessons/7/image'))
    expect(getShellCover()).toBe('/api/lessons/7/image')
    keepShellCover(root)
    expect(getShellCover()).toBeUndefined()
  })

  it('belongs to the page it came with: on any other path there is none', () => {
    window.history.replaceState(null, '', '/lesson/7')
    keepShellCover(shellWithCover('/lesson/7', '/api/lessons/7/image'))
    expect(getShellCover()).toBe('/api/lessons/7/image')
    window.history.replaceState(null, '', '/lesson/8')
    expect(getShellCover()).toBeUndefined()
    expect(render(<StartupSkeleton />).container.querySelector('img')).toBeNull()
    window.history.replaceState(null, '', '/lesson/7')
    expect(getShellCover()).toBe('/api/lessons/7/image')
  })

  it('keeps the landing shape the server sent for a lesson page without a cover', () => {
    window.history.replaceState(null, '', '/lesson/8')
    keepShellCover(root)
    const { container } = render(<StartupSkeleton />)
    expect(markupOf(container).innerHTML).toBe(markupOf(root).innerHTML)
  })

  it("stays in React's copy of the shell, in the first card only, sized like a card's cover", () => {
    keepShellCover(shellWithCover('/', '/api/lessons/7/image'))
    const { container } = render(<StaticShell page="landing" />)
    const images = container.querySelectorAll('img')
    expect(images).toHaveLength(1)
    const [cover] = images
    expect(cover).toHaveAttribute('src', '/api/lessons/7/image')
    expect(cover).toHaveAttribute('alt', '')
    expect(cover).toHaveAttribute('width', String(COVER_WIDTH))
    expect(cover).toHaveAttribute('height', String(COVER_HEIGHT))
    expect(cover).toHaveClass('aspect-video', 'w-full', 'object-cover')
    const cards = container.querySelectorAll('.grid > div')
    expect(cards[0]).toContainElement(cover!)
    // No text of its own: the image is decorative.
    expect(container.textContent?.trim()).toBe('')
  })

  it("is a lesson page's cover at /lesson/:id, as the page shows its own", () => {
    window.history.replaceState(null, '', '/lesson/7')
    keepShellCover(shellWithCover('/lesson/7', '/api/lessons/7/image'))
    const { container } = render(<StartupSkeleton />)
    const images = container.querySelectorAll('img')
    expect(images).toHaveLength(1)
    const [cover] = images
    expect(cover).toHaveAttribute('src', '/api/lessons/7/image')
    expect(cover).toHaveAttribute('alt', '')
    expect(cover).toHaveAttribute('fetchpriority', 'high')
    expect(cover).toHaveAttribute('width', String(COVER_WIDTH))
    expect(cover).toHaveAttribute('height', String(COVER_HEIGHT))
    expect(cover?.getAttribute('class')).toBe(LESSON_PAGE_COVER_CLASS)
    // Not a catalogue card's: the lesson page's shape.
    expect(container.querySelector('.grid > div > .aspect-video')).toBeNull()
    expect(container.textContent?.trim()).toBe(en.common.loading)
  })

  it.each([
    ['/lesson/new', 'landing'],
    ['/lesson/7/edit', 'landing'],
    ['/lesson/07', 'landing'],
    ['/lesson/2147483648', 'landing'],
    ['/lesson/7', 'lesson'],
    ['/lesson/7/', 'lesson'],
    ['/lesson/2147483647', 'lesson'],
  ] as const)('has the %s page the shape of the %s', (path, page) => {
    expect(shellPageAt(path)).toBe(page)
  })
})
