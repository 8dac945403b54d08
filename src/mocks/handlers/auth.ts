import * as endpoints from '@contract/endpoints/auth'
import { isValidatedAccount } from '@contract/checks'
import { MESSAGES, messageFields } from '@contract/messages'
import { AUTH_ATTEMPTS_PER_WINDOW, AUTH_WINDOW_MS, isBlank, isNewAddress } from '@contract/rules'
import { db, nextId, sendEmail } from '../db'
import { fail, knownTimeZone, route } from '../http'
import { isEmailTaken, issueToken, retireTokens, takeToken } from '../queries'
import { toCurrentUser } from '../serializers'

const findByEmail = (email: string) =>
  db.users.find((user) => user.email.toLowerCase() === email.trim().toLowerCase())

const sendConfirmation = (userId: number, email: string) => {
  const token = issueToken(userId, 'confirm')
  sendEmail(email, 'Confirm your e-mail', `Open /auth/confirmation?token=${token}`)
}

/**
 * The server's sign-in limits (server/src/services/sign-in.ts) for the one browser the mocks
 * serve: wrong passwords per window, taken before the check and given back when it is right,
 * counted per account until this browser has signed in to it, then per browser. The trust lasts
 * while the account keeps the password it signed in with; a reset clears the account's count and
 * trusts the browser that made it.
 */
interface SignIns {
  /** The accounts this browser signed in to, with the password they had then. */
  trustedWith: Map<number, string>
  counters: Map<string, { tries: number; endsAt: number }>
}
/** Kept by the mocked browser's session object, so `db.reset()` forgets them too. */
const signInsBySession = new WeakMap<object, SignIns>()
const signIns = () => {
  const known = signInsBySession.get(db.session)
  if (known) return known
  const fresh: SignIns = { trustedWith: new Map(), counters: new Map() }
  signInsBySession.set(db.session, fresh)
  return fresh
}

/** Takes a try of the counter, or refuses as the server does (429, when to try again). */
const takeTry = (key: string) => {
  const { counters } = signIns()
  const now = Date.now()
  const open = counters.get(key)
  if (open && open.endsAt > now) {
    if (open.tries >= AUTH_ATTEMPTS_PER_WINDOW) {
      const seconds = Math.ceil((open.endsAt - now) / 1000)
      fail(429, MESSAGES.accounts.signInLocked({ count: seconds }), {
        'Retry-After': String(seconds),
      })
    }
    open.tries += 1
    return open
  }
  const counter = { tries: 1, endsAt: now + AUTH_WINDOW_MS }
  counters.set(key, counter)
  return counter
}

export const authHandlers = [
  route(endpoints.register, ({ body }) => {
    if (isBlank(body.name)) fail(400, MESSAGES.accounts.blankName)
    if (findByEmail(body.email)) fail(409, MESSAGES.accounts.emailExists)
    const timezone = body.timezone === undefined ? undefined : knownTimeZone(body.timezone)
    const id = nextId(db.users)
    db.users.push({
      id,
      name: body.name.trim(),
      email: body.email.trim(),
      password: body.password,
      description: null,
      role: body.role,
      language: body.language ?? 'en-US',
      ...(timezone && { timezone }),
      isEmailConfirmed: false,
      pendingEmail: null,
      reauthFailures: 0,
      reauthWindowStart: null,
      isValidated: isValidatedAccount(body.role, false),
      approvedAt: null,
      earningsRuleFrom: null,
      deactivatedAt: null,
      videoLicenceId: null,
      createdAt: new Date().toISOString(),
    })
    sendConfirmation(id, body.email)
    return { status: 201, body: messageFields(MESSAGES.accounts.registered) }
  }),

  // A registration's token, or a new address's: it replaces the old one if it is still the one
  // asked for and no other account took it meanwhile (then the request is dropped: 409).
  route(endpoints.confirm, ({ body }) => {
    const registration = takeToken(body.validationToken, 'confirm')
    if (registration) {
      registration.user.isEmailConfirmed = true
      return { status: 200, body: messageFields(MESSAGES.accounts.emailConfirmed) }
    }
    const change = takeToken(body.validationToken, 'email_change')
    const user = change?.user
    if (!change?.email || !user?.pendingEmail || isNewAddress(user.pendingEmail, change.email)) {
      return fail(400, MESSAGES.accounts.invalidToken)
    }
    if (isEmailTaken(change.email, user.id)) {
      user.pendingEmail = null
      return fail(409, MESSAGES.accounts.emailExists)
    }
    user.email = change.email
    user.pendingEmail = null
    user.isEmailConfirmed = true
    return { status: 200, body: messageFields(MESSAGES.accounts.emailConfirmed) }
  }),

  route(endpoints.resendConfirmation, ({ body }) => {
    const user = findByEmail(body.email)
    if (user && !user.isEmailConfirmed) sendConfirmation(user.id, user.email)
    return { status: 200, body: messageFields(MESSAGES.accounts.confirmationSent) }
  }),

  route(endpoints.login, ({ body }) => {
    const user = findByEmail(body.email)
    const { trustedWith, counters } = signIns()
    const trusted = user !== undefined && trustedWith.get(user.id) === user.password
    const key = !user
      ? `address|${body.email.trim().toLowerCase()}`
      : `${trusted ? 'browser' : 'account'}|${user.id}`
    const counter = takeTry(key)
    if (!user || user.password !== body.password) {
      return fail(401, MESSAGES.accounts.invalidCredentials)
    }
    counter.tries -= 1
    if (!user.isEmailConfirmed) return fail(403, MESSAGES.accounts.emailNotConfirmed)
    db.signIn(user.id)
    // Trusted anew: the server's new device cookie starts a count of its own.
    trustedWith.set(user.id, user.password)
    counters.delete(`browser|${user.id}`)
    return { status: 200, body: toCurrentUser(user) }
  }),

  route(endpoints.logout, () => {
    db.signOut()
    return { status: 200, body: messageFields(MESSAGES.accounts.loggedOut) }
  }),

  route(endpoints.passwordResetEmail, ({ body }) => {
    const user = findByEmail(body.email)
    if (user) {
      const token = issueToken(user.id, 'reset')
      sendEmail(user.email, 'Reset your password', `Open /auth/reset-password?token=${token}`)
    }
    return { status: 200, body: messageFields(MESSAGES.accounts.resetSent) }
  }),

  route(endpoints.setNewPassword, ({ body }) => {
    const { user } =
      takeToken(body.passwordResetToken, 'reset') ?? fail(400, MESSAGES.accounts.invalidToken)
    user.password = body.password
    // As on the server: a reset cancels a pending e-mail change and clears the wrong attempts.
    user.pendingEmail = null
    retireTokens(user.id, 'email_change')
    user.reauthFailures = 0
    user.reauthWindowStart = null
    // The lockout is lifted, and this browser (which set the password) is trusted.
    const { trustedWith, counters } = signIns()
    counters.delete(`account|${user.id}`)
    counters.delete(`browser|${user.id}`)
    trustedWith.set(user.id, user.password)
    return { status: 200, body: messageFields(MESSAGES.accounts.passwordChanged) }
  }),
]
