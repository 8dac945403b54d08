import { and, asc, eq, ne } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { files, resources } from '../db/schema.ts'
import { hasSeatInLesson, seatsHeldBy } from './student-seats.ts'

export type ResourceRow = typeof resources.$inferSelect
export type FileRow = typeof files.$inferSelect

/** Whether the user holds a seat (not cancelled) in any session of the lesson. */
export const isEnrolledInLesson = (db: Executor, userId: number, lessonId: number) =>
  hasSeatInLesson(db, lessonId, seatsHeldBy(userId))

/** A lesson's materials in the order they were added. */
export const listLessonResources = (db: Executor, lessonId: number) =>
  db.select().from(resources).where(eq(resources.lessonId, lessonId)).orderBy(asc(resources.id))

/** The material, only if it belongs to the lesson. */
export const findLessonResource = async (db: Executor, lessonId: number, resourceId: number) => {
  const [row] = await db
    .select()
    .from(resources)
    .where(and(eq(resources.id, resourceId), eq(resources.lessonId, lessonId)))
    .limit(1)
  return row
}

export const findFile = async (db: Executor, fileId: number) => {
  const [row] = await db.select().from(files).where(eq(files.id, fileId)).limit(1)
  return row
}

export type ResourceFields = Pick<
  typeof resources.$inferInsert,
  'title' | 'description' | 'type' | 'url' | 'fileId'
>

export const insertMaterialFile = async (
  db: Executor,
  file: {
    ownerId: number
    lessonId: number
    filename: string
    mimeType: string
    size: number
    storageKey: string
  },
) => {
  const [row] = await db
    .insert(files)
    .values({ ...file, kind: 'material' })
    .returning({ id: files.id })
  if (!row) throw new Error('File was not recorded')
  return row.id
}

/**
 * A material file uploaded to the lesson, locked until the transaction ends, so two writes
 * naming the same file are decided one after the other.
 */
export const lockLessonFile = async (db: Executor, fileId: number, lessonId: number) => {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.kind, 'material'), eq(files.lessonId, lessonId)))
    .limit(1)
    .for('update')
  return row
}

/** Whether a material other than `exceptId` uses the file. */
export const isFileUsed = async (db: Executor, fileId: number, exceptId: number | null) => {
  const [row] = await db
    .select({ id: resources.id })
    .from(resources)
    .where(
      and(eq(resources.fileId, fileId), exceptId === null ? undefined : ne(resources.id, exceptId)),
    )
    .limit(1)
  return row !== undefined
}

const single = <T>(rows: T[], what: string): T => {
  const [row] = rows
  if (row === undefined) throw new Error(`${what} was not written`)
  return row
}

export const insertResource = async (db: Executor, lessonId: number, fields: ResourceFields) =>
  single(
    await db
      .insert(resources)
      .values({ ...fields, lessonId })
      .returning(),
    'Resource',
  )

export const updateResourceRow = async (
  db: Executor,
  resourceId: number,
  fields: Partial<ResourceFields>,
) =>
  single(
    await db.update(resources).set(fields).where(eq(resources.id, resourceId)).returning(),
    'Resource',
  )

export const deleteResourceRow = (db: Executor, resourceId: number) =>
  db.delete(resources).where(eq(resources.id, resourceId))

/** Deletes a file's row; answers it (for its bytes in storage), undefined when already gone. */
export const deleteFileRow = async (db: Executor, fileId: number) => {
  const [row] = await db.delete(files).where(eq(files.id, fileId)).returning()
  return row
}
