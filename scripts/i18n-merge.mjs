// Merges a JSON fragment of translation keys into a language's translation.json in one write:
//   node scripts/i18n-merge.mjs fragment.json en-US
// Keys already present are overwritten; others are kept. Output is sorted as it was written.
import { readFileSync, writeFileSync } from 'node:fs'

const [fragmentPath, language] = process.argv.slice(2)
if (!fragmentPath || !['en-US', 'jp-JP'].includes(language ?? '')) {
  console.error('usage: node scripts/i18n-merge.mjs <fragment.json> <en-US|jp-JP>')
  process.exit(2)
}
const target = `public/locales/${language}/translation.json`
const merge = (base, extra) => {
  for (const [key, value] of Object.entries(extra)) {
    base[key] =
      value && typeof value === 'object' && !Array.isArray(value)
        ? merge(base[key] && typeof base[key] === 'object' ? base[key] : {}, value)
        : value
  }
  return base
}
const merged = merge(
  JSON.parse(readFileSync(target, 'utf8')),
  JSON.parse(readFileSync(fragmentPath, 'utf8')),
)
writeFileSync(target, JSON.stringify(merged, null, 2) + '\n')
console.log(`Merged ${fragmentPath} into ${target}`)
