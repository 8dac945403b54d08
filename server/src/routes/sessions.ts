import type { FastifyInstance } from 'fastify'
import { listSessions } from '../../../contract/endpoints/sessions.ts'
import { PAGE_SIZE } from '../../../contract/rules.ts'
import { sessionsPage } from '../lib/catalogue.ts'
import { route } from '../lib/route.ts'

export const sessionsRoutes = async (app: FastifyInstance, options: { appOrigin: string }) => {
  void options

  route(app, listSessions, async ({ user, params, query }) => ({
    status: 200,
    body: await sessionsPage(app.db, params.id, user, query, PAGE_SIZE.sessions),
  }))
}
