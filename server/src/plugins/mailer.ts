import { eq } from 'drizzle-orm'
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
 * Every e-mail is written to the outbox table first. With SMTP_URL it is then sent with
 * nodemailer; without it the text (with its links) is logged, so a local user can finish every
 * flow. A failed delivery is logged and stays unsent in the outbox, never failing the request.
 */
export const mailerPlugin = fp<{ smtpUrl?: string | undefined; from: string }>(
  async (app, { smtpUrl, from }) => {
    const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null
    app.decorate('mailer', {
      async send(to, email) {
        const [row] = await app.db
          .insert(outbox)
          .values({ to, subject: email.subject, text: email.text, html: email.html })
          .returning({ id: outbox.id })
        if (!transport) {
          app.log.info({ to, subject: email.subject }, `E-mail kept in the outbox:\n${email.text}`)
          return
        }
        try {
          await transport.sendMail({
            from,
            to,
            subject: email.subject,
            text: email.text,
            html: email.html,
          })
          if (row)
            await app.db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row.id))
        } catch (error) {
          app.log.error({ err: error, to }, 'E-mail delivery failed; it stays in the outbox')
        }
      },
    })
    if (transport) app.addHook('onClose', () => transport.close())
  },
  { name: 'mailer', dependencies: ['db'] },
)
