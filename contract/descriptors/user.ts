import { describe } from '../descriptor.ts'

/** The user calls: method, path and access (schemas in ../endpoints/user.ts). */

export const me = describe({
  method: 'GET',
  path: '/user/me',
  access: 'user',
})

export const updateProfile = describe({
  method: 'PATCH',
  path: '/user/update_profile',
  access: 'user',
})

export const reassignOwnVideoLicence = describe({
  method: 'POST',
  path: '/user/reassign_video_licence',
  access: ['educator'],
  approvedOnly: true,
})

export const userReviews = describe({
  method: 'GET',
  path: '/user/:id/reviews',
  access: 'user',
})

export const userAverageScore = describe({
  method: 'GET',
  path: '/user/:id/average_score',
  access: 'user',
})
