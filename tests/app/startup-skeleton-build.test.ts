// @vitest-environment node
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, createServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  landingTemplate,
  STATIC_SHELL_SLOT,
  staticShellMarkup,
} from '@/app/layouts/startup-skeleton-html'
import { LANDING_TEMPLATE_FILE } from '../../server/src/http/build-output.ts'
import { readLandingTemplate, withShellCover } from '../../server/src/plugins/spa.ts'

/**
 * The static shell of index.html is StaticShell rendered by the project's Vite config (its
 * staticShell plugin), in `vite` as in the build; the build also writes the landing template the
 * server fills with the first cover. Both run here with the real config.
 */
const CONFIG = join(process.cwd(), 'vite.config.ts')
const source = await readFile('index.html', 'utf8')
/** The content of `<div id="root">`, the body's last element (the build moves the script up). */
const rootOf = (html: string) =>
  /<div id="root">([\s\S]*)<\/div>\s*(?:<script [^>]*><\/script>\s*)?<\/body>/.exec(html)?.[1]

describe('the static shell in `vite`', () => {
  it('is the component rendered into index.html', async () => {
    const server = await createServer({
      configFile: CONFIG,
      logLevel: 'silent',
      server: { middlewareMode: true, hmr: false, ws: false, watch: null },
      appType: 'custom',
      optimizeDeps: { noDiscovery: true, include: [] },
    })
    try {
      const page = await server.transformIndexHtml('/', source)
      expect(source).toContain(STATIC_SHELL_SLOT)
      expect(page).not.toContain(STATIC_SHELL_SLOT)
      expect(rootOf(page)).toBe(staticShellMarkup())
    } finally {
      await server.close()
    }
  })
})

describe('the static shell in the build', () => {
  let root = ''
  const outDir = () => join(root, 'dist')
  beforeAll(async () => {
    // The app's index.html with a script of a few bytes: the shell is the build's HTML work.
    root = await mkdtemp(join(tmpdir(), 'manabi-shell-build-'))
    await writeFile(join(root, 'index.html'), source.replace('/src/main.tsx', '/main.js'))
    await writeFile(join(root, 'main.js'), "document.title = 'Manabi'\n")
    await build({
      configFile: CONFIG,
      root,
      logLevel: 'silent',
      build: { outDir: outDir(), sourcemap: false },
    })
  })
  afterAll(async () => {
    await rm(root, { recursive: true, force: true })
  })

  it('is the component rendered into the built index.html', async () => {
    const built = await readFile(join(outDir(), 'index.html'), 'utf8')
    expect(rootOf(built)).toBe(staticShellMarkup())
    expect(built).toMatch(/<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/)
  })

  it('leaves the server the landing page with a place for the first cover, which it reads', async () => {
    const built = await readFile(join(outDir(), 'index.html'), 'utf8')
    const written: unknown = JSON.parse(
      await readFile(join(outDir(), LANDING_TEMPLATE_FILE), 'utf8'),
    )
    expect(written).toEqual(landingTemplate(built))
    const template = readLandingTemplate(outDir())
    const page = withShellCover(template, '/api/lessons/3/image')
    expect(rootOf(page)).toBe(staticShellMarkup('/api/lessons/3/image'))
    // The built index.html otherwise, its scripts included.
    expect(page.replace(rootOf(page)!, '')).toBe(built.replace(rootOf(built)!, ''))
  })
})
