import type { CurrentUser } from '../../../contract/entities.ts'
import type { RegisterBody } from '../../../contract/endpoints/auth.ts'
import type { UpdateProfileBody } from '../../../contract/endpoints/user.ts'
import { MESSAGES } from '../../../contract/messages.ts'
import { canonicalTimeZone, isBlank, isNewAddress } from '../../../contract/rules.ts'
import { hashPassword, verifyPassword } from '../crypto/passwords.ts'
import { hashToken } from '../crypto/tokens.ts'
import type { Database, Executor } from '../db/client.ts'
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  TooManyAttemptsError,
  UnauthorizedError,
} from '../domain/errors.ts'
import { withMails, type Mail } from '../mail/mailer.ts'
import { emails } from '../mail/templates.ts'
import {
  consumeToken,
  countReauthAttempt,
  findUserByEmail,
  forgetReauthAttempts,
  insertUser,
  isEmailTaken,
  issueToken,
  retireTokens,
  updateUser,
  type NewUser,
} from '../repositories/accounts.ts'
import { endSessionsOf } from '../repositories/auth-sessions.ts'
import { exchangeLicence } from '../repositories/licences.ts'
import { forgetCounter } from '../repositories/rate-limit-counters.ts'
import { findUserById, findUserWithLicence, type UserRow } from '../repositories/users.ts'
import { toLicenceFacts } from '../serializers/licences.ts'
import { isValidated, toCurrentUser } from '../serializers/users.ts'
import type { ServiceDeps } from './deps.ts'
import { accountLimitKey } from './sign-in.ts'

/**
 * What the account flows need: the database, the mailer for their e-mails, and the app's origin
 * for the links in them.
 */
type AccountDeps = Pick<ServiceDeps, 'db' | 'mailer' | 'appOrigin'>

const HOUR_MS = 60 * 60 * 1000
/** A link's lifetime as its e-mail states it, in hours. */
const hoursOf = (lifetimeMs: number) => lifetimeMs / HOUR_MS
export const CONFIRM_TOKEN_LIFETIME_MS = 24 * HOUR_MS
export const RESET_TOKEN_LIFETIME_MS = HOUR_MS
/** A new address is confirmed within the same 24 hours as a registration's. */
export const EMAIL_CHANGE_TOKEN_LIFETIME_MS = CONFIRM_TOKEN_LIFETIME_MS

/**
 * The SPA screens the e-mail links open: confirmation (a registration's address or a new one)
 * and reset-password read `token`; forgot-password asks for a reset link.
 */
export const confirmationUrl = (appOrigin: string, token: string) =>
  `${appOrigin}/auth/confirmation?token=${encodeURIComponent(token)}`
export const resetPasswordUrl = (appOrigin: string, token: string) =>
  `${appOrigin}/auth/reset-password?token=${encodeURIComponent(token)}`
export const forgotPasswordUrl = (appOrigin: string) => `${appOrigin}/auth/forgot-password`

/** A zone the user named, as stored; one the database does not know is refused. */
const checkedTimeZone = (timeZone: string) => {
  const zone = canonicalTimeZone(timeZone)
  if (zone === null) throw new BadRequestError(MESSAGES.sessions.unknownTimeZone)
  return zone
}

/** A name is required: surrounding spaces are dropped and a blank name (isBlank) is refused. */
export const cleanName = (name: string) => {
  const trimmed = name.trim()
  if (isBlank(trimmed)) throw new BadRequestError(MESSAGES.accounts.blankName)
  return trimmed
}

/** Editing lessons and sessions, and borrowing a licence, wait for an admin's approval. */
export const requireApproved = (user: Pick<UserRow, 'role' | 'approvedAt'>) => {
  if (!isValidated(user)) throw new ForbiddenError(MESSAGES.accounts.notApproved)
}

/** Runs an account change with its e-mails in one transaction (see `withMails`). */
const withAccountMails = <T>(
  { db, mailer }: Pick<ServiceDeps, 'db' | 'mailer'>,
  change: (tx: Executor, mail: Mail) => Promise<T>,
) => withMails(db, mailer, change)

/** Issues a 24-hour confirmation token and e-mails its link in the user's language. */
const mailConfirmation = async (tx: Executor, mail: Mail, user: UserRow, appOrigin: string) => {
  const token = await issueToken(tx, user.id, 'confirm', CONFIRM_TOKEN_LIFETIME_MS)
  await mail(
    user.email,
    emails.confirm(user, {
      url: confirmationUrl(appOrigin, token),
      validHours: hoursOf(CONFIRM_TOKEN_LIFETIME_MS),
    }),
  )
}

/** The signed-in user as GET /user/me answers it, with the licence it holds. */
export const currentUserOf = async (
  { db }: Pick<ServiceDeps, 'db'>,
  userId: number,
): Promise<CurrentUser> => {
  const row = await findUserWithLicence(db, userId)
  if (!row) throw new UnauthorizedError()
  return toCurrentUser(row.user, row.licence)
}

/** The account, its confirmation token and e-mail exist together or not at all. */
export const register = async (deps: AccountDeps, body: RegisterBody) => {
  const name = cleanName(body.name)
  const timezone = body.timezone === undefined ? undefined : checkedTimeZone(body.timezone)
  // Checked before the slow hash; the unique index settles a race with another registration.
  if (await isEmailTaken(deps.db, body.email)) {
    throw new ConflictError(MESSAGES.accounts.emailExists)
  }
  const passwordHash = await hashPassword(body.password)
  await withAccountMails(deps, async (tx, mail) => {
    const user = await insertUser(tx, {
      name,
      email: body.email,
      passwordHash,
      role: body.role,
      language: body.language ?? 'en-US',
      timezone,
    })
    await mailConfirmation(tx, mail, user, deps.appOrigin)
  })
}

type ConfirmOutcome = 'confirmed' | 'invalid' | 'taken'

/**
 * Confirms a registration's address, or a new address asked for in the settings: the token says
 * which. A new address replaces the old one only if it is still the one asked for (a later
 * request or a password reset cancels it) and no other account took it meanwhile; then the
 * request is dropped and the answer is a conflict.
 */
export const confirmEmail = async ({ db }: Pick<ServiceDeps, 'db'>, token: string) => {
  const outcome = await db.transaction(async (tx): Promise<ConfirmOutcome> => {
    const registration = await consumeToken(tx, token, 'confirm')
    if (registration) {
      await updateUser(tx, registration.userId, { emailConfirmedAt: new Date() })
      return 'confirmed'
    }
    const change = await consumeToken(tx, token, 'email_change')
    if (!change?.email) return 'invalid'
    const user = await findUserById(tx, change.userId)
    if (!user?.pendingEmail || isNewAddress(user.pendingEmail, change.email)) return 'invalid'
    if (await isEmailTaken(tx, change.email, user.id)) {
      await updateUser(tx, user.id, { pendingEmail: null })
      return 'taken'
    }
    await updateUser(tx, user.id, {
      email: change.email,
      pendingEmail: null,
      emailConfirmedAt: new Date(),
    })
    return 'confirmed'
  })
  if (outcome === 'invalid') throw new BadRequestError(MESSAGES.accounts.invalidToken)
  if (outcome === 'taken') throw new ConflictError(MESSAGES.accounts.emailExists)
}

/** Sends the link again to an unconfirmed address; silent otherwise, so nothing is revealed. */
export const resendConfirmation = async (deps: AccountDeps, email: string) => {
  const user = await findUserByEmail(deps.db, email)
  if (user && user.emailConfirmedAt === null) {
    await withAccountMails(deps, (tx, mail) => mailConfirmation(tx, mail, user, deps.appOrigin))
  }
}

/** Sends a reset link to a registered address; silent otherwise, so nothing is revealed. */
export const sendPasswordReset = async (deps: AccountDeps, email: string) => {
  const user = await findUserByEmail(deps.db, email)
  if (!user) return
  await withAccountMails(deps, async (tx, mail) => {
    const token = await issueToken(tx, user.id, 'reset', RESET_TOKEN_LIFETIME_MS)
    await mail(
      user.email,
      emails.reset(user, {
        url: resetPasswordUrl(deps.appOrigin, token),
        validHours: hoursOf(RESET_TOKEN_LIFETIME_MS),
      }),
    )
  })
}

/**
 * Sets the password a reset link was sent for, and answers the account (its id and new hash, so
 * the browser that set it can be trusted; see services/sign-in.ts).
 */
export const resetPassword = async (
  { db }: Pick<ServiceDeps, 'db'>,
  token: string,
  password: string,
) => {
  // Hashed before the transaction so the slow hash does not hold it open.
  const passwordHash = await hashPassword(password)
  const userId = await db.transaction(async (tx) => {
    const reset = await consumeToken(tx, token, 'reset')
    if (!reset) return null
    // Whoever knew the old password is signed out everywhere, and the e-mail change they may
    // have asked for is cancelled (the notice to the old address says a reset does this). The
    // new hash ends the trust of every browser; the lockout of unknown ones is lifted.
    await updateUser(tx, reset.userId, { passwordHash, pendingEmail: null })
    await retireTokens(tx, reset.userId, 'email_change')
    await forgetReauthAttempts(tx, reset.userId)
    await forgetCounter(tx, accountLimitKey(reset.userId))
    await endSessionsOf(tx, reset.userId)
    return reset.userId
  })
  if (userId === null) throw new BadRequestError(MESSAGES.accounts.invalidToken)
  return { id: userId, passwordHash }
}

/**
 * Checks the current password that changing the e-mail or password asks for. The attempt is
 * counted first (REAUTH_MAX_FAILURES per window and account), so a stolen session cannot use the
 * answer to guess the password; the right one clears the count. A wrong one is a 403, not a 401,
 * which would tell the SPA the session has ended.
 */
const reauthenticate = async (db: Database, user: UserRow, currentPassword: string | undefined) => {
  if (!currentPassword) throw new BadRequestError(MESSAGES.accounts.currentPasswordRequired)
  const now = new Date()
  const waitMs = await countReauthAttempt(db, user.id, now)
  if (waitMs !== null) throw new TooManyAttemptsError(Math.ceil(waitMs / 1000))
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new ForbiddenError(MESSAGES.accounts.wrongCurrentPassword)
  }
  await forgetReauthAttempts(db, user.id)
}

/**
 * Applies the profile form. Name, bio and language change at once. The password, and the e-mail
 * (unless only its case changes), need the current password:
 * - a new password signs out every other device (the one whose session token is given stays)
 *   and the owner is told by e-mail;
 * - a new address is only stored as pending: a link to confirm it goes to that address (see
 *   confirmEmail) and the address in use is told of the request.
 */
export const updateProfile = async (
  deps: AccountDeps,
  user: UserRow,
  body: UpdateProfileBody,
  sessionToken: string | undefined,
) => {
  const { appOrigin } = deps
  const changes: Partial<NewUser> = {}
  if (body.name !== undefined) changes.name = cleanName(body.name)
  const newEmail =
    body.email !== undefined && isNewAddress(user.email, body.email) ? body.email.trim() : null
  const newPassword = body.password
  if (newEmail !== null || newPassword !== undefined) {
    await reauthenticate(deps.db, user, body.currentPassword)
  }
  if (newEmail !== null && (await isEmailTaken(deps.db, newEmail, user.id))) {
    throw new ConflictError(MESSAGES.accounts.emailExists)
  }
  // The same address in another case is the same account's: stored as written.
  if (body.email !== undefined && newEmail === null) changes.email = body.email.trim()
  if (newEmail !== null) changes.pendingEmail = newEmail
  // The bio is an educator's; a student or admin sending one has it ignored. A blank bio is no
  // bio; this also covers the body's null, which validation coerces to ''.
  if (body.description !== undefined && user.role === 'educator') {
    changes.description = body.description?.trim() || null
  }
  if (newPassword !== undefined) changes.passwordHash = await hashPassword(newPassword)
  if (body.language !== undefined) changes.language = body.language
  if (body.timezone !== undefined) changes.timezone = checkedTimeZone(body.timezone)

  if (Object.keys(changes).length === 0) return
  // The e-mails speak the language and use the name the form has just saved.
  const reader = { language: changes.language ?? user.language, name: changes.name ?? user.name }
  await withAccountMails(deps, async (tx, mail) => {
    await updateUser(tx, user.id, changes)
    if (newPassword !== undefined) {
      await endSessionsOf(
        tx,
        user.id,
        sessionToken === undefined ? undefined : hashToken(sessionToken),
      )
      await mail(user.email, emails.passwordChanged(reader, forgotPasswordUrl(appOrigin)))
    }
    if (newEmail !== null) {
      // Only the newest request's link works.
      await retireTokens(tx, user.id, 'email_change')
      const token = await issueToken(
        tx,
        user.id,
        'email_change',
        EMAIL_CHANGE_TOKEN_LIFETIME_MS,
        newEmail,
      )
      await mail(
        newEmail,
        emails.confirmEmailChange(reader, {
          newEmail,
          url: confirmationUrl(appOrigin, token),
          validHours: hoursOf(EMAIL_CHANGE_TOKEN_LIFETIME_MS),
        }),
      )
      await mail(
        user.email,
        emails.emailChangeRequested(reader, { newEmail, resetUrl: forgotPasswordUrl(appOrigin) }),
      )
    }
  })
}

/**
 * Withdraws the new address the user asked for: the link sent to it stops working, so it can no
 * longer replace the address in use. Nothing pending leaves nothing to do (a second click).
 */
export const withdrawEmailChange = async ({ db }: Pick<ServiceDeps, 'db'>, user: UserRow) => {
  await db.transaction(async (tx) => {
    await retireTokens(tx, user.id, 'email_change')
    await updateUser(tx, user.id, { pendingEmail: null })
  })
}

/**
 * An approved educator trades the video licence it holds for another free one, and is e-mailed
 * the new account as when an admin lends one. Without a licence it gets none here (a conflict):
 * a first licence, or one an admin took back, comes only from an admin.
 */
export const reassignOwnLicence = async (
  deps: Pick<ServiceDeps, 'db' | 'mailer'>,
  user: UserRow,
) => {
  requireApproved(user)
  await withAccountMails(deps, async (tx, mail) => {
    await exchangeLicence(tx, user.id)
    const row = await findUserWithLicence(tx, user.id)
    if (row?.licence) {
      await mail(row.user.email, emails.licenceAssigned(row.user, toLicenceFacts(row.licence)))
    }
  })
}
