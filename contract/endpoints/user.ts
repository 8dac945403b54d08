import Type from 'typebox'
import { errors, IdParam, PageQuery, Paginated } from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'
import {
  AverageScore,
  CurrentUser,
  EarningsLine,
  EarningsSummary,
  Email,
  Language,
  Review,
} from '../entities.ts'
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, TIME_ZONE_MAX_LENGTH } from '../rules.ts'
import { Password } from './auth.ts'

export const UserIdParams = Type.Object({ id: IdParam })

export const UpdateProfileBody = Type.Object({
  name: Type.Optional(
    Type.String({ minLength: 1, maxLength: NAME_MAX_LENGTH, description: 'Refused when blank' }),
  ),
  email: Type.Optional(Email),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  password: Type.Optional(Password),
  language: Type.Optional(Language),
  timezone: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: TIME_ZONE_MAX_LENGTH,
      description: 'IANA time zone, e.g. Asia/Tokyo; refused when unknown',
    }),
  ),
  currentPassword: Type.Optional(
    Type.String({
      maxLength: PASSWORD_MAX_LENGTH,
      description: 'Required to change the password or to ask for a new e-mail address',
    }),
  ),
})
export type UpdateProfileBody = Type.Static<typeof UpdateProfileBody>

export const ReviewsQuery = Type.Object({ ...PageQuery })
export type ReviewsQuery = Type.Static<typeof ReviewsQuery>

export const me = defineEndpoint({
  method: 'GET',
  path: '/user/me',
  access: 'user',
  summary: 'The signed-in user; 401 means guest',
  description:
    "Answers the caller's own account (name, e-mail, role, approval, video licence, language); a 401 tells the SPA the visitor is a guest.",
  response: { 200: CurrentUser, ...errors(401) },
})

export const updateProfile = defineEndpoint({
  method: 'PATCH',
  path: '/user/update_profile',
  access: 'user',
  summary:
    'Update name, description (educators) or language; with the current password, change the ' +
    'password or ask for a new e-mail address (it replaces the old one once confirmed from its ' +
    'mailbox). 403: wrong current password; 429: too many wrong ones',
  description:
    "Changes the caller's own name, bio (educators), language, password or e-mail address; the last two need the current password.",
  body: UpdateProfileBody,
  response: { 200: CurrentUser, ...errors(400, 401, 403, 409, 429) },
})

export const withdrawEmailChange = defineEndpoint({
  method: 'DELETE',
  path: '/user/pending_email',
  access: 'user',
  summary:
    'Withdraw the new e-mail address the caller asked for: the link sent to it stops working and ' +
    'the address in use stays; no payload. Nothing pending is not an error',
  description:
    "Drops the caller's pending e-mail change (pendingEmail) and the confirmation link sent for it.",
  response: { 200: CurrentUser, ...errors(401) },
})

export const reassignOwnVideoLicence = defineEndpoint({
  method: 'POST',
  path: '/user/reassign_video_licence',
  access: ['educator'],
  approvedOnly: true,
  summary:
    'Exchange the video-conference licence the caller (a verified educator) holds for another ' +
    'free one; no payload. 409: no other licence is free, or the caller holds none (only an ' +
    'admin lends one)',
  description:
    'Gives the video licence the caller holds back to the pool in exchange for another free one; 409 when none is free or the caller holds none.',
  response: { 200: CurrentUser, ...errors(401, 403, 409) },
})

export const userReviews = defineEndpoint({
  method: 'GET',
  path: '/user/:id/reviews',
  access: 'user',
  summary: "Reviews of an educator's lessons, newest first",
  description:
    "Pages through the reviews of an educator's lessons, newest first, each with its rating and author's name; an id that is not an educator's is not found.",
  params: UserIdParams,
  querystring: ReviewsQuery,
  response: { 200: Paginated(Review), ...errors(400, 401, 404) },
})

export const userAverageScore = defineEndpoint({
  method: 'GET',
  path: '/user/:id/average_score',
  access: 'user',
  summary: "Average rating of an educator's lessons",
  description:
    "Answers the average rating and the number of reviews of an educator's lessons; an id that is not an educator's is not found.",
  params: UserIdParams,
  response: { 200: AverageScore, ...errors(400, 401, 404) },
})

export const EarningsQuery = Type.Object({ ...PageQuery })
export type EarningsQuery = Type.Static<typeof EarningsQuery>

export const myEarnings = defineEndpoint({
  method: 'GET',
  path: '/user/earnings',
  access: ['educator'],
  summary:
    "The calling educator's earnings, newest first: each captured payment of their lessons and each refund (negative)",
  description:
    "Pages through the payments captured for seats in the caller's lessons and their refunds: when, lesson, session, the student's first name, gross, platform fee and the educator's share, in USD cents.",
  querystring: EarningsQuery,
  response: { 200: Paginated(EarningsLine), ...errors(400, 401, 403) },
})

export const myEarningsSummary = defineEndpoint({
  method: 'GET',
  path: '/user/earnings/summary',
  access: ['educator'],
  summary:
    "The calling educator's earnings per calendar month (their time zone) for the last twelve months, and the last three months' total",
  description:
    "Sums the caller's earnings lines month by month in their time zone, refunds in the month they were made, over the last twelve months, the current one included.",
  response: { 200: EarningsSummary, ...errors(401, 403) },
})

export const myEarningsCsv = defineEndpoint({
  method: 'GET',
  path: '/user/earnings.csv',
  access: ['educator'],
  summary:
    "The calling educator's earnings lines as a CSV file (UTF-8 with BOM), in their language and time zone",
  description:
    "Sends every line of the caller's earnings, newest first, as a CSV file a spreadsheet opens as it is: the same lines GET /user/earnings pages through.",
  produces: 'text/csv',
  response: {
    200: Type.String({ description: 'text/csv document, UTF-8 with a byte order mark' }),
    ...errors(401, 403),
  },
})
