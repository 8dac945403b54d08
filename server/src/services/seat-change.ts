import type { Executor } from '../db/client.ts'
import type { Mail } from '../mail/mailer.ts'
import type { Email } from '../mail/templates.ts'
import { findUserById, type UserRow } from '../repositories/users.ts'
import type { ServiceDeps } from './deps.ts'
import { settleRefund } from './refunds.ts'

/**
 * The frame of every change of seats (services/seats.ts, payments.ts, waitlist.ts): one
 * transaction, its e-mails written to the outbox in it and sent after it, its refunds recorded as
 * due in it and sent to the provider after it.
 */

/**
 * What seat and payment changes need: the database, the mailer, the provider, the log, and for
 * the e-mails the app's origin (links to the lesson page) and the domain of calendar event ids.
 */
export type SeatDeps = Pick<
  ServiceDeps,
  'db' | 'mailer' | 'payments' | 'log' | 'appOrigin' | 'eventDomain'
>

/** What a change that frees a seat also needs: the job engine and the waitlist's offer time. */
export type FreeingDeps = SeatDeps & Pick<ServiceDeps, 'jobs' | 'waitlistOfferMinutes'>

/** What a change of seats leaves to do after its commit: e-mails to send, refunds to settle. */
export type SeatEffects = { mails: number[]; refunds: number[] }

/** Runs a change of seats in one transaction, then sends its e-mails and settles its refunds. */
export const seatChange = async <T>(
  deps: SeatDeps,
  change: (tx: Executor, effects: SeatEffects) => Promise<T>,
): Promise<T> => {
  const effects: SeatEffects = { mails: [], refunds: [] }
  const result = await deps.db.transaction((tx) => change(tx, effects))
  await deps.mailer.deliver(effects.mails)
  for (const paymentId of effects.refunds) await settleRefund(deps, paymentId)
  return result
}

/** The change's e-mails: written to the outbox in its transaction, sent after its commit. */
export const outboxMail =
  (deps: Pick<SeatDeps, 'mailer'>, tx: Executor, effects: SeatEffects): Mail =>
  async (to, email) => {
    effects.mails.push(await deps.mailer.enqueue(tx, to, email))
  }

/**
 * One e-mail to each of the users, written for them (their language and name); one whose account
 * is gone since is skipped.
 */
export const mailEach = async (
  tx: Executor,
  userIds: Iterable<number>,
  mail: Mail,
  email: (user: UserRow) => Email,
) => {
  for (const userId of userIds) {
    const user = await findUserById(tx, userId)
    if (user) await mail(user.email, email(user))
  }
}
