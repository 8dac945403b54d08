import { describe } from '../descriptor.ts'

/** The reviews calls: method, path and access (schemas in ../endpoints/reviews.ts). */

export const createReview = describe({
  method: 'POST',
  path: '/reviews',
  access: ['student'],
})
