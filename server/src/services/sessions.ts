import { joinRefusal } from '../../../contract/checks.ts'
import { canSeeMeetingLink } from '../../../contract/rules.ts'
import type { Executor } from '../db/client.ts'
import { ForbiddenError, found } from '../domain/errors.ts'
import { findLessonRow } from '../repositories/lessons.ts'
import { findLessonSession, holdsSeatIn } from '../repositories/sessions.ts'
import { toCalendar } from '../serializers/calendar.ts'

type SessionIds = { id: number; sessionId: number }

/**
 * The lesson and its session ('Lesson not found' / 'Session not found'), whether the user owns
 * the lesson or holds a seat, and the times the join window is reckoned from.
 */
const sessionForViewer = async (db: Executor, ids: SessionIds, userId: number) => {
  const lesson = found(await findLessonRow(db, ids.id), 'Lesson')
  const session = found(await findLessonSession(db, lesson.id, ids.sessionId), 'Session')
  const viewer = {
    owner: lesson.ownerId === userId,
    enrolled: await holdsSeatIn(db, session.id, userId),
  }
  const times = {
    start_time: session.startTime.toISOString(),
    end_time: session.endTime.toISOString(),
  }
  return { lesson, session, viewer, times }
}

/** The session as a calendar file; the link is in it only for those who may join right now. */
export const sessionCalendar = async (
  db: Executor,
  ids: SessionIds,
  userId: number,
  eventDomain: string,
) => {
  const { lesson, session, viewer, times } = await sessionForViewer(db, ids, userId)
  return {
    sessionId: session.id,
    ics: toCalendar(lesson, session, eventDomain, canSeeMeetingLink(times, viewer, new Date())),
  }
}

/** The meeting link, for the owner and, inside the join window, the session's students. */
export const meetingLink = async (db: Executor, ids: SessionIds, userId: number) => {
  const { session, viewer, times } = await sessionForViewer(db, ids, userId)
  const refusal = joinRefusal(times, viewer, new Date())
  if (refusal) throw new ForbiddenError(refusal)
  return session.url
}
