import { describe, expect, it } from 'vitest'
import en from '../../server/locales/en-US/emails.json'
import jp from '../../server/locales/jp-JP/emails.json'
import { flatten } from './flatten'

/**
 * The e-mails' words (namespace "emails", server/locales/<language>/emails.json) follow the
 * rules of the SPA's translations: the same keys in both languages, the same values in each
 * text, plural forms wherever a count drives the words, no empty text.
 */

const languages = { 'en-US': flatten(en), 'jp-JP': flatten(jp) }
const PLURAL = /_(zero|one|two|few|many|other)$/
const variables = (text: string) =>
  [...text.matchAll(/{{\s*([\w.]+)\s*}}/g)].map((match) => match[1]).sort()

describe('the e-mail translations', () => {
  it('have the same keys in en-US and jp-JP', () => {
    expect(Object.keys(languages['jp-JP']).sort()).toEqual(Object.keys(languages['en-US']).sort())
  })

  it('have no empty text', () => {
    for (const [language, texts] of Object.entries(languages)) {
      for (const [key, text] of Object.entries(texts)) {
        expect(text.trim(), `${language} ${key}`).not.toBe('')
      }
    }
  })

  it('interpolate the same values in both languages', () => {
    for (const [key, text] of Object.entries(languages['en-US'])) {
      expect(variables(languages['jp-JP'][key] ?? ''), key).toEqual(variables(text))
    }
  })

  it('use only {{value}} interpolation, no nesting, so values are never read as texts', () => {
    for (const [language, texts] of Object.entries(languages)) {
      for (const [key, text] of Object.entries(texts)) {
        expect(text, `${language} ${key}`).not.toContain('$t(')
        expect(text.replace(/{{\s*[\w.]+\s*}}/g, ''), `${language} ${key}`).not.toMatch(/[{}]/)
      }
    }
  })

  it('give every text that counts with {{count}} its one and other forms in both languages', () => {
    for (const [language, texts] of Object.entries(languages)) {
      for (const [key, text] of Object.entries(texts)) {
        if (text.includes('{{count}}')) expect(key, `${language} ${key}`).toMatch(PLURAL)
      }
      const stems = new Set(
        Object.keys(texts)
          .filter((key) => PLURAL.test(key))
          .map((key) => key.replace(PLURAL, '')),
      )
      expect(stems.size).toBeGreaterThan(0)
      for (const stem of stems) {
        expect(texts[`${stem}_one`], `${language} ${stem}_one`).toBeTruthy()
        expect(texts[`${stem}_other`], `${language} ${stem}_other`).toBeTruthy()
      }
    }
  })

  it('never write a "(s)" plural', () => {
    for (const [language, texts] of Object.entries(languages)) {
      for (const [key, text] of Object.entries(texts)) {
        expect(text, `${language} ${key}`).not.toMatch(/\w\((s|es)\)/)
      }
    }
  })
})
