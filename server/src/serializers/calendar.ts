import ical from 'ical-generator'
import type { LessonRow } from '../repositories/lessons.ts'
import type { SessionRow } from '../repositories/sessions.ts'

/**
 * A session as an iCalendar document. The meeting link is in it only when `withLink` says the
 * join call would give it to the caller right now.
 */
export const toCalendar = (
  lesson: Pick<LessonRow, 'title' | 'about'>,
  session: SessionRow,
  eventDomain: string,
  withLink: boolean,
) => {
  const calendar = ical({ prodId: { company: 'Manabi', product: 'Manabi', language: 'EN' } })
  calendar.createEvent({
    // Stable per session, so importing the file again updates the event instead of adding one.
    id: `session-${session.id}@${eventDomain}`,
    start: session.startTime,
    end: session.endTime,
    summary: lesson.title,
    description: lesson.about,
    ...(withLink ? { url: session.url, location: session.url } : {}),
  })
  return calendar.toString()
}
