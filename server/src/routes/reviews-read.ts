import type { FastifyInstance } from 'fastify'
import * as guest from '../../../contract/endpoints/guest.ts'
import * as user from '../../../contract/endpoints/user.ts'
import { PAGE_SIZE } from '../../../contract/rules.ts'
import { route } from '../http/route.ts'
import { educatorAverageScore, educatorReviewsPage } from '../services/catalogue.ts'

/**
 * Reviews of an educator's lessons and their average, the same for guests and signed-in users
 * (the signed-in paths only require a session).
 */
export const reviewsReadRoutes = async (app: FastifyInstance) => {
  for (const endpoint of [user.userReviews, guest.guestReviews]) {
    route(app, endpoint, async ({ deps, params, query }) => ({
      status: 200,
      body: await educatorReviewsPage(deps, params.id, query, PAGE_SIZE.reviews),
    }))
  }

  for (const endpoint of [user.userAverageScore, guest.guestAverageScore]) {
    route(app, endpoint, async ({ deps, params }) => ({
      status: 200,
      body: await educatorAverageScore(deps, params.id),
    }))
  }
}
