import { describe, expect, it } from 'vitest'
import {
  ADMIN_USER_STATES,
  AUTH_WINDOW_MS,
  canViewLesson,
  exceedsUploadQuota,
  firstCharacters,
  hasFewSeats,
  isListedLesson,
  isNewAddress,
  isBlank,
  isStorableText,
  isValidEmail,
  isValidPassword,
  LANDING_CATALOGUE_QUERY,
  LANGUAGES,
  lessonPageId,
  MB_BYTES,
  PAGE_SIZE,
  quotaText,
  REAUTH_WINDOW_MS,
  REGISTRABLE_ROLES,
  RESOURCE_TYPES,
  reviewLength,
  ROLES,
  roundRating,
} from '@contract/rules'

describe('the names and values of the specification', () => {
  it('lists the roles, those a visitor may register as (§2), and the languages', () => {
    expect(ROLES).toEqual(['admin', 'student', 'educator'])
    expect(REGISTRABLE_ROLES).toEqual(['student', 'educator'])
    expect(LANGUAGES).toEqual(['en-US', 'jp-JP'])
  })

  it('lists the resource types (§5) and the admin list’s educator states', () => {
    expect(RESOURCE_TYPES).toEqual(['link', 'document', 'presentation', 'text', 'other'])
    expect(ADMIN_USER_STATES).toEqual([
      'awaiting_approval',
      'approved',
      'no_licence',
      'below_earnings_rule',
      'deactivated',
    ])
  })

  it('pages the guest catalogue by five, newest first (§7)', () => {
    expect(PAGE_SIZE).toEqual({ guestLessons: 5, sessions: 100, reviews: 100, default: 20 })
    expect(LANDING_CATALOGUE_QUERY).toEqual({ page: 1, take: 5, order: 'DESC' })
  })

  it('counts its windows in milliseconds and its quotas in MiB', () => {
    expect(REAUTH_WINDOW_MS).toBe(15 * 60_000)
    expect(AUTH_WINDOW_MS).toBe(60_000)
    expect(MB_BYTES).toBe(1_048_576)
  })
})

describe("lessonPageId: the lesson a page's path shows (its static shell has the lesson's cover)", () => {
  it('reads /lesson/:id, with or without a trailing slash, up to the largest id', () => {
    expect(lessonPageId('/lesson/7')).toBe(7)
    expect(lessonPageId('/lesson/7/')).toBe(7)
    expect(lessonPageId('/lesson/1')).toBe(1)
    expect(lessonPageId('/lesson/2147483647')).toBe(2 ** 31 - 1)
  })

  it.each([
    ['past the largest id', '/lesson/2147483648'],
    ['eleven digits', '/lesson/12345678901'],
    ['zero', '/lesson/0'],
    ['a leading zero', '/lesson/07'],
    ['a sign', '/lesson/-7'],
    ['a fraction', '/lesson/7.5'],
    ['no id', '/lesson/'],
    ['the new-lesson form', '/lesson/new'],
    ['the edit form', '/lesson/7/edit'],
    ['a page below it', '/lesson/7/x'],
    ['two slashes', '/lesson/7//'],
    ['an encoded digit', '/lesson/%37'],
    ['a prefix', '/x/lesson/7'],
    ['another page', '/lessons/7'],
    ['a space', '/lesson/ 7'],
    ['a line break after it', '/lesson/7\n'],
    ['a NUL byte', '/lesson/7\0'],
    ['a query (read from the path alone)', '/lesson/7?x=1'],
  ])('names no lesson for %s', (_case, path) => {
    expect(lessonPageId(path)).toBeNull()
  })
})

describe('firstCharacters: a text cut as the length limits count', () => {
  it.each([
    ['shorter than the count', 'abc', 5, 'abc'],
    ['exactly the count', 'abcde', 5, 'abcde'],
    ['longer', 'abcdef', 5, 'abcde'],
    ['kana', 'あいうえおか', 5, 'あいうえお'],
    ['emoji, whole', '😀😀😀', 2, '😀😀'],
    ['an emoji after the cut', 'abcd😀', 5, 'abcd😀'],
    ['nothing', '', 3, ''],
  ])('%s', (_case, text, count, first) => {
    expect(firstCharacters(text, count)).toBe(first)
    expect(isStorableText(firstCharacters(text, count))).toBe(true)
  })
})

describe('isBlank: a text that shows nothing', () => {
  it.each([
    ['empty', '', true],
    ['spaces, tabs and new lines', ' \t\r\n ', true],
    ['no-break and ideographic spaces', '\u00a0\u3000', true],
    ['zero-width spaces, joiners and the byte-order mark', '\u200b\u200c\u200d\ufeff', true],
    ['a word joiner, a direction mark and a soft hyphen', '\u2060\u200e\u00ad', true],
    ['a letter among them', '\u200b a \u200b', false],
    ['kana', 'あ', false],
    ['an emoji', '😀', false],
    ['a full stop', '.', false],
    ['an emoji joined by a zero-width joiner', '👩\u200d💻', false],
  ])('%s: %j', (_case, text, blank) => {
    expect(isBlank(text)).toBe(blank)
  })
})

describe('isStorableText: no NUL, no half of a surrogate pair', () => {
  it.each([
    ['plain text', 'Kanji かな', true],
    ['an emoji (a whole pair)', 'a😀b', true],
    ['tabs and new lines', '\t\r\n\u007f', true],
    ['a NUL', 'a\u0000b', false],
    ['a lone high surrogate', 'a\ud83db', false],
    ['a high surrogate at the end', 'ab\ud83d', false],
    ['a lone low surrogate', 'a\ude00b', false],
    ['a low surrogate at the start', '\ude00ab', false],
    ['two high surrogates, then a low one', '\ud83d\ud83d\ude00', false],
    ['a pair, then another low one', '\ud83d\ude00\ude00', false],
  ])('%s: %s', (_case, text, storable) => {
    expect(isStorableText(text)).toBe(storable)
  })
})

describe('ratings and reviews', () => {
  it.each([
    [4.25, 4.3],
    [4.24, 4.2],
    [3, 3],
    [4.96, 5],
    [1.04, 1],
  ])('rounds an average of %d to %d (one decimal, halves up)', (average, shown) => {
    expect(roundRating(average)).toBe(shown)
  })

  it('counts a review in code points: an emoji is one character', () => {
    expect(reviewLength('abc')).toBe(3)
    expect(reviewLength('😀😀')).toBe(2)
    expect(reviewLength('')).toBe(0)
  })
})

describe('accounts', () => {
  it.each([
    ['abcDEF', true],
    ['aaaaaB', true],
    ['Bbbbbb', true],
    ['1234aB', true],
    ['ab CD!', true],
    ['abcDE', false],
    ['abcdef', false],
    ['ABCDEF', false],
    ['123456', false],
    ['', false],
  ])('password %j is valid: %s (§5: 6 characters, a lower- and an upper-case letter)', (pw, ok) => {
    expect(isValidPassword(pw)).toBe(ok)
  })

  it.each([
    ['a@b.co', true],
    ['first.last+tag@mail.example.jp', true],
    ['a@b', false],
    ['@b.co', false],
    ['a@.co', false],
    ['a@b.', false],
    ['a@@b.co', false],
    ['a@b.c@d', false],
    ['a b@c.de', false],
    ['a@b.co x', false],
    ['a@b c.de', false],
    ['a@b.c o', false],
    ['', false],
  ])('e-mail %j is valid: %s', (email, ok) => {
    expect(isValidEmail(email)).toBe(ok)
  })

  it('takes an address that differs only in case or padding as the same one', () => {
    expect(isNewAddress('ann@example.com', 'ann@example.com')).toBe(false)
    expect(isNewAddress('ann@example.com', 'ANN@EXAMPLE.COM')).toBe(false)
    expect(isNewAddress('ANN@example.com', 'ann@example.com')).toBe(false)
    expect(isNewAddress('ann@example.com', '  ann@example.com  ')).toBe(false)
    expect(isNewAddress('  ann@example.com  ', 'ann@example.com')).toBe(false)
    expect(isNewAddress('ann@example.com', 'bob@example.com')).toBe(true)
  })
})

describe('hasFewSeats: a card counts the seats left only when they are few', () => {
  it.each([
    [-1, false],
    [0, false],
    [1, true],
    [3, true],
    [4, false],
  ])('%i seats left: %s', (left, few) => {
    expect(hasFewSeats(left)).toBe(few)
  })
})

describe('upload quotas', () => {
  it('refuses an upload that would take the files past the quota, not one that fills it', () => {
    expect(exceedsUploadQuota(0, MB_BYTES, 1)).toBe(false)
    expect(exceedsUploadQuota(MB_BYTES - 10, 10, 1)).toBe(false)
    expect(exceedsUploadQuota(MB_BYTES - 10, 11, 1)).toBe(true)
    expect(exceedsUploadQuota(1, MB_BYTES, 1)).toBe(true)
    expect(exceedsUploadQuota(0, 2 * MB_BYTES, 2)).toBe(false)
  })

  it.each([
    [500, '500 MB'],
    [1023, '1023 MB'],
    [1024, '1 GB'],
    [1536, '1.5 GB'],
    [1100, '1.07 GB'],
    [2048, '2 GB'],
  ])('says a quota of %i MB as %j', (quotaMb, text) => {
    expect(quotaText(quotaMb)).toBe(text)
  })
})

describe('lessons: listed once they have a session (§4)', () => {
  const draft = { ownerId: 7, sessionCount: 0 }
  const listed = { ownerId: 7, sessionCount: 1 }

  it('lists a lesson from its first session on', () => {
    expect(isListedLesson({ sessionCount: 0 })).toBe(false)
    expect(isListedLesson({ sessionCount: 1 })).toBe(true)
  })

  it('shows a listed lesson to everyone, guests included', () => {
    expect(canViewLesson(listed, null)).toBe(true)
    expect(canViewLesson(listed, { id: 8, role: 'student' })).toBe(true)
    expect(canViewLesson(listed, { id: 8, role: 'educator' })).toBe(true)
  })

  it('shows a draft to its owner and the admins only', () => {
    expect(canViewLesson(draft, null)).toBe(false)
    expect(canViewLesson(draft, { id: 8, role: 'student' })).toBe(false)
    expect(canViewLesson(draft, { id: 8, role: 'educator' })).toBe(false)
    expect(canViewLesson(draft, { id: 7, role: 'educator' })).toBe(true)
    expect(canViewLesson(draft, { id: 1, role: 'admin' })).toBe(true)
  })
})
