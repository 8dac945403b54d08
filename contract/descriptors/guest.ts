import { describe } from '../descriptor.ts'

/** The guest calls: method, path and access (schemas in ../endpoints/guest.ts). */

export const guestCategories = describe({
  method: 'GET',
  path: '/guest/categories',
  access: 'public',
})

export const guestLessons = describe({
  method: 'GET',
  path: '/guest/lessons',
  access: 'public',
})

export const guestLesson = describe({
  method: 'GET',
  path: '/guest/lessons/:id',
  access: 'public',
})

export const guestSessions = describe({
  method: 'GET',
  path: '/guest/lessons/:id/sessions',
  access: 'public',
})

export const guestAverageScore = describe({
  method: 'GET',
  path: '/guest/users/:id/average_score',
  access: 'public',
})

export const guestReviews = describe({
  method: 'GET',
  path: '/guest/users/:id/reviews',
  access: 'public',
})
