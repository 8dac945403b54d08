import { describe, expect, it } from 'vitest'
import {
  isWebUrl,
  meetingProvider,
  safeWebUrl,
  storedMeetingUrl,
  storedWebUrl,
  VIDEO_PROVIDERS,
} from '@contract/rules'

describe('safeWebUrl: the only urls a link material opens', () => {
  it.each([
    ['https://www3.nhk.or.jp/news/easy/', 'https://www3.nhk.or.jp/news/easy/'],
    ['HTTP://Example.com/Path', 'http://example.com/Path'],
    ['  https://example.com/a?b=c#d  ', 'https://example.com/a?b=c#d'],
    ['\t\nhttps://example.com/\n', 'https://example.com/'],
    // §5: no scheme → https://
    ['www.typescriptlang.org/docs/handbook/', 'https://www.typescriptlang.org/docs/handbook/'],
    ['example.com:8443/notes', 'https://example.com:8443/notes'],
    ['example.com:443', 'https://example.com/'],
    ['example.com:8443?q=1', 'https://example.com:8443/?q=1'],
    ['example.com:8443#top', 'https://example.com:8443/#top'],
    ['example.com:8/notes', 'https://example.com:8/notes'],
    ['localhost:5173/x', 'https://localhost:5173/x'],
    ['localhost:5173', 'https://localhost:5173/'],
    ['http://LOCALHOST/', 'http://localhost/'],
    // A colon later in the url is no scheme.
    ['example.com/wiki/Help:Contents', 'https://example.com/wiki/Help:Contents'],
    ['example.com/a?next=javascript:alert(1)', 'https://example.com/a?next=javascript:alert(1)'],
    // IPv6 and IPv4 hosts are hosts.
    ['https://[2001:db8::1]/x', 'https://[2001:db8::1]/x'],
    ['[::1]:8080/notes', 'https://[::1]:8080/notes'],
    ['http://192.0.2.1/x', 'http://192.0.2.1/x'],
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
    // A scheme-like start that is no port: "example.com:" then a path, or nothing.
    'example.com:/x',
    'example.com:/http://example.com',
    'example.com:',
    'localhost:8080x/',
    'a1+b.c-d:x',
    // Spaces and control characters anywhere inside, even those URL parsing would drop.
    'https://exa mple.com',
    'https://example.com/a b',
    'https://example.com/a\u00a0b',
    'https://example.com/\u007f',
    'https://example.com/\u0085',
    '//evil.example/path',
    '///evil.example',
    '\\\\evil.example',
    '/\\evil.example',
    '\\evil.example',
    '/relative/path',
    // A user name or password before the host.
    'https://bank.example@evil.example/',
    'https://user:secret@example.com/',
    'https://:secret@example.com/',
    'bank.example@evil.example',
    'https:\\\\evil.example',
    // A host must look like one: a dot, localhost or an IP address.
    'https://intranet/',
    'intranet',
    'https://.example.com/',
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
    ['h2o.example/x', 'https://h2o.example/x'],
    // A scheme inside the query is not the url's scheme.
    ['example.com/r?to=https://evil.example', 'https://example.com/r?to=https://evil.example'],
    ['example.com/r?to=x-y.z://evil', 'https://example.com/r?to=x-y.z://evil'],
  ])('stores %j as %j: absolute, https when it had no scheme', (url, stored) => {
    expect(storedWebUrl(url)).toBe(stored)
    expect(safeWebUrl(stored)).not.toBeNull()
  })

  it.each([
    'javascript:alert(1)',
    '//evil.example',
    'data:text/plain,x',
    '',
    'https://a b.example',
  ])('stores nothing for %j', (url) => {
    expect(storedWebUrl(url)).toBeNull()
  })
})

describe('the meeting link rule of the form, the mock catalogue and the server', () => {
  it('knows the two providers of §5', () => {
    expect(VIDEO_PROVIDERS).toEqual(['zoom', 'google_meet'])
  })

  it.each([
    ['https://zoom.us/j/5551234', 'https://zoom.us/j/5551234', 'zoom'],
    [
      'https://zoom.us/w/5551234?tk=a.b-c&pwd=x',
      'https://zoom.us/w/5551234?tk=a.b-c&pwd=x',
      'zoom',
    ],
    // §5: a url typed without a scheme gets https:// (then the provider is checked).
    ['zoom.us/j/555', 'https://zoom.us/j/555', 'zoom'],
    ['  us02web.zoom.us/j/555?pwd=x.1  ', 'https://us02web.zoom.us/j/555?pwd=x.1', 'zoom'],
    ['my-school.zoom.us/j/1', 'https://my-school.zoom.us/j/1', 'zoom'],
    ['ZOOM.US/my/teacher', 'https://ZOOM.US/my/teacher', 'zoom'],
    ['meet.google.com/abc-defg-hij', 'https://meet.google.com/abc-defg-hij', 'google_meet'],
    [
      'HTTPS://meet.google.com/abc-defg-hij?authuser=0',
      'HTTPS://meet.google.com/abc-defg-hij?authuser=0',
      'google_meet',
    ],
    [
      'https://meet.google.com/abc-defg-hij?authuser=0&hs=1',
      'https://meet.google.com/abc-defg-hij?authuser=0&hs=1',
      'google_meet',
    ],
    [
      'https://meet.google.com/abc-defg-hij?',
      'https://meet.google.com/abc-defg-hij?',
      'google_meet',
    ],
  ] as const)('stores %j as %j (%s)', (url, stored, provider) => {
    expect(storedMeetingUrl(url)).toBe(stored)
    expect(meetingProvider(url)).toBe(provider)
    expect(meetingProvider(stored)).toBe(provider)
  })

  it.each([
    'zoom.us.evil.example/j/1',
    'https://zoom.us.evil.example/j/1',
    'evil.example/?u=zoom.us/j/1',
    // A provider's link hidden in the query of another site.
    'https://evil.example/r?to=https://zoom.us/j/1',
    'https://evil.example/r?to=https://meet.google.com/abc-defg-hij',
    'evil.example/zoom.us/j/1',
    'evil-zoom.us/j/1',
    'zoom.us@evil.example/j/1',
    'https://zoom.us@evil.example/j/1',
    'https://user:pw@zoom.us/j/1',
    'meet.google.com.evil.example/abc-defg-hij',
    'javascript:alert(1)//zoom.us/j/1',
    'javascript://zoom.us/j/1',
    'data:text/html,zoom.us/j/1',
    'ftp://zoom.us/j/1',
    'http://zoom.us/j/1',
    'http://meet.google.com/abc-defg-hij',
    '//zoom.us/j/1',
    '///zoom.us/j/1',
    '\\\\zoom.us/j/1',
    'zoom.us/j/5 55',
    'zoom.us /j/555',
    'zoom.us/j/5\n55',
    'zoom.us/j/\u0000555',
    // Zoom: one subdomain at most, a known path, then an id and its query.
    'a.b.zoom.us/j/1',
    'zoom.us/s/1',
    'zoom.us/j/1/../../evil',
    'zoom.us/j/1#frag',
    'zoom.us/j/1!',
    // Google Meet: exactly three, four and three letters, then an optional query.
    'meet.google.com/abcd-defg-hij',
    'meet.google.com/ab-defg-hij',
    'meet.google.com/abc-defgh-hij',
    'meet.google.com/abc-def-hij',
    'meet.google.com/abc-defg-hijk',
    'meet.google.com/abc-defg-hi',
    'meet.google.com/a1c-defg-hij',
    'meet.google.com/abc-defg-hij/x',
    'meet.google.com/abc-defg-hij#x',
    'meet.google.com/abc-defg-hij?a=b!',
    'meet.google.com/',
    'http://',
    'https://',
    'zoom.us',
    'zoom.us/j/',
    '',
    '   ',
  ])('refuses %j', (url) => {
    expect(storedMeetingUrl(url)).toBeNull()
    expect(meetingProvider(url)).toBeNull()
  })
})
