import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  lt,
  lte,
  ne,
  or,
  type Placeholder,
  sql,
  type SQL,
} from 'drizzle-orm'
import type { SessionOverlap } from '../../../contract/endpoints/sessions.ts'
import type { SeatDecision } from '../../../contract/entities.ts'
import { MESSAGES } from '../../../contract/messages.ts'
import type { PageRequest } from '../../../contract/paging.ts'
import type { Database, Executor } from '../db/client.ts'
import { PG, pgErrorCode } from '../db/errors.ts'
import { lessonSessions, lessons } from '../db/schema.ts'
import { ConflictError } from '../domain/errors.ts'
import { builtOnce } from './built-once.ts'
import { countedPage, countOf } from './counted-page.ts'
import { findSeat } from './seats.ts'
import { instant, instantPlaceholder } from './sql-instants.ts'

export type SessionRow = typeof lessonSessions.$inferSelect

/** A session row with its lesson's terms, its seat count and whether the viewer holds a seat. */
export interface SessionRecord {
  session: typeof lessonSessions.$inferSelect
  lessonOwnerId: number
  /** The lesson's educator is deactivated (§9): no new seat is given. */
  ownerDeactivated: boolean
  priceInCents: number
  minSlots: number
  maxSlots: number
  enrolledCount: number
  /** Seats held by open payments whose hold has not expired, the viewer's own included. */
  heldCount: number
  viewerEnrolled: boolean
  /** What the viewer's seat was paid, refund not yet due (contract/seats.ts refundOwed), or null. */
  viewerPaidCents: number | null
  /** Whether one of those holds is the viewer's: the seat is theirs to pay for. */
  viewerHolding: boolean
  /** Students in the session's line for a seat. */
  waitingCount: number
  /** The viewer's position in that line (1 first), null when not in it. */
  viewerPosition: number | null
  /** Until when a seat is offered to the viewer from the line (the driver's text), or null. */
  viewerOfferedUntil: string | null
}

/**
 * Whether the educator of the lesson (of the outer query) is deactivated: one read by key per row
 * (a scalar read, which PostgreSQL plans as such; an `exists` it may answer by hashing all users).
 */
const ownerDeactivated = sql<boolean>`coalesce((
  select owner.deactivated_at is not null from users as owner where owner.id = ${lessons.ownerId}
), false)`

/** Seats taken in the session (of the outer query): enrollments not cancelled. */
const enrolledCount = sql<number>`(
  select count(*)::int from enrollments as e
  where e.session_id = ${lessonSessions.id} and e.cancelled_at is null
)`

/** Whether the user holds a seat in the session (of the outer query). */
const holdsSeat = (userId: number | Placeholder) => sql<boolean>`exists (
  select 1 from enrollments as e
  where e.session_id = ${lessonSessions.id} and e.user_id = ${userId} and e.cancelled_at is null
)`

/**
 * What the user's seat in the session (of the outer query) was paid and would be refunded: its
 * captured payment's amount; null for a free seat, no seat, or a payment refunded already. The
 * payment is found by its key from the seat (one index read), never by a join over payments.
 */
const paidForSeat = (userId: number | Placeholder) => sql<number | null>`(
  select p.amount_in_cents from payments as p
  where p.status = 'success' and p.id = (
    select e.payment_id from enrollments as e
    where e.session_id = ${lessonSessions.id} and e.user_id = ${userId}
      and e.cancelled_at is null
  )
)`

/** A place in line (of the alias) still in it at `at`: waiting, or offered a seat still held. */
const stillInLine = (alias: string, at: SQL) =>
  sql`(${sql.raw(alias)}.status = 'waiting' or (${sql.raw(alias)}.status = 'offered'
    and ${sql.raw(alias)}.offer_expires_at > ${at}))`

/**
 * Seats held at `at` (of the outer query's session), whoever holds them: by open payments, and by
 * waitlist offers that have not ended. The app's clock, as every seat decision reads it.
 */
const heldCount = (at: SQL) => sql<number>`((
  select count(*) from payments as p
  where p.session_id = ${lessonSessions.id} and p.status = 'processing'
    and p.hold_expires_at > ${at}
) + (
  select count(*) from waitlist_entries as w
  where w.session_id = ${lessonSessions.id} and w.status = 'offered'
    and w.offer_expires_at > ${at}
))::int`

/**
 * Whether a seat in the session (of the outer query) is held for the user at `at`: by their open
 * payment, or offered to them from the waitlist.
 */
const holdsPaymentHold = (userId: number | Placeholder, at: SQL) => sql<boolean>`(exists (
  select 1 from payments as p
  where p.session_id = ${lessonSessions.id} and p.user_id = ${userId}
    and p.status = 'processing' and p.hold_expires_at > ${at}
) or exists (
  select 1 from waitlist_entries as w
  where w.session_id = ${lessonSessions.id} and w.user_id = ${userId}
    and w.status = 'offered' and w.offer_expires_at > ${at}
))`

/** Students in the line of the session (of the outer query) at `at`; an offer run out has left it. */
const waitingCount = (at: SQL) => sql<number>`(
  select count(*)::int from waitlist_entries as w
  where w.session_id = ${lessonSessions.id} and ${stillInLine('w', at)}
)`

/** The user's position in the line of the session (of the outer query), null when not in it. */
const positionInLine = (userId: number | Placeholder, at: SQL) => sql<number | null>`(
  select (
    select count(*)::int from waitlist_entries as o
    where o.session_id = w.session_id and ${stillInLine('o', at)} and o.id < w.id
  ) + 1
  from waitlist_entries as w
  where w.session_id = ${lessonSessions.id} and w.user_id = ${userId} and ${stillInLine('w', at)}
)`

/** Until when a seat of the session (of the outer query) is offered to the user, or null. */
const offeredUntil = (userId: number | Placeholder, at: SQL) => sql<string | null>`(
  select w.offer_expires_at from waitlist_entries as w
  where w.session_id = ${lessonSessions.id} and w.user_id = ${userId}
    and w.status = 'offered' and w.offer_expires_at > ${at}
)`

const sessionRecordFields = (viewerId: number | Placeholder | null, at: SQL) => ({
  session: lessonSessions,
  lessonOwnerId: lessons.ownerId,
  ownerDeactivated,
  priceInCents: lessons.priceInCents,
  minSlots: lessons.minSlots,
  maxSlots: lessons.maxSlots,
  enrolledCount,
  heldCount: heldCount(at),
  viewerEnrolled: viewerId === null ? sql<boolean>`false` : holdsSeat(viewerId),
  viewerPaidCents: viewerId === null ? sql<number | null>`null` : paidForSeat(viewerId),
  viewerHolding: viewerId === null ? sql<boolean>`false` : holdsPaymentHold(viewerId, at),
  waitingCount: waitingCount(at),
  viewerPosition: viewerId === null ? sql<number | null>`null` : positionInLine(viewerId, at),
  viewerOfferedUntil: viewerId === null ? sql<string | null>`null` : offeredUntil(viewerId, at),
})

const soonestFirst = [asc(lessonSessions.startTime), asc(lessonSessions.id)]

/**
 * A lesson's list (contract/rules.ts compareListedSessions): the sessions that have not ended at
 * `now` first, soonest first, then the ended ones, latest first; equal starts by id.
 */
const upcomingThenPast = (at: SQL) => {
  const ended = sql`${lessonSessions.endTime} <= ${at}`
  return [
    asc(ended),
    asc(sql`case when not (${ended}) then ${lessonSessions.startTime} end`),
    desc(sql`case when ${ended} then ${lessonSessions.startTime} end`),
    asc(lessonSessions.id),
  ]
}

/**
 * The placeholders of a list of sessions, filled on each call: the viewer, the instant (`at`,
 * ISO text), the lesson of a lesson's list, and the page.
 */
const listed = {
  viewer: sql.placeholder('viewer'),
  at: instantPlaceholder,
  lesson: sql.placeholder('lesson'),
}

/**
 * A list of sessions with their seat counts and the number of matches (a window count: one query,
 * the page's seat counts still read for its rows only), written once (`builtOnce`): `where` and
 * `order` use the placeholders of `listed`. A page past the end has no row to carry the count: a
 * query of its own counts then. A user's or a lesson's sessions are few, so counting them all with
 * the page costs little.
 */
const sessionList = (
  name: string,
  { where, order, withViewer }: { where: SQL | undefined; order: SQL[]; withViewer: boolean },
) => {
  const records = builtOnce(`sessions_${name}`, (db) =>
    db
      .select({
        ...sessionRecordFields(withViewer ? listed.viewer : null, listed.at),
        matches: sql<number>`(count(*) over ())::int`,
      })
      .from(lessonSessions)
      .innerJoin(lessons, eq(lessons.id, lessonSessions.lessonId))
      .where(where)
      .orderBy(...order)
      .limit(sql.placeholder('take'))
      .offset(sql.placeholder('offset')),
  )
  const total = builtOnce(`sessions_${name}_count`, (db) =>
    db
      .select({ count: count() })
      .from(lessonSessions)
      .innerJoin(lessons, eq(lessons.id, lessonSessions.lessonId))
      .where(where),
  )
  return async (
    db: Executor,
    values: { viewer?: number; lesson?: number; now: Date },
    page: PageRequest,
  ): Promise<{ records: SessionRecord[]; itemCount: number }> => {
    const filled = { ...values, at: values.now.toISOString(), take: page.take, offset: page.offset }
    const rows = await records(db, filled)
    const [first] = rows
    if (first) return { records: rows, itemCount: first.matches }
    // No row to carry the count: an empty page counts as any other list's does.
    return countedPage(page, Promise.resolve(rows), () => countOf(total(db, filled)))
  }
}

const ofLesson = eq(lessonSessions.lessonId, listed.lesson)
const lessonList = {
  viewer: sessionList('of_lesson', {
    where: ofLesson,
    order: upcomingThenPast(listed.at),
    withViewer: true,
  }),
  guest: sessionList('of_lesson_guest', {
    where: ofLesson,
    order: upcomingThenPast(listed.at),
    withViewer: false,
  }),
}

/**
 * A lesson's sessions, those not ended at `now` first (soonest first), then the ended ones (latest
 * first), with what the viewer (null for a guest) needs.
 */
export const listLessonSessions = (
  db: Executor,
  lessonId: number,
  viewerId: number | null,
  page: PageRequest,
  now: Date,
) =>
  viewerId === null
    ? lessonList.guest(db, { lesson: lessonId, now }, page)
    : lessonList.viewer(db, { lesson: lessonId, viewer: viewerId, now }, page)

// A session cancelled for too few students takes place no more: the educator's list drops it
// (its students' seats went with it).
const held = and(
  sql`${lessonSessions.endTime} > ${listed.at}`,
  ne(lessonSessions.decision, 'cancelled'),
)
const upcomingList = {
  educator: sessionList('upcoming_taught', {
    where: and(held, eq(lessons.ownerId, listed.viewer)),
    order: soonestFirst,
    withViewer: true,
  }),
  student: sessionList('upcoming_seated', {
    where: and(held, holdsSeat(listed.viewer)),
    order: soonestFirst,
    withViewer: true,
  }),
}

/**
 * Sessions that have not ended which the user takes part in: a student's seats, or the sessions
 * of an educator's own lessons (not those cancelled for too few students). Other roles take part
 * in none.
 */
export const listUpcomingSessions = async (
  db: Executor,
  user: { id: number; role: 'admin' | 'student' | 'educator' },
  page: PageRequest,
  now: Date,
): Promise<{ records: SessionRecord[]; itemCount: number }> =>
  user.role === 'admin'
    ? { records: [], itemCount: 0 }
    : upcomingList[user.role](db, { viewer: user.id, now }, page)

/** Whether the user is in the line of the session (of the outer query) at `at`. */
const inLine = (userId: number | Placeholder, at: SQL) => sql<boolean>`exists (
  select 1 from waitlist_entries as w
  where w.session_id = ${lessonSessions.id} and w.user_id = ${userId}
    and ${stillInLine('w', at)}
)`

const waitlistList = sessionList('waited_for', {
  where: and(sql`${lessonSessions.startTime} > ${listed.at}`, inLine(listed.viewer, listed.at)),
  order: soonestFirst,
  withViewer: true,
})

/** Sessions not started at `now` in whose line for a seat the student is, soonest first. */
export const listWaitlistSessions = (
  db: Executor,
  user: { id: number },
  page: PageRequest,
  now: Date,
) => waitlistList(db, { viewer: user.id, now }, page)

/** The session, only if it belongs to the lesson (a session id under another lesson is unknown). */
export const findLessonSession = async (db: Executor, lessonId: number, sessionId: number) => {
  const [row] = await db
    .select()
    .from(lessonSessions)
    .where(and(eq(lessonSessions.id, sessionId), eq(lessonSessions.lessonId, lessonId)))
    .limit(1)
  return row
}

/** Whether the user holds a seat (an enrollment not cancelled) in the session. */
export const holdsSeatIn = async (db: Executor, sessionId: number, userId: number) =>
  (await findSeat(db, sessionId, userId)) !== undefined

/** One session with what the viewer needs (as listed), or undefined when it does not exist. */
export const findSessionRecord = async (
  db: Executor,
  sessionId: number,
  viewerId: number | null,
  now: Date,
): Promise<SessionRecord | undefined> => {
  const [record] = await db
    .select(sessionRecordFields(viewerId, instant(now)))
    .from(lessonSessions)
    .innerJoin(lessons, eq(lessons.id, lessonSessions.lessonId))
    .where(eq(lessonSessions.id, sessionId))
    .limit(1)
  return record
}

/** The times, zone and link a session form sets. */
export interface SessionFields {
  startTime: Date
  endTime: Date
  timezone: string
  url: string
}

/**
 * The earliest of the educator's sessions (any of their lessons) that overlaps the range, other
 * than `exceptId` (the session being moved), with its lesson's title; undefined when none does.
 */
export const findOverlappingSession = async (
  db: Executor,
  ownerId: number,
  range: { startTime: Date; endTime: Date },
  exceptId: number | null,
) => {
  const [row] = await db
    .select({
      sessionId: lessonSessions.id,
      lessonId: lessons.id,
      lessonTitle: lessons.title,
      startTime: lessonSessions.startTime,
      endTime: lessonSessions.endTime,
    })
    .from(lessonSessions)
    .innerJoin(lessons, eq(lessons.id, lessonSessions.lessonId))
    .where(
      and(
        eq(lessonSessions.ownerId, ownerId),
        ne(lessonSessions.decision, 'cancelled'),
        lt(lessonSessions.startTime, range.endTime),
        gt(lessonSessions.endTime, range.startTime),
        exceptId === null ? undefined : ne(lessonSessions.id, exceptId),
      ),
    )
    .orderBy(...soonestFirst)
    .limit(1)
  return row
}

/**
 * The exclusion constraint on (owner_id, time range) refused a session's write: the educator has
 * another session at that time, written a moment ago by a racing request or long before. The 409
 * names it (the earliest, when several clash), looked up once the refused transaction has ended
 * (its failed statement aborted it): `db` is the database, not that transaction. Should it be
 * gone by then (deleted meanwhile), the 409 says only the spec's sentence.
 */
export const orOverlap =
  (
    db: Database,
    ownerId: number,
    fields: Pick<SessionFields, 'startTime' | 'endTime'>,
    exceptId: number | null,
  ) =>
  async (error: unknown): Promise<never> => {
    if (pgErrorCode(error) !== PG.exclusionViolation) throw error
    const clash = await findOverlappingSession(db, ownerId, fields, exceptId)
    const overlap: SessionOverlap | undefined = clash && {
      lessonId: clash.lessonId,
      lessonTitle: clash.lessonTitle,
      sessionId: clash.sessionId,
      start_time: clash.startTime.toISOString(),
      end_time: clash.endTime.toISOString(),
    }
    throw new ConflictError(MESSAGES.sessions.overlap, overlap ? { overlap } : {})
  }

/**
 * Adds a session to the lesson (the owner is copied for the constraint); answers its id. An
 * overlap fails the statement with the constraint's error (see `orOverlap`).
 */
export const insertSession = async (
  tx: Executor,
  lesson: { id: number; ownerId: number },
  fields: SessionFields & SeatStanding,
) => {
  const [row] = await tx
    .insert(lessonSessions)
    .values({ lessonId: lesson.id, ownerId: lesson.ownerId, ...fields })
    .returning({ id: lessonSessions.id })
  if (!row) throw new Error('INSERT ... RETURNING gave no row')
  return row.id
}

/** Moves a session; an overlap fails as `insertSession`'s does. */
export const updateSessionRow = async (
  tx: Executor,
  session: { id: number },
  fields: SessionFields & SeatStanding & { revision: number },
) => {
  await tx.update(lessonSessions).set(fields).where(eq(lessonSessions.id, session.id))
}

/** Deletes a session; its seats go with it (the foreign key cascades), its payments stay. */
export const deleteSessionRow = async (db: Executor, sessionId: number) => {
  await db.delete(lessonSessions).where(eq(lessonSessions.id, sessionId))
}

/** Where a session stands with its lesson's minimum seats, and when that changes or changed. */
export interface SeatStanding {
  decision: SeatDecision
  decisionAt: Date | null
}

/** Records where the session stands with its minimum seats (the decision made at its cutoff). */
export const setSessionStanding = async (
  tx: Executor,
  sessionId: number,
  standing: SeatStanding,
) => {
  await tx.update(lessonSessions).set(standing).where(eq(lessonSessions.id, sessionId))
}

/**
 * The sessions not ended at `now` that start by `until`, or whose pending decision falls by then,
 * soonest first: their times and where they stand with their minimum seats.
 */
export const sessionsAhead = (db: Executor, now: Date, until: Date) =>
  db
    .select({
      id: lessonSessions.id,
      startTime: lessonSessions.startTime,
      endTime: lessonSessions.endTime,
      decision: lessonSessions.decision,
      decisionAt: lessonSessions.decisionAt,
    })
    .from(lessonSessions)
    .where(
      and(
        gt(lessonSessions.endTime, now),
        or(
          lte(lessonSessions.startTime, until),
          and(eq(lessonSessions.decision, 'pending'), lte(lessonSessions.decisionAt, until)),
        ),
      ),
    )
    .orderBy(...soonestFirst)
