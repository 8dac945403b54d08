import type { FastifyInstance } from 'fastify'
import { buildPath } from '../../contract/descriptor.ts'
import * as resources from '../../contract/descriptors/resources.ts'
import type { Database } from '../src/db/client.ts'
import { files, resources as resourceRows } from '../src/db/schema.ts'

/** Materials and uploaded files written straight into the database and the storage. */

type FileRow = typeof files.$inferSelect
type ResourceRow = typeof resourceRows.$inferSelect

const single = <T>(rows: T[]): T => {
  const [row] = rows
  if (row === undefined) throw new Error('Row was not created')
  return row
}

let counter = 0

/** A link material of the lesson. */
export const createLinkResource = async (
  db: Database,
  lesson: { id: number },
  overrides: Partial<typeof resourceRows.$inferInsert> = {},
): Promise<ResourceRow> => {
  counter += 1
  return single(
    await db
      .insert(resourceRows)
      .values({
        lessonId: lesson.id,
        title: `Link ${counter}`,
        type: 'link',
        url: `https://example.com/${counter}`,
        description: 'A useful page',
        ...overrides,
      })
      .returning(),
  )
}

/**
 * A file uploaded by the lesson's owner: the row, and its bytes in storage unless `stored` is
 * false (a row whose bytes went missing).
 */
export const createMaterialFile = async (
  app: FastifyInstance,
  db: Database,
  lesson: { id: number; ownerId: number } | null,
  options: {
    ownerId?: number
    filename?: string
    mimeType?: string
    bytes?: Buffer
    kind?: 'image' | 'material'
    stored?: boolean
  } = {},
): Promise<FileRow & { bytes: Buffer }> => {
  counter += 1
  const bytes = options.bytes ?? Buffer.from(`%PDF-1.4 notes ${counter}\n%%EOF\n`)
  const storageKey = `test-material-${counter}-${Date.now()}`
  if (options.stored !== false) await app.storage.put(storageKey, bytes)
  const ownerId = options.ownerId ?? lesson?.ownerId
  if (ownerId === undefined) throw new Error('A file needs an owner')
  const row = single(
    await db
      .insert(files)
      .values({
        ownerId,
        kind: options.kind ?? 'material',
        lessonId: lesson?.id ?? null,
        filename: options.filename ?? `notes-${counter}.pdf`,
        mimeType: options.mimeType ?? 'application/pdf',
        size: bytes.length,
        storageKey,
      })
      .returning(),
  )
  return { ...row, bytes }
}

/** A document material backed by the file, its url the one the upload call returned. */
export const createFileResource = async (
  db: Database,
  lesson: { id: number },
  file: { id: number },
  overrides: Partial<typeof resourceRows.$inferInsert> = {},
): Promise<ResourceRow> =>
  single(
    await db
      .insert(resourceRows)
      .values({
        lessonId: lesson.id,
        title: 'Lesson notes',
        type: 'document',
        url: buildPath(resources.downloadFile.path, { fileId: file.id }),
        description: '',
        fileId: file.id,
        ...overrides,
      })
      .returning(),
  )
