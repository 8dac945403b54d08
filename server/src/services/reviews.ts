import { reviewWrite } from '../../../contract/checks.ts'
import type { Review } from '../../../contract/entities.ts'
import type { ReviewBody } from '../../../contract/endpoints/reviews.ts'
import { found, refusalError } from '../domain/errors.ts'
import { findLessonRow } from '../repositories/lessons.ts'
import { hasAttended, hasReviewed, insertReview } from '../repositories/reviews.ts'
import { toReview } from '../serializers/lessons.ts'
import type { ServiceDeps } from './deps.ts'

/**
 * A student reviews a lesson it attended, once (§1, §4: to review, then reviewed). The checks
 * run in this order: the lesson exists, the student attended one of its sessions, has not
 * reviewed it yet, and the text is not blank nor too long once trimmed (§5). The educator's
 * average and review list are computed on read, so they include it at once.
 */
export const createReview = async (
  { db }: Pick<ServiceDeps, 'db'>,
  author: { id: number },
  body: ReviewBody,
): Promise<Review> => {
  const lesson = found(await findLessonRow(db, body.lessonId), 'Lesson')
  const text = reviewWrite({
    attended: await hasAttended(db, author.id, lesson.id, new Date()),
    reviewed: await hasReviewed(db, author.id, lesson.id),
    body: body.body,
  })
  if (!text.ok) throw refusalError(text.refusal)
  const record = await insertReview(db, {
    lessonId: lesson.id,
    authorId: author.id,
    body: text.value,
    rating: body.rating,
  })
  return toReview(record)
}
