import * as endpoints from '@contract/endpoints/sessions'
import { type SessionOverlap, type SessionWriteBody } from '@contract/endpoints/sessions'
import { firstOverlap, joinRefusal, sessionWrite } from '@contract/checks'
import { attachmentDisposition } from '@contract/files'
import { type Message, MESSAGES, messageFields } from '@contract/messages'
import { DEFAULT_SEAT_DECISION_HOURS, PAGE_SIZE } from '@contract/rules'
import {
  enrollRefusal,
  hasStarted,
  type SeatStanding,
  sessionDeleteRefusal,
  standingAfterChange,
  standingOf,
  unenrollRefusal,
  waitlistJoinRefusal,
} from '@contract/seats'
import { HttpResponse } from 'msw'
import { db, type DbSession, type DbUser, type DbWaitlistPlace, nextId, sendEmail } from '../db'
import { fail, HttpError, paginate, refuse, route } from '../http'
import {
  cancelPaymentsTellingEach,
  closeLine,
  giveBackSeats,
  isInLine,
  leaveLineSeated,
  offerFreedSeats,
  placeOf,
  positionOf,
  refundSeat,
} from '../seats'
import {
  editableLesson,
  lessonById,
  listedSessionsOf,
  ownerDeactivated,
  sessionOf,
  viewableLesson,
} from '../queries'
import {
  fullPriceOf,
  isEnrolled,
  paymentHolds,
  seatsLeftFor,
  sessionFacts,
  toSession,
} from '../serializers'

/** Sessions take place on the educator's video account, and not for a deactivated educator. */
const requireSchedulingAccount = (user: DbUser) => {
  if (user.deactivatedAt !== null) fail(403, MESSAGES.sessions.accountDeactivated)
  if (user.videoLicenceId === null) fail(403, MESSAGES.sessions.noVideoLicence)
}

/** A session of the lesson that has not started (one starting now has), or a 409. */
const unstartedSession = (lessonId: number, sessionId: number, refusal: Message) => {
  const session = sessionOf(lessonId, sessionId)
  if (hasStarted(Date.parse(session.start_time), Date.now())) fail(409, refusal)
  return session
}

/** The session form's checks (contract/checks.ts); a 400 listing the problems. */
const checkedFields = (body: SessionWriteBody) => {
  const checked = sessionWrite(body)
  return checked.ok ? checked.value : fail(400, checked.problems)
}

/**
 * The fields to store, once no other session of the educator's (any of their lessons, a session
 * cancelled for too few students aside) overlaps them: else a 409 naming it, as the server's
 * exclusion constraint and its lookup do.
 */
const withoutOverlap = (
  value: ReturnType<typeof checkedFields>,
  educator: DbUser,
  editedId: number | null,
) => {
  const ownLessons = new Map(
    db.lessons
      .filter((lesson) => lesson.ownerId === educator.id)
      .map((lesson) => [lesson.id, lesson]),
  )
  const others = db.sessions.filter(
    (other) =>
      other.id !== editedId && other.decision !== 'cancelled' && ownLessons.has(other.lessonId),
  )
  const clash = firstOverlap(value, others)
  if (clash) {
    const overlap: SessionOverlap = {
      lessonId: clash.lessonId,
      lessonTitle: ownLessons.get(clash.lessonId)!.title,
      sessionId: clash.id,
      start_time: clash.start_time,
      end_time: clash.end_time,
    }
    throw new HttpError(409, MESSAGES.sessions.overlap, {}, { overlap })
  }
  return {
    start_time: value.start.toISOString(),
    end_time: value.end.toISOString(),
    timezone: value.timezone,
    url: value.url,
  }
}

/** Where a new session starting at `start` stands, pending while its cutoff is ahead. */
const newStanding = (start: string): Pick<DbSession, 'decision' | 'decisionAt'> =>
  standingAsIso(standingOf(Date.parse(start), Date.now(), DEFAULT_SEAT_DECISION_HOURS))

/** Where a session stands once changed to start at `start` (contract/seats.ts). */
const changedStanding = (session: DbSession, start: string) =>
  standingAsIso(
    standingAfterChange(
      {
        decision: session.decision,
        decisionAt: session.decisionAt === null ? null : Date.parse(session.decisionAt),
        startsAt: Date.parse(session.start_time),
      },
      Date.parse(start),
      Date.now(),
    ),
  )

const standingAsIso = ({ decision, decisionAt }: SeatStanding) => ({
  decision,
  decisionAt: decisionAt === null ? null : new Date(decisionAt).toISOString(),
})

const icsDate = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '')

export const sessionHandlers = [
  route(endpoints.listSessions, ({ user, params, query }) => {
    const lesson = viewableLesson(params.id, user)
    const sessions = listedSessionsOf(lesson.id).map((session) => toSession(session, user))
    return { status: 200, body: paginate(sessions, query, PAGE_SIZE.sessions) }
  }),

  route(endpoints.createSession, ({ user, params, body }) => {
    const lesson = editableLesson(params.id, user)
    requireSchedulingAccount(user)
    const fields = withoutOverlap(checkedFields(body), user, null)
    const session: DbSession = {
      id: nextId(db.sessions),
      lessonId: lesson.id,
      ...fields,
      ...newStanding(fields.start_time),
    }
    db.sessions.push(session)
    return { status: 201, body: toSession(session, user) }
  }),

  route(endpoints.updateSession, ({ user, params, body }) => {
    editableLesson(params.id, user)
    requireSchedulingAccount(user)
    const session = unstartedSession(
      params.id,
      params.sessionId,
      MESSAGES.sessions.startedCannotChange,
    )
    // As the server: the form's checks, then the cancellation, then the overlap.
    const checked = checkedFields(body)
    if (session.decision === 'cancelled') fail(409, MESSAGES.sessions.cancelledCannotChange)
    const fields = withoutOverlap(checked, user, session.id)
    const moved = fields.start_time !== session.start_time || fields.end_time !== session.end_time
    Object.assign(session, fields, changedStanding(session, fields.start_time))
    // As the server: a new time is told to every student with a seat, and to those in line.
    if (moved) {
      const lesson = lessonById(params.id)
      const told = [
        ...db.enrollments.filter((row) => row.sessionId === session.id),
        ...db.waitlist.filter((place) => place.sessionId === session.id && isInLine(place)),
      ]
      for (const { userId } of told) {
        const student = db.users.find((row) => row.id === userId)
        if (student) {
          sendEmail(
            student.email,
            'A session moved',
            `"${lesson.title}" moved to ${fields.start_time}.`,
          )
        }
      }
    }
    return { status: 200, body: toSession(session, user) }
  }),

  route(endpoints.deleteSession, ({ user, params }) => {
    editableLesson(params.id, user)
    const session = sessionOf(params.id, params.sessionId)
    const refusal = sessionDeleteRefusal({
      now: Date.now(),
      startsAt: Date.parse(session.start_time),
    })
    if (refusal) refuse(refusal)
    // Every student holding a seat is refunded in full and told; open payments are cancelled.
    const seats = db.enrollments.filter((row) => row.sessionId === session.id)
    const lesson = lessonById(params.id)
    for (const seat of seats) {
      refundSeat(session.id, seat.userId, 'sessionCancelled')
      const student = db.users.find((row) => row.id === seat.userId)
      if (student)
        sendEmail(student.email, 'A session was cancelled', `"${lesson.title}" was cancelled.`)
    }
    cancelPaymentsTellingEach(session.id)
    closeLine(session)
    // Its seats go with it, given back or not, as the server's cascade takes them.
    db.enrollments = db.enrollments.filter((row) => row.sessionId !== session.id)
    db.cancelledSeats = db.cancelledSeats.filter((row) => row.sessionId !== session.id)
    db.sessions = db.sessions.filter((row) => row.id !== session.id)
    const message =
      seats.length > 0
        ? MESSAGES.sessions.deletedWithRefunds({ count: seats.length })
        : MESSAGES.sessions.deleted
    return { status: 200, body: { ...messageFields(message), enrolledCount: seats.length } }
  }),

  route(endpoints.enroll, ({ user, params }) => {
    const session = sessionOf(params.id, params.sessionId)
    const now = Date.now()
    const refusal = enrollRefusal({
      now,
      ...sessionFacts(session),
      enrolled: isEnrolled(user.id, session.id),
      seatsLeft: seatsLeftFor(session, user.id, now),
      priceInCents: fullPriceOf(session),
      educatorDeactivated: ownerDeactivated(session),
    })
    if (refusal) refuse(refusal)
    const enrollment = {
      id: nextId(db.enrollments),
      lessonId: session.lessonId,
      sessionId: session.id,
      createdAt: new Date().toISOString(),
    }
    db.enrollments.push({ ...enrollment, userId: user.id })
    leaveLineSeated(session.id, user.id)
    const lesson = lessonById(params.id)
    sendEmail(
      user.email,
      'You are enrolled',
      `You have a seat in "${lesson.title}" on ${session.start_time}.`,
    )
    return { status: 201, body: enrollment }
  }),

  route(endpoints.unenroll, ({ user, params }) => {
    const lesson = lessonById(params.id)
    const session = sessionOf(params.id, params.sessionId)
    if (!isEnrolled(user.id, session.id)) fail(404, MESSAGES.http.notFound({ what: 'Enrollment' }))
    const refusal = unenrollRefusal({ now: Date.now(), startsAt: Date.parse(session.start_time) })
    if (refusal) refuse(refusal)
    giveBackSeats((row) => row.userId === user.id && row.sessionId === session.id)
    const refunded = refundSeat(session.id, user.id, 'unenrolled')
    offerFreedSeats(session)
    const owner = db.users.find((row) => row.id === lesson.ownerId)
    if (owner)
      sendEmail(
        owner.email,
        'A student unenrolled',
        `${user.name} left a session of "${lesson.title}".`,
      )
    const message = refunded
      ? MESSAGES.enrollments.unenrolledRefund
      : MESSAGES.enrollments.unenrolled
    return { status: 200, body: messageFields(message) }
  }),

  route(endpoints.joinWaitlist, ({ user, params }) => {
    const session = sessionOf(params.id, params.sessionId)
    const now = Date.now()
    const refusal = waitlistJoinRefusal({
      educatorDeactivated: ownerDeactivated(session),
      now,
      ...sessionFacts(session),
      enrolled: isEnrolled(user.id, session.id),
      holding: db.payments.some(
        (payment) =>
          payment.sessionId === session.id &&
          payment.userId === user.id &&
          paymentHolds(payment, now),
      ),
      waiting: placeOf(session.id, user.id) !== undefined,
      seatsLeft: seatsLeftFor(session, user.id, now),
    })
    if (refusal) refuse(refusal)
    const place: DbWaitlistPlace = {
      id: nextId(db.waitlist),
      sessionId: session.id,
      userId: user.id,
      status: 'waiting',
      offerExpiresAt: null,
      createdAt: new Date(now).toISOString(),
    }
    db.waitlist.push(place)
    return {
      status: 201,
      body: { sessionId: session.id, position: positionOf(place), offeredUntil: null },
    }
  }),

  route(endpoints.leaveWaitlist, ({ user, params }) => {
    const session = sessionOf(params.id, params.sessionId)
    const place = placeOf(session.id, user.id)
    if (!place) return fail(404, MESSAGES.waitlist.notWaiting)
    const offered = place.status === 'offered'
    place.status = 'left'
    if (offered) offerFreedSeats(session)
    return { status: 200, body: messageFields(MESSAGES.waitlist.left) }
  }),

  route(endpoints.sessionIcs, ({ user, params }) => {
    const lesson = lessonById(params.id)
    const session = sessionOf(params.id, params.sessionId)
    if (lesson.ownerId !== user.id && !isEnrolled(user.id, session.id)) {
      fail(403, MESSAGES.sessions.calendarForbidden)
    }
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
        'Content-Disposition': attachmentDisposition(`session-${session.id}.ics`),
      },
    })
  }),

  route(endpoints.joinSession, ({ user, params }) => {
    const lesson = lessonById(params.id)
    const session = sessionOf(params.id, params.sessionId)
    const viewer = { enrolled: isEnrolled(user.id, session.id), owner: lesson.ownerId === user.id }
    const refusal = joinRefusal(session, viewer)
    if (refusal) fail(403, refusal)
    return { status: 200, body: { url: session.url } }
  }),
]
