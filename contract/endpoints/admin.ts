import Type from 'typebox'
import { errors, Id, IdParam, PageQuery, Paginated } from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'
import { AdminUser, Role } from '../entities.ts'

export const AdminUserParams = Type.Object({ id: IdParam })

export const AdminUsersQuery = Type.Object({
  ...PageQuery,
  role: Type.Optional(Role),
  search: Type.Optional(Type.String({ maxLength: 200, description: 'Matches name or e-mail' })),
  isValidated: Type.Optional(Type.Boolean()),
})
export type AdminUsersQuery = Type.Static<typeof AdminUsersQuery>

/** Send `{}` to take the next free licence of the pool, or name one. */
export const AssignLicenceBody = Type.Object({
  licenceId: Type.Optional(Id),
})
export type AssignLicenceBody = Type.Static<typeof AssignLicenceBody>

export const listUsers = defineEndpoint({
  method: 'GET',
  path: '/admin/users',
  summary: 'Users, newest first, filtered by role, search text or approval',
  access: ['admin'],
  querystring: AdminUsersQuery,
  response: { 200: Paginated(AdminUser), ...errors(400, 401, 403) },
})

export const approveUser = defineEndpoint({
  method: 'POST',
  path: '/admin/users/:id/approve',
  summary: 'Verify an educator account',
  access: ['admin'],
  params: AdminUserParams,
  response: { 200: AdminUser, ...errors(400, 401, 403, 404, 409) },
})

export const assignVideoLicence = defineEndpoint({
  method: 'POST',
  path: '/admin/users/:id/video-licence',
  summary: 'Assign a free licence to an educator, or reassign (replace) the one it holds',
  access: ['admin'],
  params: AdminUserParams,
  body: AssignLicenceBody,
  response: { 200: AdminUser, ...errors(400, 401, 403, 404, 409) },
})

export const removeVideoLicence = defineEndpoint({
  method: 'DELETE',
  path: '/admin/users/:id/video-licence',
  summary: "Take an educator's licence back into the pool",
  access: ['admin'],
  params: AdminUserParams,
  response: { 200: AdminUser, ...errors(400, 401, 403, 404, 409) },
})
