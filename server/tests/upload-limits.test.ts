import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { beforeAll, describe, expect, it } from 'vitest'
import * as lessons from '../../contract/descriptors/lessons.ts'
import * as resources from '../../contract/descriptors/resources.ts'
import { MESSAGES } from '../../contract/messages.ts'
import { UPLOAD_LIMIT_BYTES } from '../../contract/rules.ts'
import { API_PREFIX } from '../src/app.ts'
import { files } from '../src/db/schema.ts'
import { uploadsDir } from '../src/storage/files.ts'
import { createCast, createLesson, PNG_BYTES, userOf } from './catalogue-fixtures.ts'
import { APP_ORIGIN, setupTestApp, urlOf } from './helpers.ts'

/**
 * Exactly 10 MB is stored whole; one byte more is a 413 with §5's words and leaves nothing behind
 * (no row, no file), whatever the way the bytes arrive. The case that matters: the byte past the
 * limit arriving on its own once exactly 10 MB came in, which the multipart plugin marks on the
 * stream (`truncated`) only after the last piece was read. Browsers send a file in 64 KiB pieces,
 * so a file of 10 MB and one byte ends with a piece of one byte.
 */
const context = setupTestApp()

const FILL = 0x61
const PIECE = 64 * 1024

type Kind = 'cover' | 'material'

/** A file of `size` bytes the endpoint accepts by its content: a PNG cover, a text material. */
const contentOf = (kind: Kind, size: number) => {
  const bytes = Buffer.alloc(size, FILL)
  if (kind === 'cover') PNG_BYTES.copy(bytes)
  return bytes
}

interface Target {
  kind: Kind
  url: string
  field: string
  filename: string
  cookie: string
}

/** The endpoint of each kind, as its educator calls it. */
const targets = async (): Promise<Target[]> => {
  const cast = await createCast(context.db)
  const lesson = await createLesson(context.db, userOf(cast.owner))
  const cookie = cast.owner.cookie
  if (!cookie) throw new Error('The owner of the cast has no session')
  return [
    {
      kind: 'cover',
      url: `${API_PREFIX}${urlOf(lessons.uploadLessonImage)}`,
      field: 'image',
      filename: 'cover.png',
      cookie,
    },
    {
      kind: 'material',
      url: `${API_PREFIX}${urlOf(resources.uploadResourceFile, { params: { id: lesson.id } })}`,
      field: 'file',
      filename: 'notes.txt',
      cookie,
    },
  ]
}

/**
 * The multipart body of one file as pieces, the way a browser streams it: the part's head, the
 * file in 64 KiB pieces (the last one what is left over, one byte for 10 MB and one), the end.
 */
const multipartPieces = (target: Target, content: Buffer) => {
  const boundary = `----manabi${Math.random().toString(16).slice(2)}`
  const pieces: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\n` +
        `Content-Disposition: form-data; name="${target.field}"; filename="${target.filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
  ]
  for (let start = 0; start < content.length; start += PIECE) {
    pieces.push(content.subarray(start, start + PIECE))
  }
  pieces.push(Buffer.from(`\r\n--${boundary}--\r\n`))
  return { pieces, contentType: `multipart/form-data; boundary=${boundary}` }
}

/** What the uploads left: the rows of files and the files in storage. */
const stored = async () => ({
  rows: await context.db.select().from(files),
  onDisk: await readdir(uploadsDir(context.dataDir)).catch((): string[] => []),
})

/** The one file stored since `before`: its row's size and the bytes on disk. */
const newlyStored = async (before: Awaited<ReturnType<typeof stored>>) => {
  const after = await stored()
  const rows = after.rows.filter((row) => !before.rows.some((old) => old.id === row.id))
  const names = after.onDisk.filter((name) => !before.onDisk.includes(name))
  expect(rows).toHaveLength(1)
  expect(names).toHaveLength(1)
  return {
    size: rows[0]!.size,
    bytes: await readFile(join(uploadsDir(context.dataDir), names[0]!)),
  }
}

describe('the 10 MB limit, with the body streamed in pieces', () => {
  /**
   * The body through `inject` as a stream that waits a turn of the event loop between pieces, so
   * the server has read each piece before the next comes: the byte past the limit arrives alone.
   */
  const injectInPieces = async (target: Target, content: Buffer) => {
    const { pieces, contentType } = multipartPieces(target, content)
    const body = Readable.from(
      (async function* () {
        for (const piece of pieces) {
          await new Promise((resolve) => setImmediate(resolve))
          yield piece
        }
      })(),
    )
    return context.app.inject({
      method: 'POST',
      url: target.url,
      headers: { origin: APP_ORIGIN, cookie: target.cookie, 'content-type': contentType },
      payload: body,
    })
  }

  it.each(['cover', 'material'] as const)(
    'refuses a %s of 10 MB and one byte with 413 and stores nothing',
    async (kind) => {
      const target = (await targets()).find((each) => each.kind === kind)!
      const before = await stored()
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await injectInPieces(target, contentOf(kind, UPLOAD_LIMIT_BYTES + 1))
        expect(response.statusCode, `attempt ${attempt}`).toBe(413)
        expect(response.json()).toEqual({
          statusCode: 413,
          error: 'Payload Too Large',
          message: MESSAGES.uploads.tooLarge.text,
          code: 'uploads.tooLarge',
          requestId: expect.any(String) as string,
        })
        expect(await stored()).toEqual(before)
      }
    },
  )

  it.each(['cover', 'material'] as const)('stores a %s of exactly 10 MB whole', async (kind) => {
    const target = (await targets()).find((each) => each.kind === kind)!
    const before = await stored()
    const content = contentOf(kind, UPLOAD_LIMIT_BYTES)
    const response = await injectInPieces(target, content)
    expect(response.statusCode).toBe(201)
    const file = await newlyStored(before)
    expect(file.size).toBe(UPLOAD_LIMIT_BYTES)
    expect(file.bytes.equals(content)).toBe(true)
  })
})

describe('the 10 MB limit over a real socket', () => {
  let origin: string
  beforeAll(async () => {
    origin = await context.app.listen({ host: '127.0.0.1', port: 0 })
  })

  /** The body streamed to the listening server piece by piece, as a browser's fetch sends it. */
  const send = async (target: Target, content: Buffer) => {
    const { pieces, contentType } = multipartPieces(target, content)
    let next = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const piece = pieces[next]
        next += 1
        if (piece) controller.enqueue(new Uint8Array(piece))
        else controller.close()
      },
    })
    const response = await fetch(`${origin}${target.url}`, {
      method: 'POST',
      headers: { origin: APP_ORIGIN, cookie: target.cookie, 'content-type': contentType },
      body,
      duplex: 'half',
    } as RequestInit)
    return { status: response.status, body: (await response.json()) as unknown }
  }

  it('refuses 10 MB and one byte ten times in a row on each endpoint, storing nothing', async () => {
    const all = await targets()
    const before = await stored()
    const answers: Record<Kind, number[]> = { cover: [], material: [] }
    for (const target of all) {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const answer = await send(target, contentOf(target.kind, UPLOAD_LIMIT_BYTES + 1))
        answers[target.kind].push(answer.status)
        if (answer.status === 413) {
          expect(answer.body).toMatchObject({
            statusCode: 413,
            message: MESSAGES.uploads.tooLarge.text,
          })
        }
      }
    }
    expect(answers).toEqual({ cover: Array(10).fill(413), material: Array(10).fill(413) })
    expect(await stored()).toEqual(before)
  })

  it('stores exactly 10 MB whole on each endpoint', async () => {
    for (const target of await targets()) {
      const before = await stored()
      const content = contentOf(target.kind, UPLOAD_LIMIT_BYTES)
      const answer = await send(target, content)
      expect(answer.status, target.kind).toBe(201)
      const file = await newlyStored(before)
      expect(file.size).toBe(UPLOAD_LIMIT_BYTES)
      expect(file.bytes.equals(content)).toBe(true)
    }
  })
})

describe('an empty file', () => {
  it.each(['cover', 'material'] as const)(
    'is a %s refused with 400, nothing stored',
    async (kind) => {
      const target = (await targets()).find((each) => each.kind === kind)!
      const before = await stored()
      const { pieces, contentType } = multipartPieces(target, Buffer.alloc(0))
      const response = await context.app.inject({
        method: 'POST',
        url: target.url,
        headers: { origin: APP_ORIGIN, cookie: target.cookie, 'content-type': contentType },
        payload: Buffer.concat(pieces),
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: [MESSAGES.uploads.empty.text],
        code: 'uploads.empty',
        problems: [{ code: 'uploads.empty' }],
        requestId: expect.any(String) as string,
      })
      expect(await stored()).toEqual(before)
    },
  )
})
