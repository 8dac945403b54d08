import type { CurrentUser } from '../../../contract/entities.ts'
import type { RegisterBody } from '../../../contract/endpoints/auth.ts'
import type { UpdateProfileBody } from '../../../contract/endpoints/user.ts'
import { MESSAGES } from '../../../contract/messages.ts'
import { hashPassword, verifyPassword } from '../crypto/passwords.ts'
import { hashToken } from '../crypto/tokens.ts'
import type { Database, Executor } from '../db/client.ts'
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  UnauthorizedError,
} from '../domain/errors.ts'
import type { Mailer } from '../mail/mailer.ts'
import { emails } from '../mail/templates.ts'
import {
  consumeToken,
  endSessionsOf,
  findUserByEmail,
  insertUser,
  isEmailTaken,
  issueToken,
  updateUser,
  type NewUser,
} from '../repositories/accounts.ts'
import { assignLicence } from '../repositories/licences.ts'
import { findUserWithLicence, type UserRow } from '../repositories/users.ts'
import { toLicenceFacts } from '../serializers/licences.ts'
import { isValidated, toCurrentUser } from '../serializers/users.ts'

/** What the account flows need: the database, and the mailer for their e-mails. */
export interface AccountDeps {
  db: Database
  mailer: Mailer
}

const HOUR_MS = 60 * 60 * 1000
export const CONFIRM_TOKEN_LIFETIME_MS = 24 * HOUR_MS
export const RESET_TOKEN_LIFETIME_MS = HOUR_MS

/** The SPA screens the e-mail links open (confirmation and reset-password read `token`). */
export const confirmationUrl = (appOrigin: string, token: string) =>
  `${appOrigin}/auth/confirmation?token=${encodeURIComponent(token)}`
export const resetPasswordUrl = (appOrigin: string, token: string) =>
  `${appOrigin}/auth/reset-password?token=${encodeURIComponent(token)}`

/** A name is required: surrounding spaces are dropped and a blank name is refused. */
export const cleanName = (name: string) => {
  const trimmed = name.trim()
  if (trimmed === '') throw new BadRequestError(MESSAGES.accounts.blankName)
  return trimmed
}

/** Editing lessons and sessions, and borrowing a licence, wait for an admin's approval. */
export const requireApproved = (user: Pick<UserRow, 'role' | 'approvedAt'>) => {
  if (!isValidated(user)) throw new ForbiddenError(MESSAGES.accounts.notApproved)
}

/** Issues a 24-hour confirmation token and e-mails its link in the user's language. */
const sendConfirmationEmail = async (deps: AccountDeps, user: UserRow, appOrigin: string) => {
  const token = await issueToken(deps.db, user.id, 'confirm', CONFIRM_TOKEN_LIFETIME_MS)
  await deps.mailer.send(
    user.email,
    emails.confirm(user.language, user.name, confirmationUrl(appOrigin, token)),
  )
}

/** Issues a 1-hour reset token and e-mails its link in the user's language. */
const sendResetEmail = async (deps: AccountDeps, user: UserRow, appOrigin: string) => {
  const token = await issueToken(deps.db, user.id, 'reset', RESET_TOKEN_LIFETIME_MS)
  await deps.mailer.send(
    user.email,
    emails.reset(user.language, user.name, resetPasswordUrl(appOrigin, token)),
  )
}

/** The signed-in user as GET /user/me answers it, with the licence it holds. */
export const currentUserOf = async (db: Executor, userId: number): Promise<CurrentUser> => {
  const row = await findUserWithLicence(db, userId)
  if (!row) throw new UnauthorizedError()
  return toCurrentUser(row.user, row.licence)
}

/**
 * A hash checked when the e-mail is unknown, so a failed login takes as long whether or not the
 * account exists and the timing does not tell which addresses are registered.
 */
let decoyHash: Promise<string> | undefined
const decoyPasswordHash = () => (decoyHash ??= hashPassword('Decoy-password-0'))

export const register = async (deps: AccountDeps, body: RegisterBody, appOrigin: string) => {
  const name = cleanName(body.name)
  if (await isEmailTaken(deps.db, body.email)) {
    throw new ConflictError(MESSAGES.accounts.emailExists)
  }
  const user = await insertUser(deps.db, {
    name,
    email: body.email,
    passwordHash: await hashPassword(body.password),
    role: body.role,
    language: body.language ?? 'en-US',
  })
  await sendConfirmationEmail(deps, user, appOrigin)
}

export const confirmEmail = async (db: Database, token: string) => {
  const confirmed = await db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, 'confirm')
    if (userId === undefined) return false
    await updateUser(tx, userId, { emailConfirmedAt: new Date() })
    return true
  })
  if (!confirmed) throw new BadRequestError(MESSAGES.accounts.invalidToken)
}

/** Sends the link again to an unconfirmed address; silent otherwise, so nothing is revealed. */
export const resendConfirmation = async (deps: AccountDeps, email: string, appOrigin: string) => {
  const user = await findUserByEmail(deps.db, email)
  if (user && user.emailConfirmedAt === null) await sendConfirmationEmail(deps, user, appOrigin)
}

/** The account the e-mail and password name, if it may sign in. */
export const authenticate = async (db: Executor, email: string, password: string) => {
  const user = await findUserByEmail(db, email)
  const passwordMatches = await verifyPassword(
    user?.passwordHash ?? (await decoyPasswordHash()),
    password,
  )
  if (!user || !passwordMatches) throw new UnauthorizedError(MESSAGES.accounts.invalidCredentials)
  // Only someone who knows the password learns that the account waits for confirmation.
  if (user.emailConfirmedAt === null) throw new ForbiddenError(MESSAGES.accounts.emailNotConfirmed)
  return user
}

/** Sends a reset link to a registered address; silent otherwise, so nothing is revealed. */
export const sendPasswordReset = async (deps: AccountDeps, email: string, appOrigin: string) => {
  const user = await findUserByEmail(deps.db, email)
  if (user) await sendResetEmail(deps, user, appOrigin)
}

export const resetPassword = async (db: Database, token: string, password: string) => {
  // Hashed before the transaction so the slow hash does not hold it open.
  const passwordHash = await hashPassword(password)
  const changed = await db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, 'reset')
    if (userId === undefined) return false
    await updateUser(tx, userId, { passwordHash })
    // Whoever knew the old password is signed out everywhere.
    await endSessionsOf(tx, userId)
    return true
  })
  if (!changed) throw new BadRequestError(MESSAGES.accounts.invalidToken)
}

/**
 * Applies the profile form. A new password signs out every other device; the one whose session
 * token is given stays signed in.
 */
export const updateProfile = async (
  db: Database,
  user: UserRow,
  body: UpdateProfileBody,
  sessionToken: string | undefined,
) => {
  const changes: Partial<NewUser> = {}
  if (body.name !== undefined) changes.name = cleanName(body.name)
  if (body.email !== undefined) {
    if (await isEmailTaken(db, body.email, user.id)) {
      throw new ConflictError(MESSAGES.accounts.emailExists)
    }
    changes.email = body.email
  }
  // The bio is an educator's; a student or admin sending one has it ignored. A blank bio is no
  // bio; this also covers the body's null, which validation coerces to ''.
  if (body.description !== undefined && user.role === 'educator') {
    changes.description = body.description?.trim() || null
  }
  if (body.password !== undefined) changes.passwordHash = await hashPassword(body.password)
  if (body.language !== undefined) changes.language = body.language

  if (Object.keys(changes).length === 0) return
  await db.transaction(async (tx) => {
    await updateUser(tx, user.id, changes)
    if (changes.passwordHash !== undefined) {
      await endSessionsOf(
        tx,
        user.id,
        sessionToken === undefined ? undefined : hashToken(sessionToken),
      )
    }
  })
}

/**
 * An approved educator trades its video licence for another free one, and is e-mailed the new
 * account as when an admin lends one.
 */
export const reassignOwnLicence = async ({ db, mailer }: AccountDeps, user: UserRow) => {
  requireApproved(user)
  await db.transaction((tx) => assignLicence(tx, user.id))
  const row = await findUserWithLicence(db, user.id)
  if (row?.licence) {
    await mailer.send(
      row.user.email,
      emails.licenceAssigned(row.user.language, row.user.name, toLicenceFacts(row.licence)),
    )
  }
}
