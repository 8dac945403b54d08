import { and, eq, inArray, isNull } from 'drizzle-orm'
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
export const mailerPlugin = fp<{ smtpUrl?: string | undefined; from: string }>(
  async (app, { smtpUrl, from }) => {
    const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null

    const deliver: Mailer['deliver'] = async (ids) => {
      if (ids.length === 0) return
      const rows = await app.db
        .select()
        .from(outbox)
        .where(and(inArray(outbox.id, [...ids]), isNull(outbox.sentAt)))
      for (const row of rows) {
        if (!transport) {
          app.log.info(
            { to: row.to, subject: row.subject },
            `E-mail kept in the outbox:\n${row.text}`,
          )
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
            { err: error, to: row.to },
            'E-mail delivery failed; it stays in the outbox',
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

    app.decorate('mailer', {
      enqueue,
      deliver,
      async send(to, email) {
        await deliver([await enqueue(app.db, to, email)])
      },
    })
    if (transport) app.addHook('onClose', () => transport.close())
  },
  { name: 'mailer', dependencies: ['db'] },
)
