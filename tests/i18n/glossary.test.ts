import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { GLOSSARY } from './glossary.ts'

type Language = 'en' | 'jp'

/** Every text of a locale file, with the key it stands under. */
const textsOf = (tree: unknown, key = ''): [string, string][] => {
  if (typeof tree === 'string') return [[key, tree]]
  if (typeof tree !== 'object' || tree === null) return []
  return Object.entries(tree).flatMap(([name, value]) =>
    textsOf(value, key ? `${key}.${name}` : name),
  )
}

const localeTexts = async (folder: string) =>
  textsOf(JSON.parse(await readFile(`public/locales/${folder}/translation.json`, 'utf8')))

/** The rejected spellings a text uses, each with the concept it spells otherwise. */
const rejectedIn = (text: string, language: Language) =>
  GLOSSARY.flatMap((term) => {
    const found =
      language === 'en'
        ? (term.rejected.en ?? []).flatMap((pattern) => text.match(pattern)?.[0] ?? [])
        : (term.rejected.jp ?? []).filter((word) => text.includes(word))
    return found.map((word) => `"${word}" (${term.concept}: ${term[language]})`)
  })

describe('the glossary', () => {
  it('recognises the other spellings, not the chosen ones', () => {
    expect(rejectedIn('Unenrol from this session', 'en')).toHaveLength(1)
    expect(rejectedIn('Your enrolment is confirmed', 'en')).toHaveLength(1)
    expect(rejectedIn('The license was canceled', 'en')).toHaveLength(2)
    expect(rejectedIn('18:00 ~ 19:00', 'en')).toHaveLength(1)
    expect(
      rejectedIn('Enroll, unenroll: enrollment cancelled; licences from 18:00–19:00', 'en'),
    ).toEqual([])
    expect(rejectedIn('生徒に18:00〜19:00の払い戻し', 'jp')).toHaveLength(3)
    expect(rejectedIn('受講者に18:00–19:00の返金', 'jp')).toEqual([])
  })

  it.each([
    ['en-US', 'en'],
    ['jp-JP', 'jp'],
  ] as const)('is followed by every text of %s', async (folder, language) => {
    const offences = (await localeTexts(folder)).flatMap(([key, text]) =>
      rejectedIn(text, language).map((offence) => `${key}: ${offence}`),
    )
    expect(offences).toEqual([])
  })

  it.each([
    ['en-US', 'en'],
    ['jp-JP', 'jp'],
  ] as const)('is followed by every text of the e-mails in %s', async (folder, language) => {
    const texts = textsOf(
      JSON.parse(await readFile(`server/locales/${folder}/emails.json`, 'utf8')),
    )
    expect(texts.length).toBeGreaterThan(0)
    const offences = texts.flatMap(([key, text]) =>
      rejectedIn(text, language).map((offence) => `${key}: ${offence}`),
    )
    expect(offences).toEqual([])
  })
})
