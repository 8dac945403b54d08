import type { FastifyInstance } from 'fastify'
import {
  createResource,
  deleteResource,
  downloadFile,
  getResource,
  listResources,
  renameResource,
  updateResource,
  uploadResourceFile,
} from '../../../contract/endpoints/resources.ts'
import { attachmentDisposition } from '../../../contract/files.ts'
import { MESSAGES } from '../../../contract/messages.ts'
import { route } from '../http/route.ts'
import { readUpload } from '../http/uploads.ts'
import { editableLesson } from '../services/lessons.ts'
import * as materials from '../services/materials.ts'

export const materialsRoutes = async (app: FastifyInstance, options: { appOrigin: string }) => {
  void options

  route(app, listResources, async ({ user, params }) => ({
    status: 200,
    body: await materials.lessonResources(app.db, params.id, user),
  }))

  route(app, getResource, async ({ user, params }) => ({
    status: 200,
    body: await materials.lessonResource(
      app.db,
      { lessonId: params.id, resourceId: params.resourceId },
      user,
    ),
  }))

  // Fastify's router prefers the fixed /upload over /:resourceId.
  route(app, uploadResourceFile, async ({ request, user, params }) => {
    // Refused before the upload is read.
    const lesson = await editableLesson(app.db, params.id, user)
    const upload = await readUpload(request, 'file')
    return { status: 201, body: await materials.saveMaterialFile(app, lesson, user, upload) }
  })

  route(app, createResource, async ({ user, params, body }) => ({
    status: 201,
    body: await materials.createResource(app.db, user, params.id, body),
  }))

  route(app, updateResource, async ({ request, user, params, body }) => ({
    status: 200,
    body: await materials.updateResource(
      { db: app.db, storage: app.storage, log: request.log },
      user,
      { lessonId: params.id, resourceId: params.resourceId },
      body,
    ),
  }))

  route(app, renameResource, async ({ user, params, body }) => ({
    status: 200,
    body: await materials.renameResource(
      app.db,
      user,
      { lessonId: params.id, resourceId: params.resourceId },
      body.title,
    ),
  }))

  route(app, deleteResource, async ({ request, user, params }) => {
    await materials.deleteResource({ db: app.db, storage: app.storage, log: request.log }, user, {
      lessonId: params.id,
      resourceId: params.resourceId,
    })
    return { status: 200, body: { message: MESSAGES.materials.deleted } }
  })

  route(app, downloadFile, async ({ reply, user, params }) => {
    const { file, bytes } = await materials.downloadableFile(app, params.fileId, user)
    return reply
      .header('Content-Type', file.mimeType)
      .header('Content-Disposition', attachmentDisposition(file.filename))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-cache')
      .send(bytes)
  })
}
