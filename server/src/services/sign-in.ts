import { MESSAGES } from '../../../contract/messages.ts'
import { parseDeviceCookie, trustBrowser, trustedEntry } from '../crypto/device-cookies.ts'
import { hashPassword, verifyPassword } from '../crypto/passwords.ts'
import { ForbiddenError, TooManyAttemptsError, UnauthorizedError } from '../domain/errors.ts'
import { giveBackTry, reserveTry } from '../repositories/rate-limit-counters.ts'
import { findUserByEmail } from '../repositories/accounts.ts'
import type { ServiceDeps } from './deps.ts'

/**
 * A hash checked when the e-mail is unknown, so a failed login takes as long whether or not the
 * account exists and the timing does not tell which addresses are registered.
 */
let decoyHash: Promise<string> | undefined
const decoyPasswordHash = () => (decoyHash ??= hashPassword('Decoy-password-0'))

/**
 * The counter of wrong passwords an account takes from the browsers it does not know (a password
 * reset clears it). An address no account has is counted the same way, so a lockout does not tell
 * which addresses are registered.
 */
export const accountLimitKey = (userId: number) => `sign-in|account|${userId}`
const unknownAddressKey = (email: string) => `sign-in|address|${email.trim().toLowerCase()}`
/** The counter of one trusted browser's entry (a new one at each sign-in). */
const deviceKey = (userId: number, nonce: string) => `sign-in|device|${userId}|${nonce}`

/**
 * Checks a sign-in. A browser whose device cookie the account trusts (it signed in before, since
 * the password was last set) takes its tries from its own counter; any other from the account's,
 * so guesses from elsewhere lock out only browsers the account does not know, and its owner keeps
 * signing in. The try is taken before the slow hash, atomically in the database, so guesses sent
 * at once on any number of addresses and instances check at most the limit of passwords; the right
 * password gives its try back. Answers the user and the browser's new device cookie.
 */
export const signIn = async (
  /** The database, and the limit per window (the security plugin's). */
  deps: Pick<ServiceDeps, 'db' | 'rateLimitOptions'>,
  credentials: { email: string; password: string },
  deviceCookie: string | undefined,
) => {
  const now = new Date()
  const user = await findUserByEmail(deps.db, credentials.email)
  const trusted = user ? trustedEntry(parseDeviceCookie(deviceCookie), user, now) : null
  const key =
    user && trusted
      ? deviceKey(user.id, trusted.nonce)
      : user
        ? accountLimitKey(user.id)
        : unknownAddressKey(credentials.email)
  const { max, timeWindow } = deps.rateLimitOptions
  const attempt = await reserveTry(deps.db, key, max, timeWindow)
  if ('retryAfterMs' in attempt) {
    const seconds = Math.ceil(attempt.retryAfterMs / 1000)
    throw new TooManyAttemptsError(seconds, MESSAGES.accounts.signInLocked({ count: seconds }))
  }
  const passwordMatches = await verifyPassword(
    user?.passwordHash ?? (await decoyPasswordHash()),
    credentials.password,
  )
  if (!user || !passwordMatches) {
    throw new UnauthorizedError(MESSAGES.accounts.invalidCredentials)
  }
  await giveBackTry(deps.db, attempt.reserved)
  // Only someone who knows the password learns that the account waits for confirmation.
  if (user.emailConfirmedAt === null) throw new ForbiddenError(MESSAGES.accounts.emailNotConfirmed)
  return { user, deviceCookie: trustBrowser(deviceCookie, user, now) }
}
