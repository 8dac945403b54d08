/**
 * A calendar date and a wall-clock time as a form holds them while a user chooses their parts in
 * selects (src/shared/ui/date-field.tsx, time-field.tsx): yyyy-MM-dd and HH:mm once every part is
 * chosen, '' while none is, and the same shape with the missing parts left empty in between
 * ("2026--11", "10:"), so a form's rules can tell a date half chosen from one not chosen at all.
 */

export type DateParts = { year: string; month: string; day: string }
export type TimeParts = { hour: string; minute: string }

const DATE_SHAPE = /^(\d{4}|)-(\d{2}|)-(\d{2}|)$/
const TIME_SHAPE = /^(\d{2}|):(\d{2}|)$/

/** Two digits, as months, days, hours and minutes are written in the values. */
export const twoDigits = (value: number) => String(value).padStart(2, '0')

export const dateParts = (value: string): DateParts => {
  const [, year = '', month = '', day = ''] = DATE_SHAPE.exec(value) ?? []
  return { year, month, day }
}

export const joinDate = ({ year, month, day }: DateParts) =>
  year || month || day ? `${year}-${month}-${day}` : ''

/** Whether a value of this shape has some parts chosen, not all. */
const isPartial = (shape: RegExp) => (value: string) => {
  const parts = shape.exec(value)?.slice(1) ?? []
  return parts.some((part) => part === '') && parts.some((part) => part !== '')
}

/** Some of the day, month and year chosen, not all. */
export const isPartialDate = isPartial(DATE_SHAPE)

export const timeParts = (value: string): TimeParts => {
  const [, hour = '', minute = ''] = TIME_SHAPE.exec(value) ?? []
  return { hour, minute }
}

export const joinTime = ({ hour, minute }: TimeParts) => (hour || minute ? `${hour}:${minute}` : '')

/** An hour without its minute, or a minute without its hour. */
export const isPartialTime = isPartial(TIME_SHAPE)

/** The days of a month; of February in a leap year while no year is chosen (it may be one). */
export const daysInMonth = ({ year, month }: Pick<DateParts, 'year' | 'month'>) =>
  month === ''
    ? 31
    : new Date(Date.UTC(year === '' ? 2000 : Number(year), Number(month), 0)).getUTCDate()

/**
 * The parts after one of them changed: a day the new month or year does not have becomes that
 * month's last (31 January, then February, is 28 or 29 February), as a calendar picker does.
 */
export const changeDate = (parts: DateParts, change: Partial<DateParts>): DateParts => {
  const next = { ...parts, ...change }
  const last = daysInMonth(next)
  return next.day !== '' && Number(next.day) > last ? { ...next, day: twoDigits(last) } : next
}
