import ical from 'ical-generator'
import type { Language } from '../../../contract/entities.ts'
import { emailT } from '../mail/i18n.ts'
import { joinLinkFrom } from '../mail/templates.ts'
import type { LessonRow } from '../repositories/lessons.ts'
import type { SessionRow } from '../repositories/sessions.ts'

/** The calendar's product id names the language of its texts (RFC 5545 PRODID, FPI style). */
const PRODID_LANGUAGE: Record<Language, string> = { 'en-US': 'EN', 'jp-JP': 'JA' }

/**
 * A session as an iCalendar document, in the reader's language: the lesson's title as its
 * summary; as its description the lesson's about, then how to join and the lesson's page. The
 * meeting link is in it only when `withLink` says the join call would give it to the reader right
 * now; otherwise the description says when the lesson page shows it.
 */
export const toCalendar = (
  lesson: Pick<LessonRow, 'title' | 'about'>,
  session: SessionRow,
  reader: {
    language: Language
    /** The lesson's page in the SPA (mail/links.ts). */
    lessonUrl: string
    /** The domain of calendar event ids (the app's host). */
    eventDomain: string
  },
  withLink: boolean,
) => {
  const t = emailT(reader.language)
  const calendar = ical({
    prodId: { company: 'Manabi', product: 'Manabi', language: PRODID_LANGUAGE[reader.language] },
  })
  calendar.createEvent({
    // Stable per session, so importing the file again updates the event instead of adding one.
    id: `session-${session.id}@${reader.eventDomain}`,
    // Raised by each move: a calendar holding an older copy takes this one instead.
    sequence: session.revision,
    start: session.startTime,
    end: session.endTime,
    summary: lesson.title,
    description: [
      lesson.about,
      '',
      withLink ? t('calendar.meetingLink', { url: session.url }) : joinLinkFrom(reader.language),
      t('calendar.lessonPage', { url: reader.lessonUrl }),
    ].join('\n'),
    ...(withLink ? { url: session.url, location: session.url } : {}),
  })
  return calendar.toString()
}
