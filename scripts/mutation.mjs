// Mutation testing of the shared core (`npm run mutation`; minutes, so not part of CI): Stryker
// changes the core's decision modules one small mutation at a time (a `<` for a `<=`, a dropped
// list item, a negated condition) and runs the core's unit tests (tests/core, the vitest project
// `core`) against each change. A mutant no test notices ("survived") is behaviour no test pins
// down. Prints each module's mutation score and exits non-zero when any is under BREAK_AT.
// Reports (HTML, and Stryker's sandbox while it runs) go to reports/mutation/, which git ignores.
import { existsSync } from 'node:fs'
import { Stryker } from '@stryker-mutator/core'

/** The decision modules of the shared core. A module listed here that does not exist yet is skipped. */
const CORE_MODULES = [
  'contract/rules.ts',
  'contract/landing-rules.ts',
  'contract/checks.ts',
  'contract/files.ts',
  'contract/seats.ts',
  'contract/payment-events.ts',
]

/** The lowest mutation score (percent) a module may have. */
const BREAK_AT = 90

const REPORTS = 'reports/mutation'

const modules = CORE_MODULES.filter((file) => existsSync(file))

const stryker = new Stryker({
  mutate: modules,
  testRunner: 'vitest',
  // Only the tests of the core (the vitest project `core`, tests/core). They import the modules
  // directly, so no relation need be guessed (`related` would also look for other tests).
  vitest: { configFile: 'scripts/mutation.vitest.config.mjs', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  // The type checker would add minutes; a mutant that does not type-check still runs (the tests
  // run untyped), and one that fails at run time is killed by its tests.
  checkers: [],
  coverageAnalysis: 'perTest',
  // Every test that covers a mutant runs, not only those up to the first failure: with vitest 4,
  // a run that stops at a failure ("bail") now and then cancels the next run before any test of it
  // starts, and the next mutant then "survives" without having been tested.
  disableBail: true,
  thresholds: { high: 95, low: BREAK_AT, break: BREAK_AT },
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: `${REPORTS}/index.html` },
  jsonReporter: { fileName: `${REPORTS}/mutation.json` },
  tempDirName: `${REPORTS}/.stryker-tmp`,
  cleanTempDir: 'always',
  // What the core's tests never read: build output, test artefacts, the local database.
  ignorePatterns: ['/dist', '/data', '/test-results', '/bench-results', '/coverage'],
})

const results = await stryker.runMutationTest()

/**
 * Stryker's mutation score: the share of mutants the tests detect (killed, or timed out) among
 * those that ran or were never reached by any test (survived, no coverage). Mutants that did not
 * compile or broke the run (errors) and ignored ones do not count.
 */
const DETECTED = new Set(['Killed', 'Timeout'])
const UNDETECTED = new Set(['Survived', 'NoCoverage'])

const scores = modules.map((file) => {
  const own = results.filter((result) => result.fileName.replaceAll('\\', '/').endsWith(file))
  const detected = own.filter((result) => DETECTED.has(result.status)).length
  const undetected = own.filter((result) => UNDETECTED.has(result.status)).length
  const valid = detected + undetected
  return { file, detected, undetected, score: valid === 0 ? 100 : (100 * detected) / valid }
})

console.log('\nMutation score per core module:')
for (const { file, detected, undetected, score } of scores) {
  const verdict = score < BREAK_AT ? `  UNDER ${BREAK_AT}%` : ''
  console.log(
    `  ${file.padEnd(22)} ${score.toFixed(2).padStart(6)}%  (${detected} detected, ${undetected} undetected)${verdict}`,
  )
}
console.log(`Report: ${REPORTS}/index.html`)

const failing = scores.filter(({ score }) => score < BREAK_AT)
if (failing.length > 0) {
  console.error(
    `\n${failing.map(({ file }) => file).join(', ')}: mutation score under ${BREAK_AT}%`,
  )
  process.exitCode = 1
}
