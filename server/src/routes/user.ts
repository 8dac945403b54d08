import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { me, reassignOwnVideoLicence, updateProfile } from '../../../contract/endpoints/user.ts'
import { users } from '../db/schema.ts'
import { cleanName, currentUserOf, MESSAGES } from '../lib/accounts.ts'
import { httpError, PG, pgErrorCode } from '../lib/errors.ts'
import { hashPassword } from '../lib/passwords.ts'
import { route } from '../lib/route.ts'
import { isValidated } from '../lib/users.ts'
import { SESSION_COOKIE, hashToken } from '../plugins/auth.ts'
import { endSessionsOf, isEmailTaken } from '../repositories/accounts.ts'
import { assignLicence } from '../repositories/licences.ts'

/**
 * §7 Current user and profile. GET /user/:id/reviews and /user/:id/average_score belong to the
 * catalogue and are registered with its routes.
 */
export const userRoutes = async (app: FastifyInstance) => {
  route(app, me, async ({ user }) => ({ status: 200, body: await currentUserOf(app.db, user.id) }))

  route(app, updateProfile, async ({ request, user, body }) => {
    const changes: Partial<typeof users.$inferInsert> = {}
    if (body.name !== undefined) changes.name = cleanName(body.name)
    if (body.email !== undefined) {
      if (await isEmailTaken(app.db, body.email, user.id))
        throw httpError(409, MESSAGES.emailExists)
      changes.email = body.email
    }
    // The bio is an educator's (§2 Settings); a student or admin sending one has it ignored.
    // A blank bio is no bio; this also covers the body's null, which validation coerces to ''.
    if (body.description !== undefined && user.role === 'educator') {
      changes.description = body.description?.trim() || null
    }
    if (body.password !== undefined) changes.passwordHash = await hashPassword(body.password)
    if (body.language !== undefined) changes.language = body.language

    if (Object.keys(changes).length > 0) {
      await app.db.transaction(async (tx) => {
        try {
          await tx.update(users).set(changes).where(eq(users.id, user.id))
        } catch (error) {
          // The address was taken by another account a moment ago.
          if (pgErrorCode(error) === PG.uniqueViolation) throw httpError(409, MESSAGES.emailExists)
          throw error
        }
        // A new password signs out every other device; this one stays signed in.
        if (changes.passwordHash !== undefined) {
          const current = request.cookies[SESSION_COOKIE]
          await endSessionsOf(tx, user.id, current === undefined ? undefined : hashToken(current))
        }
      })
    }
    return { status: 200, body: await currentUserOf(app.db, user.id) }
  })

  route(app, reassignOwnVideoLicence, async ({ user }) => {
    if (!isValidated(user)) throw httpError(403, MESSAGES.notApproved)
    await app.db.transaction((tx) => assignLicence(tx, user.id))
    return { status: 200, body: await currentUserOf(app.db, user.id) }
  })
}
