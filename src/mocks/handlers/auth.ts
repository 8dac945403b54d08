import {
  confirm,
  login,
  logout,
  passwordResetEmail,
  register,
  resendConfirmation,
  setNewPassword,
} from '@contract/endpoints/auth'
import { isValidatedAccount } from '@contract/checks'
import { MESSAGES } from '@contract/messages'
import { db, type DbToken, newToken, nextId, sendEmail } from '../db'
import { fail, route } from '../http'
import { toCurrentUser } from '../serializers'

const findByEmail = (email: string) =>
  db.users.find((user) => user.email.toLowerCase() === email.trim().toLowerCase())

const issueToken = (userId: number, kind: DbToken['kind']) => {
  const token = newToken()
  db.tokens.push({ token, userId, kind })
  return token
}

/** Single use: the token is removed as it is read. */
const takeToken = (token: string, kind: DbToken['kind']) => {
  const index = db.tokens.findIndex((row) => row.token === token && row.kind === kind)
  const row = index < 0 ? undefined : db.tokens.splice(index, 1)[0]
  return row ? db.users.find((user) => user.id === row.userId) : undefined
}

const sendConfirmation = (userId: number, email: string) => {
  const token = issueToken(userId, 'confirm')
  sendEmail(email, 'Confirm your e-mail', `Open /auth/confirmation?token=${token}`)
}

export const authHandlers = [
  route(register, ({ body }) => {
    if (!body.name.trim()) fail(400, MESSAGES.accounts.blankName)
    if (findByEmail(body.email)) fail(409, MESSAGES.accounts.emailExists)
    const id = nextId(db.users)
    db.users.push({
      id,
      name: body.name.trim(),
      email: body.email.trim(),
      password: body.password,
      description: null,
      role: body.role,
      language: body.language ?? 'en-US',
      isEmailConfirmed: false,
      isValidated: isValidatedAccount(body.role, false),
      videoLicenceId: null,
      createdAt: new Date().toISOString(),
    })
    sendConfirmation(id, body.email)
    return { status: 201, body: { message: MESSAGES.accounts.registered } }
  }),

  route(confirm, ({ body }) => {
    const user =
      takeToken(body.validationToken, 'confirm') ?? fail(400, MESSAGES.accounts.invalidToken)
    user.isEmailConfirmed = true
    return { status: 200, body: { message: MESSAGES.accounts.emailConfirmed } }
  }),

  route(resendConfirmation, ({ body }) => {
    const user = findByEmail(body.email)
    if (user && !user.isEmailConfirmed) sendConfirmation(user.id, user.email)
    return { status: 200, body: { message: MESSAGES.accounts.confirmationSent } }
  }),

  route(login, ({ body }) => {
    const user = findByEmail(body.email)
    if (!user || user.password !== body.password) fail(401, MESSAGES.accounts.invalidCredentials)
    if (!user?.isEmailConfirmed) {
      return fail(403, MESSAGES.accounts.emailNotConfirmed)
    }
    db.signIn(user.id)
    return { status: 200, body: toCurrentUser(user) }
  }),

  route(logout, () => {
    db.signOut()
    return { status: 200, body: { message: MESSAGES.accounts.loggedOut } }
  }),

  route(passwordResetEmail, ({ body }) => {
    const user = findByEmail(body.email)
    if (user) {
      const token = issueToken(user.id, 'reset')
      sendEmail(user.email, 'Reset your password', `Open /auth/reset-password?token=${token}`)
    }
    return { status: 200, body: { message: MESSAGES.accounts.resetSent } }
  }),

  route(setNewPassword, ({ body }) => {
    const user =
      takeToken(body.passwordResetToken, 'reset') ?? fail(400, MESSAGES.accounts.invalidToken)
    user.password = body.password
    return { status: 200, body: { message: MESSAGES.accounts.passwordChanged } }
  }),
]
