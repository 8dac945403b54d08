// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * One rule, one place (STYLE.md): a message both backends answer with lives in contract/, so a
 * sentence written in both the server and the mock catalogue is a copy that will drift.
 */

/** The demo data (names, lesson titles, reviews) is shared on purpose and kept in step elsewhere. */
const SEED_FILES = new Set(['server/src/db/seed.ts', 'src/mocks/db.ts'])

interface Source {
  path: string
  text: string
}

const sourcesIn = (dir: string): Source[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourcesIn(path)
    if (!/\.tsx?$/.test(entry.name) || SEED_FILES.has(path)) return []
    return [{ path, text: readFileSync(path, 'utf8') }]
  })

/** Starts with a capital letter, has a space and at least 12 characters: reads as a sentence. */
const isSentence = (text: string) => /^[A-Z]/.test(text) && text.includes(' ') && text.length >= 12

/** Every sentence-like string literal (or literal part of a template), with where it is written. */
const sentencesIn = (sources: Source[]) => {
  const found = new Map<string, string[]>()
  for (const { path, text } of sources) {
    const visit = (node: ts.Node) => {
      if (
        ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)
      ) {
        if (isSentence(node.text)) found.set(node.text, [...(found.get(node.text) ?? []), path])
      }
      node.forEachChild(visit)
    }
    visit(ts.createSourceFile(path, text, ts.ScriptTarget.Latest))
  }
  return found
}

/** The sentences both sides write, each with the files that write it. */
const writtenTwice = (server: Source[], mocks: Source[]) => {
  const inServer = sentencesIn(server)
  const inMocks = sentencesIn(mocks)
  return [...inServer.keys()]
    .filter((text) => inMocks.has(text))
    .map((text) => `${text} (${[...inServer.get(text)!, ...inMocks.get(text)!].join(', ')})`)
}

describe('one rule, one place', () => {
  it('spots a sentence written on both sides, and only sentences', () => {
    const server = [
      "throw conflict('Lesson is full today')",
      "// 'Invalid email or password' in a comment is no copy",
      "const header = 'Content-Type'",
      'const message = `Route ${method} not found`',
    ]
    const mock = [
      'fail(409, "Lesson is full today")',
      "fail(401, 'Invalid email or password')",
      "headers['Content-Type'] = json",
      'const message = `Route ${method} not found`',
    ]
    expect(
      writtenTwice(
        [{ path: 'server.ts', text: server.join('\n') }],
        [{ path: 'mock.ts', text: mock.join('\n') }],
      ),
    ).toEqual(['Lesson is full today (server.ts, mock.ts)'])
  })

  it('finds no sentence written in both the server and the mock catalogue', () => {
    expect(
      writtenTwice(sourcesIn('server/src'), sourcesIn('src/mocks')),
      'move these to contract/messages.ts',
    ).toEqual([])
  })
})
