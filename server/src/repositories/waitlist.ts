import { and, asc, count, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm'
import type { WaitlistStatus } from '../../../contract/entities.ts'
import type { Executor } from '../db/client.ts'
import { lessonSessions, waitlistEntries } from '../db/schema.ts'

/**
 * The lines for seats of full sessions. Whatever changes a line first locks its session's row
 * (repositories/seats.ts lockSession), as seat changes do, so offers and seats are counted and
 * written by one transaction at a time. A line's order is its places' ids: given under that lock,
 * they follow the order of joining, whatever the clocks of the instances say.
 */

export type WaitlistRow = typeof waitlistEntries.$inferSelect

const IN_LINE: WaitlistStatus[] = ['waiting', 'offered']

/** The places still in the session's line: waiting, or offered a seat. */
const inLineOf = (sessionId: number) =>
  and(eq(waitlistEntries.sessionId, sessionId), inArray(waitlistEntries.status, IN_LINE))

/** The student's place in the session's line (waiting or offered), undefined when none. */
export const findPlace = async (tx: Executor, sessionId: number, userId: number) => {
  const [row] = await tx
    .select()
    .from(waitlistEntries)
    .where(and(inLineOf(sessionId), eq(waitlistEntries.userId, userId)))
  return row
}

/**
 * A place at the end of the line; undefined when the student is in it already (the unique index
 * of places in line, without failing the transaction).
 */
export const insertPlace = async (tx: Executor, sessionId: number, userId: number, at: Date) => {
  const [row] = await tx
    .insert(waitlistEntries)
    .values({ sessionId, userId, createdAt: at })
    .onConflictDoNothing()
    .returning()
  return row
}

/**
 * The place's position in its line at `now`, 1 for the first: those in line before it (an offer
 * run out has left it), and itself.
 */
export const positionOf = async (tx: Executor, place: WaitlistRow, now: Date) => {
  const [row] = await tx
    .select({ n: count() })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.sessionId, place.sessionId),
        or(
          eq(waitlistEntries.status, 'waiting'),
          and(eq(waitlistEntries.status, 'offered'), gt(waitlistEntries.offerExpiresAt, now)),
        ),
        lt(waitlistEntries.id, place.id),
      ),
    )
  return (row?.n ?? 0) + 1
}

/** How many wait in the session's line, and how many of those hold an offer at `now`. */
export const lineCounts = async (tx: Executor, sessionId: number, now: Date) => {
  const [row] = await tx
    .select({
      waiting: sql<number>`(count(*) filter (where ${waitlistEntries.status} = 'waiting'))::int`,
      offered: sql<number>`(count(*) filter (where ${waitlistEntries.status} = 'offered'
        and ${waitlistEntries.offerExpiresAt} > ${now.toISOString()}::timestamptz))::int`,
    })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.sessionId, sessionId))
  return { waiting: row?.waiting ?? 0, offered: row?.offered ?? 0 }
}

/** Whether anyone waits in the session's line (read without its lock: a hint, not a count). */
export const hasWaiting = async (db: Executor, sessionId: number) => {
  const [row] = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.sessionId, sessionId), eq(waitlistEntries.status, 'waiting')))
    .limit(1)
  return row !== undefined
}

/** The first `take` waiting in the session's line, in their order. */
export const firstWaiting = (tx: Executor, sessionId: number, take: number) =>
  tx
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.sessionId, sessionId), eq(waitlistEntries.status, 'waiting')))
    .orderBy(asc(waitlistEntries.id))
    .limit(take)

/** Offers the place a seat held until `until`. */
export const offerPlace = async (tx: Executor, placeId: number, at: Date, until: Date) => {
  await tx
    .update(waitlistEntries)
    .set({ status: 'offered', offeredAt: at, offerExpiresAt: until })
    .where(eq(waitlistEntries.id, placeId))
}

/** Ends a place in line: seated, expired, left or closed. */
export const endPlace = async (
  tx: Executor,
  placeId: number,
  status: Exclude<WaitlistStatus, 'waiting' | 'offered'>,
  at: Date,
) => {
  await tx
    .update(waitlistEntries)
    .set({ status, endedAt: at })
    .where(eq(waitlistEntries.id, placeId))
}

/**
 * A seat offered to the student and taken with a payment hold, back to them while the offer
 * lasts (the payment failed or was given up): their place is offered again until the offer's own
 * end, unless they are in the line anew. Answers whether it was.
 */
export const reopenOffer = async (tx: Executor, sessionId: number, userId: number, now: Date) => {
  const reopened = await tx
    .update(waitlistEntries)
    .set({ status: 'offered', endedAt: null })
    .where(
      and(
        eq(waitlistEntries.sessionId, sessionId),
        eq(waitlistEntries.userId, userId),
        eq(waitlistEntries.status, 'seated'),
        gt(waitlistEntries.offerExpiresAt, now),
        sql`not exists (select 1 from waitlist_entries as o where o.session_id = ${sessionId}
          and o.user_id = ${userId} and o.status in ('waiting', 'offered'))`,
      ),
    )
    .returning({ id: waitlistEntries.id })
  return reopened.length > 0
}

/** Ends every place in the session's line (the session was cancelled); answers them. */
export const closeLine = (tx: Executor, sessionId: number, at: Date) =>
  tx
    .update(waitlistEntries)
    .set({ status: 'closed', endedAt: at })
    .where(inLineOf(sessionId))
    .returning()

/** The places still in the session's line: waiting, or offered a seat. */
export const placesInLine = (tx: Executor, sessionId: number) =>
  tx.select().from(waitlistEntries).where(inLineOf(sessionId))

/** The session's offers whose time has run out at `now` (their end counts as run out). */
export const lapsedOffers = (tx: Executor, sessionId: number, now: Date) =>
  tx
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.sessionId, sessionId),
        eq(waitlistEntries.status, 'offered'),
        lte(waitlistEntries.offerExpiresAt, now),
      ),
    )

/** The lesson's sessions with students waiting in their lines. */
export const sessionsWithLine = async (db: Executor, lessonId: number) =>
  (
    await db
      .selectDistinct({ sessionId: waitlistEntries.sessionId })
      .from(waitlistEntries)
      .innerJoin(lessonSessions, eq(lessonSessions.id, waitlistEntries.sessionId))
      .where(and(eq(lessonSessions.lessonId, lessonId), eq(waitlistEntries.status, 'waiting')))
      .orderBy(waitlistEntries.sessionId)
  ).map((row) => row.sessionId)
