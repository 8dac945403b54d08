import type { Email } from './templates.ts'

/** Sends one e-mail; the mailer plugin provides it, the services only need this much. */
export interface Mailer {
  send: (to: string, email: Email) => Promise<void>
}
