import { readFileSync } from 'node:fs'
import { render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { COVER_HEIGHT, COVER_WIDTH } from '@contract/rules'
import { StaticShell } from '@/app/layouts/startup-skeleton'
import {
  landingTemplate,
  SHELL_COVER_PLACEHOLDER,
  STATIC_SHELL_SLOT,
  staticShellMarkup,
  withStaticShell,
} from '@/app/layouts/startup-skeleton-html'
import { forgetShellCover, getShellCover, keepShellCover } from '@/shared/ui/shell-cover'

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html')
const source = readFileSync('index.html', 'utf8')
/** index.html as `vite` and the build serve it (vite.config.ts, staticShell). */
const served = withStaticShell(source)
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

describe('the static shell of index.html', () => {
  const root = indexHtml.getElementById('root')!

  it('is the start-up skeleton React shows, so nothing moves when React takes over', () => {
    const { container } = render(<StaticShell />)
    const painted = markupOf(root)
    expect(painted.children).toHaveLength(1)
    expect(painted.innerHTML).toBe(markupOf(container).innerHTML)
  })

  it('is rendered from that component, index.html holding no copy of its own', () => {
    expect(parse(source).getElementById('root')?.innerHTML).toBe(STATIC_SHELL_SLOT)
    expect(root.innerHTML).toBe(staticShellMarkup())
    // Everything else is index.html as it is.
    expect(served.replace(staticShellMarkup(), STATIC_SHELL_SLOT)).toBe(source)
  })

  it('fails the build when index.html has no single place for it', () => {
    const withoutSlot = source.replace(STATIC_SHELL_SLOT, '')
    expect(() => withStaticShell(withoutSlot)).toThrow(/expected once, found 0 times/)
    const twice = source.replace(STATIC_SHELL_SLOT, STATIC_SHELL_SLOT.repeat(2))
    expect(() => withStaticShell(twice)).toThrow(/expected once, found 2 times/)
  })

  it('holds no text, since the language is not known before the script runs', () => {
    expect(root.textContent?.trim()).toBe('')
    expect(root.querySelector('[aria-busy="true"]')).not.toBeNull()
  })

  it('preloads the English translations, which every start fetches', () => {
    const preload = indexHtml.querySelector('link[rel="preload"][as="fetch"]')
    expect(preload?.getAttribute('href')).toBe('/locales/en-US/translation.json')
    expect(preload?.hasAttribute('crossorigin')).toBe(true)
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

describe("the static shell's cover (the guest landing's first, put there by the server)", () => {
  const root = indexHtml.getElementById('root')!
  afterEach(() => {
    forgetShellCover()
  })

  /** The landing page the build leaves for the server, with the placeholder for the cover. */
  const template = landingTemplate(served)
  /** The page as the server sends it to a guest (server/src/plugins/spa.ts fills the placeholder). */
  const landingWithCover = (src: string) => parse(template.page.replace(template.cover, src))
  /** Its static shell, with the cover in its first card. */
  const shellWithCover = (src: string) => landingWithCover(src).getElementById('root')!

  it("is React's copy of the shell with that cover, and the page is index.html otherwise", () => {
    expect(template.cover).toBe(SHELL_COVER_PLACEHOLDER)
    const page = landingWithCover('/api/lessons/7/image')
    const { container } = render(<StaticShell cover="/api/lessons/7/image" />)
    expect(markupOf(page.getElementById('root')!).innerHTML).toBe(markupOf(container).innerHTML)
    page.getElementById('root')!.innerHTML = STATIC_SHELL_SLOT
    expect(page.documentElement.outerHTML).toBe(parse(source).documentElement.outerHTML)
  })

  it('fails the build when the built index.html does not hold the static shell once', () => {
    expect(() => landingTemplate(source)).toThrow(/expected once, found 0 times/)
    const twice = served
      .replace(STATIC_SHELL_SLOT, '')
      .replace('</body>', `${root.innerHTML}</body>`)
    expect(() => landingTemplate(twice)).toThrow(/expected once, found 2 times/)
  })

  it('is read from the shell before React replaces it, and absent when the server put none', () => {
    keepShellCover(shellWithCover('/api/lessons/7/image'))
    expect(getShellCover()).toBe('/api/lessons/7/image')
    keepShellCover(root)
    expect(getShellCover()).toBeUndefined()
  })

  it("stays in React's copy of the shell, in the first card only, sized like a card's cover", () => {
    keepShellCover(shellWithCover('/api/lessons/7/image'))
    const { container } = render(<StaticShell />)
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
    // Still no text: the image is decorative, the shell language-neutral.
    expect(container.textContent?.trim()).toBe('')
  })
})
