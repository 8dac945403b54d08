import type { Executor } from '../db/client.ts'
import { jobId, type JobData } from '../jobs/queues.ts'
import { lessonPageUrl } from '../mail/links.ts'
import { emails } from '../mail/templates.ts'
import { lockSessionById, seatsOf } from '../repositories/seats.ts'
import { findUserById } from '../repositories/users.ts'
import type { ServiceDeps } from './deps.ts'
import { calendarAttachment } from './seats.ts'

/**
 * Reminders of a session, by e-mail to each student holding a seat and to the educator, at each
 * of the configured lead times before its start (24 hours and 1 hour by default). Each lead time
 * is one job of the session, sent in the transaction that creates or moves the session; it reads
 * who holds a seat when it runs, so no one who gave theirs back is reminded.
 */

type ReminderDeps = Pick<ServiceDeps, 'jobs' | 'reminderLeadsMinutes'>
type SessionStart = { id: number; startTime: Date }

const MINUTE_MS = 60_000

/** The job of one reminder: unique per session, start and lead time. */
const reminderJobId = (session: SessionStart, leadMinutes: number) =>
  jobId(`session-reminder:${session.id}:${session.startTime.toISOString()}:${leadMinutes}`)

/**
 * Plans the session's reminders in the transaction that creates or moves it: one job per lead
 * time still ahead at `now` (a session three hours away gets only the one-hour reminder).
 */
export const planReminders = async (
  deps: ReminderDeps,
  tx: Executor,
  session: SessionStart,
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

/**
 * Drops the reminders of the session's old start, in the transaction that moves it (deleted, so
 * a move back to that start plans them afresh) or deletes it (cancelled, their record kept).
 */
export const dropReminders = async (
  deps: ReminderDeps,
  tx: Executor,
  session: SessionStart,
  why: 'moved' | 'deleted',
) => {
  const ids = deps.reminderLeadsMinutes.map((lead) => reminderJobId(session, lead))
  if (why === 'moved') await deps.jobs.remove(tx, 'sessionReminder', ids)
  else await deps.jobs.cancel(tx, 'sessionReminder', ids)
}

/**
 * One reminder job: under the session's lock, e-mails each student holding a seat now and the
 * educator, and completes the job in the same transaction, so however many instances run it (a
 * retry, an expired lease) the e-mails are written once. Nothing is sent when the session is gone,
 * was moved from the start the job reminds of, or has already started.
 */
export const sendSessionReminder = async (
  deps: ServiceDeps,
  job: { id: string; data: JobData['sessionReminder'] },
) => {
  const { sessionId, startsAt, leadMinutes } = job.data
  const mails: number[] = []
  await deps.db
    .transaction(async (tx) => {
      const seated = await lockSessionById(tx, sessionId)
      const current =
        seated !== undefined &&
        seated.session.startTime.toISOString() === startsAt &&
        seated.session.startTime.getTime() > Date.now()
      if (current) {
        const lessonUrl = lessonPageUrl(deps.appOrigin, seated.lesson.id)
        const students = await seatsOf(tx, sessionId)
        for (const { seat } of students) {
          const student = await findUserById(tx, seat.userId)
          if (!student) continue
          const email = emails.reminder(student, {
            lessonTitle: seated.lesson.title,
            session: seated.session,
            leadMinutes,
            lessonUrl,
          })
          mails.push(
            await deps.mailer.enqueue(tx, student.email, {
              ...email,
              attachments: [calendarAttachment(deps, student, seated)],
            }),
          )
        }
        const educator = await findUserById(tx, seated.lesson.ownerId)
        if (educator) {
          const email = emails.educatorReminder(educator, {
            lessonTitle: seated.lesson.title,
            session: seated.session,
            leadMinutes,
            students: students.length,
            lessonUrl,
          })
          mails.push(
            await deps.mailer.enqueue(tx, educator.email, {
              ...email,
              attachments: [calendarAttachment(deps, educator, seated)],
            }),
          )
        }
      }
      // Another instance that ran this job first completed it: this run's e-mails roll back.
      if (!(await deps.jobs.complete(tx, 'sessionReminder', job.id))) {
        mails.length = 0
        throw new JobAlreadyDone()
      }
    })
    .catch((error: unknown) => {
      if (!(error instanceof JobAlreadyDone)) throw error
    })
  await deps.mailer.deliver(mails)
}

/** The job was completed elsewhere meanwhile. */
class JobAlreadyDone extends Error {}
