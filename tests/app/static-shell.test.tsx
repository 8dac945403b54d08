import { readFileSync } from 'node:fs'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { StaticShell } from '@/app/layouts/startup-skeleton'

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
