import { type JobData, JobNotDue } from '../jobs/queues.ts'
import { lessonPageUrl } from '../mail/links.ts'
import { emails } from '../mail/templates.ts'
import { lockSessionById, seatsOf } from '../repositories/seats.ts'
import { findUserById } from '../repositories/users.ts'
import type { ServiceDeps } from './deps.ts'
import { jobEffectOnce } from './job-effects.ts'
import { calendarAttachment } from './seats.ts'

/**
 * Reminders of a session, by e-mail to each student holding a seat and to the educator, at each
 * of the configured lead times before its start (24 hours and 1 hour by default): one job per
 * lead time, planned with the session (services/session-jobs.ts).
 */

/**
 * One reminder job: under the session's lock, e-mails each student holding a seat now and the
 * educator, in each one's language with the calendar file, once (job-effects.ts). Nothing is sent
 * when the session is gone, was moved from the start the job reminds of, has already started or
 * was cancelled for too few students.
 */
export const sendSessionReminder = (
  deps: ServiceDeps,
  job: { id: string; data: JobData['sessionReminder'] },
) =>
  jobEffectOnce(deps, { queue: 'sessionReminder', id: job.id }, async (tx, mail) => {
    const { sessionId, startsAt, leadMinutes } = job.data
    const seated = await lockSessionById(tx, sessionId)
    if (!seated || seated.session.startTime.toISOString() !== startsAt) return
    if (seated.session.startTime.getTime() <= Date.now()) return
    // Cancelled for too few students while this job waited for the lock: no one to remind.
    if (seated.session.decision === 'cancelled') return
    // Its minimum-seat decision falls due with this reminder: tried again once it is made, so no
    // one is reminded of a session about to be cancelled.
    const { decision, decisionAt } = seated.session
    if (decision === 'pending' && decisionAt && decisionAt.getTime() <= Date.now()) {
      throw new JobNotDue('The session is being decided')
    }
    const facts = {
      lessonTitle: seated.lesson.title,
      session: seated.session,
      leadMinutes,
      lessonUrl: lessonPageUrl(deps.appOrigin, seated.lesson.id),
    }
    const students = await seatsOf(tx, sessionId)
    for (const { seat } of students) {
      const student = await findUserById(tx, seat.userId)
      if (!student) continue
      await mail(student.email, {
        ...emails.reminder(student, facts),
        attachments: [calendarAttachment(deps, student, seated)],
      })
    }
    const educator = await findUserById(tx, seated.lesson.ownerId)
    if (!educator) return
    await mail(educator.email, {
      ...emails.educatorReminder(educator, { ...facts, students: students.length }),
      attachments: [calendarAttachment(deps, educator, seated)],
    })
  })
