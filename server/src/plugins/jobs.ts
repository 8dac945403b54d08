import fp from 'fastify-plugin'
import type PgBoss from 'pg-boss'
import { type DatabaseHandle, startingAlone } from '../db/client.ts'
import { bossDb } from '../jobs/boss-db.ts'
import { startJobEngine } from '../jobs/engine.ts'
import { type JobScheduler, jobScheduler } from '../jobs/scheduler.ts'

/** Any fixed number: the advisory lock instances take to create the job engine's tables. */
const JOB_ENGINE_LOCK = 746_216_302

declare module 'fastify' {
  interface FastifyInstance {
    /** The job engine (pg-boss) on the app's database. */
    boss: PgBoss
    jobs: JobScheduler
  }
}

/**
 * The job engine, pg-boss, on the app's database (PGlite or PostgreSQL) through our own
 * connection (jobs/engine.ts). It keeps the jobs only; the workers and schedules are job-work.ts's.
 * Closing the app stops it before the database closes (plugins close in reverse order),
 * waiting for the jobs under way.
 */
export const jobsPlugin = fp<{ database: DatabaseHandle; supervise: boolean }>(
  async (app, { database, supervise }) => {
    const boss = await startingAlone(database, JOB_ENGINE_LOCK, () =>
      startJobEngine(
        bossDb(database, (error) => app.log.error({ err: error }, 'Job engine query failed')),
        supervise,
        (error) => app.log.error({ err: error }, 'Job engine failed'),
      ),
    )
    app.decorate('boss', boss)
    app.decorate('jobs', jobScheduler(boss))
    app.addHook('onClose', async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 30_000, close: false })
    })
  },
  { name: 'jobs', dependencies: ['db'] },
)
