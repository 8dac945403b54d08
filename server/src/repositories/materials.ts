import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { enrollments, files, lessonSessions, resources } from '../db/schema.ts'

export type ResourceRow = typeof resources.$inferSelect
export type FileRow = typeof files.$inferSelect

/** Whether the user holds a seat (not cancelled) in any session of the lesson. */
export const isEnrolledInLesson = async (db: Executor, userId: number, lessonId: number) => {
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .innerJoin(lessonSessions, eq(lessonSessions.id, enrollments.sessionId))
    .where(
      and(
        eq(lessonSessions.lessonId, lessonId),
        eq(enrollments.userId, userId),
        isNull(enrollments.cancelledAt),
      ),
    )
    .limit(1)
  return row !== undefined
}

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
