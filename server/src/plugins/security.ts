import rateLimit from '@fastify/rate-limit'
import fp from 'fastify-plugin'
import { MESSAGES, reasonPhrase } from '../../../contract/messages.ts'
import { ForbiddenError } from '../domain/errors.ts'

export interface SecurityOptions {
  /** Origins whose pages may change state (the app's own origin, plus the dev server's). */
  allowedOrigins: string[]
  /** Calls one client may make to a rate-limited route per window. */
  rateLimit: { max: number; timeWindow: number }
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimitOptions: { max: number; timeWindow: number }
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Refuses state-changing requests that a page of another origin sent (browsers always send
 * Origin on those), and registers the rate limiter that login, register and reset opt into.
 * Requests without Origin (server-to-server, the payment webhook, curl) are not a browser's.
 */
export const securityPlugin = fp<SecurityOptions>(
  async (app, options) => {
    const allowed = new Set(options.allowedOrigins)
    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method)) return
      const origin = request.headers.origin
      if (origin && !allowed.has(origin)) throw new ForbiddenError(MESSAGES.http.originNotAllowed)
    })
    app.decorate('rateLimitOptions', options.rateLimit)
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        error: reasonPhrase(429),
        message: MESSAGES.http.tooManyAttempts(Math.ceil(context.ttl / 1000)),
      }),
    })
  },
  { name: 'security' },
)
