import type { Session } from '../../../contract/entities.ts'
import { joinRefusal, sessionWrite } from '../../../contract/checks.ts'
import type { SessionWriteBody } from '../../../contract/endpoints/sessions.ts'
import { type Message, MESSAGES } from '../../../contract/messages.ts'
import { canSeeMeetingLink } from '../../../contract/rules.ts'
import type { Executor } from '../db/client.ts'
import { BadRequestError, ConflictError, ForbiddenError, found } from '../domain/errors.ts'
import { lessonPageUrl } from '../mail/links.ts'
import type { Mail } from '../mail/mailer.ts'
import { emails, type SessionTimes } from '../mail/templates.ts'
import { findLessonRow } from '../repositories/lessons.ts'
import { lockSessionById, type SeatedSession, seatsOf } from '../repositories/seats.ts'
import {
  findLessonSession,
  findSessionRecord,
  holdsSeatIn,
  insertSession,
  orOverlap,
  updateSessionRow,
  type SessionFields,
  type SessionRow,
} from '../repositories/sessions.ts'
import type { UserRow } from '../repositories/users.ts'
import { placesInLine } from '../repositories/waitlist.ts'
import { toCalendar } from '../serializers/calendar.ts'
import { toSession } from '../serializers/lessons.ts'
import type { ServiceDeps } from './deps.ts'
import { editableLesson } from './lessons.ts'
import {
  cancelSessionJobs,
  changedStanding,
  moveSessionJobs,
  newStanding,
  planSessionJobs,
} from './session-jobs.ts'
import { mailEach, outboxMail, type SeatDeps, seatChange } from './seat-change.ts'
import { calendarAttachment, deleteSessionWithSeats } from './seats.ts'

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

/**
 * The session as a calendar file in the viewer's language; the link is in it only for those who
 * may join right now.
 */
export const sessionCalendar = async (
  { db, appOrigin, eventDomain }: Pick<ServiceDeps, 'db' | 'appOrigin' | 'eventDomain'>,
  ids: SessionIds,
  user: Pick<UserRow, 'id' | 'language'>,
) => {
  const { lesson, session, viewer, times } = await sessionForViewer(db, ids, user.id)
  if (!viewer.owner && !viewer.enrolled) {
    throw new ForbiddenError(MESSAGES.sessions.calendarForbidden)
  }
  const reader = {
    language: user.language,
    lessonUrl: lessonPageUrl(appOrigin, lesson.id),
    eventDomain,
  }
  return {
    sessionId: session.id,
    ics: toCalendar(lesson, session, reader, canSeeMeetingLink(times, viewer, new Date())),
  }
}

/** The meeting link, for the owner and, inside the join window, the session's students. */
export const meetingLink = async (
  { db }: Pick<ServiceDeps, 'db'>,
  ids: SessionIds,
  userId: number,
) => {
  const { session, viewer, times } = await sessionForViewer(db, ids, userId)
  const refusal = joinRefusal(times, viewer, new Date())
  if (refusal) throw new ForbiddenError(refusal)
  return session.url
}

/** What writing a session needs: the database and, for its jobs, the job scheduler. */
type SessionWriteDeps = Pick<
  ServiceDeps,
  'db' | 'jobs' | 'reminderLeadsMinutes' | 'seatDecisionHours'
>

/**
 * Sessions take place on the educator's video account: none, no sessions to create or move; nor
 * for an educator deactivated by the earnings rule (§9), who only teaches the seats taken.
 */
const requireSchedulingAccount = (user: Pick<UserRow, 'videoLicenceId' | 'deactivatedAt'>) => {
  if (user.deactivatedAt !== null) throw new ForbiddenError(MESSAGES.sessions.accountDeactivated)
  if (user.videoLicenceId === null) throw new ForbiddenError(MESSAGES.sessions.noVideoLicence)
}

/** The session form's checks (contract/checks.ts); answers the fields to store. */
const checkedSessionFields = (body: SessionWriteBody): SessionFields => {
  const checked = sessionWrite(body)
  if (!checked.ok) throw new BadRequestError(checked.problems)
  const { start, end, timezone, url } = checked.value
  return { startTime: start, endTime: end, timezone, url }
}

/** A session of the lesson that has not started (`now` counts as started), or a conflict. */
const unstartedSession = async (
  db: Executor,
  ids: SessionIds,
  refusal: Message,
  now: Date,
): Promise<SessionRow> => {
  const session = found(await findLessonSession(db, ids.id, ids.sessionId), 'Session')
  if (session.startTime.getTime() <= now.getTime()) throw new ConflictError(refusal)
  return session
}

/** The session as its owner sees it. */
const ownSession = async (db: Executor, sessionId: number, owner: UserRow): Promise<Session> => {
  const now = new Date()
  return toSession(
    found(await findSessionRecord(db, sessionId, owner.id, now), 'Session'),
    owner,
    now,
  )
}

/**
 * Schedules a session of the caller's lesson, pending its minimum-seat decision unless scheduled
 * after its cutoff. Overlaps are left to the database's exclusion constraint, so of two racing
 * requests for the same hour exactly one wins (the other: 409, naming the session it overlaps).
 */
export const createSession = async (
  deps: SessionWriteDeps,
  user: UserRow,
  lessonId: number,
  body: SessionWriteBody,
) => {
  const { db } = deps
  const lesson = await editableLesson(db, lessonId, user)
  requireSchedulingAccount(user)
  const fields = checkedSessionFields(body)
  const id = await db
    .transaction(async (tx) => {
      const now = new Date()
      const written = { ...fields, ...newStanding(deps, fields.startTime, now) }
      const sessionId = await insertSession(tx, lesson, written)
      await planSessionJobs(deps, tx, { id: sessionId, ...written }, now)
      return sessionId
    })
    .catch(orOverlap(db, lesson.ownerId, fields, null))
  return ownSession(db, id, user)
}

/**
 * Moves a session that has not started and was not cancelled for too few students; 409 when the
 * new time overlaps another one. Its jobs (reminders, decision, review requests) move with it, in
 * the same transaction; a pending session that moves is decided as long before its new start as
 * before its old one, or takes place with whoever enrolls when that has passed. A new time raises
 * its revision (its calendar file's SEQUENCE), and every student with a seat (with the updated
 * calendar file) or in its line is told, in the same transaction (the outbox).
 */
export const updateSession = async (
  deps: SessionWriteDeps & SeatDeps,
  user: UserRow,
  ids: SessionIds,
  body: SessionWriteBody,
) => {
  const { db } = deps
  const lesson = await editableLesson(db, ids.id, user)
  requireSchedulingAccount(user)
  const session = await unstartedSession(db, ids, MESSAGES.sessions.startedCannotChange, new Date())
  const fields = checkedSessionFields(body)
  await seatChange(deps, async (tx, effects) => {
    // Its times as they are now, locked: a move racing this one waits, then moves its jobs.
    const current = found(await lockSessionById(tx, session.id), 'Session').session
    if (current.decision === 'cancelled') {
      throw new ConflictError(MESSAGES.sessions.cancelledCannotChange)
    }
    const now = new Date()
    const moved =
      current.startTime.getTime() !== fields.startTime.getTime() ||
      current.endTime.getTime() !== fields.endTime.getTime()
    const written = {
      ...fields,
      ...changedStanding(current, fields.startTime, now),
      revision: current.revision + (moved ? 1 : 0),
    }
    await updateSessionRow(tx, current, written)
    await moveSessionJobs(deps, tx, current, { id: current.id, ...written }, now)
    if (moved) {
      const seated = { lesson, session: { ...current, ...written } }
      await tellStudentsOfMove(deps, tx, seated, current, outboxMail(deps, tx, effects))
    }
  }).catch(orOverlap(db, session.ownerId, fields, session.id))
  return ownSession(db, session.id, user)
}

/**
 * Tells each student with a seat in a moved session its new time, with its calendar file, and
 * each student in its line for a seat.
 */
const tellStudentsOfMove = async (
  deps: SeatDeps,
  tx: Executor,
  seated: SeatedSession,
  from: SessionTimes,
  mail: Mail,
) => {
  const lessonUrl = lessonPageUrl(deps.appOrigin, seated.lesson.id)
  const facts = { lessonTitle: seated.lesson.title, from, session: seated.session, lessonUrl }
  const seats = await seatsOf(tx, seated.session.id)
  await mailEach(
    tx,
    seats.map(({ seat }) => seat.userId),
    mail,
    (student) => ({
      ...emails.sessionMoved(student, facts),
      attachments: [calendarAttachment(deps, student, seated)],
    }),
  )
  const line = await placesInLine(tx, seated.session.id)
  await mailEach(
    tx,
    line.map((place) => place.userId),
    mail,
    (student) => emails.sessionMoved(student, { ...facts, inLine: true }),
  )
}

/**
 * Removes a session of the caller's lesson that has not started; every student holding a seat is
 * refunded and told (seats.ts). Answers how many students held seats.
 */
export const deleteSession = (
  deps: SeatDeps & Pick<ServiceDeps, 'jobs' | 'reminderLeadsMinutes' | 'seatDecisionHours'>,
  user: UserRow,
  ids: SessionIds,
) =>
  deleteSessionWithSeats(
    deps,
    ids,
    async (tx) => {
      await editableLesson(tx, ids.id, user)
    },
    (tx, session) => cancelSessionJobs(deps, tx, session),
  )
