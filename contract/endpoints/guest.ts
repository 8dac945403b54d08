import Type from 'typebox'
import { errors, Paginated } from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'
import {
  AverageScore,
  CatalogueLesson,
  GuestCategory,
  Lesson,
  Review,
  Session,
  SessionRules,
} from '../entities.ts'
import { LessonIdParams, LessonListQuery } from './lessons.ts'
import { SessionsQuery } from './sessions.ts'
import { ReviewsQuery, UserIdParams } from './user.ts'

export const guestCategories = defineEndpoint({
  method: 'GET',
  path: '/guest/categories',
  access: 'public',
  summary: 'Categories for guests',
  description:
    "Lists every lesson category (id and title) for the guest catalogue's filter; the answer is the same for everyone and public caches may keep it.",
  response: { 200: Type.Array(GuestCategory) },
})

export const guestLessons = defineEndpoint({
  method: 'GET',
  path: '/guest/lessons',
  access: 'public',
  summary:
    "Lessons with at least one session, each with its educator's rating and next open session; page, take (5), categoryIds, title, order=DESC",
  description:
    'Pages through the published lessons (those with at least one session) as a guest sees them, filtered by category and title; the same for everyone.',
  querystring: LessonListQuery,
  response: { 200: Paginated(CatalogueLesson), ...errors(400) },
})

export const guestLesson = defineEndpoint({
  method: 'GET',
  path: '/guest/lessons/:id',
  access: 'public',
  summary: 'One lesson for guests',
  description:
    'Answers one published lesson as a guest sees it, whoever asks; a lesson with no session yet is not found.',
  params: LessonIdParams,
  response: { 200: Lesson, ...errors(400, 404) },
})

export const guestSessions = defineEndpoint({
  method: 'GET',
  path: '/guest/lessons/:id/sessions',
  access: 'public',
  summary: "A lesson's sessions as a guest sees them (never a meeting link)",
  description:
    "Pages through a published lesson's sessions as a guest sees them, soonest first, with their seats left and never a meeting link.",
  params: LessonIdParams,
  querystring: SessionsQuery,
  response: { 200: Paginated(Session), ...errors(400, 404) },
})

export const guestSessionRules = defineEndpoint({
  method: 'GET',
  path: '/guest/session-rules',
  access: 'public',
  summary: 'The booking rules in force (when minimum seats decide whether a session runs)',
  description:
    "Answers how many hours before its start a session is confirmed, or cancelled and refunded when fewer students than its lesson's minimum seats have enrolled; the same for everyone.",
  response: { 200: SessionRules },
})

export const guestAverageScore = defineEndpoint({
  method: 'GET',
  path: '/guest/users/:id/average_score',
  access: 'public',
  summary: "An educator's average rating",
  description:
    "Answers the average rating and the number of reviews of an educator's lessons; an id that is not an educator's is not found.",
  params: UserIdParams,
  response: { 200: AverageScore, ...errors(400, 404) },
})

export const guestReviews = defineEndpoint({
  method: 'GET',
  path: '/guest/users/:id/reviews',
  access: 'public',
  summary: "Reviews of an educator's lessons",
  description:
    "Pages through the reviews of an educator's lessons, newest first, each with its rating and author's name; an id that is not an educator's is not found.",
  params: UserIdParams,
  querystring: ReviewsQuery,
  response: { 200: Paginated(Review), ...errors(400, 404) },
})
