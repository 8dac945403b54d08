import type { FastifyInstance } from 'fastify'
import {
  addVideoLicence,
  approveUser,
  assignVideoLicence,
  listUsers,
  listVideoLicences,
  removeVideoLicence,
  retireVideoLicence,
} from '../../../contract/endpoints/admin.ts'
import { route } from '../http/route.ts'
import * as admin from '../services/admin.ts'

/** Admins list users, verify educators, and keep and lend the pool of video-conference licences. */
export const adminRoutes = async (app: FastifyInstance, options: { appOrigin: string }) => {
  void options
  const deps = { db: app.db, mailer: app.mailer }

  route(app, listUsers, async ({ query }) => ({
    status: 200,
    body: await admin.usersPage(app.db, query),
  }))

  route(app, approveUser, async ({ params }) => ({
    status: 200,
    body: await admin.approveUser(deps, params.id),
  }))

  route(app, assignVideoLicence, async ({ params, body }) => ({
    status: 200,
    body: await admin.assignVideoLicence(deps, params.id, body?.licenceId),
  }))

  route(app, removeVideoLicence, async ({ params }) => ({
    status: 200,
    body: await admin.removeVideoLicence(deps, params.id),
  }))

  route(app, listVideoLicences, async () => ({
    status: 200,
    body: await admin.licencePool(app.db),
  }))

  route(app, addVideoLicence, async ({ body }) => ({
    status: 201,
    body: await admin.addLicence(app.db, body),
  }))

  route(app, retireVideoLicence, async ({ params }) => ({
    status: 200,
    body: await admin.retireLicence(app.db, params.id),
  }))
}
