import { timingSafeEqual } from 'node:crypto'
import { sql } from 'drizzle-orm'
import fp from 'fastify-plugin'
import type pg from 'pg'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { UnauthorizedError } from '../domain/errors.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { JOBS_SCHEMA } from '../jobs/engine.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a job that failed (its handler threw); pg-boss retries it as its queue says. */
    countJobFailure: (queue: string) => void
  }
}

/** Request durations, in seconds: from a cached page's milliseconds to a slow upload's seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

type Rows<T> = { rows: T[] }

/** The job states that make a queue's depth, and the failed jobs pg-boss has not archived yet. */
const JOB_STATES = ['created', 'retry', 'active', 'failed'] as const

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Prometheus metrics of this instance, at `${apiPrefix}/metrics` for a scraper that sends
 * `token` as its bearer token (METRICS_TOKEN); without a token nothing is exposed and nothing is
 * measured. Request durations per route pattern (never the raw path: ids would make a series
 * each), the database pool, the job queues and the e-mail outbox, and Node's own figures
 * (resident memory, heap, event-loop lag).
 */
export const metricsPlugin = fp<{
  token: string | undefined
  apiPrefix: string
  database: DatabaseHandle
}>(
  async (app, { token, apiPrefix, database }) => {
    if (!token) {
      app.decorate('countJobFailure', () => {})
      return
    }
    const register = new Registry()
    collectDefaultMetrics({ register })

    const durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: DURATION_BUCKETS,
      registers: [register],
    })
    app.addHook('onResponse', async (request, reply) => {
      durations.observe(
        {
          method: request.method,
          // Unmatched paths (404s, the SPA's own files) share one series.
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      )
    })

    const jobFailures = new Counter({
      name: 'job_failures_total',
      help: 'Jobs whose work failed on this instance, by queue (each retry that fails counts)',
      labelNames: ['queue'] as const,
      registers: [register],
    })
    app.decorate('countJobFailure', (queue: string) => jobFailures.inc({ queue }))

    const { db } = database
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections: open (total), idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [register],
      collect() {
        // The embedded database has one connection and no pool.
        if (database.kind !== 'postgres') return
        const pool = (db as unknown as { $client: pg.Pool }).$client
        this.set({ state: 'total' }, pool.totalCount)
        this.set({ state: 'idle' }, pool.idleCount)
        this.set({ state: 'waiting' }, pool.waitingCount)
      },
    })

    new Gauge({
      name: 'jobs',
      help: 'Jobs in the job engine by queue and state: created and retry wait, active run, failed ones stay until archived (12 hours)',
      labelNames: ['queue', 'state'] as const,
      registers: [register],
      async collect() {
        const result = (await db.execute(
          sql`select name, state::text as state, count(*)::int as count
              from ${sql.identifier(JOBS_SCHEMA)}.job
              where state::text in ${JOB_STATES}
              group by name, state`,
        )) as Rows<{ name: string; state: string; count: number }>
        this.reset()
        for (const row of result.rows) {
          this.set({ queue: row.name, state: row.state }, row.count)
        }
      },
    })

    // Both outbox figures come from one read per scrape.
    let outboxRead: Promise<{ unsent: number; lag: number }> | undefined
    const readOutbox = () => {
      outboxRead ??= db
        .execute(
          sql`select count(*)::int as unsent,
                coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as lag
              from outbox where sent_at is null`,
        )
        .then((result) => (result as Rows<{ unsent: number; lag: number }>).rows[0]!)
      return outboxRead
    }
    new Gauge({
      name: 'outbox_unsent',
      help: 'E-mails written to the outbox and not sent yet',
      registers: [register],
      async collect() {
        this.set((await readOutbox()).unsent)
      },
    })
    new Gauge({
      name: 'outbox_lag_seconds',
      help: 'Age of the oldest unsent e-mail in the outbox (0 when all are sent)',
      registers: [register],
      async collect() {
        this.set(Math.max(0, (await readOutbox()).lag))
      },
    })

    app.get(
      `${apiPrefix}/metrics`,
      { schema: { hide: true }, config: { access: 'public' } },
      async (request, reply) => {
        const [scheme, given] = (request.headers.authorization ?? '').split(' ')
        if (scheme !== 'Bearer' || !given || !sameSecret(given, token)) {
          // A 401 names the scheme that would be accepted (RFC 9110 §11.6.1).
          reply.header('www-authenticate', 'Bearer realm="metrics"')
          throw new UnauthorizedError()
        }
        reply.header('cache-control', 'no-store').type(register.contentType)
        try {
          return await register.metrics()
        } finally {
          outboxRead = undefined
        }
      },
    )
  },
  { name: 'metrics', dependencies: ['db'] },
)
