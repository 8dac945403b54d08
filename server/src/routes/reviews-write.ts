import type { FastifyInstance } from 'fastify'
import * as endpoints from '../../../contract/endpoints/reviews.ts'
import { route } from '../http/route.ts'
import * as reviews from '../services/reviews.ts'

/** A student's review of a lesson it attended (POST /reviews, students only). */
export const reviewsWriteRoutes = async (app: FastifyInstance) => {
  route(app, endpoints.createReview, async ({ deps, user, body }) => ({
    status: 201,
    body: await reviews.createReview(deps, user, body),
  }))
}
