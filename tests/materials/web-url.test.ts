import { describe, expect, it } from 'vitest'
import { isWebUrl, safeWebUrl, storedWebUrl } from '@contract/rules'

describe('safeWebUrl: the only urls a link material opens', () => {
  it.each([
    ['https://www3.nhk.or.jp/news/easy/', 'https://www3.nhk.or.jp/news/easy/'],
    ['HTTP://Example.com/Path', 'http://example.com/Path'],
    ['  https://example.com/a?b=c#d  ', 'https://example.com/a?b=c#d'],
    // §5: no scheme → https://
    ['www.typescriptlang.org/docs/handbook/', 'https://www.typescriptlang.org/docs/handbook/'],
    ['example.com:8443/notes', 'https://example.com:8443/notes'],
    ['localhost:5173/x', 'https://localhost:5173/x'],
  ])('opens %j as %j', (url, href) => {
    expect(safeWebUrl(url)).toBe(href)
    expect(isWebUrl(url)).toBe(true)
  })

  it.each([
    'javascript:alert(1)',
    ' JaVaScript:alert(1)',
    'JAVASCRIPT://example.com/%0aalert(1)',
    'java\tscript:alert(1)',
    '\u0001javascript:alert(1)',
    '\u0000javascript:alert(1)',
    'java\nscript:alert(1)',
    'http://',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/file',
    'mailto:someone@example.com',
    'http:example.com',
    'https:/example.com',
    'https://',
    'https://exa mple.com',
    '//evil.example/path',
    '///evil.example',
    '\\\\evil.example',
    '/\\evil.example',
    '/relative/path',
    'https://bank.example@evil.example/',
    'https://user:secret@example.com/',
    'https:\\\\evil.example',
    'hello',
    '',
    '   ',
  ])('refuses %j', (url) => {
    expect(safeWebUrl(url)).toBeNull()
    expect(isWebUrl(url)).toBe(false)
  })
})

describe('storedWebUrl: what the backends store for a link', () => {
  it.each([
    ['www3.nhk.or.jp/news/easy/', 'https://www3.nhk.or.jp/news/easy/'],
    ['  example.com  ', 'https://example.com'],
    ['http://example.com/a?b=c', 'http://example.com/a?b=c'],
    ['HTTPS://Example.com/Path', 'HTTPS://Example.com/Path'],
  ])('stores %j as %j: absolute, https when it had no scheme', (url, stored) => {
    expect(storedWebUrl(url)).toBe(stored)
    expect(safeWebUrl(stored)).not.toBeNull()
  })

  it.each(['javascript:alert(1)', '//evil.example', 'data:text/plain,x', ''])(
    'stores nothing for %j',
    (url) => {
      expect(storedWebUrl(url)).toBeNull()
    },
  )
})
