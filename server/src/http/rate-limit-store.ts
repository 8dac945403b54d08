import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'

interface CounterRow {
  hits: number
  ttl: number
}

/** Both drivers (pg and PGlite) answer raw SQL with `{ rows }`. */
const rowsOf = (result: unknown) => (result as { rows: CounterRow[] }).rows

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void

/** What the plugin hands `child`: the route's options (and rate-limit options) merged. */
interface StoreParams {
  routeInfo?: { method?: string | string[]; url?: string }
}

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
export const hitCounter = async (db: Database, key: string, windowMs: number) => {
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

export const readCounter = async (db: Database, key: string) => {
  const result = await db.execute(sql`
    select hits, ceil(extract(epoch from reset_at - now()) * 1000)::integer as ttl
    from rate_limit_counters where key = ${storedKey(key)} and reset_at > now()`)
  const row = rowsOf(result)[0]
  return row ? { current: Number(row.hits), ttl: Number(row.ttl) } : { current: 0, ttl: 0 }
}

/**
 * A store for @fastify/rate-limit that keeps its counters in PostgreSQL (or PGlite), so limits
 * hold across every instance of the API. Each route counts under its own prefix.
 */
export const databaseRateLimitStore = (db: Database) => {
  class DatabaseRateLimitStore {
    readonly prefix: string
    constructor(_params?: unknown, prefix = 'global') {
      this.prefix = prefix
    }
    incr(key: string, callback: Callback, timeWindow: number) {
      hitCounter(db, `${this.prefix}|${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      )
    }
    read(key: string, callback: Callback) {
      readCounter(db, `${this.prefix}|${key}`).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      )
    }
    child(params: object) {
      const { routeInfo } = params as StoreParams
      const route = routeInfo?.url ? `${String(routeInfo.method)} ${routeInfo.url}` : this.prefix
      return new DatabaseRateLimitStore(params, route)
    }
  }
  return DatabaseRateLimitStore
}
