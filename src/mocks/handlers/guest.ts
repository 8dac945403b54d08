import * as endpoints from '@contract/endpoints/guest'
import {
  DEFAULT_SEAT_DECISION_HOURS,
  DEFAULT_WAITLIST_OFFER_MINUTES,
  PAGE_SIZE,
} from '@contract/rules'
import { db } from '../db'
import { pageOf, paginate, route } from '../http'
import {
  averageScoreOf,
  cataloguePage,
  educatorById,
  listedSessionsOf,
  reviewsOfEducator,
  viewableLesson,
} from '../queries'
import { toCatalogueLesson, toLesson, toReview, toSession } from '../serializers'

/** The public catalogue: always seen as a guest, so never a meeting link. */
export const guestHandlers = [
  route(endpoints.guestCategories, () => ({
    status: 200,
    body: db.categories.map((category) => ({ ...category })),
  })),

  route(endpoints.guestSessionRules, () => ({
    status: 200,
    body: {
      decisionHoursBeforeStart: DEFAULT_SEAT_DECISION_HOURS,
      waitlistOfferMinutes: DEFAULT_WAITLIST_OFFER_MINUTES,
    },
  })),

  route(endpoints.guestLessons, ({ query }) => ({
    status: 200,
    body: pageOf(cataloguePage(query, PAGE_SIZE.guestLessons), toCatalogueLesson),
  })),

  // Seen as a guest whoever asks: never a draft (§4).
  route(endpoints.guestLesson, ({ params }) => ({
    status: 200,
    body: toLesson(viewableLesson(params.id, null)),
  })),

  route(endpoints.guestSessions, ({ params, query }) => {
    const lesson = viewableLesson(params.id, null)
    const sessions = listedSessionsOf(lesson.id).map((session) => toSession(session, null))
    return { status: 200, body: paginate(sessions, query, PAGE_SIZE.sessions) }
  }),

  route(endpoints.guestAverageScore, ({ params }) => ({
    status: 200,
    body: averageScoreOf(educatorById(params.id).id),
  })),

  route(endpoints.guestReviews, ({ params, query }) => {
    const reviews = reviewsOfEducator(educatorById(params.id).id).map(toReview)
    return { status: 200, body: paginate(reviews, query, PAGE_SIZE.reviews) }
  }),
]
