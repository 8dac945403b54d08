// @vitest-environment node
import { rm, writeFile } from 'node:fs/promises'
import { ESLint } from 'eslint'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * The layering of STYLE.md is enforced by lint, not only documented: these probes put a
 * forbidden import where a developer might, and expect the lint rule to refuse it.
 */
const probes: string[] = []
afterEach(async () => {
  await Promise.all(probes.splice(0).map((file) => rm(file, { force: true })))
})

const lintProbe = async (file: string, source: string) => {
  probes.push(file)
  await writeFile(file, source)
  const [result] = await new ESLint().lintFiles([file])
  return (result?.messages ?? []).filter(
    (message) => message.ruleId === 'import-x/no-restricted-paths',
  )
}

// The first lint builds the TypeScript program of the whole project: slow on a busy machine.
describe('layer boundaries', { timeout: 60_000 }, () => {
  it('refuse a feature importing the app layer', async () => {
    const messages = await lintProbe(
      'src/features/auth/layer-probe.ts',
      "import { routes } from '@/app/router'\nexport const probe = routes\n",
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
