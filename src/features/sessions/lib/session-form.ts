import type { Session, SessionOverlap, SessionWriteBody } from '@contract/index'
import {
  isCalendarDate,
  isValidTimeZone,
  meetingProvider,
  storedMeetingUrl,
  utcToZoned,
  zonedTimeToUtc,
} from '@contract/rules'
import { addMinutes, roundToNearestMinutes } from 'date-fns'
import { type InferType, object, string } from 'yup'
import type { ApiError } from '@/shared/api/errors'
import { isPartialDate, isPartialTime } from '@/shared/lib/date-parts'
import { errorKeys } from '@/shared/lib/validation'

/** Translation keys of the session form's messages (§5, §8). */
export const sessionErrorKeys = {
  dateRequired: 'sessions.editor.errors.dateRequired',
  dateIncomplete: 'sessions.editor.errors.dateIncomplete',
  invalidDate: 'sessions.editor.errors.invalidDate',
  timeIncomplete: 'sessions.editor.errors.timeIncomplete',
  invalidTime: 'sessions.editor.errors.invalidTime',
  endAfterStart: 'sessions.editor.errors.endAfterStart',
  startInPast: 'sessions.editor.errors.startInPast',
  linkRequired: 'sessions.editor.errors.linkRequired',
  unsupportedLink: 'sessions.editor.errors.unsupportedLink',
  timeZone: 'sessions.editor.errors.timeZone',
} as const

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/

type Wall = { date?: string; startHour?: string; timezone?: string }

/** The instant a form's date and hour name in its zone, or null while one of them is not valid. */
const instantOf = ({ date, timezone }: Wall, hour: string | undefined) =>
  date && hour && timezone && isCalendarDate(date) && TIME.test(hour) && isValidTimeZone(timezone)
    ? zonedTimeToUtc(date, hour, timezone)
    : null

/** An hour and a minute, both required: one chosen without the other is named as such. */
const wallTime = () =>
  string()
    .trim()
    .required(errorKeys.required)
    .test('whole-time', sessionErrorKeys.timeIncomplete, (value) => !isPartialTime(value))
    .test('time', sessionErrorKeys.invalidTime, (value) => isPartialTime(value) || TIME.test(value))

/**
 * §5 session rules, checked as the server checks them (contract/checks.ts sessionWrite): the
 * hours are read in the chosen zone, so a start skipped by a daylight-saving change moves as it
 * will on the server; the link must be one of the two providers (the contract's own rule), and
 * one typed without a scheme gets https:// before it is checked, as the backends store it. The
 * start must also lie ahead: a session that has started can be neither changed nor deleted.
 */
export const sessionSchema = (now: () => number = Date.now) =>
  object({
    date: string()
      .trim()
      .required(sessionErrorKeys.dateRequired)
      // The date is chosen in parts (a day, a month, a year): one left out is named as such.
      .test('whole-date', sessionErrorKeys.dateIncomplete, (value) => !isPartialDate(value))
      .test(
        'calendar-date',
        sessionErrorKeys.invalidDate,
        (value) => isPartialDate(value) || isCalendarDate(value),
      ),
    startHour: wallTime().test('in-future', sessionErrorKeys.startInPast, function (value) {
      const start = instantOf(this.parent as Wall, value)
      return start === null || start.getTime() > now()
    }),
    endHour: wallTime().test('after-start', sessionErrorKeys.endAfterStart, function (value) {
      const parent = this.parent as Wall
      const start = instantOf(parent, parent.startHour)
      const end = instantOf(parent, value)
      return start === null || end === null || end > start
    }),
    timezone: string()
      .required(sessionErrorKeys.timeZone)
      .test('known-zone', sessionErrorKeys.timeZone, (value) => isValidTimeZone(value)),
    url: string()
      .trim()
      // "zoom.us/j/555" is https://zoom.us/j/555 (§5); anything else is left as typed, and refused.
      .transform((value: unknown) =>
        typeof value === 'string' ? (storedMeetingUrl(value) ?? value) : value,
      )
      .required(sessionErrorKeys.linkRequired)
      .test(
        'provider',
        sessionErrorKeys.unsupportedLink,
        (value) => meetingProvider(value) !== null,
      ),
  })

export type SessionFormValues = InferType<ReturnType<typeof sessionSchema>>

/**
 * The session a refused write overlaps, when the API's 409 names it (the contract's
 * SessionConflictBody); null when it does not, or names it in a shape this client cannot read.
 */
export const overlapOf = (error: ApiError): SessionOverlap | null => {
  const overlap: unknown = error.body.overlap
  if (typeof overlap !== 'object' || overlap === null) return null
  const fields = overlap as Record<string, unknown>
  const isInstant = (value: unknown) =>
    typeof value === 'string' && !Number.isNaN(Date.parse(value))
  return typeof fields.lessonTitle === 'string' &&
    isInstant(fields.start_time) &&
    isInstant(fields.end_time)
    ? (overlap as SessionOverlap)
    : null
}

/** The body the API expects from the form's values. */
export const toSessionBody = (values: SessionFormValues): SessionWriteBody => ({
  date: values.date,
  startHour: values.startHour,
  endHour: values.endHour,
  timezone: values.timezone,
  url: values.url.trim(),
})

/** A stored session as its form shows it: its times read in the zone it was scheduled in. */
export const sessionFormValues = (
  session: Pick<Session, 'start_time' | 'end_time' | 'timezone' | 'url'>,
): SessionFormValues => {
  const start = utcToZoned(session.start_time, session.timezone)
  const end = utcToZoned(session.end_time, session.timezone)
  return {
    date: start.date,
    startHour: start.time,
    endHour: end.time,
    timezone: session.timezone,
    url: session.url ?? '',
  }
}

/** How many years after this one the date field offers (neither the spec nor the API sets a limit). */
export const SCHEDULING_YEARS_AHEAD = 2

/**
 * The years a session's date is chosen from: this year where it is scheduled (a session starts in
 * the future) and the next SCHEDULING_YEARS_AHEAD, stretched to an edited session's own year
 * (`savedDate`, yyyy-MM-dd), which stays on offer whatever year is chosen meanwhile.
 */
export const schedulingYears = (now: number, timeZone: string, savedDate = '') => {
  const from = Number(
    utcToZoned(now, isValidTimeZone(timeZone) ? timeZone : 'UTC').date.slice(0, 4),
  )
  const to = from + SCHEDULING_YEARS_AHEAD
  const saved = /^\d{4}/.test(savedDate) ? Number(savedDate.slice(0, 4)) : null
  return {
    fromYear: saved === null ? from : Math.min(from, saved),
    toYear: saved === null ? to : Math.max(to, saved),
  }
}

/** Quick-session choices (§2): start in N minutes, for a fixed length. */
export const QUICK_START_MINUTES = [5, 15, 30, 60] as const
export const QUICK_LENGTH_MINUTES = [30, 60, 90] as const

export type QuickSession =
  | { ok: true; date: string; startHour: string; endHour: string }
  | { ok: false; reason: 'crossesMidnight' }

/**
 * The date and hours of a session starting `startIn` minutes from now (rounded up to the next
 * whole minute, so it never starts sooner than asked) and lasting `length` minutes, in `timeZone`.
 * A session has one date and its end hour on that date (the API's body), so one that would end
 * after midnight, or at it, cannot be written this way.
 */
export const quickSession = (
  now: number,
  startIn: number,
  length: number,
  timeZone: string,
): QuickSession => {
  const start = roundToNearestMinutes(addMinutes(now, startIn), { roundingMethod: 'ceil' })
  const from = utcToZoned(start, timeZone)
  const to = utcToZoned(addMinutes(start, length), timeZone)
  if (to.date !== from.date) return { ok: false, reason: 'crossesMidnight' }
  return { ok: true, date: from.date, startHour: from.time, endHour: to.time }
}
