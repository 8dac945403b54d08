import type { FastifyInstance } from 'fastify'
import {
  confirm,
  login,
  logout,
  passwordResetEmail,
  register,
  resendConfirmation,
  setNewPassword,
} from '../../../contract/endpoints/auth.ts'
import { MESSAGES } from '../../../contract/messages.ts'
import { UnauthorizedError } from '../domain/errors.ts'
import { route } from '../http/route.ts'
import * as accounts from '../services/accounts.ts'

/** Registration, e-mail confirmation, login and logout, password reset. */
export const authRoutes = async (app: FastifyInstance, { appOrigin }: { appOrigin: string }) => {
  route(
    app,
    register,
    async ({ body }) => {
      await accounts.register(app, body, appOrigin)
      return { status: 201, body: { message: MESSAGES.accounts.registered } }
    },
    { rateLimited: true },
  )

  route(app, confirm, async ({ body }) => {
    await accounts.confirmEmail(app.db, body.validationToken)
    return { status: 200, body: { message: MESSAGES.accounts.emailConfirmed } }
  })

  route(
    app,
    resendConfirmation,
    async ({ body }) => {
      // The same answer either way, so the call does not reveal which addresses are registered.
      await accounts.resendConfirmation(app, body.email, appOrigin)
      return { status: 200, body: { message: MESSAGES.accounts.confirmationSent } }
    },
    { rateLimited: true },
  )

  route(
    app,
    login,
    async ({ body, reply }) => {
      // Failures also count per account, so rotating addresses does not buy more guesses.
      await app.accountLimit.check(body.email)
      const user = await accounts
        .authenticate(app.db, body.email, body.password)
        .catch(async (error: unknown) => {
          if (error instanceof UnauthorizedError) await app.accountLimit.countFailure(body.email)
          throw error
        })
      await app.sessions.start(reply, user.id, body.rememberMe === true)
      return { status: 200, body: await accounts.currentUserOf(app.db, user.id) }
    },
    { rateLimited: true },
  )

  // GET by the spec: guarded as a state change, so another site cannot sign a user out.
  route(
    app,
    logout,
    async ({ request, reply }) => {
      await app.sessions.end(request, reply)
      return { status: 200, body: { message: MESSAGES.accounts.loggedOut } }
    },
    { changesState: true },
  )

  route(
    app,
    passwordResetEmail,
    async ({ body }) => {
      // The same answer either way, so the call does not reveal which addresses are registered.
      await accounts.sendPasswordReset(app, body.email, appOrigin)
      return { status: 200, body: { message: MESSAGES.accounts.resetSent } }
    },
    { rateLimited: true },
  )

  route(
    app,
    setNewPassword,
    async ({ body }) => {
      await accounts.resetPassword(app.db, body.passwordResetToken, body.password)
      return { status: 200, body: { message: MESSAGES.accounts.passwordChanged } }
    },
    { rateLimited: true },
  )
}
