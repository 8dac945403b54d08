import { describe, expect, it } from 'vitest'
import { MESSAGE_CODES, MESSAGES, type MessageParams } from '../../contract/messages'
import en from '../../public/locales/en-US/translation.json'
import jp from '../../public/locales/jp-JP/translation.json'
import { flatten } from './flatten'

/**
 * Issue 30: every message the API answers with has a code (contract/messages.ts), and the SPA
 * shows the translation of that code, `api.<code>`, in its language. A code without a translation
 * in either language, or a translation that uses a parameter the message does not send, fails
 * here; so does a translation left behind after its message went.
 */

const LANGUAGES = { 'en-US': flatten(en.api, 'api.'), 'jp-JP': flatten(jp.api, 'api.') }
const PLURAL = /_(one|other)$/
/** The groups that put a parameter in words ('Lesson', 'refunded', 'Full name'), not messages. */
const WORDS = /^api\.(things|paymentStatuses|fields)\./

/** The names of the parameters a message's sentence reads, found by calling it. */
const paramsOf = (code: string): string[] => {
  const leaf = code
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], MESSAGES)
  if (typeof leaf !== 'function') return []
  const read = new Set<string>()
  const probe = new Proxy(
    {},
    {
      get: (_target, name) => {
        if (typeof name === 'string') read.add(name)
        return 2
      },
    },
  )
  ;(leaf as (params: MessageParams) => unknown)(probe)
  return [...read]
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1])

describe('the translations of the API messages', () => {
  it('lists every message, grouped as the codes say', () => {
    expect(MESSAGE_CODES.length).toBeGreaterThan(90)
    expect(MESSAGE_CODES).toContain('enrollments.noSeatsLeft')
    expect(MESSAGES.enrollments.noSeatsLeft.code).toBe('enrollments.noSeatsLeft')
    expect(MESSAGES.uploads.nameTooLong({ count: 5 })).toEqual({
      code: 'uploads.nameTooLong',
      params: { count: 5 },
      text: 'File name is too long (at most 5 characters)',
    })
  })

  it.each(Object.entries(LANGUAGES))('has every code in %s, with its parameters', (_, texts) => {
    for (const code of MESSAGE_CODES) {
      const params = paramsOf(code)
      const key = `api.${code}`
      // A count needs both forms; a message without one has a single key.
      const keys = params.includes('count') ? [`${key}_one`, `${key}_other`] : [key]
      for (const each of keys) {
        expect(texts[each], `${each} is missing`).toEqual(expect.any(String))
        expect(texts[each]?.trim(), `${each} is empty`).not.toBe('')
        for (const name of placeholders(texts[each] ?? '')) {
          expect(params, `${each} reads {{${name}}}, which ${code} does not send`).toContain(name)
        }
      }
    }
  })

  it.each(Object.entries(LANGUAGES))('keeps no translation of a message gone in %s', (_, texts) => {
    const codes = new Set(MESSAGE_CODES.map((code) => `api.${code}`))
    const orphans = Object.keys(texts)
      .filter((key) => !WORDS.test(key))
      .filter((key) => !codes.has(key.replace(PLURAL, '')))
    expect(orphans).toEqual([])
  })

  it('gives the same message keys and words in both languages', () => {
    expect(Object.keys(LANGUAGES['jp-JP']).sort()).toEqual(Object.keys(LANGUAGES['en-US']).sort())
  })
})
