import type { FastifyInstance } from 'fastify'
import * as endpoints from '../../../contract/endpoints/guest.ts'
import { PAGE_SIZE } from '../../../contract/rules.ts'
import { route } from '../http/route.ts'
import { cataloguePage, categoryList, lessonById, sessionsPage } from '../services/catalogue.ts'
import { reviewsReadRoutes } from './reviews-read.ts'

/** The public catalogue: always seen as a guest, so never a meeting link. */
export const guestRoutes = async (app: FastifyInstance) => {
  // The same for every guest: any cache may keep them, and revalidates them (ETag) before use.
  const revalidated = { revalidate: 'public' } as const

  route(
    app,
    endpoints.guestCategories,
    async ({ deps }) => ({ status: 200, body: await categoryList(deps) }),
    revalidated,
  )

  route(
    app,
    endpoints.guestSessionRules,
    async ({ deps }) => ({
      status: 200,
      body: {
        decisionHoursBeforeStart: deps.seatDecisionHours,
        waitlistOfferMinutes: deps.waitlistOfferMinutes,
      },
    }),
    revalidated,
  )

  route(
    app,
    endpoints.guestLessons,
    async ({ deps, query }) => ({
      status: 200,
      body: await cataloguePage(deps, query, PAGE_SIZE.guestLessons),
    }),
    revalidated,
  )

  route(
    app,
    endpoints.guestLesson,
    // Seen as a guest whoever asks (the answer is the same for all): never a draft (§4).
    async ({ deps, params }) => ({ status: 200, body: await lessonById(deps, params.id, null) }),
    revalidated,
  )

  route(app, endpoints.guestSessions, async ({ deps, params, query }) => ({
    status: 200,
    body: await sessionsPage(deps, params.id, null, query, PAGE_SIZE.sessions),
  }))

  // An educator's reviews and rating, for guests and signed-in users (routes/index.ts lists one
  // plugin per resource, so this one is registered here).
  await app.register(reviewsReadRoutes)
}
