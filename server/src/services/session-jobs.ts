import type { SeatDecision } from '../../../contract/entities.ts'
import { standingAfterChange, standingOf } from '../../../contract/seats.ts'
import type { Executor } from '../db/client.ts'
import { jobId } from '../jobs/queues.ts'
import { type SeatStanding, sessionsAhead } from '../repositories/sessions.ts'
import type { ServiceDeps } from './deps.ts'

/**
 * The jobs a session schedules for itself: a reminder at each lead time before its start
 * (services/reminders.ts), its minimum-seat decision at its cutoff while it is pending
 * (services/seat-decisions.ts) and the review requests once it ends
 * (services/review-requests.ts). They are sent in the transaction that creates or moves the
 * session, and each job reads who holds a seat when it runs, so no one who gave theirs back is
 * written to.
 */

type SessionJobDeps = Pick<ServiceDeps, 'jobs' | 'reminderLeadsMinutes' | 'seatDecisionHours'>
export type SessionTimes = { id: number; startTime: Date; endTime: Date } & SeatStanding

const asDates = ({
  decision,
  decisionAt,
}: {
  decision: SeatDecision
  decisionAt: number | null
}) => ({
  decision,
  decisionAt: decisionAt === null ? null : new Date(decisionAt),
})

/** Where a session starting at `startTime` stands when scheduled at `now` (contract/seats.ts). */
export const newStanding = (
  deps: Pick<ServiceDeps, 'seatDecisionHours'>,
  startTime: Date,
  now: Date,
): SeatStanding => asDates(standingOf(startTime.getTime(), now.getTime(), deps.seatDecisionHours))

/** Where a session stands once changed at `now` to start at `startTime` (contract/seats.ts). */
export const changedStanding = (
  current: SeatStanding & { startTime: Date },
  startTime: Date,
  now: Date,
): SeatStanding =>
  asDates(
    standingAfterChange(
      {
        decision: current.decision,
        decisionAt: current.decisionAt?.getTime() ?? null,
        startsAt: current.startTime.getTime(),
      },
      startTime.getTime(),
      now.getTime(),
    ),
  )

const MINUTE_MS = 60_000

/** The job of one reminder: unique per session, start and lead time. */
const reminderJobId = (session: SessionTimes, leadMinutes: number) =>
  jobId(`session-reminder:${session.id}:${session.startTime.toISOString()}:${leadMinutes}`)

/** The job of a session's review requests: unique per session and end. */
const reviewRequestJobId = (session: SessionTimes) =>
  jobId(`review-request:${session.id}:${session.endTime.toISOString()}`)

/** The job of a pending session's decision: unique per session and cutoff. */
const decisionJobId = (session: { id: number }, decidesAt: Date) =>
  jobId(`seat-decision:${session.id}:${decidesAt.toISOString()}`)

/** The pending session's decision at its cutoff (at once when the cutoff has passed). */
const planDecision = async (deps: SessionJobDeps, tx: Executor, session: SessionTimes) => {
  if (session.decision !== 'pending' || session.decisionAt === null) return
  await deps.jobs.send(
    tx,
    'seatDecision',
    { sessionId: session.id, decidesAt: session.decisionAt.toISOString() },
    { id: decisionJobId(session, session.decisionAt), startAfter: session.decisionAt },
  )
}

/** The decision job a pending session has, none otherwise. */
const decisionJobIds = (session: SessionTimes) =>
  session.decision === 'pending' && session.decisionAt !== null
    ? [decisionJobId(session, session.decisionAt)]
    : []

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
 * ahead at `now` (a session three hours away gets only the one-hour reminder), its decision while
 * pending, and the review requests at its end.
 */
export const planSessionJobs = async (
  deps: SessionJobDeps,
  tx: Executor,
  session: SessionTimes,
  now: Date,
) => {
  await planReminders(deps, tx, session, now)
  await planDecision(deps, tx, session)
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
  const [decisionBefore] = decisionJobIds(before)
  const [decisionAfter] = decisionJobIds(after)
  if (decisionBefore !== decisionAfter) {
    if (decisionBefore) await deps.jobs.remove(tx, 'seatDecision', [decisionBefore])
    await planDecision(deps, tx, after)
  }
  if (before.endTime.getTime() !== after.endTime.getTime()) {
    await deps.jobs.remove(tx, 'reviewRequest', [reviewRequestJobId(before)])
    await planReviewRequests(deps, tx, after)
  }
}

/**
 * Cancels the session's jobs in the transaction that deletes it, or that cancels it for too few
 * students (from its decision job, which is completing and so left alone); their record stays.
 */
export const cancelSessionJobs = async (
  deps: SessionJobDeps,
  tx: Executor,
  session: SessionTimes,
) => {
  await deps.jobs.cancel(tx, 'sessionReminder', reminderJobIds(deps, session))
  await deps.jobs.cancel(tx, 'seatDecision', decisionJobIds(session))
  await deps.jobs.cancel(tx, 'reviewRequest', [reviewRequestJobId(session)])
}

/**
 * How far past the longest lead time (or a pending decision) the sweep looks: more than its
 * interval (ten minutes), so each session is swept before its first job falls due.
 */
const SWEEP_MARGIN_MS = 30 * MINUTE_MS

/**
 * Plans the jobs of sessions that have none: those written before the job engine came, or by
 * the demo seed, which writes rows directly. Run every ten minutes over the sessions not ended
 * that start within the longest lead time, or whose pending decision falls within it (and a
 * margin); jobs already there are left as they are (their ids are fixed), and reminders whose
 * time has passed are not planned, so nothing is sent twice. A pending decision whose cutoff
 * passed unplanned is made at once. Answers how many sessions it looked at.
 */
export const planMissingSessionJobs = async (
  deps: Pick<ServiceDeps, 'db' | 'jobs' | 'reminderLeadsMinutes' | 'seatDecisionHours'>,
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
