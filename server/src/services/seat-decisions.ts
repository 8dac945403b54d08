import { decisionWhenDue, refundOwed } from '../../../contract/seats.ts'
import { type JobData, JobNotDue } from '../jobs/queues.ts'
import { lessonPageUrl } from '../mail/links.ts'
import { emails } from '../mail/templates.ts'
import { cancelSeat, lockSessionById, seatsOf, updatePayment } from '../repositories/seats.ts'
import { setSessionStanding } from '../repositories/sessions.ts'
import { findUserById } from '../repositories/users.ts'
import type { ServiceDeps } from './deps.ts'
import { jobEffectOnce } from './job-effects.ts'
import { settleRefund } from './refunds.ts'
import { mailEach } from './seat-change.ts'
import { cancelPaymentsTellingEach } from './seats.ts'
import { cancelSessionJobs } from './session-jobs.ts'
import { closeLineTellingEach } from './waitlist-offers.ts'

/**
 * A session's minimum-seat decision (§1, §3 `min_slots`), made once at its cutoff
 * (MIN_SEATS_CUTOFF_HOURS before the start) by the job planned with it (services/session-jobs.ts).
 * With as many seated students as its lesson's minimum it is confirmed, and everyone is told it
 * takes place. With fewer it is cancelled in one transaction: every seat given back, a paid
 * seat's refund recorded as due (then sent to the provider, retried as every refund is), open
 * payments cancelled, its reminders and review requests cancelled, and the students and the
 * educator told. A session moved, deleted or already decided makes the job moot; one whose
 * decision was missed until it started (no instance ran) takes place with whoever enrolled.
 */
export const decideSeats = async (
  deps: ServiceDeps,
  job: { id: string; data: JobData['seatDecision'] },
) => {
  const refunds: number[] = []
  const committed = await jobEffectOnce(
    deps,
    { queue: 'seatDecision', id: job.id },
    async (tx, mail) => {
      const { sessionId, decidesAt } = job.data
      const seated = await lockSessionById(tx, sessionId)
      const { session, lesson } = seated ?? {}
      if (!session || !lesson || session.decision !== 'pending') return
      if (session.decisionAt?.toISOString() !== decidesAt) return
      const now = new Date()
      // Due by the database's clock but not yet by this one's: tried again later, not dropped.
      if (session.decisionAt.getTime() > now.getTime()) {
        throw new JobNotDue('The cutoff has not come')
      }
      const seats = await seatsOf(tx, sessionId)
      const decision = decisionWhenDue({
        now: now.getTime(),
        startsAt: session.startTime.getTime(),
        enrolled: seats.length,
        minSlots: lesson.minSlots,
      })
      if (decision === 'unconditional') {
        await setSessionStanding(tx, sessionId, { decision, decisionAt: null })
        return
      }
      await setSessionStanding(tx, sessionId, { decision, decisionAt: now })
      const lessonUrl = lessonPageUrl(deps.appOrigin, lesson.id)
      const facts = { lessonTitle: lesson.title, session, lessonUrl }
      const educator = await findUserById(tx, lesson.ownerId)
      const told = {
        students: seats.length,
        refunds: seats.filter(({ payment }) => refundOwed(payment) > 0).length,
        minSlots: lesson.minSlots,
      }
      if (decision === 'confirmed') {
        await mailEach(
          tx,
          seats.map(({ seat }) => seat.userId),
          mail,
          (student) => emails.sessionConfirmed(student, facts),
        )
        if (educator) {
          await mail(
            educator.email,
            emails.educatorSessionConfirmed(educator, { ...facts, ...told }),
          )
        }
        return
      }
      for (const { seat, payment } of seats) {
        await cancelSeat(tx, seat.id, now)
        const refundCents = refundOwed(payment)
        if (payment && refundCents > 0) {
          await updatePayment(tx, payment.id, {
            status: 'refunding',
            refundReason: 'tooFewStudents',
          })
          refunds.push(payment.id)
        }
        const student = await findUserById(tx, seat.userId)
        if (student) {
          await mail(student.email, emails.tooFewStudents(student, { ...facts, refundCents }))
        }
      }
      await cancelPaymentsTellingEach(deps, tx, { session, lesson }, 'tooFewStudents', mail)
      await closeLineTellingEach(deps, tx, { session, lesson }, now, mail)
      await cancelSessionJobs(deps, tx, { ...session, decision: 'cancelled' })
      if (educator) {
        await mail(educator.email, emails.educatorTooFewStudents(educator, { ...facts, ...told }))
      }
    },
  )
  if (!committed) return
  for (const paymentId of refunds) await settleRefund(deps, paymentId)
}
