import { eq, sql } from 'drizzle-orm'
import type { SessionWriteBody } from '../../contract/endpoints/sessions.ts'
import type { JobData, QueueName } from '../src/jobs/queues.ts'
import type { Database } from '../src/db/client.ts'
import { users, videoLicences } from '../src/db/schema.ts'
import { DAY, HOUR } from './catalogue-fixtures.ts'
import { createUser } from './helpers.ts'

/** What the tests of a session's jobs (reminders, decisions, review requests) share. */

export const SECOND = 1000

/**
 * A job is due once the clock has passed its instant (pg-boss: start_after < now()): the first
 * millisecond after it. The planning tests pin the instants themselves.
 */
export const DUE = 1
/**
 * How far before a job's instant a test checks that the job has not run. The test's clock and the
 * database's run on while a test does (testClock), so a second's margin is crossed on a loaded
 * machine; each job's exact instant is checked on the job itself (its \`at\`).
 */
export const BEFORE_DUE = -60 * SECOND

/**
 * The start of a job sent as already due: a minute ago. Sent with no start, a job starts at the
 * database's now(), which the embedded database reads to the millisecond, so a fetch within the
 * same millisecond would not find it yet (start_after < now()).
 */
export const dueAlready = () => new Date(Date.now() - 60 * SECOND)

/** The day after tomorrow at 10:00 UTC: every job of a session so far is still ahead. */
export const startOfSession = () => {
  const day = new Date(Date.now() + 2 * DAY)
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 10))
}

export const at = (instant: Date, offset: number) => new Date(instant.getTime() + offset)

/** The session form for an hour from `start`, in Tokyo's wall time (UTC+9, no summer time). */
export const sessionForm = (
  start: Date,
  extra: Partial<SessionWriteBody> = {},
): SessionWriteBody => {
  const tokyo = (date: Date) => new Date(date.getTime() + 9 * HOUR).toISOString()
  return {
    date: tokyo(start).slice(0, 10),
    startHour: tokyo(start).slice(11, 16),
    endHour: tokyo(at(start, HOUR)).slice(11, 16),
    timezone: 'Asia/Tokyo',
    url: 'https://zoom.us/j/5551234',
    ...extra,
  }
}

/** An educator holding a video licence, so they may schedule sessions. */
export const licensedEducator = async (
  db: Database,
  options: { language?: 'en-US' | 'jp-JP'; name?: string } = {},
) => {
  const educator = await createUser(db, { role: 'educator', ...options })
  const [licence] = await db
    .insert(videoLicences)
    .values({ provider: 'zoom', accountEmail: `licence-${educator.id}@pool.example` })
    .returning()
  await db.update(users).set({ videoLicenceId: licence!.id }).where(eq(users.id, educator.id))
  return educator
}

/** A queue's jobs waiting to run (created, or to be tried again), soonest first, with their due instant. */
export const waitingJobs = async <Q extends QueueName>(db: Database, queue: Q) => {
  const result = await db.execute(sql`
    select data, start_after from pgboss.job
    where name = ${queue} and state in ('created', 'retry') order by start_after`)
  return (result as { rows: { data: JobData[Q]; start_after: Date }[] }).rows.map((row) => ({
    data: row.data,
    at: new Date(row.start_after).toISOString(),
  }))
}
