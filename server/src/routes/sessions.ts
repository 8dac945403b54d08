import type { FastifyInstance } from 'fastify'
import * as endpoints from '../../../contract/endpoints/sessions.ts'
import { attachmentDisposition } from '../../../contract/files.ts'
import { MESSAGES, messageFields } from '../../../contract/messages.ts'
import { PAGE_SIZE } from '../../../contract/rules.ts'
import { route } from '../http/route.ts'
import { sessionsPage } from '../services/catalogue.ts'
import * as seats from '../services/seats.ts'
import * as waitlist from '../services/waitlist.ts'
import * as sessions from '../services/sessions.ts'

export const sessionsRoutes = async (app: FastifyInstance) => {
  route(app, endpoints.listSessions, async ({ deps, user, params, query }) => ({
    status: 200,
    body: await sessionsPage(deps, params.id, user, query, PAGE_SIZE.sessions),
  }))

  route(app, endpoints.sessionIcs, async ({ deps, reply, user, params }) => {
    const { sessionId, ics } = await sessions.sessionCalendar(deps, params, user)
    return reply
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Content-Disposition', attachmentDisposition(`session-${sessionId}.ics`))
      .send(ics)
  })

  route(app, endpoints.joinSession, async ({ deps, user, params }) => ({
    status: 200,
    body: { url: await sessions.meetingLink(deps, params, user.id) },
  }))

  route(app, endpoints.createSession, async ({ deps, user, params, body }) => ({
    status: 201,
    body: await sessions.createSession(deps, user, params.id, body),
  }))

  route(app, endpoints.updateSession, async ({ deps, user, params, body }) => ({
    status: 200,
    body: await sessions.updateSession(deps, user, params, body),
  }))

  route(app, endpoints.deleteSession, async ({ deps, user, params }) => {
    const students = await sessions.deleteSession(deps, user, params)
    const message =
      students > 0
        ? MESSAGES.sessions.deletedWithRefunds({ count: students })
        : MESSAGES.sessions.deleted
    return { status: 200, body: { ...messageFields(message), enrolledCount: students } }
  })

  route(app, endpoints.enroll, async ({ deps, user, params }) => ({
    status: 201,
    body: await seats.enroll(deps, user, params),
  }))

  route(app, endpoints.unenroll, async ({ deps, user, params }) => ({
    status: 200,
    body: messageFields(await seats.unenroll(deps, user, params)),
  }))

  route(app, endpoints.joinWaitlist, async ({ deps, user, params }) => ({
    status: 201,
    body: await waitlist.joinWaitlist(deps, user, params),
  }))

  route(app, endpoints.leaveWaitlist, async ({ deps, user, params }) => ({
    status: 200,
    body: messageFields(await waitlist.leaveWaitlist(deps, user, params)),
  }))
}
