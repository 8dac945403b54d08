import { createHash } from 'node:crypto'
import { lt, sql } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { rateLimitCounters } from '../db/schema.ts'

/**
 * Counters of attempts by key (a route and client address, an account, a trusted browser), in
 * the database so that every instance counts the same attempts, timed by the database's clock.
 */
interface CounterRow {
  hits: number
  ttl: number
}

/** Both drivers (pg and PGlite) answer raw SQL with `{ rows }`. */
const rowsOf = (result: unknown) => (result as { rows: CounterRow[] }).rows

/**
 * Keys are stored hashed: a fixed length whatever the client sent (an e-mail of a megabyte must
 * not break the index), and no address or e-mail in plain text.
 */
const storedKey = (key: string) => createHash('sha256').update(key).digest('base64url')

/**
 * The counter of one key, in the database: one statement counts the hit, or starts a new window
 * when the last one ended, so concurrent hits on any instance never lose a count. The window is
 * timed by the database's clock, the one clock all instances share.
 */
export const hitCounter = async (db: Executor, key: string, windowMs: number) => {
  const result = await db.execute(sql`
    insert into rate_limit_counters (key, hits, reset_at)
    values (${storedKey(key)}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when rate_limit_counters.reset_at <= now() then 1
                  else rate_limit_counters.hits + 1 end,
      reset_at = case when rate_limit_counters.reset_at <= now() then excluded.reset_at
                      else rate_limit_counters.reset_at end
    returning hits, ceil(extract(epoch from reset_at - now()) * 1000)::integer as ttl`)
  const row = rowsOf(result)[0]
  if (!row) throw new Error('The rate-limit counter was not written')
  return { current: Number(row.hits), ttl: Math.max(0, Number(row.ttl)) }
}

export const readCounter = async (db: Executor, key: string) => {
  const result = await db.execute(sql`
    select hits, ceil(extract(epoch from reset_at - now()) * 1000)::integer as ttl
    from rate_limit_counters where key = ${storedKey(key)} and reset_at > now()`)
  const row = rowsOf(result)[0]
  return row ? { current: Number(row.hits), ttl: Number(row.ttl) } : { current: 0, ttl: 0 }
}

/** One try taken from a counter, in the window that ends at `windowEnd` (the database's text). */
export interface ReservedTry {
  key: string
  windowEnd: string
}

export type Reservation = { reserved: ReservedTry } | { retryAfterMs: number }

/**
 * Takes one try of `key`, at most `max` per window, before the attempt is made: one statement
 * starts a new window when the last one ended, or counts one more try while fewer than `max`
 * were taken, or changes nothing. Tries made at once, on any instance, so never take more than
 * `max` between them (a conflicting upsert waits for the other's row and decides on its count).
 * Answers the try, or how long until the window ends.
 */
export const reserveTry = async (
  db: Executor,
  key: string,
  max: number,
  windowMs: number,
): Promise<Reservation> => {
  const result = await db.execute(sql`
    insert into rate_limit_counters as counter (key, hits, reset_at)
    values (${storedKey(key)}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when counter.reset_at <= now() then 1 else counter.hits + 1 end,
      reset_at = case when counter.reset_at <= now() then excluded.reset_at
                      else counter.reset_at end
      where counter.reset_at <= now() or counter.hits < ${max}
    returning reset_at::text as window_end`)
  const [row] = (result as { rows: { window_end: string }[] }).rows
  if (row) return { reserved: { key, windowEnd: row.window_end } }
  const { ttl } = await readCounter(db, key)
  // The window may have ended between the two statements: then a moment is enough.
  return { retryAfterMs: Math.max(1, ttl) }
}

/**
 * Gives a try back, in the window it was taken from only (a new window never counted it): the
 * attempt turned out not to be one the limit counts (the right password).
 */
export const giveBackTry = async (db: Executor, { key, windowEnd }: ReservedTry) => {
  await db.execute(sql`
    update rate_limit_counters set hits = hits - 1
    where key = ${storedKey(key)} and reset_at = ${windowEnd}::timestamptz and hits > 0`)
}

/** Forgets every try counted under `key`. */
export const forgetCounter = async (db: Executor, key: string) => {
  await db.execute(sql`delete from rate_limit_counters where key = ${storedKey(key)}`)
}

/** Deletes the counters whose window ended before `now`; answers how many. */
export const purgeEndedCounters = async (db: Executor, now: Date) =>
  (
    await db
      .delete(rateLimitCounters)
      .where(lt(rateLimitCounters.resetAt, now))
      .returning({ key: rateLimitCounters.key })
  ).length
