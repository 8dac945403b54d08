import type { FastifyInstance } from 'fastify'
import { me, reassignOwnVideoLicence, updateProfile } from '../../../contract/endpoints/user.ts'
import { route } from '../http/route.ts'
import { SESSION_COOKIE } from '../plugins/auth.ts'
import * as accounts from '../services/accounts.ts'

/**
 * The current user and its profile. GET /user/:id/reviews and /user/:id/average_score belong to
 * the catalogue and are registered with its routes.
 */
export const userRoutes = async (app: FastifyInstance) => {
  route(app, me, async ({ user }) => ({
    status: 200,
    body: await accounts.currentUserOf(app.db, user.id),
  }))

  route(app, updateProfile, async ({ request, user, body }) => {
    await accounts.updateProfile(app.db, user, body, request.cookies[SESSION_COOKIE])
    return { status: 200, body: await accounts.currentUserOf(app.db, user.id) }
  })

  route(app, reassignOwnVideoLicence, async ({ user }) => {
    await accounts.reassignOwnLicence(app, user)
    return { status: 200, body: await accounts.currentUserOf(app.db, user.id) }
  })
}
