// Merges a JSON fragment of translation keys into a language's translation.json in one write:
//   node scripts/i18n-merge.mjs fragment.json en-US
// Keys already present are overwritten; others are kept. Output is sorted as it was written.
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs'

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
// Several people may merge at once: a lock directory makes each read-merge-write whole.
const lock = `${target}.lock`
const deadline = Date.now() + 10_000
for (;;) {
  try {
    mkdirSync(lock)
    break
  } catch {
    if (Date.now() > deadline) throw new Error(`${lock} is held; remove it if no merge is running`)
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50)
  }
}
try {
  const merged = merge(
    JSON.parse(readFileSync(target, 'utf8')),
    JSON.parse(readFileSync(fragmentPath, 'utf8')),
  )
  writeFileSync(target, JSON.stringify(merged, null, 2) + '\n')
} finally {
  rmdirSync(lock)
}
console.log(`Merged ${fragmentPath} into ${target}`)
