import type { Session } from '@contract/index'

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

/**
 * The held seats whose session overlaps `session`, earliest first. Sessions that only touch (one
 * ends as the other starts) do not overlap, nor does a session with itself.
 */
export const overlappingSeats = (
  session: Pick<Session, 'id' | 'start_time' | 'end_time'>,
  seats: readonly HeldSeat[],
) => {
  const start = Date.parse(session.start_time)
  const end = Date.parse(session.end_time)
  return seats
    .filter(
      (seat) =>
        seat.sessionId !== session.id &&
        Date.parse(seat.start_time) < end &&
        start < Date.parse(seat.end_time),
    )
    .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time))
}
