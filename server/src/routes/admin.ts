import type { FastifyInstance } from 'fastify'
import {
  approveUser,
  assignVideoLicence,
  listUsers,
  removeVideoLicence,
} from '../../../contract/endpoints/admin.ts'
import { route } from '../http/route.ts'
import * as admin from '../services/admin.ts'

/** Admins list users, verify educators and lend them video-conference licences. */
export const adminRoutes = async (app: FastifyInstance, options: { appOrigin: string }) => {
  void options

  route(app, listUsers, async ({ query }) => ({
    status: 200,
    body: await admin.usersPage(app.db, query),
  }))

  route(app, approveUser, async ({ params }) => ({
    status: 200,
    body: await admin.approveUser(app.db, params.id),
  }))

  route(app, assignVideoLicence, async ({ params, body }) => ({
    status: 200,
    body: await admin.assignVideoLicence(app.db, params.id, body?.licenceId),
  }))

  route(app, removeVideoLicence, async ({ params }) => ({
    status: 200,
    body: await admin.removeVideoLicence(app.db, params.id),
  }))
}
