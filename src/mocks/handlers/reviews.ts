import { reviewWrite } from '@contract/checks'
import * as endpoints from '@contract/endpoints/reviews'
import { db, nextId } from '../db'
import { refuse, route } from '../http'
import { lessonById } from '../queries'
import { toReview } from '../serializers'

/**
 * Attended: a seat in a session of the lesson that has ended (one ending exactly now has). The
 * mock keeps no given-back seats: unenrolling removes the enrollment.
 */
const attended = (userId: number, lessonId: number, now: number) =>
  db.enrollments.some((enrollment) => {
    if (enrollment.userId !== userId) return false
    const session = db.sessions.find((row) => row.id === enrollment.sessionId)
    return session?.lessonId === lessonId && Date.parse(session.end_time) <= now
  })

export const reviewHandlers = [
  // An unknown lesson is a 404; then contract/checks.ts reviewWrite decides, as on the server.
  route(endpoints.createReview, ({ user, body }) => {
    const lesson = lessonById(body.lessonId)
    const text = reviewWrite({
      attended: attended(user.id, lesson.id, Date.now()),
      reviewed: db.reviews.some((row) => row.userId === user.id && row.lessonId === lesson.id),
      body: body.body,
    })
    if (!text.ok) return refuse(text.refusal)
    const review = {
      id: nextId(db.reviews),
      userId: user.id,
      lessonId: lesson.id,
      body: text.value,
      rating: body.rating,
      createdAt: new Date().toISOString(),
    }
    db.reviews.push(review)
    return { status: 201, body: toReview(review) }
  }),
]
