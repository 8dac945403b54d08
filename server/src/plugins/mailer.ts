import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import fp from 'fastify-plugin'
import nodemailer from 'nodemailer'
import { outbox } from '../db/schema.ts'
import type { Mailer } from '../mail/mailer.ts'

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer
  }
}

/**
 * Every e-mail is written to the outbox table first, in the transaction of the change it tells
 * of when there is one. With SMTP_URL it is then sent with nodemailer; without it the text (with
 * its links) is logged, so a local user can finish every flow. A failed delivery is logged and
 * stays unsent in the outbox, never failing the request.
 */
/** A delivery is retried when it stayed unsent this long after the request that wrote it. */
const RETRY_AFTER = '1 minute'
/** How long a claimed row is left to the instance that claimed it before another may retry. */
const CLAIM_LASTS = '10 minutes'

export const mailerPlugin = fp<{
  smtpUrl?: string | undefined
  from: string
  /** Write the text of unsent e-mails (with their links) to the log: never in production. */
  logUnsent: boolean
}>(
  async (app, { smtpUrl, from, logUnsent }) => {
    const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null

    const deliver: Mailer['deliver'] = async (ids) => {
      if (ids.length === 0) return
      const rows = await app.db
        .select()
        .from(outbox)
        .where(and(inArray(outbox.id, [...ids]), isNull(outbox.sentAt)))
      for (const row of rows) {
        if (!transport) {
          if (logUnsent) {
            app.log.info(
              { to: row.to, subject: row.subject },
              `E-mail kept in the outbox:\n${row.text}`,
            )
          } else {
            app.log.warn({ outboxId: row.id }, 'No SMTP_URL: e-mail kept in the outbox')
          }
          continue
        }
        try {
          await transport.sendMail({
            from,
            to: row.to,
            subject: row.subject,
            text: row.text,
            html: row.html,
            attachments: row.attachments,
          })
          await app.db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row.id))
        } catch (error) {
          app.log.error(
            { err: error, outboxId: row.id },
            'E-mail delivery failed; it stays in the outbox and is retried',
          )
        }
      }
    }

    const enqueue: Mailer['enqueue'] = async (db, to, email) => {
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

    const retryUnsent: Mailer['retryUnsent'] = async () => {
      // Without a transport nothing can be sent; the rows wait for SMTP_URL.
      if (!transport) return 0
      const claimed = await app.db.execute(sql`
        update outbox set attempted_at = now()
        where id in (
          select id from outbox
          where sent_at is null
            and created_at < now() - ${RETRY_AFTER}::interval
            and (attempted_at is null or attempted_at < now() - ${CLAIM_LASTS}::interval)
          order by id limit 100
          for update skip locked)
        returning id`)
      const ids = (claimed as { rows: { id: number }[] }).rows.map((row) => row.id)
      await deliver(ids)
      return ids.length
    }

    app.decorate('mailer', { enqueue, deliver, retryUnsent })
    if (transport) app.addHook('onClose', () => transport.close())
  },
  { name: 'mailer', dependencies: ['db'] },
)
