import Type from 'typebox'
import {
  ErrorBody,
  errors,
  Id,
  IdParam,
  IsoDateTime,
  MessageBody,
  PageQuery,
  Paginated,
} from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'
import { Enrollment, Session, WaitlistPlace } from '../entities.ts'
import { DATE_PATTERN, TIME_ZONE_MAX_LENGTH } from '../rules.ts'

export const SessionsParams = Type.Object({ id: IdParam })
export const SessionParams = Type.Object({ id: IdParam, sessionId: IdParam })

export const SessionsQuery = Type.Object({ ...PageQuery })
export type SessionsQuery = Type.Static<typeof SessionsQuery>

/**
 * A session as the educator's form enters it (§5): a calendar date and start/end hours in the
 * educator's time zone, and the meeting link of Zoom or Google Meet (typed without a scheme, it
 * is taken and stored with https://, §5).
 */
export const SessionWriteBody = Type.Object({
  date: Type.String({ pattern: DATE_PATTERN, description: 'yyyy-MM-dd' }),
  startHour: Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:mm' }),
  endHour: Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:mm' }),
  timezone: Type.String({
    minLength: 1,
    maxLength: TIME_ZONE_MAX_LENGTH,
    description: 'IANA time zone, e.g. Asia/Tokyo',
  }),
  url: Type.String({ minLength: 1, maxLength: 2048 }),
})
export type SessionWriteBody = Type.Static<typeof SessionWriteBody>

/**
 * The educator's session a new or moved one would overlap (the earliest, when several do), so
 * the form can say which: its lesson and its instants (the client writes them in the reader's
 * language and zone). Every session an educator teaches is one of their own, so nothing here is
 * anyone else's.
 */
export const SessionOverlap = Type.Object({
  lessonId: Id,
  lessonTitle: Type.String(),
  sessionId: Id,
  start_time: IsoDateTime,
  end_time: IsoDateTime,
})
export type SessionOverlap = Type.Static<typeof SessionOverlap>

/**
 * A session write's 409: the shared error body; when the refusal is an overlap
 * ('Probably, sessions overlap…', §5), `overlap` names the session it clashes with.
 */
export const SessionConflictBody = Type.Object(
  { ...ErrorBody.properties, overlap: Type.Optional(SessionOverlap) },
  { description: 'Error response; an overlap names the session it clashes with' },
)
export type SessionConflictBody = Type.Static<typeof SessionConflictBody>

/** A deleted session: the message, and how many students held a seat (each refunded and e-mailed). */
export const SessionDeleted = Type.Object({
  ...MessageBody.properties,
  enrolledCount: Type.Integer({ minimum: 0 }),
})
export type SessionDeleted = Type.Static<typeof SessionDeleted>

export const MeetingLink = Type.Object({ url: Type.String() })
export type MeetingLink = Type.Static<typeof MeetingLink>

export const listSessions = defineEndpoint({
  method: 'GET',
  path: '/lessons/:id/sessions',
  access: 'user',
  summary: 'Sessions of a lesson, soonest first, as the caller sees them',
  description:
    "Pages through a lesson's sessions, soonest first, each typed open, enrolled, live or closed for the caller, the meeting link only to those who may join.",
  params: SessionsParams,
  querystring: SessionsQuery,
  response: { 200: Paginated(Session), ...errors(400, 401, 404) },
})

export const createSession = defineEndpoint({
  method: 'POST',
  path: '/lessons/:id/sessions',
  access: ['educator'],
  approvedOnly: true,
  summary:
    'Add a session (lesson owner with a connected video account); 409 when it overlaps, naming the session it overlaps',
  description:
    "Schedules a session of the caller's lesson from a date, hours, time zone and a Zoom or Google Meet link; the owner needs a video licence.",
  params: SessionsParams,
  body: SessionWriteBody,
  response: { 201: Session, ...errors(400, 401, 403, 404), 409: SessionConflictBody },
})

export const updateSession = defineEndpoint({
  method: 'PUT',
  path: '/lessons/:id/sessions/:sessionId',
  access: ['educator'],
  approvedOnly: true,
  summary:
    'Change a session that has not started (lesson owner); 409 when it overlaps, naming the session it overlaps',
  description:
    "Moves a session of the caller's lesson or changes its meeting link, before it starts; 409 when it would overlap another of the caller's sessions.",
  params: SessionParams,
  body: SessionWriteBody,
  response: { 200: Session, ...errors(400, 401, 403, 404), 409: SessionConflictBody },
})

export const deleteSession = defineEndpoint({
  method: 'DELETE',
  path: '/lessons/:id/sessions/:sessionId',
  access: ['educator'],
  approvedOnly: true,
  summary:
    'Remove a session that has not started (lesson owner); every enrolled student is refunded in full and e-mailed',
  description:
    "Deletes a session of the caller's lesson before it starts; every enrolled student is refunded in full and told by e-mail.",
  params: SessionParams,
  response: { 200: SessionDeleted, ...errors(400, 401, 403, 404, 409) },
})

export const enroll = defineEndpoint({
  method: 'POST',
  path: '/lessons/:id/sessions/:sessionId/enroll',
  access: ['student'],
  summary:
    'Take a seat in a free session (students; seats are counted atomically, held seats included); paid sessions answer 402 and go through payments',
  description:
    'Gives the caller a seat in a free session that has not started; 402 when the session has a price (pay through the payments calls instead).',
  params: SessionParams,
  response: { 201: Enrollment, ...errors(400, 401, 402, 403, 404, 409) },
})

export const unenroll = defineEndpoint({
  method: 'DELETE',
  path: '/lessons/:id/sessions/:sessionId/unenroll',
  access: ['student'],
  summary:
    'Give the seat back before the session starts; refunds a paid seat and notifies the educator',
  description:
    "Gives the caller's seat back before the session starts, refunding a paid seat in full; the educator is told by e-mail.",
  params: SessionParams,
  response: { 200: MessageBody, ...errors(400, 401, 403, 404, 409) },
})

export const joinWaitlist = defineEndpoint({
  method: 'POST',
  path: '/lessons/:id/sessions/:sessionId/waitlist',
  access: ['student'],
  summary:
    "Join a full session's waitlist (students): a freed seat is offered to the first in line and held for them a while",
  description:
    "Puts the caller at the end of a full session's line for a seat; refused when a seat is free, the session has started or was cancelled, or the caller has a seat, a hold or a place already.",
  params: SessionParams,
  response: { 201: WaitlistPlace, ...errors(400, 401, 403, 404, 409) },
})

export const leaveWaitlist = defineEndpoint({
  method: 'DELETE',
  path: '/lessons/:id/sessions/:sessionId/waitlist',
  access: ['student'],
  summary: "Leave a session's waitlist; a seat held for the caller goes to the next in line",
  description:
    "Takes the caller out of a session's line for a seat; a seat offered to them is offered to the next in line at once.",
  params: SessionParams,
  response: { 200: MessageBody, ...errors(400, 401, 403, 404) },
})

export const sessionIcs = defineEndpoint({
  method: 'GET',
  path: '/lessons/:id/sessions/:sessionId/ics',
  access: 'user',
  summary: 'The session as an iCalendar event (enrolled students and the lesson owner)',
  description:
    "Sends the session as an iCalendar file to import into a calendar; only the lesson's owner and the session's enrolled students get it.",
  params: SessionParams,
  produces: 'text/calendar',
  response: {
    200: Type.String({ description: 'text/calendar document' }),
    ...errors(400, 401, 403, 404),
  },
})

export const joinSession = defineEndpoint({
  method: 'GET',
  path: '/lessons/:id/sessions/:sessionId/join',
  access: 'user',
  summary:
    'The meeting link: for the owner, or an enrolled student from 5 minutes before start to the end',
  description:
    "Answers the session's meeting link to the lesson's owner, or to an enrolled student from 5 minutes before the start until the end.",
  params: SessionParams,
  response: { 200: MeetingLink, ...errors(400, 401, 403, 404) },
})
