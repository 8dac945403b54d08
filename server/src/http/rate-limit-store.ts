import type { Database } from '../db/client.ts'
import { hitCounter, readCounter } from '../repositories/rate-limit-counters.ts'

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void

/** What the plugin hands `child`: the route's options (and rate-limit options) merged. */
interface StoreParams {
  routeInfo?: { method?: string | string[]; url?: string }
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
