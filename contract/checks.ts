/**
 * The domain checks the server and the mock catalogue both make, as pure functions over plain
 * values: each backend looks up what a check needs in its own storage, then asks here. A check
 * answers the problems (the lines of a 400) or a decision; the caller turns it into its error.
 */
import type { Role } from './entities.ts'
import type { LessonWriteBody } from './endpoints/lessons.ts'
import type { SessionWriteBody } from './endpoints/sessions.ts'
import { MESSAGES } from './messages.ts'
import { canSeeMeetingLink, isValidTimeZone, meetingProvider, zonedTimeToUtc } from './rules.ts'

/** A check that either passes with a value or fails with the lines of a 400. */
export type Checked<T> = { ok: true; value: T } | { ok: false; problems: string[] }

/** Students and admins need no approval; an educator is validated once an admin approves it. */
/** A pool account's e-mail as both backends store it: lower case, so duplicates differ in no way. */
export const normaliseAccountEmail = (email: string) => email.trim().toLowerCase()

export const isValidatedAccount = (role: Role, approved: boolean) => role !== 'educator' || approved

export interface LessonFacts {
  categoryExists: boolean
  /** Whether `imageId`, when it is a number, names an image this educator uploaded. */
  ownImage: boolean
}

/** The lesson form's rules the body schema cannot state, every failure at once. */
export const lessonFieldProblems = (
  body: Pick<LessonWriteBody, 'title' | 'min_slots' | 'max_slots' | 'imageId'>,
  facts: LessonFacts,
): string[] => {
  const problems: string[] = []
  if (body.title.trim() === '') problems.push(MESSAGES.validation.required('title'))
  if (!facts.categoryExists) problems.push(MESSAGES.lessons.unknownCategory)
  if (body.max_slots < body.min_slots) problems.push(MESSAGES.lessons.slotsOrder)
  if (typeof body.imageId === 'number' && !facts.ownImage) {
    problems.push(MESSAGES.lessons.unknownImage)
  }
  return problems
}

/**
 * The instants a session form names: its time zone and meeting link must be valid (both
 * reported at once), then its end must come after its start in that zone.
 */
export const sessionTimes = (
  body: Pick<SessionWriteBody, 'date' | 'startHour' | 'endHour' | 'timezone' | 'url'>,
): Checked<{ start: Date; end: Date }> => {
  const problems: string[] = []
  if (!isValidTimeZone(body.timezone)) problems.push(MESSAGES.sessions.unknownTimeZone)
  if (!meetingProvider(body.url)) problems.push(MESSAGES.sessions.unsupportedMeetingLink)
  if (problems.length > 0) return { ok: false, problems }
  const start = zonedTimeToUtc(body.date, body.startHour, body.timezone)
  const end = zonedTimeToUtc(body.date, body.endHour, body.timezone)
  if (end <= start) return { ok: false, problems: [MESSAGES.sessions.endBeforeStart] }
  return { ok: true, value: { start, end } }
}

/** Whether a new or moved session would overlap one of the educator's other sessions. */
export const overlapsAny = (
  slot: { start: Date; end: Date },
  others: readonly { start_time: string; end_time: string }[],
) =>
  others.some(
    (other) =>
      Date.parse(other.start_time) < slot.end.getTime() &&
      slot.start.getTime() < Date.parse(other.end_time),
  )

/**
 * Why the viewer may not have a session's meeting link right now (a 403), or null when it may:
 * only its owner and its students, and students only inside the join window.
 */
export const joinRefusal = (
  session: { start_time: string; end_time: string },
  viewer: { enrolled: boolean; owner: boolean },
  now: Date = new Date(),
): string | null => {
  if (!viewer.owner && !viewer.enrolled) return MESSAGES.sessions.notEnrolled
  if (!canSeeMeetingLink(session, viewer, now)) return MESSAGES.sessions.outsideJoinWindow
  return null
}

/** Materials are for admins, the lesson's owner and students holding a seat in any session. */
export const canReadMaterials = (viewer: { role: Role; owner: boolean; enrolled: boolean }) =>
  viewer.role === 'admin' || viewer.owner || viewer.enrolled

/**
 * A file's bytes go to admins, its uploader and, when it belongs to a lesson, whoever may read
 * that lesson's materials (a cover uploaded before its lesson exists has no lesson yet).
 */
export const canReadFile = (viewer: { role: Role; uploader: boolean; readsLesson: boolean }) =>
  viewer.role === 'admin' || viewer.uploader || viewer.readsLesson
