import type { FastifyInstance } from 'fastify'
import { downloadFile, getResource, listResources } from '../../../contract/endpoints/resources.ts'
import type { Executor } from '../db/client.ts'
import { found, httpError } from '../lib/errors.ts'
import {
  attachmentDisposition,
  canReadFile,
  canReadMaterials,
  MATERIALS_FORBIDDEN,
  toResource,
} from '../lib/materials.ts'
import { route } from '../lib/route.ts'
import type { AuthUser } from '../plugins/auth.ts'
import { findLessonRow } from '../repositories/lessons.ts'
import { findFile, findLessonResource, listLessonResources } from '../repositories/materials.ts'

/** The lesson, if the user may read its materials: 404 when unknown, 403 otherwise. */
const readableLesson = async (db: Executor, lessonId: number, user: AuthUser) => {
  const lesson = found(await findLessonRow(db, lessonId), 'Lesson')
  if (!(await canReadMaterials(db, lesson, user))) throw httpError(403, MATERIALS_FORBIDDEN)
  return lesson
}

export const materialsRoutes = async (app: FastifyInstance, options: { appOrigin: string }) => {
  void options

  route(app, listResources, async ({ user, params }) => {
    const lesson = await readableLesson(app.db, params.id, user)
    const rows = await listLessonResources(app.db, lesson.id)
    return { status: 200, body: rows.map(toResource) }
  })

  route(app, getResource, async ({ user, params }) => {
    const lesson = await readableLesson(app.db, params.id, user)
    const row = found(await findLessonResource(app.db, lesson.id, params.resourceId), 'Resource')
    return { status: 200, body: toResource(row) }
  })

  route(app, downloadFile, async ({ reply, user, params }) => {
    const file = found(await findFile(app.db, params.fileId), 'File')
    const lesson = file.lessonId === null ? undefined : await findLessonRow(app.db, file.lessonId)
    if (!(await canReadFile(app.db, file, lesson, user))) throw httpError(403, MATERIALS_FORBIDDEN)
    const bytes = found(await app.storage.get(file.storageKey), 'File')
    return reply
      .header('Content-Type', file.mimeType)
      .header('Content-Disposition', attachmentDisposition(file.filename))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-cache')
      .send(bytes)
  })
}
