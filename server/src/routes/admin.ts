import type { FastifyInstance } from 'fastify'
import * as endpoints from '../../../contract/endpoints/admin.ts'
import { route } from '../http/route.ts'
import * as admin from '../services/admin.ts'
import * as overview from '../services/admin-overview.ts'

/**
 * Admins list users, verify educators, keep and lend the pool of video-conference licences, and
 * see the marketplace at a glance with the lists behind its figures.
 */
export const adminRoutes = async (app: FastifyInstance) => {
  route(app, endpoints.listUsers, async ({ deps, query }) => ({
    status: 200,
    body: await admin.usersPage(deps, query),
  }))

  route(app, endpoints.approveUser, async ({ deps, params }) => ({
    status: 200,
    body: await admin.approveUser(deps, params.id),
  }))

  route(app, endpoints.reactivateUser, async ({ deps, params }) => ({
    status: 200,
    body: await admin.reactivateEducator(deps, params.id),
  }))

  route(app, endpoints.assignVideoLicence, async ({ deps, params, body }) => ({
    status: 200,
    body: await admin.assignVideoLicence(deps, params.id, body?.licenceId),
  }))

  route(app, endpoints.removeVideoLicence, async ({ deps, params }) => ({
    status: 200,
    body: await admin.removeVideoLicence(deps, params.id),
  }))

  route(app, endpoints.listVideoLicences, async ({ deps }) => ({
    status: 200,
    body: await admin.licencePool(deps),
  }))

  route(app, endpoints.addVideoLicence, async ({ deps, body }) => ({
    status: 201,
    body: await admin.addLicence(deps, body),
  }))

  route(app, endpoints.retireVideoLicence, async ({ deps, params }) => ({
    status: 200,
    body: await admin.retireLicence(deps, params.id),
  }))

  route(app, endpoints.adminOverview, async ({ deps, user }) => ({
    status: 200,
    body: await overview.overview(deps, user),
  }))

  route(app, endpoints.listAdminSessions, async ({ deps, query }) => ({
    status: 200,
    body: await overview.sessionsPage(deps, query),
  }))

  route(app, endpoints.listRefunds, async ({ deps, query }) => ({
    status: 200,
    body: await overview.refundsPage(deps, query),
  }))
}
