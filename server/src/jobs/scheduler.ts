import type PgBoss from 'pg-boss'
import type { Executor } from '../db/client.ts'
import { transactionDb } from './boss-db.ts'
import type { JobData, QueueName } from './queues.ts'

/** A job to send: its id (when it must be unique) and the instant it becomes due. */
export interface JobOptions {
  id?: string
  startAfter?: Date
}

/**
 * What the services do with jobs, always inside the transaction of the change that causes them,
 * so a job exists exactly when its change does.
 */
export interface JobScheduler {
  /** Sends a job; a job with the id of one already there adds nothing. */
  send: <Q extends QueueName>(
    tx: Executor,
    queue: Q,
    data: JobData[Q],
    options?: JobOptions,
  ) => Promise<void>
  /** Deletes jobs not done yet, and the record of those done (a moved session's old times). */
  remove: (tx: Executor, queue: QueueName, ids: string[]) => Promise<void>
  /** Cancels jobs not done yet; their record stays (a deleted session's). */
  cancel: (tx: Executor, queue: QueueName, ids: string[]) => Promise<void>
  /** Completes an active job in the transaction of its effect; false when it was not active. */
  complete: (tx: Executor, queue: QueueName, id: string) => Promise<boolean>
}

/** pg-boss's answer to a command on jobs: how many it changed. */
const affected = (result: unknown) => (result as { affected?: number } | undefined)?.affected ?? 0

/** The scheduler over pg-boss: each call runs on the caller's transaction. */
export const jobScheduler = (boss: PgBoss): JobScheduler => ({
  send: async (tx, queue, data, options = {}) => {
    await boss.send(queue, data, { ...options, db: transactionDb(tx) })
  },
  remove: async (tx, queue, ids) => {
    if (ids.length > 0) await boss.deleteJob(queue, ids, { db: transactionDb(tx) })
  },
  cancel: async (tx, queue, ids) => {
    if (ids.length > 0) await boss.cancel(queue, ids, { db: transactionDb(tx) })
  },
  complete: async (tx, queue, id) =>
    affected(await boss.complete(queue, id, {}, { db: transactionDb(tx) })) === 1,
})
