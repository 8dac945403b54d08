import { readFileSync } from 'node:fs'
import { render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { COVER_HEIGHT, COVER_WIDTH } from '@contract/rules'
import { StaticShell } from '@/app/layouts/startup-skeleton'
import { forgetShellCover, getShellCover, keepShellCover } from '@/shared/ui/shell-cover'

const indexHtml = new DOMParser().parseFromString(readFileSync('index.html', 'utf8'), 'text/html')

/** The markup alone: comments and the whitespace between tags are formatting, not content. */
const markupOf = (element: Element) => {
  const copy = element.cloneNode(true) as Element
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_COMMENT | NodeFilter.SHOW_TEXT)
  const formatting: Node[] = []
  while (walker.nextNode()) {
    const node = walker.currentNode
    if (node.nodeType === Node.COMMENT_NODE || !node.textContent?.trim()) formatting.push(node)
  }
  formatting.forEach((node) => node.parentNode?.removeChild(node))
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

  /** A static shell as the server sends it to a guest, with the cover in its first card. */
  const shellWithCover = (src: string) => {
    const shell = document.createElement('div')
    shell.innerHTML = root.innerHTML.replace(
      '<div class="aspect-video w-full bg-slate-200"></div>',
      `<img data-shell-cover="" src="${src}" alt="">`,
    )
    return shell
  }

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
