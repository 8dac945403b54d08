import Type from 'typebox'
import { errors, Paginated } from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'
import { AverageScore, GuestCategory, Lesson, Review, Session } from '../entities.ts'
import { LessonIdParams, LessonListQuery } from './lessons.ts'
import { SessionsQuery } from './sessions.ts'
import { ReviewsQuery, UserIdParams } from './user.ts'

export const guestCategories = defineEndpoint({
  method: 'GET',
  path: '/guest/categories',
  summary: 'Categories for guests',
  access: 'public',
  response: { 200: Type.Array(GuestCategory) },
})

export const guestLessons = defineEndpoint({
  method: 'GET',
  path: '/guest/lessons',
  summary: 'Lessons with at least one session; page, take (5), categoryIds, title, order=DESC',
  access: 'public',
  querystring: LessonListQuery,
  response: { 200: Paginated(Lesson), ...errors(400) },
})

export const guestLesson = defineEndpoint({
  method: 'GET',
  path: '/guest/lessons/:id',
  summary: 'One lesson for guests',
  access: 'public',
  params: LessonIdParams,
  response: { 200: Lesson, ...errors(400, 404) },
})

export const guestSessions = defineEndpoint({
  method: 'GET',
  path: '/guest/lessons/:id/sessions',
  summary: "A lesson's sessions as a guest sees them (never a meeting link)",
  access: 'public',
  params: LessonIdParams,
  querystring: SessionsQuery,
  response: { 200: Paginated(Session), ...errors(400, 404) },
})

export const guestAverageScore = defineEndpoint({
  method: 'GET',
  path: '/guest/users/:id/average_score',
  summary: "An educator's average rating",
  access: 'public',
  params: UserIdParams,
  response: { 200: AverageScore, ...errors(400, 404) },
})

export const guestReviews = defineEndpoint({
  method: 'GET',
  path: '/guest/users/:id/reviews',
  summary: "Reviews of an educator's lessons",
  access: 'public',
  params: UserIdParams,
  querystring: ReviewsQuery,
  response: { 200: Paginated(Review), ...errors(400, 404) },
})
