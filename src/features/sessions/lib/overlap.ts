import type { Session } from '@contract/index'
import { overlapping } from '@contract/rules'

/**
 * A seat the student already holds, as the route hands it in (the student's upcoming sessions
 * belong to the dashboard feature): which lesson, and when.
 */
export type HeldSeat = {
  sessionId: number
  lessonTitle: string
  start_time: string
  end_time: string
}

/** The held seats whose session overlaps `session` (other than itself), earliest first. */
export const overlappingSeats = (
  session: Pick<Session, 'id' | 'start_time' | 'end_time'>,
  seats: readonly HeldSeat[],
) =>
  overlapping(
    session,
    seats.filter((seat) => seat.sessionId !== session.id),
  )
