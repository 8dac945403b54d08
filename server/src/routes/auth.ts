import type { FastifyInstance } from 'fastify'
import * as endpoints from '../../../contract/endpoints/auth.ts'
import { MESSAGES, messageFields } from '../../../contract/messages.ts'
import { trustBrowser } from '../crypto/device-cookies.ts'
import { route } from '../http/route.ts'
import * as accounts from '../services/accounts.ts'
import { signIn } from '../services/sign-in.ts'

/** Registration, e-mail confirmation, login and logout, password reset. */
export const authRoutes = async (app: FastifyInstance) => {
  route(
    app,
    endpoints.register,
    async ({ deps, body }) => {
      await accounts.register(deps, body)
      return { status: 201, body: messageFields(MESSAGES.accounts.registered) }
    },
    { rateLimited: true },
  )

  route(app, endpoints.confirm, async ({ deps, body }) => {
    await accounts.confirmEmail(deps, body.validationToken)
    return { status: 200, body: messageFields(MESSAGES.accounts.emailConfirmed) }
  })

  route(
    app,
    endpoints.resendConfirmation,
    async ({ deps, body, reply }) => {
      // The same answer either way, so the call does not reveal which addresses are registered
      // (or confirmed); and it is given before the address is even looked up, so its timing does
      // not either (an unconfirmed one costs a token, an e-mail written to the outbox and its
      // delivery). The e-mail follows the answer.
      app.afterAnswer.run(reply, () => accounts.resendConfirmation(deps, body.email))
      return { status: 200, body: messageFields(MESSAGES.accounts.confirmationSent) }
    },
    { rateLimited: true },
  )

  route(
    app,
    endpoints.login,
    async ({ deps, body, request, reply }) => {
      // Beside the limit per address: wrong passwords per account, or per browser it trusts.
      const { user, deviceCookie } = await signIn(deps, body, app.deviceCookie.read(request))
      await app.sessions.start(reply, user, body.rememberMe === true)
      app.deviceCookie.write(reply, deviceCookie)
      return { status: 200, body: await accounts.currentUserOf(deps, user.id) }
    },
    { rateLimited: true },
  )

  // GET by the spec: guarded as a state change, so another site cannot sign a user out.
  route(
    app,
    endpoints.logout,
    async ({ request, reply }) => {
      await app.sessions.end(request, reply)
      return { status: 200, body: messageFields(MESSAGES.accounts.loggedOut) }
    },
    { changesState: true },
  )

  route(
    app,
    endpoints.passwordResetEmail,
    async ({ deps, body, reply }) => {
      // The same answer, after the same work, for every address (as resendConfirmation).
      app.afterAnswer.run(reply, () => accounts.sendPasswordReset(deps, body.email))
      return { status: 200, body: messageFields(MESSAGES.accounts.resetSent) }
    },
    { rateLimited: true },
  )

  route(
    app,
    endpoints.setNewPassword,
    async ({ deps, body, request, reply }) => {
      const user = await accounts.resetPassword(deps, body.passwordResetToken, body.password)
      // The browser that set the password is one its owner uses: it signs in whatever the lockout.
      app.deviceCookie.write(reply, trustBrowser(app.deviceCookie.read(request), user))
      return { status: 200, body: messageFields(MESSAGES.accounts.passwordChanged) }
    },
    { rateLimited: true },
  )
}
