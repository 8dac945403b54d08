import fp from 'fastify-plugin'
import nodemailer from 'nodemailer'
import type { Mailer } from '../mail/mailer.ts'
import {
  claimUnsentMails,
  findUnsentMails,
  insertOutboxMail,
  markMailSent,
} from '../repositories/outbox.ts'

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer
  }
}

/**
 * The domain of the From address: "Manabi <no-reply@manabi.example>" → "manabi.example"
 * ("localhost" for a From with none, which no SMTP server would deliver anyway).
 */
const domainOf = (from: string) => /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'

/**
 * The Message-ID of an outbox row's e-mail: the row's own (a random id given when it was
 * written), so the same at each attempt and unique beyond this database. A crash after the SMTP
 * server accepted a message and before the row was marked sent (a window no outbox closes) sends
 * it again on the retry; with the same Message-ID, providers that deduplicate by it (Gmail among
 * them) keep one copy.
 */
const outboxMessageId = (row: { messageId: string }, from: string) =>
  `<${row.messageId}@${domainOf(from)}>`

/**
 * Every e-mail is written to the outbox table first, in the transaction of the change it tells
 * of when there is one. With SMTP_URL it is then sent with nodemailer; without it the text (with
 * its links) is logged, so a local user can finish every flow. A failed delivery is logged and
 * stays unsent in the outbox, never failing the request.
 */
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
      const rows = await findUnsentMails(app.db, ids)
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
            messageId: outboxMessageId(row, from),
            from,
            to: row.to,
            subject: row.subject,
            text: row.text,
            html: row.html,
            attachments: row.attachments,
          })
          await markMailSent(app.db, row.id, new Date())
        } catch (error) {
          app.log.error(
            { err: error, outboxId: row.id },
            'E-mail delivery failed; it stays in the outbox and is retried',
          )
        }
      }
    }

    const enqueue: Mailer['enqueue'] = insertOutboxMail

    const retryUnsent: Mailer['retryUnsent'] = async () => {
      // Without a transport nothing can be sent; the rows wait for SMTP_URL.
      if (!transport) return 0
      const ids = await claimUnsentMails(app.db)
      await deliver(ids)
      return ids.length
    }

    app.decorate('mailer', { enqueue, deliver, retryUnsent })
    if (transport) app.addHook('onClose', () => transport.close())
  },
  { name: 'mailer', dependencies: ['db'] },
)
