import { MESSAGES } from '../../../contract/messages.ts'
import { waitlistJoinRefusal } from '../../../contract/seats.ts'
import type { Executor } from '../db/client.ts'
import { ConflictError, found, NotFoundError, refusalError } from '../domain/errors.ts'
import { JobNotDue } from '../jobs/queues.ts'
import {
  findOpenPayment,
  findSeat,
  lockSession,
  lockSessionById,
  seatCounts,
} from '../repositories/seats.ts'
import { isDeactivated, type UserRow } from '../repositories/users.ts'
import { endPlace, findPlace, insertPlace, positionOf } from '../repositories/waitlist.ts'
import type { ServiceDeps } from './deps.ts'
import { jobEffectOnce } from './job-effects.ts'
import { type FreeingDeps, outboxMail, seatChange } from './seat-change.ts'
import { paymentHolds, sessionFacts } from './seats.ts'
import { offerFreedSeats, passFreedSeats } from './waitlist-offers.ts'

/**
 * The line for seats of a full session (issue 31). A student joins it when no seat is left; when
 * one frees (an unenroll, a hold that lapses, a refund, an offer that ends) the first in line is
 * offered it: the seat is held for them for WAITLIST_OFFER_MINUTES (counted as taken for everyone
 * else), they are e-mailed, and taking it (enrolling, or opening a payment) ends their place.
 * Every change runs under the session's lock, so a freed seat is offered to one student once.
 */

type SessionIds = { id: number; sessionId: number }

/** The student's place in a session's line as its answer shows it. */
const placeAnswer = async (
  tx: Executor,
  place: NonNullable<Awaited<ReturnType<typeof findPlace>>>,
  now: Date,
) => ({
  sessionId: place.sessionId,
  position: await positionOf(tx, place, now),
  offeredUntil: place.status === 'offered' ? (place.offerExpiresAt?.toISOString() ?? null) : null,
})

/** Joins a full session's line (contract/seats.ts waitlistJoinRefusal); answers the place. */
export const joinWaitlist = async (deps: FreeingDeps, user: UserRow, ids: SessionIds) => {
  await passFreedSeats(deps, ids.id, ids.sessionId)
  return seatChange(deps, async (tx) => {
    const now = new Date()
    const seated = found(await lockSession(tx, ids.id, ids.sessionId), 'Session')
    const open = await findOpenPayment(tx, user.id, seated.session.id)
    const seats = await seatCounts(tx, seated.session.id, user.id, now)
    const refusal = waitlistJoinRefusal({
      educatorDeactivated: await isDeactivated(tx, seated.lesson.ownerId),
      now: now.getTime(),
      ...sessionFacts(seated),
      enrolled: (await findSeat(tx, seated.session.id, user.id)) !== undefined,
      holding: open !== undefined && paymentHolds(open, now),
      waiting: (await findPlace(tx, seated.session.id, user.id)) !== undefined,
      seatsLeft: Math.max(0, seated.lesson.maxSlots - seats.seated - seats.held),
    })
    if (refusal) throw refusalError(refusal)
    const place = await insertPlace(tx, seated.session.id, user.id, now)
    if (!place) throw new ConflictError(MESSAGES.waitlist.alreadyWaiting)
    return placeAnswer(tx, place, now)
  })
}

/** Leaves a session's line; a seat offered to the student goes to the next in line at once. */
export const leaveWaitlist = (deps: FreeingDeps, user: UserRow, ids: SessionIds) =>
  seatChange(deps, async (tx, effects) => {
    const now = new Date()
    const seated = found(await lockSession(tx, ids.id, ids.sessionId), 'Session')
    const place = await findPlace(tx, seated.session.id, user.id)
    if (!place) throw new NotFoundError(MESSAGES.waitlist.notWaiting)
    await endPlace(tx, place.id, 'left', now)
    if (place.status === 'offered') {
      await offerFreedSeats(deps, tx, seated, now, outboxMail(deps, tx, effects))
    }
    return MESSAGES.waitlist.left
  })

/**
 * The end of an offer or of a payment's seat hold: under the session's lock, a seat it leaves
 * free (the offer not taken, the hold neither captured nor renewed) goes to the next in line,
 * once (job-effects.ts). A seat taken since makes it moot: nothing is free to offer.
 */
export const offerSeatAtEnd = (
  deps: ServiceDeps,
  queue: 'waitlistOfferEnd' | 'seatHoldEnd',
  job: { id: string; data: { sessionId: number; endsAt: string } },
) =>
  jobEffectOnce(deps, { queue, id: job.id }, async (tx, mail) => {
    const seated = await lockSessionById(tx, job.data.sessionId)
    if (!seated) return
    const now = new Date()
    // Due by the database's clock but not yet by this one's: tried again later, not dropped.
    if (Date.parse(job.data.endsAt) > now.getTime()) throw new JobNotDue('Not ended yet')
    await offerFreedSeats(deps, tx, seated, now, mail)
  })
