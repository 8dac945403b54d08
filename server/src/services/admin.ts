import type { Paginated } from '../../../contract/common.ts'
import type { AdminUser } from '../../../contract/entities.ts'
import type { AdminUsersQuery } from '../../../contract/endpoints/admin.ts'
import { MESSAGES } from '../../../contract/messages.ts'
import { pageRequest, toPage } from '../../../contract/paging.ts'
import { PAGE_SIZE } from '../../../contract/rules.ts'
import type { Database, Executor } from '../db/client.ts'
import { ConflictError, found, NotFoundError } from '../domain/errors.ts'
import { approveEducator, licenceExists, listUsersPage } from '../repositories/admin.ts'
import { assignLicence, releaseLicence } from '../repositories/licences.ts'
import { findUserWithLicence } from '../repositories/users.ts'
import { toAdminUser } from '../serializers/users.ts'

/** Admins list users, verify educators and lend them video-conference licences. */

/** The user named in the path with its licence: not found when missing. */
const userWithLicence = async (db: Executor, userId: number) =>
  found(await findUserWithLicence(db, userId), 'User')

/** Approval and video licences concern educators only; anyone else is a conflict. */
const educatorWithLicence = async (db: Executor, userId: number) => {
  const row = await userWithLicence(db, userId)
  if (row.user.role !== 'educator') throw new ConflictError(MESSAGES.licences.notAnEducator)
  return row
}

const adminUserOf = async (db: Executor, userId: number) => {
  const row = await userWithLicence(db, userId)
  return toAdminUser(row.user, row.licence)
}

export const usersPage = async (
  db: Executor,
  query: AdminUsersQuery,
): Promise<Paginated<AdminUser>> => {
  const page = pageRequest(query, PAGE_SIZE.default)
  const { rows, itemCount } = await listUsersPage(db, query, page)
  return toPage(
    rows.map((row) => toAdminUser(row.user, row.licence)),
    page,
    itemCount,
  )
}

export const approveUser = async (db: Executor, userId: number) => {
  await educatorWithLicence(db, userId)
  await approveEducator(db, userId)
  return adminUserOf(db, userId)
}

export const assignVideoLicence = (db: Database, userId: number, licenceId?: number) =>
  db.transaction(async (tx) => {
    await educatorWithLicence(tx, userId)
    if (licenceId !== undefined && !(await licenceExists(tx, licenceId))) {
      throw new NotFoundError('Licence')
    }
    await assignLicence(tx, userId, licenceId)
    return adminUserOf(tx, userId)
  })

export const removeVideoLicence = (db: Database, userId: number) =>
  db.transaction(async (tx) => {
    await educatorWithLicence(tx, userId)
    await releaseLicence(tx, userId)
    return adminUserOf(tx, userId)
  })
