import type { Session } from '@contract/index'
import { JOIN_WINDOW_MS } from '@contract/rules'

type Timed = Pick<Session, 'start_time' | 'end_time'>

/** §9: a session can be joined from 5 minutes before start_time up to start_time (inclusive). */
export const isInJoinWindow = (session: Timed, now: number) => {
  const start = Date.parse(session.start_time)
  return now >= start - JOIN_WINDOW_MS && now <= start
}

/**
 * A session's times, when its minimum seats decide it while that is pending, and the viewer's
 * place in its waitlist (a seat offered to them ends at a given instant).
 */
type Boundaried = Timed & Partial<Pick<Session, 'decidesAt' | 'waitlistPlace'>>

/** When the seat offered to the viewer from the waitlist stops being held for them, if any. */
const offerEnd = (session: Boundaried) => {
  const until = session.waitlistPlace?.offeredUntil
  return until ? Date.parse(until) : null
}

/**
 * The instants at which what a card shows can change: the join window opens, the session starts
 * (unenrolling ends), the window closes (just after the start), the session ends; just after its
 * minimum seats decide it, while pending; and as a seat offered to the viewer stops being held.
 */
export const stateBoundaries = (session: Boundaried) => {
  const start = Date.parse(session.start_time)
  const decided = session.decidesAt ? [Date.parse(session.decidesAt) + 1] : []
  const offer = offerEnd(session)
  return [
    start - JOIN_WINDOW_MS,
    start,
    start + 1,
    Date.parse(session.end_time),
    ...decided,
    ...(offer === null ? [] : [offer]),
  ].sort((a, b) => a - b)
}

/** The first boundary after `now`, or null when nothing more will change. */
export const nextBoundary = (session: Boundaried, now: number) =>
  stateBoundaries(session).find((instant) => instant > now) ?? null

/**
 * What the API reported no longer holds: an open or enrolled session has started, a live one has
 * ended, a pending one's cutoff has passed (it is confirmed or cancelled now), or the seat offered
 * to the viewer is held no more (it went to the next in line). The list then asks the API again
 * (it computes the types, §4, and makes the decisions).
 */
export const isTypeOutdated = (session: Pick<Session, 'type'> & Boundaried, now: number) => {
  if (session.decidesAt && now > Date.parse(session.decidesAt)) return true
  const offer = offerEnd(session)
  if (offer !== null && now >= offer) return true
  if (session.type === 'open' || session.type === 'enrolled') {
    return now > Date.parse(session.start_time)
  }
  if (session.type === 'live') return now >= Date.parse(session.end_time)
  return false
}
