import type { Executor } from '../db/client.ts'
import { jobId } from '../jobs/queues.ts'
import type { ServiceDeps } from './deps.ts'

/**
 * The jobs a session schedules for itself: a reminder at each lead time before its start
 * (services/reminders.ts) and the review requests once it ends (services/review-requests.ts).
 * They are sent in the transaction that creates or moves the session, and each job reads who
 * holds a seat when it runs, so no one who gave theirs back is written to.
 */

type SessionJobDeps = Pick<ServiceDeps, 'jobs' | 'reminderLeadsMinutes'>
export type SessionTimes = { id: number; startTime: Date; endTime: Date }

const MINUTE_MS = 60_000

/** The job of one reminder: unique per session, start and lead time. */
const reminderJobId = (session: SessionTimes, leadMinutes: number) =>
  jobId(`session-reminder:${session.id}:${session.startTime.toISOString()}:${leadMinutes}`)

/** The job of a session's review requests: unique per session and end. */
const reviewRequestJobId = (session: SessionTimes) =>
  jobId(`review-request:${session.id}:${session.endTime.toISOString()}`)

/**
 * Plans the session's jobs in the transaction that creates or moves it: one reminder per lead
 * time still ahead at `now` (a session three hours away gets only the one-hour reminder), and the
 * review requests at its end.
 */
export const planSessionJobs = async (
  deps: SessionJobDeps,
  tx: Executor,
  session: SessionTimes,
  now: Date,
) => {
  for (const leadMinutes of deps.reminderLeadsMinutes) {
    const dueAt = new Date(session.startTime.getTime() - leadMinutes * MINUTE_MS)
    if (dueAt.getTime() <= now.getTime()) continue
    await deps.jobs.send(
      tx,
      'sessionReminder',
      { sessionId: session.id, startsAt: session.startTime.toISOString(), leadMinutes },
      { id: reminderJobId(session, leadMinutes), startAfter: dueAt },
    )
  }
  await deps.jobs.send(
    tx,
    'reviewRequest',
    { sessionId: session.id, endsAt: session.endTime.toISOString() },
    { id: reviewRequestJobId(session), startAfter: session.endTime },
  )
}

/**
 * Drops the jobs of the session's old times, in the transaction that moves it (deleted, so a
 * move back to those times plans them afresh) or deletes it (cancelled, their record kept).
 */
export const dropSessionJobs = async (
  deps: SessionJobDeps,
  tx: Executor,
  session: SessionTimes,
  why: 'moved' | 'deleted',
) => {
  const reminders = deps.reminderLeadsMinutes.map((lead) => reminderJobId(session, lead))
  const reviews = [reviewRequestJobId(session)]
  const drop = why === 'moved' ? deps.jobs.remove : deps.jobs.cancel
  await drop(tx, 'sessionReminder', reminders)
  await drop(tx, 'reviewRequest', reviews)
}
