import { and, eq, isNull, lte, type Placeholder, type SQL } from 'drizzle-orm'
import type { SelectedFields } from 'drizzle-orm/pg-core'
import type { Executor } from '../db/client.ts'
import { enrollments, lessonSessions } from '../db/schema.ts'

// A student's seats as the reads about them count them, one reading for all: a seat counts while
// it is not given back (cancelled), and it was attended once its session has ended by `now` (a
// session ending exactly now has ended).

/** The seats the student holds: not given back. */
export const seatsHeldBy = (studentId: number | Placeholder) =>
  and(eq(enrollments.userId, studentId), isNull(enrollments.cancelledAt))

/** The seats the student attended: held in sessions that have ended by `now`. */
export const seatsAttendedBy = (studentId: number | Placeholder, now: Date | SQL) =>
  and(seatsHeldBy(studentId), lte(lessonSessions.endTime, now))

/** Seats (enrollments) with their sessions, selecting `fields` from either. */
export const selectSeatsWithSessions = <Fields extends SelectedFields>(
  db: Executor,
  fields: Fields,
) =>
  db
    .select(fields)
    .from(enrollments)
    .innerJoin(lessonSessions, eq(lessonSessions.id, enrollments.sessionId))

/** Whether one of the seats `seats` picks is in a session of the lesson. */
export const hasSeatInLesson = async (db: Executor, lessonId: number, seats: SQL | undefined) => {
  const [row] = await selectSeatsWithSessions(db, { id: enrollments.id })
    .where(and(eq(lessonSessions.lessonId, lessonId), seats))
    .limit(1)
  return row !== undefined
}
