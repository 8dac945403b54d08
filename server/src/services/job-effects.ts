import type { Executor } from '../db/client.ts'
import type { QueueName } from '../jobs/queues.ts'
import type { Mail } from '../mail/mailer.ts'
import type { ServiceDeps } from './deps.ts'

/** The job was completed elsewhere meanwhile (another instance, a run past its lease). */
class JobAlreadyDone extends Error {}

/**
 * Runs a job's effect (writes and the e-mails they send, through the outbox) in one transaction
 * with the job's completion, then sends the e-mails. However many runs of one job race (a retry,
 * another instance after an expired lease), one commits: the others find the job no longer
 * active and roll back, writing nothing. Answers whether this run committed.
 */
export const jobEffectOnce = async (
  deps: Pick<ServiceDeps, 'db' | 'mailer' | 'jobs'>,
  job: { queue: QueueName; id: string },
  effect: (tx: Executor, mail: Mail) => Promise<void>,
) => {
  const outboxIds: number[] = []
  try {
    await deps.db.transaction(async (tx) => {
      await effect(tx, async (to, email) => {
        outboxIds.push(await deps.mailer.enqueue(tx, to, email))
      })
      if (!(await deps.jobs.complete(tx, job.queue, job.id))) throw new JobAlreadyDone()
    })
  } catch (error) {
    if (error instanceof JobAlreadyDone) return false
    throw error
  }
  await deps.mailer.deliver(outboxIds)
  return true
}
