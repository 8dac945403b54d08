import type { FastifyInstance } from 'fastify'
import {
  approveUser,
  assignVideoLicence,
  listUsers,
  removeVideoLicence,
} from '../../../contract/endpoints/admin.ts'
import { PAGE_SIZE } from '../../../contract/rules.ts'
import type { Executor } from '../db/client.ts'
import { found, httpError } from '../lib/errors.ts'
import { route } from '../lib/route.ts'
import { toAdminUser } from '../lib/users.ts'
import { approveEducator, licenceExists, listUsersPage } from '../repositories/admin.ts'
import { assignLicence, releaseLicence } from '../repositories/licences.ts'
import { findUserWithLicence } from '../repositories/users.ts'

const NOT_AN_EDUCATOR = 'The user is not an educator'

/** The user named in the path with its licence: 404 when missing. */
const userWithLicence = async (db: Executor, userId: number) =>
  found(await findUserWithLicence(db, userId), 'User')

/** Approval and video licences concern educators only; anyone else is a conflict. */
const educatorWithLicence = async (db: Executor, userId: number) => {
  const row = await userWithLicence(db, userId)
  if (row.user.role !== 'educator') throw httpError(409, NOT_AN_EDUCATOR)
  return row
}

const adminUserOf = async (db: Executor, userId: number) => {
  const row = await userWithLicence(db, userId)
  return toAdminUser(row.user, row.licence)
}

/** §6: admins list users, verify educators and lend them video-conference licences. */
export const adminRoutes = async (app: FastifyInstance, options: { appOrigin: string }) => {
  void options

  route(app, listUsers, async ({ query }) => {
    const page = query.page ?? 1
    const take = query.take ?? PAGE_SIZE.default
    const { rows, itemCount } = await listUsersPage(app.db, query, {
      offset: (page - 1) * take,
      limit: take,
    })
    const pageCount = Math.ceil(itemCount / take)
    return {
      status: 200,
      body: {
        data: rows.map((row) => toAdminUser(row.user, row.licence)),
        meta: { page, take, itemCount, pageCount, hasNextPage: page < pageCount },
      },
    }
  })

  route(app, approveUser, async ({ params }) => {
    await educatorWithLicence(app.db, params.id)
    await approveEducator(app.db, params.id)
    return { status: 200, body: await adminUserOf(app.db, params.id) }
  })

  route(app, assignVideoLicence, async ({ params, body }) => {
    const licenceId = body?.licenceId
    const educator = await app.db.transaction(async (tx) => {
      await educatorWithLicence(tx, params.id)
      if (licenceId !== undefined && !(await licenceExists(tx, licenceId))) {
        throw httpError(404, 'Licence not found')
      }
      await assignLicence(tx, params.id, licenceId)
      return adminUserOf(tx, params.id)
    })
    return { status: 200, body: educator }
  })

  route(app, removeVideoLicence, async ({ params }) => {
    const educator = await app.db.transaction(async (tx) => {
      await educatorWithLicence(tx, params.id)
      await releaseLicence(tx, params.id)
      return adminUserOf(tx, params.id)
    })
    return { status: 200, body: educator }
  })
}
