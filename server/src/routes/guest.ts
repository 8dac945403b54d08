import type { FastifyInstance } from 'fastify'
import {
  guestCategories,
  guestLesson,
  guestLessons,
  guestSessions,
} from '../../../contract/endpoints/guest.ts'
import { PAGE_SIZE } from '../../../contract/rules.ts'
import { route } from '../http/route.ts'
import { cataloguePage, categoryList, lessonById, sessionsPage } from '../services/catalogue.ts'
import { reviewsReadRoutes } from './reviews-read.ts'

/** The public catalogue: always seen as a guest, so never a meeting link. */
export const guestRoutes = async (app: FastifyInstance, options: { appOrigin: string }) => {
  void options
  const catalogue = { db: app.db, cache: app.catalogueCache }

  // The same for every guest: any cache may keep them, and revalidates them (ETag) before use.
  const revalidated = { revalidate: 'public' } as const

  route(
    app,
    guestCategories,
    async () => ({ status: 200, body: await categoryList(catalogue) }),
    revalidated,
  )

  route(
    app,
    guestLessons,
    async ({ query }) => ({
      status: 200,
      body: await cataloguePage(catalogue, query, PAGE_SIZE.guestLessons),
    }),
    revalidated,
  )

  route(
    app,
    guestLesson,
    // Seen as a guest whoever asks (the answer is the same for all): never a draft (§4).
    async ({ params }) => ({ status: 200, body: await lessonById(catalogue, params.id, null) }),
    revalidated,
  )

  route(app, guestSessions, async ({ params, query }) => ({
    status: 200,
    body: await sessionsPage(app.db, params.id, null, query, PAGE_SIZE.sessions),
  }))

  // An educator's reviews and rating, for guests and signed-in users (routes/index.ts lists one
  // plugin per resource, so this one is registered here).
  await app.register(reviewsReadRoutes)
}
