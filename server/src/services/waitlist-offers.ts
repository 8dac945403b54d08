import { offersToMake } from '../../../contract/seats.ts'
import type { Executor } from '../db/client.ts'
import { jobId } from '../jobs/queues.ts'
import type { Mail } from '../mail/mailer.ts'
import { lessonPageUrl } from '../mail/links.ts'
import { emails } from '../mail/templates.ts'
import { lockSession, seatCounts, type SeatedSession } from '../repositories/seats.ts'
import { findUserById, isDeactivated } from '../repositories/users.ts'
import {
  closeLine,
  endPlace,
  firstWaiting,
  hasWaiting,
  lapsedOffers,
  lineCounts,
  offerPlace,
  sessionsWithLine,
} from '../repositories/waitlist.ts'
import type { ServiceDeps } from './deps.ts'
import { type FreeingDeps, mailEach, outboxMail, seatChange } from './seat-change.ts'

/**
 * Offering freed seats to those waiting for them (services/waitlist.ts has the line itself).
 * Every change that frees a seat calls it in its own transaction, the session locked.
 */

type OfferDeps = Pick<ServiceDeps, 'jobs' | 'waitlistOfferMinutes' | 'appOrigin'>

const MINUTE_MS = 60_000

/**
 * Plans, in the caller's transaction, the job that offers a payment's held seat on when the hold
 * ends without a capture (each new end of the hold has its own).
 */
export const planHoldEnd = (
  deps: Pick<ServiceDeps, 'jobs'>,
  tx: Executor,
  hold: { paymentId: number; sessionId: number; endsAt: Date },
) =>
  deps.jobs.send(
    tx,
    'seatHoldEnd',
    { sessionId: hold.sessionId, paymentId: hold.paymentId, endsAt: hold.endsAt.toISOString() },
    {
      id: jobId(`seat-hold-end:${hold.paymentId}:${hold.endsAt.toISOString()}`),
      startAfter: hold.endsAt,
    },
  )

/** The job that ends one offer: unique per place and end. */
const offerEndJobId = (placeId: number, endsAt: Date) =>
  jobId(`waitlist-offer-end:${placeId}:${endsAt.toISOString()}`)

/**
 * Before a request takes a seat, joins the line or renews a hold: a seat an offer or a payment's
 * hold left free by running out goes to the first in line first, in a transaction of its own
 * under the session's lock, rather than waiting for the job at its end (which is then a
 * backstop). Its offers are made even when the request is refused. Nothing to do, and no lock,
 * while no one waits.
 */
export const passFreedSeats = async (deps: FreeingDeps, lessonId: number, sessionId: number) => {
  if (!(await hasWaiting(deps.db, sessionId))) return
  await seatChange(deps, async (tx, effects) => {
    const seated = await lockSession(tx, lessonId, sessionId)
    if (seated) await offerFreedSeats(deps, tx, seated, new Date(), outboxMail(deps, tx, effects))
  })
}

/**
 * Offers the session's free seats to the first in line, in the caller's transaction (the
 * session locked): one offer per seat neither taken, held nor offered, each with the job that
 * ends it and an e-mail. Lapsed offers end first, their seats offered on. Answers how many were
 * offered.
 */
export const offerFreedSeats = async (
  deps: OfferDeps,
  tx: Executor,
  seated: SeatedSession,
  now: Date,
  mail: Mail,
) => {
  for (const lapsed of await lapsedOffers(tx, seated.session.id, now)) {
    await endPlace(tx, lapsed.id, 'expired', now)
  }
  const seats = await seatCounts(tx, seated.session.id, 0, now)
  const line = await lineCounts(tx, seated.session.id, now)
  const take = offersToMake({
    educatorDeactivated: await isDeactivated(tx, seated.lesson.ownerId),
    now: now.getTime(),
    startsAt: seated.session.startTime.getTime(),
    cancelled: seated.session.decision === 'cancelled',
    maxSlots: seated.lesson.maxSlots,
    seated: seats.seated,
    // seatCounts counts the running offers as held; offersToMake wants them apart.
    held: seats.held - line.offered,
    offered: line.offered,
    waiting: line.waiting,
  })
  if (take === 0) return 0
  const until = new Date(now.getTime() + deps.waitlistOfferMinutes * MINUTE_MS)
  for (const place of await firstWaiting(tx, seated.session.id, take)) {
    await offerPlace(tx, place.id, now, until)
    await deps.jobs.send(
      tx,
      'waitlistOfferEnd',
      { sessionId: seated.session.id, placeId: place.id, endsAt: until.toISOString() },
      { id: offerEndJobId(place.id, until), startAfter: until },
    )
    const student = await findUserById(tx, place.userId)
    if (!student) continue
    await mail(
      student.email,
      emails.waitlistOffer(student, {
        lessonTitle: seated.lesson.title,
        session: seated.session,
        heldUntil: until,
        lessonUrl: lessonPageUrl(deps.appOrigin, seated.lesson.id),
      }),
    )
  }
  return take
}

/**
 * Closes the line of a session that was cancelled or is being removed, in the caller's
 * transaction; each student in it is told by e-mail.
 */
export const closeLineTellingEach = async (
  deps: Pick<ServiceDeps, 'appOrigin'>,
  tx: Executor,
  seated: SeatedSession,
  now: Date,
  mail: Mail,
) => {
  const closed = await closeLine(tx, seated.session.id, now)
  await mailEach(
    tx,
    closed.map((place) => place.userId),
    mail,
    (student) =>
      emails.waitlistClosed(student, {
        lessonTitle: seated.lesson.title,
        session: seated.session,
        lessonUrl: lessonPageUrl(deps.appOrigin, seated.lesson.id),
      }),
  )
}

/**
 * The seats a lesson's raised maximum adds go to those waiting, in the caller's transaction (the
 * lesson's update), each session with a line locked in turn.
 */
export const offerAddedSeats = async (
  deps: OfferDeps,
  tx: Executor,
  lessonId: number,
  now: Date,
  mail: Mail,
) => {
  for (const sessionId of await sessionsWithLine(tx, lessonId)) {
    const seated = await lockSession(tx, lessonId, sessionId)
    if (seated) await offerFreedSeats(deps, tx, seated, now, mail)
  }
}
