import type { FastifyInstance } from 'fastify'
import {
  guestCategories,
  guestLesson,
  guestLessons,
  guestSessions,
} from '../../../contract/endpoints/guest.ts'
import { PAGE_SIZE } from '../../../contract/rules.ts'
import { cataloguePage, lessonById, sessionsPage } from '../lib/catalogue.ts'
import { route } from '../lib/route.ts'
import { listCategories } from '../repositories/lessons.ts'
import { reviewsReadRoutes } from './reviews-read.ts'

/** The public catalogue (§7 "Guest"): always seen as a guest, so never a meeting link. */
export const guestRoutes = async (app: FastifyInstance, options: { appOrigin: string }) => {
  void options

  route(app, guestCategories, async () => {
    const rows = await listCategories(app.db)
    return {
      status: 200,
      body: rows.map(({ id, title, titleJp }) => ({ id, title, titleJp })),
    }
  })

  route(app, guestLessons, async ({ query }) => ({
    status: 200,
    body: await cataloguePage(app.db, query, PAGE_SIZE.guestLessons),
  }))

  route(app, guestLesson, async ({ params }) => ({
    status: 200,
    body: await lessonById(app.db, params.id),
  }))

  route(app, guestSessions, async ({ params, query }) => ({
    status: 200,
    body: await sessionsPage(app.db, params.id, null, query, PAGE_SIZE.sessions),
  }))

  // An educator's reviews and rating, for guests and signed-in users (routes/index.ts lists one
  // plugin per resource, so this one is registered here).
  await app.register(reviewsReadRoutes)
}
