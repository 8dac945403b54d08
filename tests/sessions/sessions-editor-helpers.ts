import { utcToZoned } from '@contract/rules'
import { screen, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { afterEach, beforeEach } from 'vitest'
import { db } from '@/mocks/db'
import { server } from '@/mocks/node'
import { formatDate, formatTime, zonedTimes } from '@/shared/i18n/format'
import { i18n } from '@/shared/i18n/i18n'

const DAY = 86_400_000

/** The viewer's zone is the machine's unless a test says otherwise: pin it to UTC. */
export const pinViewerZoneToUtc = () => {
  const originalZone = process.env.TZ
  beforeEach(() => {
    process.env.TZ = 'UTC'
  })
  afterEach(() => {
    process.env.TZ = originalZone
    server.events.removeAllListeners()
  })
}

export const lessonRow = (id: number) => db.lessons.find((lesson) => lesson.id === id)!
export const sessionRow = (id: number) => db.sessions.find((session) => session.id === id)!

/** The owner's sessions region. */
export const editor = () => screen.getByRole('region', { name: 'Sessions' })

/** A session card's accessible name: its date and times in the viewer's zone. */
export const cardName = (sessionId: number) => {
  const session = sessionRow(sessionId)
  const date = formatDate(session.start_time, 'en-US')
  return `Session on ${date}, ${formatTime(session.start_time)} – ${zonedTimes(session.start_time, session.end_time, 'en-US').end}`
}

export const button = (scope: HTMLElement, name: string) =>
  within(scope).getByRole('button', { name })

export const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText<HTMLInputElement>(label)

/** A group of selects (a date, a time) by its legend. */
export const group = (dialog: HTMLElement, legend: string) =>
  within(dialog).getByRole('group', { name: legend })

/** The first select of a date or time group, in reading order (where its errors take focus). */
export const firstSelect = (dialog: HTMLElement, legend: string) =>
  within(group(dialog, legend)).getAllByRole('combobox')[0]!

/** One select of a date or time group, by its label in the current language (Day, 時, …). */
export const part = (
  scope: HTMLElement,
  name: 'day' | 'month' | 'year' | 'hour' | 'minute',
): HTMLSelectElement => {
  const key = name === 'hour' || name === 'minute' ? 'timeField' : 'dateField'
  return within(scope).getByRole('combobox', { name: i18n.t(`common.${key}.${name}`) })
}

const DATE_PARTS = ['year', 'month', 'day'] as const
const TIME_PARTS = ['hour', 'minute'] as const

/**
 * What a date or time group shows, written as the form keeps it: yyyy-MM-dd or HH:mm, the
 * missing parts empty ("2026--11", "10:"), '' when nothing is chosen.
 */
export const groupValue = (dialog: HTMLElement, legend: string) => {
  const scope = group(dialog, legend)
  const isTime = within(scope).getAllByRole('combobox').length === 2
  const values = (isTime ? TIME_PARTS : DATE_PARTS).map((name) => part(scope, name).value)
  return values.every((value) => value === '') ? '' : values.join(isTime ? ':' : '-')
}

/**
 * Enters `value` in the field labelled `label` as a user does: types it in a text field, or
 * chooses its parts in a date group (year, month, then day, so no day is clamped on the way) or a
 * time group (hour, minute). An empty value empties the field; "2026--11" chooses only some parts.
 */
export const fill = async (user: UserEvent, dialog: HTMLElement, label: string, value: string) => {
  const fields = within(dialog).queryByRole('group', { name: label })
  if (!fields) {
    const input = field(dialog, label)
    await user.clear(input)
    if (value) await user.type(input, value)
    return
  }
  const isTime = within(fields).getAllByRole('combobox').length === 2
  const names = isTime ? TIME_PARTS : DATE_PARTS
  const values = value === '' ? names.map(() => '') : value.split(isTime ? ':' : '-')
  for (const [index, name] of names.entries()) {
    await user.selectOptions(part(fields, name), values[index] ?? '')
  }
}

/** A day `days` from now, as a yyyy-MM-dd date in `zone`. */
export const dayAhead = (days: number, zone = 'UTC') =>
  utcToZoned(Date.now() + days * DAY, zone).date
