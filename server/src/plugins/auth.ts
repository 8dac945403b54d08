import cookie from '@fastify/cookie'
import fp from 'fastify-plugin'
import { isValidatedAccount } from '../../../contract/checks.ts'
import { MESSAGES } from '../../../contract/messages.ts'
import { DEVICE_TRUST_MS } from '../crypto/device-cookies.ts'
import { hashToken, newToken } from '../crypto/tokens.ts'
import { ForbiddenError, UnauthorizedError } from '../domain/errors.ts'
import {
  endSession,
  endSessionsOf,
  findSessionUser,
  startSession,
} from '../repositories/auth-sessions.ts'

export const SESSION_COOKIE = 'manabi_session'
const DAY_MS = 24 * 60 * 60 * 1000
/** rememberMe keeps the session (and a persistent cookie) for 30 days; otherwise one day. */
export const PERSISTENT_SESSION_MS = 30 * DAY_MS
export const BROWSER_SESSION_MS = DAY_MS
/** The browser's device cookie (crypto/device-cookies.ts): the accounts that trust it. */
export const DEVICE_COOKIE = 'manabi_device'

declare module 'fastify' {
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
        const started = await startSession(app.db, {
          tokenHash: hashToken(token),
          user,
          persistent,
          expiresAt: new Date(Date.now() + lifetime),
        })
        if (!started) throw new UnauthorizedError(MESSAGES.accounts.invalidCredentials)
        reply.setCookie(SESSION_COOKIE, token, {
          ...cookieOptions,
          ...(persistent ? { maxAge: lifetime / 1000 } : {}),
        })
      },
      async end(request, reply) {
        const token = request.cookies[SESSION_COOKIE]
        if (token) await endSession(app.db, hashToken(token))
        reply.clearCookie(SESSION_COOKIE, cookieOptions)
      },
      async endAllFor(userId) {
        await endSessionsOf(app.db, userId)
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
        request.user = await findSessionUser(app.db, hashToken(token), new Date())
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
