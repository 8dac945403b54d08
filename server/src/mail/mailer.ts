import type { Executor } from '../db/client.ts'
import type { Email } from './templates.ts'

/**
 * The mailer the services use. `send` writes an e-mail to the outbox and sends it. Where the
 * e-mail belongs to a change of seats or payments, `enqueue` writes it in that change's
 * transaction (so it exists exactly when the change does) and `deliver` sends it once committed.
 */
export interface Mailer {
  send: (to: string, email: Email) => Promise<void>
  enqueue: (db: Executor, to: string, email: Email) => Promise<number>
  deliver: (outboxIds: readonly number[]) => Promise<void>
  /**
   * Sends again what stayed unsent (a failed delivery, a crash after commit); answers how many
   * it tried. Each row is claimed first, so instances sharing the outbox never send one twice.
   */
  retryUnsent: () => Promise<number>
}
