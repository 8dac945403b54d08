import PgBoss from 'pg-boss'
import { QUEUES } from './queues.ts'

/** The schema pg-boss keeps its tables in, beside ours. */
export const JOBS_SCHEMA = 'pgboss'

/**
 * Starts pg-boss on our connection: its tables are created or migrated, then every queue is
 * created or brought up to date (pg-boss drops a job sent to a queue it does not know). `supervise` adds its
 * maintenance (expiring stuck jobs, archiving) and cron ticks, for the instances that work.
 */
export const startJobEngine = async (
  db: PgBoss.Db,
  supervise: boolean,
  onError: (error: Error) => void,
) => {
  const boss = new PgBoss({
    db,
    schema: JOBS_SCHEMA,
    supervise,
    schedule: supervise,
    migrate: true,
  })
  boss.on('error', onError)
  await boss.start()
  for (const [name, options] of Object.entries(QUEUES)) {
    // Creating leaves a queue made before as it was: its retry settings come from QUEUES now.
    await boss.createQueue(name, { name, ...options })
    await boss.updateQueue(name, { name, ...options })
  }
  return boss
}
