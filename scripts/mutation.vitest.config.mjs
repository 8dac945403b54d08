// The vitest configuration of `npm run mutation` (scripts/mutation.mjs): the project's own, with
// only its `core` project selected, as `vitest --project core` would. Stryker's vitest runner has
// no option that picks a project, and its `testFiles` option would leave the mutants in tables
// built at load time (static mutants) untested.
import { mergeConfig } from 'vitest/config'
import config from '../vite.config.ts'

export default mergeConfig(config, { test: { project: 'core' } })
