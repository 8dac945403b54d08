import fp from 'fastify-plugin'
import { runPeriodically } from '../periodic.ts'
import type { ServiceDeps } from '../services/deps.ts'
import { housekeeping, type HousekeepingReport } from '../services/housekeeping.ts'
import { settleDueRefunds } from '../services/refunds.ts'

/**
 * A piece of work the app does on its own, on every instance, at an interval: a named function
 * over the services' dependencies. Each runs here only (no route starts a timer); a job engine
 * would take each one as a job of the same name.
 */
export interface PeriodicTask {
  /** The task's name, in the log (and a job engine's queue name). */
  name: string
  /** How often it runs; null: never by itself (tests run it by hand). */
  intervalMs: number | null
  /** The work; it may throw, and the runner logs the failure. */
  run: (deps: ServiceDeps) => Promise<void>
}

export interface PeriodicIntervals {
  /** How often housekeeping runs; null: never by itself. */
  housekeepingMs: number | null
  /** How often refunds left due (a crash, an unavailable provider) are sent again; null: never. */
  refundRetryMs: number | null
}

/** Every task the app runs periodically. */
export const periodicTasks = (intervals: PeriodicIntervals): PeriodicTask[] => [
  {
    name: 'housekeeping',
    intervalMs: intervals.housekeepingMs,
    run: async (deps) => {
      const report = await housekeeping(deps)
      if (Object.values(report).some((count) => count > 0)) {
        deps.log.info({ housekeeping: report }, 'Housekeeping done')
      }
    },
  },
  {
    name: 'refund-retry',
    intervalMs: intervals.refundRetryMs,
    run: (deps) => settleDueRefunds(deps),
  },
]

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs every purge once, now; answers what each removed. */
    housekeeping: (now?: Date) => Promise<HousekeepingReport>
  }
}

/**
 * Starts every periodic task that has an interval, through periodic.ts: once the app is ready,
 * then every interval, on every instance (each task is safe to run on several at once); a run
 * never overlaps the next, and closing the app waits for the runs under way. A failed run is
 * logged with its task's name. `app.housekeeping` runs housekeeping once, at once.
 */
export const periodicWorkPlugin = fp<PeriodicIntervals>(
  async (app, intervals) => {
    app.decorate('housekeeping', (now?: Date) => housekeeping(app.serviceDeps, now))
    for (const task of periodicTasks(intervals)) {
      if (task.intervalMs === null) continue
      runPeriodically(app, task.intervalMs, () =>
        task.run(app.serviceDeps).catch((error: unknown) => {
          app.log.error({ err: error, task: task.name }, `Periodic task ${task.name} failed`)
        }),
      )
    }
  },
  { name: 'periodic-work', dependencies: ['service-deps'] },
)
