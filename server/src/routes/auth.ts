import { eq } from 'drizzle-orm'
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
import { users } from '../db/schema.ts'
import {
  cleanName,
  currentUserOf,
  decoyPasswordHash,
  MESSAGES,
  sendConfirmationEmail,
  sendResetEmail,
} from '../lib/accounts.ts'
import { httpError, PG, pgErrorCode } from '../lib/errors.ts'
import { hashPassword, verifyPassword } from '../lib/passwords.ts'
import { route } from '../lib/route.ts'
import {
  consumeToken,
  endSessionsOf,
  findUserByEmail,
  isEmailTaken,
} from '../repositories/accounts.ts'

/** §7 Auth: registration, e-mail confirmation, login and logout, password reset. */
export const authRoutes = async (app: FastifyInstance, { appOrigin }: { appOrigin: string }) => {
  route(
    app,
    register,
    async ({ body }) => {
      const name = cleanName(body.name)
      if (await isEmailTaken(app.db, body.email)) throw httpError(409, MESSAGES.emailExists)
      const passwordHash = await hashPassword(body.password)
      let user
      try {
        ;[user] = await app.db
          .insert(users)
          .values({
            name,
            email: body.email,
            passwordHash,
            role: body.role,
            language: body.language ?? 'en-US',
          })
          .returning()
      } catch (error) {
        // The same address registered a moment ago by another request.
        if (pgErrorCode(error) === PG.uniqueViolation) throw httpError(409, MESSAGES.emailExists)
        throw error
      }
      if (!user) throw new Error('The user was not created')
      await sendConfirmationEmail(app, user, appOrigin)
      return { status: 201, body: { message: MESSAGES.registered } }
    },
    { rateLimited: true },
  )

  route(app, confirm, async ({ body }) => {
    const confirmed = await app.db.transaction(async (tx) => {
      const userId = await consumeToken(tx, body.validationToken, 'confirm')
      if (userId === undefined) return false
      await tx.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, userId))
      return true
    })
    if (!confirmed) throw httpError(400, MESSAGES.invalidToken)
    return { status: 200, body: { message: MESSAGES.emailConfirmed } }
  })

  route(
    app,
    resendConfirmation,
    async ({ body }) => {
      // The same answer either way, so the call does not reveal which addresses are registered.
      const user = await findUserByEmail(app.db, body.email)
      if (user && user.emailConfirmedAt === null) await sendConfirmationEmail(app, user, appOrigin)
      return { status: 200, body: { message: MESSAGES.confirmationSent } }
    },
    { rateLimited: true },
  )

  route(
    app,
    login,
    async ({ body, reply }) => {
      const user = await findUserByEmail(app.db, body.email)
      const passwordMatches = await verifyPassword(
        user?.passwordHash ?? (await decoyPasswordHash()),
        body.password,
      )
      if (!user || !passwordMatches) throw httpError(401, MESSAGES.invalidCredentials)
      // Only someone who knows the password learns that the account waits for confirmation.
      if (user.emailConfirmedAt === null) throw httpError(403, MESSAGES.emailNotConfirmed)
      await app.sessions.start(reply, user.id, body.rememberMe === true)
      return { status: 200, body: await currentUserOf(app.db, user.id) }
    },
    { rateLimited: true },
  )

  route(app, logout, async ({ request, reply }) => {
    await app.sessions.end(request, reply)
    return { status: 200, body: { message: MESSAGES.loggedOut } }
  })

  route(
    app,
    passwordResetEmail,
    async ({ body }) => {
      // The same answer either way, so the call does not reveal which addresses are registered.
      const user = await findUserByEmail(app.db, body.email)
      if (user) await sendResetEmail(app, user, appOrigin)
      return { status: 200, body: { message: MESSAGES.resetSent } }
    },
    { rateLimited: true },
  )

  route(
    app,
    setNewPassword,
    async ({ body }) => {
      // Hashed before the transaction so the slow hash does not hold it open.
      const passwordHash = await hashPassword(body.password)
      const changed = await app.db.transaction(async (tx) => {
        const userId = await consumeToken(tx, body.passwordResetToken, 'reset')
        if (userId === undefined) return false
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId))
        // Whoever knew the old password is signed out everywhere.
        await endSessionsOf(tx, userId)
        return true
      })
      if (!changed) throw httpError(400, MESSAGES.invalidToken)
      return { status: 200, body: { message: MESSAGES.passwordChanged } }
    },
    { rateLimited: true },
  )
}
