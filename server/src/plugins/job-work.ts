import fp from 'fastify-plugin'
import type PgBoss from 'pg-boss'
import { type JobData, JobNotDue, QUEUES, type QueueName, SCHEDULES } from '../jobs/queues.ts'
import type { ServiceDeps } from '../services/deps.ts'
import { housekeeping, type HousekeepingReport } from '../services/housekeeping.ts'
import { settleDueRefunds } from '../services/refunds.ts'
import { sendSessionReminder } from '../services/reminders.ts'
import { sendReviewRequests } from '../services/review-requests.ts'
import { decideSeats } from '../services/seat-decisions.ts'
import { offerSeatAtEnd } from '../services/waitlist.ts'
import { planMissingSessionJobs } from '../services/session-jobs.ts'
import {
  judgeEarningsRule,
  planMissingEarningsRuleJobs,
  warnBelowEarningsRule,
} from '../services/earnings-rule.ts'

/** A queue's work: what one job does, with the services' dependencies. It may throw (retried). */
type Handler<Q extends QueueName> = (
  deps: ServiceDeps,
  job: { id: string; data: JobData[Q] },
) => Promise<unknown>

/** What each queue's jobs do. */
export const handlers: { [Q in QueueName]: Handler<Q> } = {
  housekeeping: async (deps) => {
    const report = await housekeeping(deps)
    if (Object.values(report).some((count) => count > 0)) {
      deps.log.info({ housekeeping: report }, 'Housekeeping done')
    }
  },
  refundRetry: (deps) => settleDueRefunds(deps),
  mailRetry: async (deps) => {
    await deps.mailer.retryUnsent()
  },
  sessionJobsSweep: async (deps) => {
    await planMissingSessionJobs(deps)
  },
  sessionReminder: sendSessionReminder,
  reviewRequest: sendReviewRequests,
  seatDecision: decideSeats,
  waitlistOfferEnd: (deps, job) => offerSeatAtEnd(deps, 'waitlistOfferEnd', job),
  seatHoldEnd: (deps, job) => offerSeatAtEnd(deps, 'seatHoldEnd', job),
  earningsRuleWarning: warnBelowEarningsRule,
  earningsRuleDeadline: judgeEarningsRule,
  earningsRuleSweep: async (deps) => {
    await planMissingEarningsRuleJobs(deps)
  },
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs every purge once, now; answers what each removed. */
    housekeeping: (now?: Date) => Promise<HousekeepingReport>
    /**
     * Runs the jobs due now of every queue (or those named) here, one after another, as a worker
     * would; answers how many ran. Tests use it, on an app that does not work the queues.
     */
    runDueJobs: (queues?: QueueName[]) => Promise<number>
  }
}

/** How often an idle worker asks its queue for work, in seconds (pg-boss's least is 0.5). */
const POLLING_SECONDS = 2

const runJob = async <Q extends QueueName>(
  deps: ServiceDeps,
  queue: Q,
  job: PgBoss.Job<JobData[Q]>,
) => {
  const handler = handlers[queue] as Handler<Q>
  await handler({ ...deps, log: deps.log.child({ job: queue, jobId: job.id }) }, job)
}

/**
 * The app's work by time, on the job engine: with `work`, this instance takes jobs from every
 * queue (pg-boss hands each job to one instance) and keeps the schedules (each tick runs once
 * across instances); without it (tests) nothing runs by itself and `runDueJobs` runs what is due.
 */
export const jobWorkPlugin = fp<{ work: boolean }>(
  async (app, { work }) => {
    app.decorate('housekeeping', (now?: Date) => housekeeping(app.serviceDeps, now))

    app.decorate('runDueJobs', async (queues = Object.keys(QUEUES) as QueueName[]) => {
      let ran = 0
      for (const queue of queues) {
        for (;;) {
          const [job] = await app.boss.fetch<JobData[typeof queue]>(queue)
          if (!job) break
          ran += 1
          try {
            await runJob(app.serviceDeps, queue, job)
            await app.boss.complete(queue, job.id)
          } catch (error) {
            if (!(error instanceof JobNotDue)) app.countJobFailure(queue)
            await app.boss.fail(queue, job.id, { message: String(error) })
            throw error
          }
        }
      }
      return ran
    })

    if (!work) return
    app.addHook('onReady', async () => {
      for (const queue of Object.keys(QUEUES) as QueueName[]) {
        await app.boss.work<JobData[typeof queue]>(
          queue,
          { pollingIntervalSeconds: POLLING_SECONDS },
          async ([job]) => {
            if (!job) return
            try {
              await runJob(app.serviceDeps, queue, job)
            } catch (error) {
              // pg-boss records the failure and retries the job as its queue says.
              if (error instanceof JobNotDue) {
                app.log.info(
                  { job: queue, jobId: job.id, reason: error.message },
                  'Job not due yet',
                )
              } else {
                app.countJobFailure(queue)
                app.log.error({ err: error, job: queue, jobId: job.id }, `Job ${queue} failed`)
              }
              throw error
            }
          },
        )
        const cron = SCHEDULES[queue]
        if (cron) await app.boss.schedule(queue, cron, {}, { tz: 'UTC' })
        else await app.boss.unschedule(queue)
      }
    })
  },
  { name: 'job-work', dependencies: ['jobs', 'service-deps', 'metrics'] },
)
