import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { outbox } from '../db/schema.ts'
import type { Email } from '../mail/templates.ts'

/**
 * The e-mail outbox: every e-mail is written here first, in the transaction of the change it
 * tells of, and marked sent once delivered (plugins/mailer.ts).
 */

export type OutboxRow = typeof outbox.$inferSelect

/** A delivery is retried when it stayed unsent this long after the request that wrote it. */
const RETRY_AFTER = '1 minute'
/** How long a claimed row is left to the instance that claimed it before another may retry. */
const CLAIM_LASTS = '10 minutes'

/** Writes an e-mail to the outbox; answers its id. */
export const insertOutboxMail = async (db: Executor, to: string, email: Email) => {
  const [row] = await db
    .insert(outbox)
    .values({
      to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      attachments: email.attachments ?? [],
    })
    .returning({ id: outbox.id })
  if (!row) throw new Error('INSERT ... RETURNING gave no row')
  return row.id
}

/** Of the e-mails named, those not sent yet. */
export const findUnsentMails = (db: Executor, ids: readonly number[]): Promise<OutboxRow[]> =>
  db
    .select()
    .from(outbox)
    .where(and(inArray(outbox.id, [...ids]), isNull(outbox.sentAt)))

export const markMailSent = async (db: Executor, id: number, sentAt: Date) => {
  await db.update(outbox).set({ sentAt }).where(eq(outbox.id, id))
}

/**
 * Claims up to 100 e-mails left unsent for a retry, and answers their ids. Each row is claimed
 * in the statement that picks it (`for update skip locked`, then its attempt time), so instances
 * sweeping at once never claim one twice, and a claim lasts until another may retry it.
 */
export const claimUnsentMails = async (db: Executor) => {
  const claimed = await db.execute(sql`
    update outbox set attempted_at = now()
    where id in (
      select id from outbox
      where sent_at is null
        and created_at < now() - ${RETRY_AFTER}::interval
        and (attempted_at is null or attempted_at < now() - ${CLAIM_LASTS}::interval)
      order by id limit 100
      for update skip locked)
    returning id`)
  return (claimed as { rows: { id: number }[] }).rows.map((row) => row.id)
}

/** Deletes the e-mails sent before `before`; answers how many. */
export const purgeSentMails = async (db: Executor, before: Date) =>
  (
    await db
      .delete(outbox)
      .where(and(isNotNull(outbox.sentAt), lt(outbox.sentAt, before)))
      .returning({ id: outbox.id })
  ).length
