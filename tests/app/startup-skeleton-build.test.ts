// @vitest-environment node
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, createServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  fallbackPage,
  LANGUAGE_HEAD_SLOT,
  STATIC_SHELL_SLOT,
  staticShellMarkup,
} from '@/app/layouts/startup-skeleton-html'
import { FALLBACK_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES } from '@/shared/i18n/languages'
import { readShellPages, withShellCover } from '../../server/src/plugins/spa.ts'

/**
 * The static shell of index.html is StaticShell rendered by the project's Vite config (its
 * staticShell plugin), in `vite` as in the build; the build also writes every language's page and
 * landing template, which the server sends by the visitor's language cookie. Both run here with
 * the real config.
 */
const CONFIG = join(process.cwd(), 'vite.config.ts')
const source = await readFile('index.html', 'utf8')
/** The content of `<div id="root">`, the body's last element (the build moves the script up). */
const rootOf = (html: string) =>
  /<div id="root">([\s\S]*)<\/div>\s*(?:<script [^>]*><\/script>\s*)?<\/body>/.exec(html)?.[1]
const LANG = { 'en-US': 'en', 'jp-JP': 'ja' } as const

describe('the static shell in `vite`', () => {
  it('is the component rendered into index.html, in English', async () => {
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
      expect(source).toContain(LANGUAGE_HEAD_SLOT)
      expect(page).not.toContain(STATIC_SHELL_SLOT)
      expect(page).not.toContain(LANGUAGE_HEAD_SLOT)
      expect(rootOf(page)).toBe(staticShellMarkup('en-US'))
      expect(page).toContain('<html lang="en">')
      expect(page).toContain(
        '<link rel="preload" as="fetch" crossorigin href="/locales/en-US/translation.json" />',
      )
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

  it('is the component rendered into the built index.html, the English page', async () => {
    const built = await readFile(join(outDir(), 'index.html'), 'utf8')
    expect(rootOf(built)).toBe(staticShellMarkup('en-US'))
    expect(built).toMatch(/<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/)
    expect(built).not.toContain(LANGUAGE_HEAD_SLOT)
    expect(built).toContain('<html lang="en">')
    expect(built).toContain('<title>Manabi</title>')
    // Compressed beside it, as every file of the build.
    expect(existsSync(join(outDir(), 'index.html.br'))).toBe(true)
  })

  it('leaves the server every language’s page, landing and lesson page, which it reads', async () => {
    const built = await readFile(join(outDir(), 'index.html'), 'utf8')
    const shell = readShellPages(outDir())
    expect(shell.cookie).toBe(LANGUAGE_COOKIE)
    expect(shell.fallback).toBe(FALLBACK_LANGUAGE)
    expect(Object.keys(shell.pages)).toEqual([...LANGUAGES])
    expect(shell.pages[FALLBACK_LANGUAGE]?.index).toBe(built)
    const scripts = (html: string) => html.match(/<(?:script|link) [^>]*\/assets\/[^>]*>/g)
    for (const language of LANGUAGES) {
      const pages = shell.pages[language]!
      const { index } = pages
      expect(index).toContain(`<html lang="${LANG[language]}">`)
      expect(rootOf(index)).toBe(staticShellMarkup(language))
      // The same scripts and styles in every language.
      expect(scripts(index)).toEqual(scripts(built))
      for (const kind of ['landing', 'lesson'] as const) {
        const cover = '/api/lessons/3/image'
        const page = withShellCover(pages[kind], cover)
        expect(rootOf(page)).toBe(staticShellMarkup(language, { page: kind, cover }))
        // That language's index.html otherwise.
        expect(page.replace(rootOf(page)!, '')).toBe(index.replace(rootOf(index)!, ''))
      }
    }
    expect(shell.pages['jp-JP']?.index).toContain('<title>まなび</title>')
  })

  it('is the fallback page of the same build that `vite` serves, but for the scripts', async () => {
    const built = await readFile(join(outDir(), 'index.html'), 'utf8')
    const withoutAssets = (html: string) =>
      html.replace(/\s*<(?:script|link) [^>]*(?:\/assets\/|\/main\.js)[^>]*>(?:<\/script>)?/g, '')
    expect(withoutAssets(built)).toBe(
      withoutAssets(fallbackPage(source.replace('/src/main.tsx', '/main.js'))),
    )
  })
})
