import type { FastifyInstance } from 'fastify'
import { guestAverageScore, guestReviews } from '../../../contract/endpoints/guest.ts'
import { userAverageScore, userReviews } from '../../../contract/endpoints/user.ts'
import { PAGE_SIZE } from '../../../contract/rules.ts'
import { route } from '../http/route.ts'
import { educatorAverageScore, educatorReviewsPage } from '../services/catalogue.ts'

/**
 * Reviews of an educator's lessons and their average, the same for guests and signed-in users
 * (the signed-in paths only require a session).
 */
export const reviewsReadRoutes = async (app: FastifyInstance) => {
  for (const endpoint of [userReviews, guestReviews]) {
    route(app, endpoint, async ({ params, query }) => ({
      status: 200,
      body: await educatorReviewsPage(app.db, params.id, query, PAGE_SIZE.reviews),
    }))
  }

  for (const endpoint of [userAverageScore, guestAverageScore]) {
    route(app, endpoint, async ({ params }) => ({
      status: 200,
      body: await educatorAverageScore(app.db, params.id),
    }))
  }
}
