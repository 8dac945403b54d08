import {
  createSession,
  deleteSession,
  enroll,
  joinSession,
  listSessions,
  sessionIcs,
  unenroll,
  updateSession,
  type SessionWriteBody,
} from '@contract/endpoints/sessions'
import {
  canSeeMeetingLink,
  isValidTimeZone,
  meetingProvider,
  PAGE_SIZE,
  zonedTimeToUtc,
} from '@contract/rules'
import { HttpResponse } from 'msw'
import { db, type DbSession, type DbUser, nextId, sendEmail } from '../db'
import { fail, paginate, route } from '../http'
import { lessonById, ownedLesson, sessionOf } from '../queries'
import { fullPriceOf, isEnrolled, seatsLeft, toSession } from '../serializers'

export const OVERLAP_MESSAGE = 'Probably, sessions overlap. Please check the session date again'

const hasStarted = (session: DbSession) => Date.parse(session.start_time) <= Date.now()

/** §5: the session form's rules; answers the stored fields or fails with 400/403/409. */
const sessionFields = (body: SessionWriteBody, educator: DbUser, editedId: number | null) => {
  if (educator.videoLicenceId === null) {
    fail(403, 'Connect a video-conference account before creating sessions')
  }
  const problems: string[] = []
  if (!isValidTimeZone(body.timezone)) problems.push('Unknown time zone')
  if (!meetingProvider(body.url)) problems.push('Meeting link must be a Zoom or Google Meet URL')
  if (problems.length > 0) fail(400, problems)
  const start = zonedTimeToUtc(body.date, body.startHour, body.timezone)
  const end = zonedTimeToUtc(body.date, body.endHour, body.timezone)
  if (end <= start) fail(400, 'End time must be after start time')

  const ownLessons = new Set(
    db.lessons.filter((lesson) => lesson.ownerId === educator.id).map((lesson) => lesson.id),
  )
  const overlaps = db.sessions.some(
    (other) =>
      other.id !== editedId &&
      ownLessons.has(other.lessonId) &&
      Date.parse(other.start_time) < end.getTime() &&
      start.getTime() < Date.parse(other.end_time),
  )
  if (overlaps) fail(409, OVERLAP_MESSAGE)
  return {
    start_time: start.toISOString(),
    end_time: end.toISOString(),
    timezone: body.timezone,
    url: body.url.trim(),
  }
}

/** Refunds the paid seats of a session's students (all of them, or one). */
const refund = (sessionId: number, userId?: number) => {
  for (const payment of db.payments) {
    const matches =
      payment.sessionId === sessionId && (userId === undefined || payment.userId === userId)
    if (matches && payment.status === 'success') payment.status = 'refunded'
  }
}

const icsDate = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '')

export const sessionHandlers = [
  route(listSessions, ({ user, params, query }) => {
    const lesson = lessonById(params.id)
    const sessions = db.sessions
      .filter((session) => session.lessonId === lesson.id)
      .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time))
      .map((session) => toSession(session, user))
    return { status: 200, body: paginate(sessions, query, PAGE_SIZE.sessions) }
  }),

  route(createSession, ({ user, params, body }) => {
    const lesson = ownedLesson(params.id, user)
    const session: DbSession = {
      id: nextId(db.sessions),
      lessonId: lesson.id,
      ...sessionFields(body, user, null),
    }
    db.sessions.push(session)
    return { status: 201, body: toSession(session, user) }
  }),

  route(updateSession, ({ user, params, body }) => {
    ownedLesson(params.id, user)
    const session = sessionOf(params.id, params.sessionId)
    if (hasStarted(session)) fail(409, 'A session that has started cannot be changed')
    Object.assign(session, sessionFields(body, user, session.id))
    return { status: 200, body: toSession(session, user) }
  }),

  route(deleteSession, ({ user, params }) => {
    const lesson = ownedLesson(params.id, user)
    const session = sessionOf(params.id, params.sessionId)
    if (hasStarted(session)) fail(409, 'A session that has started cannot be deleted')
    refund(session.id)
    for (const enrollment of db.enrollments.filter((row) => row.sessionId === session.id)) {
      const student = db.users.find((row) => row.id === enrollment.userId)
      if (student)
        sendEmail(
          student.email,
          'Session cancelled',
          `A session of "${lesson.title}" was cancelled.`,
        )
    }
    db.enrollments = db.enrollments.filter((row) => row.sessionId !== session.id)
    db.sessions = db.sessions.filter((row) => row.id !== session.id)
    return { status: 200, body: { message: 'Session deleted' } }
  }),

  route(enroll, ({ user, params }) => {
    const session = sessionOf(params.id, params.sessionId)
    if (isEnrolled(user.id, session.id)) fail(409, 'You are already enrolled in this session')
    if (hasStarted(session)) fail(409, 'This session has already started')
    if (seatsLeft(session) === 0) fail(409, 'No seats left in this session')
    if (fullPriceOf(session) > 0) fail(402, 'Payment required')
    const enrollment = {
      id: nextId(db.enrollments),
      lessonId: session.lessonId,
      sessionId: session.id,
      createdAt: new Date().toISOString(),
    }
    db.enrollments.push({ ...enrollment, userId: user.id })
    return { status: 201, body: enrollment }
  }),

  route(unenroll, ({ user, params }) => {
    const lesson = lessonById(params.id)
    const session = sessionOf(params.id, params.sessionId)
    if (!isEnrolled(user.id, session.id)) fail(404, 'Enrollment not found')
    if (hasStarted(session)) fail(409, 'You can unenroll only before the session starts')
    db.enrollments = db.enrollments.filter(
      (row) => !(row.userId === user.id && row.sessionId === session.id),
    )
    refund(session.id, user.id)
    const owner = db.users.find((row) => row.id === lesson.ownerId)
    if (owner)
      sendEmail(
        owner.email,
        'A student unenrolled',
        `${user.name} left a session of "${lesson.title}".`,
      )
    return { status: 200, body: { message: 'Unenrolled' } }
  }),

  route(sessionIcs, ({ params }) => {
    const lesson = lessonById(params.id)
    const session = sessionOf(params.id, params.sessionId)
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Manabi//Mock//EN',
      'BEGIN:VEVENT',
      `UID:session-${session.id}@manabi.example`,
      `DTSTAMP:${icsDate(new Date().toISOString())}`,
      `DTSTART:${icsDate(session.start_time)}`,
      `DTEND:${icsDate(session.end_time)}`,
      `SUMMARY:${lesson.title.replace(/[,;\\]/g, (char) => `\\${char}`)}`,
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n')
    return new HttpResponse(ics, {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `attachment; filename="session-${session.id}.ics"`,
      },
    })
  }),

  route(joinSession, ({ user, params }) => {
    const lesson = lessonById(params.id)
    const session = sessionOf(params.id, params.sessionId)
    const viewer = { enrolled: isEnrolled(user.id, session.id), owner: lesson.ownerId === user.id }
    if (!viewer.owner && !viewer.enrolled) fail(403, 'You are not enrolled in this session')
    if (!canSeeMeetingLink(session, viewer)) {
      fail(403, 'The session can be joined from 5 minutes before it starts until it ends')
    }
    return { status: 200, body: { url: session.url } }
  }),
]
