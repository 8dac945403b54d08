import type { Session } from '@contract/index'
import { compareListedSessions, hasEnded } from '@contract/rules'

/**
 * A lesson's session cards: 1 column, then 2, 3 and 4 (§2) as the space the grid itself has
 * allows, about 17.5rem a card at least. The lesson page puts the grid beside its 20rem booking
 * panel, so the window's width says little about the grid's: container queries, not breakpoints.
 * The grid's parent carries SESSION_GRID_CONTAINER_CLASS.
 */
export const SESSION_CARDS_GRID_CLASS =
  'grid grid-cols-1 gap-4 @xl:grid-cols-2 @4xl:grid-cols-3 @6xl:grid-cols-4'
/** Makes an element the container whose width SESSION_CARDS_GRID_CLASS follows. */
export const SESSION_GRID_CONTAINER_CLASS = '@container'

/**
 * A lesson's sessions as its list shows them: those that have not ended at `now`, soonest first
 * (a live one leads), and those that have, latest first (contract/rules.ts, the API's order).
 * The API's order moves with the clock, so a session that ended between two pages' reads comes on
 * both: it is listed once, as its newest page has it.
 */
export const splitByEnd = (sessions: readonly Session[], now: number) => {
  const newest = new Map(sessions.map((session) => [session.id, session]))
  const sorted = [...newest.values()].sort(compareListedSessions(new Date(now)))
  const at = new Date(now)
  return {
    upcoming: sorted.filter((session) => !hasEnded(session, at)),
    past: sorted.filter((session) => hasEnded(session, at)),
  }
}

/** The next instant one of the sessions ends, when the list's groups change; null when none. */
export const nextEnd = (sessions: readonly Session[], now: number) =>
  sessions
    .map((session) => Date.parse(session.end_time))
    .filter((end) => end > now)
    .reduce<number | null>(
      (soonest, end) => (soonest === null || end < soonest ? end : soonest),
      null,
    )
