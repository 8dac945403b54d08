import type { FastifyInstance } from 'fastify'
import type { Executor } from '../db/client.ts'
import type { users } from '../db/schema.ts'
import { emails } from '../mail/templates.ts'
import { issueToken } from '../repositories/accounts.ts'
import { findUserWithLicence } from '../repositories/users.ts'
import { httpError } from './errors.ts'
import { hashPassword } from './passwords.ts'
import { toCurrentUser } from './users.ts'

type UserRow = typeof users.$inferSelect

/** The answers of the account calls, the same as the mock catalogue's (parity). */
export const MESSAGES = {
  registered: 'Registration successful. Please confirm your e-mail',
  emailExists: 'Email already exists',
  emailConfirmed: 'Email confirmed',
  invalidToken: 'Invalid or expired token',
  confirmationSent:
    'If the address is registered and unconfirmed, a confirmation e-mail has been sent',
  invalidCredentials: 'Invalid email or password',
  emailNotConfirmed: 'Email is not confirmed. Please confirm your e-mail address first',
  loggedOut: 'Logged out',
  resetSent: 'If the address is registered, a password-reset e-mail has been sent',
  passwordChanged: 'Password changed',
  notApproved: 'Your account has not been approved yet',
  blankName: 'name must not be blank',
} as const

const HOUR_MS = 60 * 60 * 1000
export const CONFIRM_TOKEN_LIFETIME_MS = 24 * HOUR_MS
export const RESET_TOKEN_LIFETIME_MS = HOUR_MS

/** The SPA screens the e-mail links open (§2: confirmation/* and reset-password read `token`). */
export const confirmationUrl = (appOrigin: string, token: string) =>
  `${appOrigin}/auth/confirmation?token=${encodeURIComponent(token)}`
export const resetPasswordUrl = (appOrigin: string, token: string) =>
  `${appOrigin}/auth/reset-password?token=${encodeURIComponent(token)}`

/** A name is required (§5): surrounding spaces are dropped and a blank name is refused. */
export const cleanName = (name: string) => {
  const trimmed = name.trim()
  if (trimmed === '') throw httpError(400, MESSAGES.blankName)
  return trimmed
}

/** Issues a 24-hour confirmation token and e-mails its link in the user's language. */
export const sendConfirmationEmail = async (
  app: FastifyInstance,
  user: UserRow,
  appOrigin: string,
) => {
  const token = await issueToken(app.db, user.id, 'confirm', CONFIRM_TOKEN_LIFETIME_MS)
  await app.mailer.send(
    user.email,
    emails.confirm(user.language, user.name, confirmationUrl(appOrigin, token)),
  )
}

/** Issues a 1-hour reset token and e-mails its link in the user's language. */
export const sendResetEmail = async (app: FastifyInstance, user: UserRow, appOrigin: string) => {
  const token = await issueToken(app.db, user.id, 'reset', RESET_TOKEN_LIFETIME_MS)
  await app.mailer.send(
    user.email,
    emails.reset(user.language, user.name, resetPasswordUrl(appOrigin, token)),
  )
}

/** The signed-in user as GET /user/me answers it, with the licence it holds. */
export const currentUserOf = async (db: Executor, userId: number) => {
  const row = await findUserWithLicence(db, userId)
  if (!row) throw httpError(401, 'Unauthorized')
  return toCurrentUser(row.user, row.licence)
}

/**
 * A hash checked when the e-mail is unknown, so a failed login takes as long whether or not the
 * account exists and the timing does not tell which addresses are registered.
 */
let decoyHash: Promise<string> | undefined
export const decoyPasswordHash = () => (decoyHash ??= hashPassword('Decoy-password-0'))
