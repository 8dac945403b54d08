import type { FastifyInstance } from 'fastify'
import { downloadFile, getResource, listResources } from '../../../contract/endpoints/resources.ts'
import { attachmentDisposition } from '../../../contract/files.ts'
import { route } from '../http/route.ts'
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
