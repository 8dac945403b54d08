import {
  guestAverageScore,
  guestCategories,
  guestLesson,
  guestLessons,
  guestReviews,
  guestSessions,
} from '@contract/endpoints/guest'
import { PAGE_SIZE } from '@contract/rules'
import { db } from '../db'
import { paginate, route } from '../http'
import { averageScoreOf, catalogue, lessonById, reviewsOfEducator, userById } from '../queries'
import { toCatalogueLesson, toLesson, toReview, toSession } from '../serializers'

/** The public catalogue: always seen as a guest, so never a meeting link. */
export const guestHandlers = [
  route(guestCategories, () => ({
    status: 200,
    body: db.categories.map((category) => ({ ...category })),
  })),

  route(guestLessons, ({ query }) => ({
    status: 200,
    body: paginate(
      catalogue(query).map((lesson) => toCatalogueLesson(lesson)),
      query,
      PAGE_SIZE.guestLessons,
    ),
  })),

  route(guestLesson, ({ params }) => ({ status: 200, body: toLesson(lessonById(params.id)) })),

  route(guestSessions, ({ params, query }) => {
    const lesson = lessonById(params.id)
    const sessions = db.sessions
      .filter((session) => session.lessonId === lesson.id)
      .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time))
      .map((session) => toSession(session, null))
    return { status: 200, body: paginate(sessions, query, PAGE_SIZE.sessions) }
  }),

  route(guestAverageScore, ({ params }) => ({
    status: 200,
    body: averageScoreOf(userById(params.id).id),
  })),

  route(guestReviews, ({ params, query }) => {
    const reviews = reviewsOfEducator(userById(params.id).id).map(toReview)
    return { status: 200, body: paginate(reviews, query, PAGE_SIZE.reviews) }
  }),
]
