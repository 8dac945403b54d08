import { type JobData, JobNotDue } from '../jobs/queues.ts'
import { reviewPageUrl } from '../mail/links.ts'
import { emails } from '../mail/templates.ts'
import { hasReviewed } from '../repositories/reviews.ts'
import { lockSessionById, seatsOf } from '../repositories/seats.ts'
import { findUserById } from '../repositories/users.ts'
import type { ServiceDeps } from './deps.ts'
import { jobEffectOnce } from './job-effects.ts'

/**
 * Once a session has ended, each student who attended it (a seat held at its end) and has not
 * reviewed the lesson yet is invited, once, to review it: the e-mail links to the history screen
 * with the lesson's review dialog open. The job is planned with the session
 * (services/session-jobs.ts); nothing is sent for a session gone or moved since.
 */
export const sendReviewRequests = (
  deps: ServiceDeps,
  job: { id: string; data: JobData['reviewRequest'] },
) =>
  jobEffectOnce(deps, { queue: 'reviewRequest', id: job.id }, async (tx, mail) => {
    const { sessionId, endsAt } = job.data
    const seated = await lockSessionById(tx, sessionId)
    if (!seated || seated.session.endTime.toISOString() !== endsAt) return
    // Due by the database's clock but not yet by this one's: tried again later, not dropped.
    if (seated.session.endTime.getTime() > Date.now()) {
      throw new JobNotDue('The session has not ended')
    }
    for (const { seat } of await seatsOf(tx, sessionId)) {
      const student = await findUserById(tx, seat.userId)
      if (!student || (await hasReviewed(tx, student.id, seated.lesson.id))) continue
      await mail(
        student.email,
        emails.reviewRequest(student, {
          lessonTitle: seated.lesson.title,
          session: seated.session,
          reviewUrl: reviewPageUrl(deps.appOrigin, seated.lesson.id),
        }),
      )
    }
  })
