import { readFileSync } from 'node:fs'

type Tree = { [key: string]: string | Tree }
const load = (language: string) =>
  JSON.parse(readFileSync(`public/locales/${language}/translation.json`, 'utf8')) as Tree

/** The language whose plural rules each of the app's languages follows. */
const pluralLocale = { 'en-US': 'en-US', 'jp-JP': 'ja-JP' } as const

/**
 * The app's own translations, so one journey can be walked in either language. Like i18next, a
 * `count` picks the plural form (`key_one`, `key_other`) and `{{name}}` takes its value.
 */
export const translator = (language: 'en-US' | 'jp-JP') => {
  const tree = load(language)
  const plural = new Intl.PluralRules(pluralLocale[language])
  const lookup = (key: string) => {
    const value = key
      .split('.')
      .reduce<string | Tree | undefined>(
        (node, part) => (typeof node === 'object' ? node[part] : undefined),
        tree,
      )
    return typeof value === 'string' ? value : undefined
  }
  const translate = (key: string, values: Record<string, string | number> = {}) => {
    const { count } = values
    const template =
      (typeof count === 'number'
        ? (lookup(`${key}_${plural.select(count)}`) ?? lookup(`${key}_other`))
        : undefined) ?? lookup(key)
    if (template === undefined) throw new Error(`No ${language} translation for ${key}`)
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => {
      const value = values[name]
      if (value === undefined) throw new Error(`No value for ${placeholder} in ${key}`)
      return String(value)
    })
  }
  return Object.assign(translate, { language })
}
