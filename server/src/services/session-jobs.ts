import type { Executor } from '../db/client.ts'
import { jobId } from '../jobs/queues.ts'
import { sessionsAhead } from '../repositories/sessions.ts'
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

/** The reminders of the session's start still ahead at `now`, one per lead time. */
const planReminders = async (
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
}

/** The review requests at the session's end. */
const planReviewRequests = (deps: SessionJobDeps, tx: Executor, session: SessionTimes) =>
  deps.jobs.send(
    tx,
    'reviewRequest',
    { sessionId: session.id, endsAt: session.endTime.toISOString() },
    { id: reviewRequestJobId(session), startAfter: session.endTime },
  )

const reminderJobIds = (deps: SessionJobDeps, session: SessionTimes) =>
  deps.reminderLeadsMinutes.map((lead) => reminderJobId(session, lead))

/**
 * Plans the session's jobs in the transaction that creates it: one reminder per lead time still
 * ahead at `now` (a session three hours away gets only the one-hour reminder), and the review
 * requests at its end.
 */
export const planSessionJobs = async (
  deps: SessionJobDeps,
  tx: Executor,
  session: SessionTimes,
  now: Date,
) => {
  await planReminders(deps, tx, session, now)
  await planReviewRequests(deps, tx, session)
}

/**
 * Moves the session's jobs with it, in the transaction that moves it: a new start deletes the
 * reminders of the old one (so a move back plans them afresh) and plans those of the new one
 * still ahead; a new end does the same for the review requests. What did not change keeps its
 * jobs, even a reminder due and not yet run.
 */
export const moveSessionJobs = async (
  deps: SessionJobDeps,
  tx: Executor,
  before: SessionTimes,
  after: SessionTimes,
  now: Date,
) => {
  if (before.startTime.getTime() !== after.startTime.getTime()) {
    await deps.jobs.remove(tx, 'sessionReminder', reminderJobIds(deps, before))
    await planReminders(deps, tx, after, now)
  }
  if (before.endTime.getTime() !== after.endTime.getTime()) {
    await deps.jobs.remove(tx, 'reviewRequest', [reviewRequestJobId(before)])
    await planReviewRequests(deps, tx, after)
  }
}

/** Cancels the session's jobs in the transaction that deletes it; their record stays. */
export const cancelSessionJobs = async (
  deps: SessionJobDeps,
  tx: Executor,
  session: SessionTimes,
) => {
  await deps.jobs.cancel(tx, 'sessionReminder', reminderJobIds(deps, session))
  await deps.jobs.cancel(tx, 'reviewRequest', [reviewRequestJobId(session)])
}

/**
 * How far past the longest lead time the sweep looks: more than its interval (ten minutes), so
 * each session is swept before its first reminder falls due.
 */
const SWEEP_MARGIN_MS = 30 * MINUTE_MS

/**
 * Plans the jobs of sessions that have none: those written before the job engine came, or by
 * the demo seed, which writes rows directly. Run every ten minutes over the sessions starting
 * within the longest lead time (and a margin) and not ended; jobs already there are left as they
 * are (their ids are fixed), and reminders whose time has passed are not planned, so nothing is
 * sent twice. Answers how many sessions it looked at.
 */
export const planMissingSessionJobs = async (
  deps: Pick<ServiceDeps, 'db' | 'jobs' | 'reminderLeadsMinutes'>,
  now = new Date(),
) => {
  const longestLead = Math.max(0, ...deps.reminderLeadsMinutes) * MINUTE_MS
  const until = new Date(now.getTime() + longestLead + SWEEP_MARGIN_MS)
  const sessions = await sessionsAhead(deps.db, now, until)
  if (sessions.length === 0) return 0
  await deps.db.transaction(async (tx) => {
    for (const session of sessions) await planSessionJobs(deps, tx, session, now)
  })
  return sessions.length
}
