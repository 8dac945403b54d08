import i18next from 'i18next'
import { beforeAll, describe, expect, it } from 'vitest'
import en from '../../public/locales/en-US/translation.json'
import jp from '../../public/locales/jp-JP/translation.json'
import { flatten } from './flatten'

/**
 * Issue 27: every count the product writes agrees with its number ("1 seat", "2 seats"), through
 * i18next's plural forms (key_one / key_other), never "seat(s)" or a count in a key of one form.
 */

const languages = { 'en-US': flatten(en), 'jp-JP': flatten(jp) }
const PLURAL = /_(zero|one|two|few|many|other)$/

/**
 * Keys that interpolate {{count}} without plural forms, each for a reason: the noun after the
 * count does not change with it.
 */
const COUNT_WITHOUT_PLURAL = new Set([
  // "1 / 2000 characters": the noun belongs to the limit.
  'reviews.write.counter',
  // "1 min", "30 min": an abbreviation, the same for one and many.
  'sessions.editor.quick.minutes',
  // "Past sessions (1)": a heading with its count in brackets.
  'sessions.past.toggle',
])

describe('the plurals of the translations', () => {
  it('never write a "(s)" plural', () => {
    for (const [language, texts] of Object.entries(languages)) {
      for (const [key, text] of Object.entries(texts)) {
        expect(text, `${language} ${key}`).not.toMatch(/\w\((s|es)\)/)
      }
    }
  })

  it('give every key that counts with {{count}} its plural forms', () => {
    const withoutForms = Object.entries(languages['en-US'])
      .filter(([key, text]) => text.includes('{{count}}') && !PLURAL.test(key))
      .map(([key]) => key)
      .filter((key) => !COUNT_WITHOUT_PLURAL.has(key))
    expect(withoutForms).toEqual([])
  })

  it('give each plural key both its one and other forms in both languages', () => {
    for (const [language, texts] of Object.entries(languages)) {
      const stems = new Set(
        Object.keys(texts)
          .filter((key) => PLURAL.test(key))
          .map((key) => key.replace(PLURAL, '')),
      )
      for (const stem of stems) {
        expect(texts[`${stem}_one`], `${language} ${stem}_one`).toBeTruthy()
        expect(texts[`${stem}_other`], `${language} ${stem}_other`).toBeTruthy()
      }
    }
  })

  describe('as i18next writes them', () => {
    const i18n = i18next.createInstance()
    beforeAll(async () => {
      await i18n.init({
        lng: 'en-US',
        fallbackLng: 'en-US',
        supportedLngs: ['en-US', 'jp-JP'],
        resources: { 'en-US': { translation: en }, 'jp-JP': { translation: jp } },
        interpolation: { escapeValue: false },
      })
    })

    it.each([
      ['admin.pool.summary', { count: 1, free: 1 }, '1 licence, 1 free'],
      ['admin.pool.summary', { count: 3, free: 0 }, '3 licences, 0 free'],
      [
        'sessions.editor.toasts.deletedWithStudents',
        { count: 1 },
        'Session deleted: 1 enrolled student was refunded and e-mailed.',
      ],
      [
        'sessions.editor.toasts.deletedWithStudents',
        { count: 2 },
        'Session deleted: 2 enrolled students were refunded and e-mailed.',
      ],
    ])('%s with %j reads %j', (key, options, text) => {
      expect(i18n.t(key, options)).toBe(text)
    })

    it('writes Japanese counts with their counter word, for one as for many', () => {
      const t = i18n.getFixedT('jp-JP')
      expect(t('admin.pool.summary', { count: 1, free: 1 })).toBe('ライセンス 1 件（空き 1 件）')
      expect(t('sessions.editor.toasts.deletedWithStudents', { count: 1 })).toBe(
        'セッションを削除しました。受講登録していた1名の受講者に返金し、メールでお知らせしました。',
      )
    })
  })
})
