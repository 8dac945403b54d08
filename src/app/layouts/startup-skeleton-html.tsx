import { renderToStaticMarkup } from 'react-dom/server'
import { StaticShell } from './startup-skeleton'

/**
 * The static shell as HTML, for the build (vite.config.ts loads this module in Node and never
 * ships it): index.html's #root is StaticShell rendered here, so the page before any script and
 * the skeleton React shows while it starts are one component, not copies kept alike.
 */

/** Where index.html asks for the static shell: the build puts it in place of this comment. */
export const STATIC_SHELL_SLOT = '<!--static-shell-->'

/**
 * What stands for the first cover's URL in the landing page the build leaves for the server
 * (server/src/plugins/spa.ts), which puts the guest landing's first lesson cover there. Characters
 * that HTML and URLs keep as they are, so it reaches the page unchanged.
 */
export const SHELL_COVER_PLACEHOLDER = '__static-shell-cover__'

/**
 * React writes a preload `<link>` ahead of the markup for an image it renders, meant for a
 * document's head; the shell is no document, and the server names its cover in a `Link` header.
 */
const HOISTED_LINKS = /^(?:<link [^>]*\/>)+/

/** The static shell's markup; `cover`, when given, in its first card. */
export const staticShellMarkup = (cover?: string) =>
  renderToStaticMarkup(<StaticShell cover={cover ?? null} />).replace(HOISTED_LINKS, '')

const occurrences = (text: string, part: string) => text.split(part).length - 1

/** Fails the build, naming what it expected, rather than shipping a page without its shell. */
const expectOnce = (text: string, part: string, what: string) => {
  const count = occurrences(text, part)
  if (count !== 1) throw new Error(`${what}: expected once, found ${count} times`)
}

/** index.html with the static shell in its #root, where STATIC_SHELL_SLOT stands. */
export const withStaticShell = (indexHtml: string) => {
  expectOnce(indexHtml, STATIC_SHELL_SLOT, `index.html's ${STATIC_SHELL_SLOT} (its #root)`)
  return indexHtml.replace(STATIC_SHELL_SLOT, () => staticShellMarkup())
}

/**
 * The landing page the server fills in for a guest: the built index.html (its scripts and styles
 * included) whose static shell shows a cover in its first card, at `cover`, the placeholder the
 * server replaces with the URL. Written by the build beside its manifest (vite.config.ts); the
 * server reads it as server/src/http/build-output.ts's LandingTemplate.
 */
export interface LandingTemplate {
  page: string
  cover: string
}

/** The landing template of `builtHtml`; fails the build when its static shell is not there once. */
export const landingTemplate = (builtHtml: string): LandingTemplate => {
  const shell = staticShellMarkup()
  expectOnce(builtHtml, shell, 'The static shell in the built index.html')
  const page = builtHtml.replace(shell, () => staticShellMarkup(SHELL_COVER_PLACEHOLDER))
  expectOnce(page, SHELL_COVER_PLACEHOLDER, "The cover's placeholder in the landing page")
  return { page, cover: SHELL_COVER_PLACEHOLDER }
}
