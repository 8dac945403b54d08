import { createReview } from '@contract/endpoints/reviews'
import { MESSAGES } from '@contract/messages'
import { db, nextId } from '../db'
import { fail, route } from '../http'
import { lessonById } from '../queries'
import { toReview } from '../serializers'

/** Attended: enrolled in a session of the lesson that has ended. */
const attended = (userId: number, lessonId: number) =>
  db.enrollments.some((enrollment) => {
    const session = db.sessions.find((row) => row.id === enrollment.sessionId)
    return (
      enrollment.userId === userId &&
      enrollment.lessonId === lessonId &&
      session !== undefined &&
      Date.parse(session.end_time) <= Date.now()
    )
  })

export const reviewHandlers = [
  route(createReview, ({ user, body }) => {
    const lesson = lessonById(body.lessonId)
    if (!attended(user.id, lesson.id)) fail(403, MESSAGES.reviews.notAttended)
    if (db.reviews.some((row) => row.userId === user.id && row.lessonId === lesson.id)) {
      fail(409, MESSAGES.reviews.alreadyReviewed)
    }
    const body_ = body.body.trim() || fail(400, MESSAGES.reviews.blank)
    const review = {
      id: nextId(db.reviews),
      userId: user.id,
      lessonId: lesson.id,
      body: body_,
      rating: body.rating,
      createdAt: new Date().toISOString(),
    }
    db.reviews.push(review)
    return { status: 201, body: toReview(review) }
  }),
]
