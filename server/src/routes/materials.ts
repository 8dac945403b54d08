import type { FastifyInstance } from 'fastify'
import * as endpoints from '../../../contract/endpoints/resources.ts'
import { attachmentDisposition } from '../../../contract/files.ts'
import { MESSAGES, messageFields } from '../../../contract/messages.ts'
import { route } from '../http/route.ts'
import { readUpload } from '../http/uploads.ts'
import * as materials from '../services/materials.ts'

/** The material a path names: the lesson (`:id`) and the material of it (`:resourceId`). */
const materialIds = (params: { id: number; resourceId: number }) => ({
  lessonId: params.id,
  resourceId: params.resourceId,
})

export const materialsRoutes = async (app: FastifyInstance) => {
  route(app, endpoints.listResources, async ({ deps, user, params }) => ({
    status: 200,
    body: await materials.lessonResources(deps, params.id, user),
  }))

  route(app, endpoints.getResource, async ({ deps, user, params }) => ({
    status: 200,
    body: await materials.lessonResource(deps, materialIds(params), user),
  }))

  // Fastify's router prefers the fixed /upload over /:resourceId.
  route(app, endpoints.uploadResourceFile, async ({ deps, request, user, params }) => ({
    status: 201,
    // The lesson is checked before the upload is read.
    body: await materials.saveMaterialFile(deps, params.id, user, () =>
      readUpload(request, 'file'),
    ),
  }))

  route(app, endpoints.createResource, async ({ deps, user, params, body }) => ({
    status: 201,
    body: await materials.createResource(deps, user, params.id, body),
  }))

  route(app, endpoints.updateResource, async ({ deps, user, params, body }) => ({
    status: 200,
    body: await materials.updateResource(deps, user, materialIds(params), body),
  }))

  route(app, endpoints.renameResource, async ({ deps, user, params, body }) => ({
    status: 200,
    body: await materials.renameResource(deps, user, materialIds(params), body.title),
  }))

  route(app, endpoints.deleteResource, async ({ deps, user, params }) => {
    await materials.deleteResource(deps, user, materialIds(params))
    return { status: 200, body: messageFields(MESSAGES.materials.deleted) }
  })

  route(app, endpoints.downloadFile, async ({ deps, reply, user, params }) => {
    const { file, bytes } = await materials.downloadableFile(deps, params.fileId, user)
    return reply
      .header('Content-Type', file.mimeType)
      .header('Content-Disposition', attachmentDisposition(file.filename))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-cache')
      .send(bytes)
  })
}
