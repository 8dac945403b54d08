import { utcToZoned } from '@contract/rules'
import { screen, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { afterEach, beforeEach } from 'vitest'
import { db } from '@/mocks/db'
import { server } from '@/mocks/node'
import { formatDate, formatTime, zonedTimes } from '@/shared/i18n/format'

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

export const fill = async (user: UserEvent, dialog: HTMLElement, label: string, value: string) => {
  const input = field(dialog, label)
  await user.clear(input)
  if (value) await user.type(input, value)
}

/** A day `days` from now, as a yyyy-MM-dd date in `zone`. */
export const dayAhead = (days: number, zone = 'UTC') =>
  utcToZoned(Date.now() + days * DAY, zone).date
