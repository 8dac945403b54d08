import { reviewText } from '@contract/checks'
import { createReview } from '@contract/endpoints/reviews'
import { MESSAGES } from '@contract/messages'
import { db, nextId } from '../db'
import { fail, route } from '../http'
import { lessonById } from '../queries'
import { toReview } from '../serializers'

/**
 * Attended: a seat in a session of the lesson that has ended (one ending exactly now has). The
 * mock keeps no given-back seats: unenrolling removes the enrolment.
 */
const attended = (userId: number, lessonId: number, now: number) =>
  db.enrollments.some((enrollment) => {
    if (enrollment.userId !== userId) return false
    const session = db.sessions.find((row) => row.id === enrollment.sessionId)
    return session?.lessonId === lessonId && Date.parse(session.end_time) <= now
  })

export const reviewHandlers = [
  // The server's order: unknown lesson, not attended, already reviewed, then the text (§5).
  route(createReview, ({ user, body }) => {
    const lesson = lessonById(body.lessonId)
    if (!attended(user.id, lesson.id, Date.now())) fail(403, MESSAGES.reviews.notAttended)
    if (db.reviews.some((row) => row.userId === user.id && row.lessonId === lesson.id)) {
      fail(409, MESSAGES.reviews.alreadyReviewed)
    }
    const text = reviewText(body.body)
    if (!text.ok) return fail(400, text.problems)
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
