import Type from 'typebox'
import { errors, Id, IdParam, PageQuery, Paginated } from '../common.ts'
import * as op from '../descriptors/admin.ts'
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

export const listUsers = defineEndpoint(op.listUsers, {
  summary: 'Users, newest first, filtered by role, search text or approval',
  querystring: AdminUsersQuery,
  response: { 200: Paginated(AdminUser), ...errors(400, 401, 403) },
})

export const approveUser = defineEndpoint(op.approveUser, {
  summary: 'Verify an educator account',
  params: AdminUserParams,
  response: { 200: AdminUser, ...errors(400, 401, 403, 404, 409) },
})

export const assignVideoLicence = defineEndpoint(op.assignVideoLicence, {
  summary: 'Assign a free licence to an educator, or reassign (replace) the one it holds',
  params: AdminUserParams,
  body: AssignLicenceBody,
  response: { 200: AdminUser, ...errors(400, 401, 403, 404, 409) },
})

export const removeVideoLicence = defineEndpoint(op.removeVideoLicence, {
  summary: "Take an educator's licence back into the pool",
  params: AdminUserParams,
  response: { 200: AdminUser, ...errors(400, 401, 403, 404, 409) },
})
