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
import { trustBrowser } from '../crypto/device-cookies.ts'
import { route } from '../http/route.ts'
import * as accounts from '../services/accounts.ts'
import { signIn } from '../services/sign-in.ts'

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
    async ({ body, reply }) => {
      // The same answer either way, so the call does not reveal which addresses are registered
      // (or confirmed); and it is given before the address is even looked up, so its timing does
      // not either (an unconfirmed one costs a token, an e-mail written to the outbox and its
      // delivery). The e-mail follows the answer.
      app.afterAnswer.run(reply, () => accounts.resendConfirmation(app, body.email, appOrigin))
      return { status: 200, body: { message: MESSAGES.accounts.confirmationSent } }
    },
    { rateLimited: true },
  )

  route(
    app,
    login,
    async ({ body, request, reply }) => {
      // Beside the limit per address: wrong passwords per account, or per browser it trusts.
      const { user, deviceCookie } = await signIn(app, body, app.deviceCookie.read(request))
      await app.sessions.start(reply, user, body.rememberMe === true)
      app.deviceCookie.write(reply, deviceCookie)
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
    async ({ body, reply }) => {
      // The same answer, after the same work, for every address (as resendConfirmation).
      app.afterAnswer.run(reply, () => accounts.sendPasswordReset(app, body.email, appOrigin))
      return { status: 200, body: { message: MESSAGES.accounts.resetSent } }
    },
    { rateLimited: true },
  )

  route(
    app,
    setNewPassword,
    async ({ body, request, reply }) => {
      const user = await accounts.resetPassword(app.db, body.passwordResetToken, body.password)
      // The browser that set the password is one its owner uses: it signs in whatever the lockout.
      app.deviceCookie.write(reply, trustBrowser(app.deviceCookie.read(request), user))
      return { status: 200, body: { message: MESSAGES.accounts.passwordChanged } }
    },
    { rateLimited: true },
  )
}
