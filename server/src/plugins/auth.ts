import cookie from '@fastify/cookie'
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm'
import fp from 'fastify-plugin'
import { isValidatedAccount } from '../../../contract/checks.ts'
import { MESSAGES } from '../../../contract/messages.ts'
import { DEVICE_TRUST_MS } from '../crypto/device-cookies.ts'
import { hashToken, newToken } from '../crypto/tokens.ts'
import { authSessions, users } from '../db/schema.ts'
import { ForbiddenError, UnauthorizedError } from '../domain/errors.ts'
import type { UserRow } from '../repositories/users.ts'

export type AuthUser = UserRow

export const SESSION_COOKIE = 'manabi_session'
const DAY_MS = 24 * 60 * 60 * 1000
/** rememberMe keeps the session (and a persistent cookie) for 30 days; otherwise one day. */
export const PERSISTENT_SESSION_MS = 30 * DAY_MS
export const BROWSER_SESSION_MS = DAY_MS
/** The browser's device cookie (crypto/device-cookies.ts): the accounts that trust it. */
export const DEVICE_COOKIE = 'manabi_device'

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null
  }
  interface FastifyInstance {
    sessions: {
      /**
       * Signs the user in, as long as their password is still the one just checked (a 401
       * otherwise): a sign-in racing a password reset never outlives it.
       */
      start: (
        reply: FastifyReply,
        user: { id: number; passwordHash: string },
        persistent: boolean,
      ) => Promise<void>
      end: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
      endAllFor: (userId: number) => Promise<void>
    }
    /** The device cookie a request brings, and the one an answer gives the browser. */
    deviceCookie: {
      read: (request: FastifyRequest) => string | undefined
      write: (reply: FastifyReply, value: string) => void
    }
  }
}

/**
 * Sessions are opaque random tokens in an HttpOnly, SameSite=Lax cookie (Secure in production),
 * stored hashed. Every request resolves its user here, then the route's declared access is
 * checked before validation or the handler run: guests get 401, other roles 403, and so do
 * educators awaiting approval on the calls only approved accounts may make.
 */
export const authPlugin = fp<{ secureCookies: boolean; deviceCookiePath: string }>(
  async (app, { secureCookies, deviceCookiePath }) => {
    await app.register(cookie)
    app.decorateRequest('user', null)

    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: secureCookies,
    }

    app.decorate('sessions', {
      async start(reply, user, persistent) {
        const token = newToken()
        const lifetime = persistent ? PERSISTENT_SESSION_MS : BROWSER_SESSION_MS
        const expiresAt = new Date(Date.now() + lifetime).toISOString()
        // The user's row is read with a share lock: a reset or change of the password (which
        // ends the user's sessions in its transaction) either waits for this insert, then ends
        // its session too, or has committed, and then the hash no longer matches.
        const inserted = await app.db.execute(sql`
          insert into ${authSessions} (token_hash, user_id, persistent, expires_at)
          select ${hashToken(token)}, ${user.id}, ${persistent}, ${expiresAt}::timestamptz
          from ${users}
          where ${users.id} = ${user.id} and ${users.passwordHash} = ${user.passwordHash}
          for share
          returning 1`)
        // Both drivers answer the returned rows as `rows`.
        if ((inserted as { rows: unknown[] }).rows.length === 0) {
          throw new UnauthorizedError(MESSAGES.accounts.invalidCredentials)
        }
        reply.setCookie(SESSION_COOKIE, token, {
          ...cookieOptions,
          ...(persistent ? { maxAge: lifetime / 1000 } : {}),
        })
      },
      async end(request, reply) {
        const token = request.cookies[SESSION_COOKIE]
        if (token)
          await app.db.delete(authSessions).where(eq(authSessions.tokenHash, hashToken(token)))
        reply.clearCookie(SESSION_COOKIE, cookieOptions)
      },
      async endAllFor(userId) {
        await app.db.delete(authSessions).where(eq(authSessions.userId, userId))
      },
    })

    // Long-lived, sent only to the calls that sign in (or set a new password), never to scripts.
    app.decorate('deviceCookie', {
      read: (request) => request.cookies[DEVICE_COOKIE],
      write(reply, value) {
        reply.setCookie(DEVICE_COOKIE, value, {
          ...cookieOptions,
          path: deviceCookiePath,
          maxAge: DEVICE_TRUST_MS / 1000,
        })
      },
    })

    app.addHook('onRequest', async (request) => {
      const token = request.cookies[SESSION_COOKIE]
      if (token) {
        const [row] = await app.db
          .select({ user: users })
          .from(authSessions)
          .innerJoin(users, eq(users.id, authSessions.userId))
          .where(
            and(
              eq(authSessions.tokenHash, hashToken(token)),
              gt(authSessions.expiresAt, new Date()),
              // An account whose address is not confirmed cannot sign in (§4), so a session it
              // holds anyway (made by hand, or left from before) counts for nothing.
              isNotNull(users.emailConfirmedAt),
            ),
          )
          .limit(1)
        request.user = row?.user ?? null
      }
      const access = request.routeOptions.config.access
      if (!access || access === 'public') return
      if (!request.user) throw new UnauthorizedError()
      if (access !== 'user' && !access.includes(request.user.role)) throw new ForbiddenError()
      const { approvedOnly } = request.routeOptions.config
      if (
        approvedOnly &&
        !isValidatedAccount(request.user.role, request.user.approvedAt !== null)
      ) {
        throw new ForbiddenError(MESSAGES.accounts.notApproved)
      }
    })
  },
  { name: 'auth', dependencies: ['db'] },
)
