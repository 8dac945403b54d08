import type { FastifyInstance } from 'fastify'
import { joinSession, listSessions, sessionIcs } from '../../../contract/endpoints/sessions.ts'
import { attachmentDisposition } from '../../../contract/files.ts'
import { PAGE_SIZE } from '../../../contract/rules.ts'
import { route } from '../http/route.ts'
import { sessionsPage } from '../services/catalogue.ts'
import { meetingLink, sessionCalendar } from '../services/sessions.ts'

export const sessionsRoutes = async (app: FastifyInstance, options: { appOrigin: string }) => {
  const eventDomain = new URL(options.appOrigin).host

  route(app, listSessions, async ({ user, params, query }) => ({
    status: 200,
    body: await sessionsPage(app.db, params.id, user, query, PAGE_SIZE.sessions),
  }))

  route(app, sessionIcs, async ({ reply, user, params }) => {
    const { sessionId, ics } = await sessionCalendar(app.db, params, user.id, eventDomain)
    return reply
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Content-Disposition', attachmentDisposition(`session-${sessionId}.ics`))
      .send(ics)
  })

  route(app, joinSession, async ({ user, params }) => ({
    status: 200,
    body: { url: await meetingLink(app.db, params, user.id) },
  }))
}
