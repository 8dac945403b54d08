import type { FastifyInstance } from 'fastify'
import {
  createSession,
  deleteSession,
  enroll,
  joinSession,
  listSessions,
  sessionIcs,
  unenroll,
  updateSession,
} from '../../../contract/endpoints/sessions.ts'
import { attachmentDisposition } from '../../../contract/files.ts'
import { MESSAGES } from '../../../contract/messages.ts'
import { PAGE_SIZE } from '../../../contract/rules.ts'
import { route } from '../http/route.ts'
import { sessionsPage } from '../services/catalogue.ts'
import * as seats from '../services/seats.ts'
import * as sessions from '../services/sessions.ts'
import { seatDeps } from './seat-deps.ts'

export const sessionsRoutes = async (app: FastifyInstance, options: { appOrigin: string }) => {
  const eventDomain = new URL(options.appOrigin).host
  const deps = seatDeps(app, eventDomain)

  route(app, listSessions, async ({ user, params, query }) => ({
    status: 200,
    body: await sessionsPage(app.db, params.id, user, query, PAGE_SIZE.sessions),
  }))

  route(app, sessionIcs, async ({ reply, user, params }) => {
    const { sessionId, ics } = await sessions.sessionCalendar(app.db, params, user.id, eventDomain)
    return reply
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Content-Disposition', attachmentDisposition(`session-${sessionId}.ics`))
      .send(ics)
  })

  route(app, joinSession, async ({ user, params }) => ({
    status: 200,
    body: { url: await sessions.meetingLink(app.db, params, user.id) },
  }))

  route(app, createSession, async ({ user, params, body }) => ({
    status: 201,
    body: await sessions.createSession(app.db, user, params.id, body),
  }))

  route(app, updateSession, async ({ user, params, body }) => ({
    status: 200,
    body: await sessions.updateSession(app.db, user, params, body),
  }))

  route(app, deleteSession, async ({ user, params }) => {
    const students = await sessions.deleteSession(deps, user, params)
    const message =
      students > 0 ? MESSAGES.sessions.deletedWithRefunds(students) : MESSAGES.sessions.deleted
    return { status: 200, body: { message, enrolledCount: students } }
  })

  route(app, enroll, async ({ user, params }) => ({
    status: 201,
    body: await seats.enroll(deps, user, params),
  }))

  route(app, unenroll, async ({ user, params }) => ({
    status: 200,
    body: { message: await seats.unenroll(deps, user, params) },
  }))
}
