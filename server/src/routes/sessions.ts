import type { FastifyInstance } from 'fastify'
import ical from 'ical-generator'
import { joinSession, listSessions, sessionIcs } from '../../../contract/endpoints/sessions.ts'
import { canSeeMeetingLink, PAGE_SIZE } from '../../../contract/rules.ts'
import type { Executor } from '../db/client.ts'
import { sessionsPage } from '../lib/catalogue.ts'
import { found, httpError } from '../lib/errors.ts'
import { route } from '../lib/route.ts'
import type { AuthUser } from '../plugins/auth.ts'
import { findLessonRow } from '../repositories/lessons.ts'
import { findLessonSession, holdsSeatIn } from '../repositories/sessions.ts'

/** The mock's wording for the two refusals of the join call. */
export const NOT_ENROLLED = 'You are not enrolled in this session'
export const OUTSIDE_JOIN_WINDOW =
  'The session can be joined from 5 minutes before it starts until it ends'

/**
 * The lesson and its session (404 'Lesson not found' / 'Session not found'), and whether the
 * user owns the lesson or holds a seat, which decides who sees the meeting link.
 */
const sessionForViewer = async (
  db: Executor,
  ids: { id: number; sessionId: number },
  user: AuthUser,
) => {
  const lesson = found(await findLessonRow(db, ids.id), 'Lesson')
  const session = found(await findLessonSession(db, lesson.id, ids.sessionId), 'Session')
  const viewer = {
    owner: lesson.ownerId === user.id,
    enrolled: await holdsSeatIn(db, session.id, user.id),
  }
  const times = {
    start_time: session.startTime.toISOString(),
    end_time: session.endTime.toISOString(),
  }
  return { lesson, session, viewer, mayJoin: canSeeMeetingLink(times, viewer, new Date()) }
}

export const sessionsRoutes = async (app: FastifyInstance, options: { appOrigin: string }) => {
  const eventDomain = new URL(options.appOrigin).host

  route(app, listSessions, async ({ user, params, query }) => ({
    status: 200,
    body: await sessionsPage(app.db, params.id, user, query, PAGE_SIZE.sessions),
  }))

  route(app, sessionIcs, async ({ reply, user, params }) => {
    const { lesson, session, mayJoin } = await sessionForViewer(app.db, params, user)
    const calendar = ical({ prodId: { company: 'Manabi', product: 'Manabi', language: 'EN' } })
    calendar.createEvent({
      // Stable per session, so importing the file again updates the event instead of adding one.
      id: `session-${session.id}@${eventDomain}`,
      start: session.startTime,
      end: session.endTime,
      summary: lesson.title,
      description: lesson.about,
      // The link is in the file only for those the join call would give it to right now.
      ...(mayJoin ? { url: session.url, location: session.url } : {}),
    })
    return reply
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="session-${session.id}.ics"`)
      .send(calendar.toString())
  })

  route(app, joinSession, async ({ user, params }) => {
    const { session, viewer, mayJoin } = await sessionForViewer(app.db, params, user)
    if (!viewer.owner && !viewer.enrolled) throw httpError(403, NOT_ENROLLED)
    if (!mayJoin) throw httpError(403, OUTSIDE_JOIN_WINDOW)
    return { status: 200, body: { url: session.url } }
  })
}
