import type { FastifyInstance } from 'fastify'
import { me, reassignOwnVideoLicence, updateProfile } from '../../../contract/endpoints/user.ts'
import { route } from '../http/route.ts'
import { SESSION_COOKIE } from '../plugins/auth.ts'
import * as accounts from '../services/accounts.ts'

/**
 * The current user and its profile. GET /user/:id/reviews and /user/:id/average_score belong to
 * the catalogue and are registered with its routes.
 */
export const userRoutes = async (app: FastifyInstance, { appOrigin }: { appOrigin: string }) => {
  route(app, me, async ({ user }) => ({
    status: 200,
    body: await accounts.currentUserOf(app.db, user.id),
  }))

  // Not behind the per-client rate limiter: it would count every edit of a name or bio. The
  // current password it may ask for has its own per-account limit (accounts.updateProfile).
  route(app, updateProfile, async ({ request, user, body }) => {
    await accounts.updateProfile(app, user, body, request.cookies[SESSION_COOKIE], appOrigin)
    return { status: 200, body: await accounts.currentUserOf(app.db, user.id) }
  })

  route(app, reassignOwnVideoLicence, async ({ user }) => {
    await accounts.reassignOwnLicence(app, user)
    return { status: 200, body: await accounts.currentUserOf(app.db, user.id) }
  })
}
