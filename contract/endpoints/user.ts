import Type from 'typebox'
import { errors, IdParam, PageQuery, Paginated } from '../common.ts'
import * as op from '../descriptors/user.ts'
import { defineEndpoint } from '../endpoint.ts'
import { AverageScore, CurrentUser, Email, Language, Review } from '../entities.ts'
import { Password } from './auth.ts'

export const UserIdParams = Type.Object({ id: IdParam })

export const UpdateProfileBody = Type.Object({
  name: Type.Optional(
    Type.String({ minLength: 1, maxLength: 120, description: 'Refused when blank' }),
  ),
  email: Type.Optional(Email),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  password: Type.Optional(Password),
  language: Type.Optional(Language),
  currentPassword: Type.Optional(
    Type.String({
      maxLength: 128,
      description: 'Required to change the password or to ask for a new e-mail address',
    }),
  ),
})
export type UpdateProfileBody = Type.Static<typeof UpdateProfileBody>

export const ReviewsQuery = Type.Object({ ...PageQuery })
export type ReviewsQuery = Type.Static<typeof ReviewsQuery>

export const me = defineEndpoint(op.me, {
  summary: 'The signed-in user; 401 means guest',
  response: { 200: CurrentUser, ...errors(401) },
})

export const updateProfile = defineEndpoint(op.updateProfile, {
  summary:
    'Update name, description (educators) or language; with the current password, change the ' +
    'password or ask for a new e-mail address (it replaces the old one once confirmed from its ' +
    'mailbox). 403: wrong current password; 429: too many wrong ones',
  body: UpdateProfileBody,
  response: { 200: CurrentUser, ...errors(400, 401, 403, 409, 429) },
})

export const reassignOwnVideoLicence = defineEndpoint(op.reassignOwnVideoLicence, {
  summary:
    'Exchange the video-conference licence the caller (a verified educator) holds for another ' +
    'free one; no payload. 409: no other licence is free, or the caller holds none (only an ' +
    'admin lends one)',
  response: { 200: CurrentUser, ...errors(401, 403, 409) },
})

export const userReviews = defineEndpoint(op.userReviews, {
  summary: "Reviews of an educator's lessons, newest first",
  params: UserIdParams,
  querystring: ReviewsQuery,
  response: { 200: Paginated(Review), ...errors(400, 401, 404) },
})

export const userAverageScore = defineEndpoint(op.userAverageScore, {
  summary: "Average rating of an educator's lessons",
  params: UserIdParams,
  response: { 200: AverageScore, ...errors(400, 401, 404) },
})
