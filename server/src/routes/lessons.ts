import type { FastifyInstance } from 'fastify'
import {
  createLesson,
  getLesson,
  lessonHistory,
  lessonImage,
  listLessons,
  myLessons,
  updateLesson,
  upcomingLessons,
  uploadLessonImage,
} from '../../../contract/endpoints/lessons.ts'
import { PAGE_SIZE } from '../../../contract/rules.ts'
import { route } from '../http/route.ts'
import { acceptsWebp, coverRenditions, WEBP } from '../services/cover-renditions.ts'
import { readUpload } from '../http/uploads.ts'
import { cataloguePage, lessonById } from '../services/catalogue.ts'
import * as lessons from '../services/lessons.ts'

// Fastify's router prefers the fixed paths (/lessons/my, /history, /upcoming, /upload-image)
// over /lessons/:id whatever the order of registration.
export const lessonsRoutes = async (app: FastifyInstance, options: { appOrigin: string }) => {
  void options
  const catalogue = { db: app.db, cache: app.catalogueCache }
  // Signed-in reads of the catalogue: kept by the user's browser only, revalidated (ETag).
  const revalidated = { revalidate: 'private' } as const

  route(
    app,
    listLessons,
    async ({ query }) => ({
      status: 200,
      body: await cataloguePage(catalogue, query, PAGE_SIZE.default),
    }),
    revalidated,
  )

  route(app, myLessons, async ({ user, query }) => ({
    status: 200,
    body: await lessons.ownLessonsPage(app.db, user.id, query),
  }))

  route(app, lessonHistory, async ({ user, query }) => ({
    status: 200,
    body: await lessons.historyPage(app.db, user, query),
  }))

  route(app, upcomingLessons, async ({ user, query }) => ({
    status: 200,
    body: await lessons.upcomingPage(app.db, user, query),
  }))

  // An educator awaiting approval is refused (declared access) before the upload is read.
  route(app, uploadLessonImage, async ({ request, user }) => {
    const upload = await readUpload(request, 'image')
    return { status: 201, body: { id: await lessons.saveLessonImage(app, user.id, upload) } }
  })

  route(app, createLesson, async ({ user, body }) => ({
    status: 201,
    body: await lessons.createLesson(app.db, user, body),
  }))

  route(
    app,
    getLesson,
    // A draft only for its owner and the admins (§4).
    async ({ params, user }) => ({
      status: 200,
      body: await lessonById(catalogue, params.id, user),
    }),
    revalidated,
  )

  route(app, updateLesson, async ({ request, user, params, body }) => ({
    status: 200,
    body: await lessons.updateLesson(
      { db: app.db, storage: app.storage, log: request.log },
      user,
      params.id,
      body,
    ),
  }))

  // A browser that shows WebP gets the cover at the cards' size in it; others the upload.
  const renditions = coverRenditions()
  route(app, lessonImage, async ({ request, reply, params }) => {
    const { image, bytes } = await lessons.lessonCover(app, params.id)
    const rendition = acceptsWebp(request.headers.accept) ? await renditions(image, bytes) : null
    // The path stays the same when the cover changes, so browsers revalidate by the file's id.
    const etag = rendition ? `"image-${image.id}-webp"` : `"image-${image.id}"`
    reply.header('ETag', etag).header('Cache-Control', 'public, no-cache').header('Vary', 'accept')
    // The browser's copy is still the cover: the upload is not read for it.
    if (request.headers['if-none-match'] === etag) return reply.status(304).send()
    return reply
      .header('Content-Type', rendition ? WEBP : image.mimeType)
      .header('X-Content-Type-Options', 'nosniff')
      .send(rendition ?? (await bytes()))
  })
}
