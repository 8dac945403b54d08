import type { FastifyInstance } from 'fastify'
import * as endpoints from '../../../contract/endpoints/lessons.ts'
import { PAGE_SIZE } from '../../../contract/rules.ts'
import { route } from '../http/route.ts'
import { acceptsWebp, coverRenditions, WEBP } from '../services/cover-renditions.ts'
import { readUpload } from '../http/uploads.ts'
import { cataloguePage, lessonById } from '../services/catalogue.ts'
import * as lessons from '../services/lessons.ts'

// Fastify's router prefers the fixed paths (/lessons/my, /history, /upcoming, /upload-image)
// over /lessons/:id whatever the order of registration.
export const lessonsRoutes = async (app: FastifyInstance) => {
  // Signed-in reads of the catalogue: kept by the user's browser only, revalidated (ETag).
  const revalidated = { revalidate: 'private' } as const

  route(
    app,
    endpoints.listLessons,
    async ({ deps, query }) => ({
      status: 200,
      body: await cataloguePage(deps, query, PAGE_SIZE.default),
    }),
    revalidated,
  )

  route(app, endpoints.myLessons, async ({ deps, user, query }) => ({
    status: 200,
    body: await lessons.ownLessonsPage(deps, user.id, query),
  }))

  route(app, endpoints.lessonHistory, async ({ deps, user, query }) => ({
    status: 200,
    body: await lessons.historyPage(deps, user, query),
  }))

  route(app, endpoints.upcomingLessons, async ({ deps, user, query }) => ({
    status: 200,
    body: await lessons.upcomingPage(deps, user, query),
  }))

  route(app, endpoints.waitlistLessons, async ({ deps, user, query }) => ({
    status: 200,
    body: await lessons.waitlistPage(deps, user, query),
  }))

  // An educator awaiting approval is refused (declared access) before the upload is read.
  route(app, endpoints.uploadLessonImage, async ({ deps, request, user }) => {
    const upload = await readUpload(request, 'image')
    return { status: 201, body: { id: await lessons.saveLessonImage(deps, user.id, upload) } }
  })

  route(app, endpoints.createLesson, async ({ deps, user, body }) => ({
    status: 201,
    body: await lessons.createLesson(deps, user, body),
  }))

  route(
    app,
    endpoints.getLesson,
    // A draft only for its owner and the admins (§4).
    async ({ deps, params, user }) => ({
      status: 200,
      body: await lessonById(deps, params.id, user),
    }),
    revalidated,
  )

  route(app, endpoints.updateLesson, async ({ deps, user, params, body }) => ({
    status: 200,
    body: await lessons.updateLesson(deps, user, params.id, body),
  }))

  // A browser that shows WebP gets the cover at the cards' size in it; others the upload.
  const renditions = coverRenditions()
  route(app, endpoints.lessonImage, async ({ deps, request, reply, params, user }) => {
    const { image, bytes, listed } = await lessons.lessonCover(deps, params.id, user)
    const rendition = acceptsWebp(request.headers.accept) ? await renditions(image, bytes) : null
    // The path stays the same when the cover changes, so browsers revalidate by the file's id.
    // A draft's cover is its owner's and the admins': no shared cache keeps it.
    const etag = rendition ? `"image-${image.id}-webp"` : `"image-${image.id}"`
    reply
      .header('ETag', etag)
      .header('Cache-Control', listed ? 'public, no-cache' : 'private, no-cache')
      .header('Vary', 'accept')
    // The browser's copy is still the cover: the upload is not read for it.
    if (request.headers['if-none-match'] === etag) return reply.status(304).send()
    return reply
      .header('Content-Type', rendition ? WEBP : image.mimeType)
      .header('X-Content-Type-Options', 'nosniff')
      .send(rendition ?? (await bytes()))
  })
}
