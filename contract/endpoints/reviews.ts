import Type from 'typebox'
import { errors, Id } from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'
import { Review } from '../entities.ts'
import { RATING_MAX, RATING_MIN, REVIEW_MAX_LENGTH } from '../rules.ts'

export const ReviewBody = Type.Object({
  lessonId: Id,
  body: Type.String({ minLength: 1, maxLength: REVIEW_MAX_LENGTH }),
  rating: Type.Integer({ minimum: RATING_MIN, maximum: RATING_MAX }),
})
export type ReviewBody = Type.Static<typeof ReviewBody>

export const createReview = defineEndpoint({
  method: 'POST',
  path: '/reviews',
  access: ['student'],
  summary: 'Review a lesson the calling student attended (one review per lesson)',
  description:
    "Posts the caller's rating (1 to 5) and text about a lesson whose session the caller attended; 409 when the caller already reviewed it.",
  body: ReviewBody,
  response: { 201: Review, ...errors(400, 401, 403, 404, 409) },
})
