import type { FastifyInstance } from 'fastify'
import * as endpoints from '../../../contract/endpoints/user.ts'
import { attachmentDisposition } from '../../../contract/files.ts'
import { route } from '../http/route.ts'
import { SESSION_COOKIE } from '../plugins/auth.ts'
import * as accounts from '../services/accounts.ts'
import * as earnings from '../services/earnings.ts'

/**
 * The current user and its profile. GET /user/:id/reviews and /user/:id/average_score belong to
 * the catalogue and are registered with its routes.
 */
export const userRoutes = async (app: FastifyInstance) => {
  route(app, endpoints.myEarnings, async ({ deps, user, query }) => ({
    status: 200,
    body: await earnings.earningsPage(deps, user, query),
  }))

  route(app, endpoints.myEarningsSummary, async ({ deps, user }) => ({
    status: 200,
    body: await earnings.earningsSummary(deps, user),
  }))

  route(app, endpoints.myEarningsCsv, async ({ deps, reply, user }) =>
    reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', attachmentDisposition('earnings.csv'))
      .send(await earnings.earningsFile(deps, user)),
  )

  route(app, endpoints.me, async ({ deps, user }) => ({
    status: 200,
    body: await accounts.currentUserOf(deps, user.id),
  }))

  // Not behind the per-client rate limiter: it would count every edit of a name or bio. The
  // current password it may ask for has its own per-account limit (accounts.updateProfile).
  route(app, endpoints.updateProfile, async ({ deps, request, user, body }) => {
    await accounts.updateProfile(deps, user, body, request.cookies[SESSION_COOKIE])
    return { status: 200, body: await accounts.currentUserOf(deps, user.id) }
  })

  route(app, endpoints.withdrawEmailChange, async ({ deps, user }) => {
    await accounts.withdrawEmailChange(deps, user)
    return { status: 200, body: await accounts.currentUserOf(deps, user.id) }
  })

  route(app, endpoints.reassignOwnVideoLicence, async ({ deps, user }) => {
    await accounts.reassignOwnLicence(deps, user)
    return { status: 200, body: await accounts.currentUserOf(deps, user.id) }
  })
}
