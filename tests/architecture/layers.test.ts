// @vitest-environment node
import { relative } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The layering of STYLE.md is enforced by lint, not only documented: these probes put a
 * forbidden import where a developer might, and expect the lint rule to refuse it. A probe is
 * linted as text under a path of its own that no file has: nothing is written into the tree,
 * which others may be building or linting meanwhile.
 */

/**
 * The project's own config, running only the boundary rule: it needs no type information, so the
 * probes skip building the TypeScript program of the whole project.
 */
const boundaryLinter = new ESLint({
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
})

const boundaryMessagesOf = (results: ESLint.LintResult[]) =>
  (results[0]?.messages ?? []).filter(
    (message) => message.ruleId === 'import-x/no-restricted-paths',
  )

/** What the boundary rule says of a file of the project, as it is. */
const boundaryMessages = async (file: string) =>
  boundaryMessagesOf(await boundaryLinter.lintFiles([file]))

/** What the boundary rule says of `source` were it the file at `file`. */
const lintProbe = async (file: string, source: string) =>
  boundaryMessagesOf(await boundaryLinter.lintText(source, { filePath: file }))

describe('layer boundaries', { timeout: 60_000 }, () => {
  it('refuse a feature importing the app layer', async () => {
    const messages = await lintProbe(
      'src/features/auth/layer-probe.ts',
      "import { createRoutes } from '@/app/router'\nexport const probe = createRoutes\n",
    )
    expect(messages.map((message) => message.message)).toEqual([
      expect.stringContaining('features must not import app'),
    ])
  })

  it('refuse a feature importing another feature', async () => {
    const messages = await lintProbe(
      'src/features/auth/layer-probe.ts',
      "import { lessonKeys } from '@/features/lessons/api/keys'\nexport const probe = lessonKeys\n",
    )
    expect(messages.map((message) => message.message)).toEqual([
      expect.stringContaining('Features never import each other'),
    ])
  })

  it('refuse shared importing a feature', async () => {
    const messages = await lintProbe(
      'src/shared/lib/layer-probe.ts',
      "import { useLogin } from '@/features/auth/api/login'\nexport const probe = useLogin\n",
    )
    expect(messages.map((message) => message.message)).toEqual([
      expect.stringContaining('shared must not import features'),
    ])
  })

  it('allow a feature importing shared and its own files', async () => {
    const messages = await lintProbe(
      'src/features/auth/layer-probe.ts',
      "import { paths } from '@/shared/config/paths'\nimport { useLogin } from './api/login'\nexport const probe = [paths, useLogin]\n",
    )
    expect(messages).toEqual([])
  })
})

const SERVER = 'server/src'

// The first probe under server/ makes the linter build the server's TypeScript program.
describe('server and contract boundaries', { timeout: 60_000 }, () => {
  it.each([
    ['a service', '../services/catalogue.ts', 'lessonById'],
    ['a serializer', '../serializers/lessons.ts', 'toLesson'],
    ['a route', '../routes/lessons.ts', 'lessonsRoutes'],
    ['HTTP glue', '../http/route.ts', 'route'],
    ['a plugin', '../plugins/auth.ts', 'SESSION_COOKIE'],
  ])('refuse a repository importing %s', async (_what, path, name) => {
    const messages = await lintProbe(
      `${SERVER}/repositories/zone-probe.ts`,
      `import { ${name} } from '${path}'\nexport const probe = ${name}\n`,
    )
    expect(messages.map((message) => message.message)).toEqual([
      expect.stringContaining('Repositories import no service'),
    ])
  })

  it.each([
    ['a route', '../routes/lessons.ts', 'lessonsRoutes'],
    ['HTTP glue', '../http/uploads.ts', 'readUpload'],
    ['a plugin', '../plugins/auth.ts', 'SESSION_COOKIE'],
  ])('refuse a service importing %s', async (_what, path, name) => {
    const messages = await lintProbe(
      `${SERVER}/services/zone-probe.ts`,
      `import { ${name} } from '${path}'\nexport const probe = ${name}\n`,
    )
    expect(messages.map((message) => message.message)).toEqual([
      expect.stringContaining('Services import no route'),
    ])
  })

  it('refuse a serializer importing a service', async () => {
    const messages = await lintProbe(
      `${SERVER}/serializers/zone-probe.ts`,
      "import { lessonById } from '../services/catalogue.ts'\nexport const probe = lessonById\n",
    )
    expect(messages.map((message) => message.message)).toEqual([
      expect.stringContaining('Serializers only shape records'),
    ])
  })

  it('refuse the domain importing a repository', async () => {
    const messages = await lintProbe(
      `${SERVER}/domain/zone-probe.ts`,
      "import { findLessonRow } from '../repositories/lessons.ts'\nexport const probe = findLessonRow\n",
    )
    expect(messages.map((message) => message.message)).toEqual([
      expect.stringContaining('Domain errors depend on nothing else'),
    ])
  })

  it('refuse the server importing src/', async () => {
    const messages = await lintProbe(
      `${SERVER}/zone-probe.ts`,
      "import { db } from '../../src/mocks/db.ts'\nexport const probe = db\n",
    )
    expect(messages.map((message) => message.message)).toEqual([
      expect.stringContaining('The server never imports src/'),
    ])
  })

  it('refuse src/ importing the server', async () => {
    const messages = await lintProbe(
      'src/mocks/zone-probe.ts',
      "import { PG } from '../../server/src/db/errors.ts'\nexport const probe = PG\n",
    )
    expect(messages.map((message) => message.message)).toEqual([
      expect.stringContaining('src/ never imports the server'),
    ])
  })

  it.each([
    ['the server', '../server/src/db/errors.ts', 'PG'],
    ['src/', '../src/shared/config/env.ts', 'env'],
  ])('refuse the contract importing %s', async (_what, path, name) => {
    const messages = await lintProbe(
      'contract/zone-probe.ts',
      `import { ${name} } from '${path}'\nexport const probe = ${name}\n`,
    )
    expect(messages.map((message) => message.message)).toEqual([
      expect.stringContaining('contract/ is shared and depends on nothing'),
    ])
  })

  it('allow a service importing repositories, serializers, domain errors and the contract', async () => {
    const messages = await lintProbe(
      `${SERVER}/services/zone-probe.ts`,
      [
        "import { MESSAGES } from '../../../contract/messages.ts'",
        "import { found } from '../domain/errors.ts'",
        "import { findLessonRow } from '../repositories/lessons.ts'",
        "import { toLesson } from '../serializers/lessons.ts'",
        'export const probe = [MESSAGES, found, findLessonRow, toLesson]',
        '',
      ].join('\n'),
    )
    expect(messages).toEqual([])
  })

  it('refuse HTTP glue importing a plugin', async () => {
    const messages = await lintProbe(
      `${SERVER}/http/zone-probe.ts`,
      "import { SESSION_COOKIE } from '../plugins/auth.ts'\nexport const probe = SESSION_COOKIE\n",
    )
    expect(messages.map((message) => message.message)).toEqual([
      expect.stringContaining('HTTP glue imports no plugin'),
    ])
  })

  it('refuse a route sending jobs itself, and the job engine reaching up to a service', async () => {
    const route = await lintProbe(
      `${SERVER}/routes/zone-probe.ts`,
      "import { jobId } from '../jobs/queues.ts'\nexport const probe = jobId\n",
    )
    expect(route.map((message) => message.message)).toEqual([
      expect.stringContaining('Routes send no jobs'),
    ])
    const engine = await lintProbe(
      `${SERVER}/jobs/zone-probe.ts`,
      "import { housekeeping } from '../services/housekeeping.ts'\nexport const probe = housekeeping\n",
    )
    expect(engine.map((message) => message.message)).toEqual([
      expect.stringContaining('The job engine knows no service'),
    ])
  })

  it.each([
    ['a plugin', `${SERVER}/plugins/zone-probe.ts`, '../db/schema.ts'],
    ['a service', `${SERVER}/services/zone-probe.ts`, '../db/schema.ts'],
    ['a route', `${SERVER}/routes/zone-probe.ts`, '../db/schema.ts'],
    ['HTTP glue', `${SERVER}/http/zone-probe.ts`, '../db/schema.ts'],
    ['the byte store', `${SERVER}/storage/zone-probe.ts`, '../db/schema.ts'],
    ['the payment provider', `${SERVER}/payments/zone-probe.ts`, '../db/schema.ts'],
    ['the server root', `${SERVER}/zone-probe.ts`, './db/schema.ts'],
  ])('refuse %s importing the tables', async (_what, file, path) => {
    const messages = await lintProbe(
      file,
      `import { outbox } from '${path}'\nexport const probe = outbox\n`,
    )
    expect(messages.map((message) => message.message)).toEqual([
      expect.stringContaining('Only repositories read and write tables'),
    ])
  })

  it.each([
    ['a repository', `${SERVER}/repositories/zone-probe.ts`, '../db/schema.ts'],
    ['the database code', `${SERVER}/db/zone-probe.ts`, './schema.ts'],
  ])('allow %s importing the tables', async (_what, file, path) => {
    const messages = await lintProbe(
      file,
      `import { outbox } from '${path}'\nexport const probe = outbox\n`,
    )
    expect(messages).toEqual([])
  })

  it('find no file of server/src crossing a boundary', async () => {
    const results = await boundaryLinter.lintFiles(['server/src'])
    const crossings = results.flatMap((result) =>
      boundaryMessagesOf([result]).map(
        (message) => `${relative(process.cwd(), result.filePath)}: ${message.message}`,
      ),
    )
    expect(crossings).toEqual([])
  })
})

/**
 * The demo world (demo/) is data that the server's seed and the mock catalogue adapt, not part of
 * the API contract: the seed, the mocks, benches and tests use it; the SPA, the rest of the server
 * and the contract never do, and it uses nothing of src/ or the server.
 */
describe('demo world boundaries', { timeout: 60_000 }, () => {
  it.each([
    ['the app layer', 'src/app/zone-probe.ts', '../../demo/world.ts'],
    ['a feature', 'src/features/lessons/zone-probe.ts', '@demo/world'],
    ['shared', 'src/shared/zone-probe.ts', '../../demo/world.ts'],
    ['a service', `${SERVER}/services/zone-probe.ts`, '../../../demo/world.ts'],
    ['a route', `${SERVER}/routes/zone-probe.ts`, '../../../demo/world.ts'],
    ['the server outside its seed', `${SERVER}/db/zone-probe.ts`, '../../../demo/world.ts'],
    ['the server root', `${SERVER}/zone-probe.ts`, '../../demo/world.ts'],
  ])('refuse %s importing the demo world', async (_what, file, path) => {
    const messages = await lintProbe(
      file,
      `import { DEMO_PASSWORD } from '${path}'\nexport const probe = DEMO_PASSWORD\n`,
    )
    expect(messages.map((message) => message.message)).toEqual([
      expect.stringContaining(
        'The demo world is for the server seed, the mocks, benches and tests',
      ),
    ])
  })

  it('refuse the contract importing the demo world', async () => {
    const messages = await lintProbe(
      'contract/zone-probe.ts',
      "import { DEMO_PASSWORD } from '../demo/world.ts'\nexport const probe = DEMO_PASSWORD\n",
    )
    expect(messages.map((message) => message.message)).toEqual([
      expect.stringContaining('contract/ is the API contract'),
    ])
  })

  it.each([
    ['the server', '../server/src/db/errors.ts', 'PG'],
    ['src/', '../src/shared/config/env.ts', 'env'],
  ])('refuse the demo world importing %s', async (_what, path, name) => {
    const messages = await lintProbe(
      'demo/zone-probe.ts',
      `import { ${name} } from '${path}'\nexport const probe = ${name}\n`,
    )
    expect(messages.map((message) => message.message)).toEqual([
      expect.stringContaining('demo/ is storage-neutral data'),
    ])
  })

  it('allow the demo world importing the contract', async () => {
    const messages = await lintProbe(
      'demo/zone-probe.ts',
      "import { sessionPriceInCents } from '../contract/rules.ts'\nexport const probe = sessionPriceInCents\n",
    )
    expect(messages).toEqual([])
  })

  it.each([
    ['server/src/db/seed.ts'],
    ['src/mocks/db.ts'],
    ['scripts/bench/world.ts'],
    ['server/tests/demo-covers.test.ts'],
    ['tests/mocks/lessons.test.ts'],
    ['e2e/support.ts'],
  ])('allow %s, which uses the demo world, to import it', async (file) => {
    expect(await boundaryMessages(file)).toEqual([])
  })
})
