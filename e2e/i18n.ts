import { readFileSync } from 'node:fs'

type Tree = { [key: string]: string | Tree }
const load = (language: string) =>
  JSON.parse(readFileSync(`public/locales/${language}/translation.json`, 'utf8')) as Tree

/** The app's own translations, so one journey can be walked in either language. */
export const translator = (language: 'en-US' | 'jp-JP') => {
  const tree = load(language)
  return (key: string) => {
    const value = key
      .split('.')
      .reduce<string | Tree | undefined>(
        (node, part) => (typeof node === 'object' ? node[part] : undefined),
        tree,
      )
    if (typeof value !== 'string') throw new Error(`No ${language} translation for ${key}`)
    return value
  }
}
