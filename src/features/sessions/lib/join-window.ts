import type { Session } from '@contract/index'
import { JOIN_WINDOW_MS } from '@contract/rules'

type Timed = Pick<Session, 'start_time' | 'end_time'>

/** §9: a session can be joined from 5 minutes before start_time up to start_time (inclusive). */
export const isInJoinWindow = (session: Timed, now: number) => {
  const start = Date.parse(session.start_time)
  return now >= start - JOIN_WINDOW_MS && now <= start
}

/**
 * The instants at which what a card shows can change: the join window opens, the session starts
 * (unenrolling ends), the window closes (just after the start), the session ends.
 */
export const stateBoundaries = (session: Timed) => {
  const start = Date.parse(session.start_time)
  return [start - JOIN_WINDOW_MS, start, start + 1, Date.parse(session.end_time)]
}

/** The first boundary after `now`, or null when nothing more will change. */
export const nextBoundary = (session: Timed, now: number) =>
  stateBoundaries(session).find((instant) => instant > now) ?? null

/**
 * The type the API reported no longer holds: an open or enrolled session has started, or a live
 * one has ended. The list then asks the API again (it computes the types, §4).
 */
export const isTypeOutdated = (session: Pick<Session, 'type'> & Timed, now: number) => {
  if (session.type === 'open' || session.type === 'enrolled') {
    return now > Date.parse(session.start_time)
  }
  if (session.type === 'live') return now >= Date.parse(session.end_time)
  return false
}
