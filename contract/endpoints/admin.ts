import Type from 'typebox'
import { errors, Id, IdParam, MessageBody, PageQuery, Paginated } from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'
import {
  AdminOverview,
  AdminRefund,
  AdminSession,
  AdminUser,
  AdminUserState,
  Email,
  PoolLicence,
  Role,
  VideoProvider,
} from '../entities.ts'
import { RANGE_INSTANT_PATTERN, SEARCH_MAX_LENGTH } from '../rules.ts'

export const AdminUserParams = Type.Object({ id: IdParam })

export const AdminUsersQuery = Type.Object({
  ...PageQuery,
  role: Type.Optional(Role),
  search: Type.Optional(
    Type.String({ maxLength: SEARCH_MAX_LENGTH, description: 'Matches name or e-mail' }),
  ),
  isValidated: Type.Optional(Type.Boolean()),
  /**
   * Educators awaiting approval, approved, holding no video licence, below the earnings rule, or
   * deactivated by it.
   */
  state: Type.Optional(AdminUserState),
})
export type AdminUsersQuery = Type.Static<typeof AdminUsersQuery>

/** Send `{}` to take the next free licence of the pool, or name one. */
export const AssignLicenceBody = Type.Object({
  licenceId: Type.Optional(Id),
})
export type AssignLicenceBody = Type.Static<typeof AssignLicenceBody>

export const LicenceParams = Type.Object({ id: IdParam })

/** A new account of the pool; the e-mail is unique across the pool, whatever its case. */
export const AddLicenceBody = Type.Object({
  provider: VideoProvider,
  accountEmail: Email,
})
export type AddLicenceBody = Type.Static<typeof AddLicenceBody>

export const listUsers = defineEndpoint({
  method: 'GET',
  path: '/admin/users',
  access: ['admin'],
  summary: 'Users, newest first, filtered by role, search text, approval or educator state',
  description:
    'Pages through every account with its role, e-mail confirmation, approval and video licence, for the screens where admins verify educators and lend licences.',
  querystring: AdminUsersQuery,
  response: { 200: Paginated(AdminUser), ...errors(400, 401, 403) },
})

export const approveUser = defineEndpoint({
  method: 'POST',
  path: '/admin/users/:id/approve',
  access: ['admin'],
  summary: 'Verify an educator account',
  description:
    "Approves an educator's account so it may publish lessons, sessions and materials, and tells the educator by e-mail; 409 when it is not an educator's or is already approved.",
  params: AdminUserParams,
  response: { 200: AdminUser, ...errors(400, 401, 403, 404, 409) },
})

export const reactivateUser = defineEndpoint({
  method: 'POST',
  path: '/admin/users/:id/reactivate',
  access: ['admin'],
  summary: 'Reactivate an educator account deactivated by the earnings rule',
  description:
    "Clears a deactivation: the educator's lessons return to the catalogue and take sessions and students again, and a new period of the earnings rule starts now, not exempt; the educator is told by e-mail. 409 when the account is not deactivated.",
  params: AdminUserParams,
  response: { 200: AdminUser, ...errors(400, 401, 403, 404, 409) },
})

export const assignVideoLicence = defineEndpoint({
  method: 'POST',
  path: '/admin/users/:id/video-licence',
  access: ['admin'],
  summary: 'Assign a free licence to an educator, or reassign (replace) the one it holds',
  description:
    'Lends an educator the named free licence of the pool, or the next free one when none is named, in place of any licence it held, and tells the educator by e-mail.',
  params: AdminUserParams,
  body: AssignLicenceBody,
  response: { 200: AdminUser, ...errors(400, 401, 403, 404, 409) },
})

export const removeVideoLicence = defineEndpoint({
  method: 'DELETE',
  path: '/admin/users/:id/video-licence',
  access: ['admin'],
  summary: "Take an educator's licence back into the pool",
  description:
    'Takes the licence an educator holds back into the pool, free for another educator, and tells the educator by e-mail.',
  params: AdminUserParams,
  response: { 200: AdminUser, ...errors(400, 401, 403, 404, 409) },
})

export const listVideoLicences = defineEndpoint({
  method: 'GET',
  path: '/admin/video-licences',
  access: ['admin'],
  summary: 'Every licence of the pool, oldest first, with its holder (null when free)',
  description:
    'Lists the video-conference accounts of the pool, each with its provider and the educator holding it, if any.',
  response: { 200: Type.Array(PoolLicence), ...errors(401, 403) },
})

export const addVideoLicence = defineEndpoint({
  method: 'POST',
  path: '/admin/video-licences',
  access: ['admin'],
  summary: 'Add a video-conference account to the pool',
  description:
    'Adds a video-conference account (provider and account e-mail) to the pool, free to lend; 409 when the pool already has that e-mail, whatever its case.',
  body: AddLicenceBody,
  response: { 201: PoolLicence, ...errors(400, 401, 403, 409) },
})

export const retireVideoLicence = defineEndpoint({
  method: 'DELETE',
  path: '/admin/video-licences/:id',
  access: ['admin'],
  summary: 'Remove a free licence from the pool for good',
  description:
    'Deletes a licence from the pool for good; 409 while an educator holds it (take it back first).',
  params: LicenceParams,
  response: { 200: MessageBody, ...errors(400, 401, 403, 404, 409) },
})

/** A bound of a list's range (the overview's `thisWeek` and `window` give them). */
const RangeInstant = Type.String({
  format: 'date-time',
  pattern: RANGE_INSTANT_PATTERN,
  maxLength: 40,
  description: 'ISO 8601 instant with seconds and an offset, e.g. 2025-06-09T00:00:00+09:00',
})

/** [from, to): each bound optional; `from` after `to` is a 400. */
const RangeQuery = {
  from: Type.Optional(RangeInstant),
  to: Type.Optional(RangeInstant),
}

export const AdminSessionsQuery = Type.Object({
  ...PageQuery,
  ...RangeQuery,
  cancelled: Type.Optional(
    Type.Boolean({
      description:
        'true: only sessions cancelled for too few students; false: all but those; absent: all',
    }),
  ),
})
export type AdminSessionsQuery = Type.Static<typeof AdminSessionsQuery>

export const AdminRefundsQuery = Type.Object({ ...PageQuery, ...RangeQuery })
export type AdminRefundsQuery = Type.Static<typeof AdminRefundsQuery>

export const adminOverview = defineEndpoint({
  method: 'GET',
  path: '/admin/overview',
  access: ['admin'],
  summary: "The marketplace at a glance, week by week in the admin's time zone",
  description:
    "Educators awaiting approval, the licence pool, this week's sessions, and twelve weeks (Monday to Monday in the admin's zone) of seats taken, payments, fees, refunds and sessions cancelled for too few students. Each figure is the total of the admin list behind it for the bounds given.",
  response: { 200: AdminOverview, ...errors(401, 403) },
})

export const listAdminSessions = defineEndpoint({
  method: 'GET',
  path: '/admin/sessions',
  access: ['admin'],
  summary:
    'Sessions starting in [from, to), soonest first, optionally only (or all but) those cancelled for too few students',
  description:
    "Every educator's sessions with their lesson, educator, seats and minimum-seat decision, for the figures of the admin's overview.",
  querystring: AdminSessionsQuery,
  response: { 200: Paginated(AdminSession), ...errors(400, 401, 403) },
})

export const listRefunds = defineEndpoint({
  method: 'GET',
  path: '/admin/refunds',
  access: ['admin'],
  summary: 'Payments whose refund became due in [from, to), newest first',
  description:
    "Each refund with its lesson, session, student, amount, reason and whether the provider has confirmed it, for the figures of the admin's overview.",
  querystring: AdminRefundsQuery,
  response: { 200: Paginated(AdminRefund), ...errors(400, 401, 403) },
})
