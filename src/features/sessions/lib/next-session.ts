import type { Session } from '@contract/index'

/** The id of a lesson page's sessions heading, which the booking panel links to. */
export const SESSIONS_HEADING_ID = 'lesson-sessions'

const byStart = (a: Session, b: Session) => Date.parse(a.start_time) - Date.parse(b.start_time)

/** Not over at `now`, and not cancelled for too few students. */
const isAhead = (session: Session, now: number) =>
  Date.parse(session.end_time) > now && session.decision !== 'cancelled'

/**
 * The session a lesson page's booking panel offers: the soonest one the viewer can act on (their
 * seat, a live one, or an open one with a seat left); when every open one is full, the soonest of
 * those, so the panel can say so; null when none is open (a cancelled session is not).
 */
export const nextBookableSession = (sessions: readonly Session[], now: number) => {
  const upcoming = sessions
    .filter((session) => session.type !== 'closed' && isAhead(session, now))
    .sort(byStart)
  return (
    upcoming.find((session) => session.type !== 'open' || !session.disabled) ?? upcoming[0] ?? null
  )
}

/** The owner's next session that has not ended nor was cancelled, whatever its type; or null. */
export const nextOwnSession = (sessions: readonly Session[], now: number) =>
  sessions.filter((session) => isAhead(session, now)).sort(byStart)[0] ?? null
