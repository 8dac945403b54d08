import type { Database, Executor } from '../db/client.ts'
import type { Email } from './templates.ts'

/**
 * The mailer the services use. Every e-mail belongs to a change: `enqueue` writes it to the
 * outbox in that change's transaction (so it exists exactly when the change does) and `deliver`
 * sends it once committed.
 */
export interface Mailer {
  enqueue: (db: Executor, to: string, email: Email) => Promise<number>
  deliver: (outboxIds: readonly number[]) => Promise<void>
  /**
   * Sends again what stayed unsent (a failed delivery, a crash after commit); answers how many
   * it tried. Each row is claimed first, so instances sharing the outbox never send one twice.
   */
  retryUnsent: () => Promise<number>
}

/** Writes an e-mail to the outbox in the change's transaction; it is sent once committed. */
export type Mail = (to: string, email: Email) => Promise<void>

/**
 * Runs a change and the e-mails it sends in one transaction (they are written to the outbox
 * there), then sends them. A failure anywhere leaves nothing behind, and a crash after the commit
 * leaves the e-mails for the outbox's retry: no change without its e-mail, no e-mail without it.
 */
export const withMails = async <T>(
  db: Database,
  mailer: Mailer,
  change: (tx: Executor, mail: Mail) => Promise<T>,
): Promise<T> => {
  const outboxIds: number[] = []
  const result = await db.transaction((tx) =>
    change(tx, async (to, email) => {
      outboxIds.push(await mailer.enqueue(tx, to, email))
    }),
  )
  await mailer.deliver(outboxIds)
  return result
}
