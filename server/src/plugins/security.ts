import rateLimit from '@fastify/rate-limit'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import helmet from 'helmet'
import { MESSAGES } from '../../../contract/messages.ts'
import { ForbiddenError, TooManyAttemptsError } from '../domain/errors.ts'
import { apiUrlTest } from '../http/api-urls.ts'
import { databaseRateLimitStore } from '../http/rate-limit-store.ts'

export interface SecurityOptions {
  /** Origins whose pages may change state (the app's own origin, plus the dev server's). */
  allowedOrigins: string[]
  /** Calls one client may make to a rate-limited route per window. */
  rateLimit: { max: number; timeWindow: number }
  /** Served over HTTPS: browsers are told to keep to it (HSTS) and to upgrade requests. */
  https: boolean
  /** Where the API's answers live: JSON and files, never a page. */
  apiPrefix: string
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The limit per window: calls per client address, and wrong passwords (services/sign-in.ts). */
    rateLimitOptions: { max: number; timeWindow: number }
  }
  interface FastifyContextConfig {
    /** A GET that changes state (the spec's GET /auth/logout): guarded like a POST. */
    changesState?: boolean
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** PayPal's checkout: its SDK script, the frames and pop-up of the buyer's approval, its calls. */
const PAYPAL_SOURCES = [
  'https://www.paypal.com',
  'https://*.paypal.com',
  'https://*.paypalobjects.com',
]

/**
 * The headers a middleware sets on a response. Ours (helmet without per-request directives, such
 * as nonces) sets the same ones whatever the request.
 */
const headersSetBy = (middleware: ReturnType<typeof helmet>) => {
  const headers: Record<string, string> = {}
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name] = String(value)
    },
    removeHeader: (name: string) => {
      delete headers[name]
    },
  }
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => undefined)
  return headers
}

/** Helmet's headers that act on answers other than documents (the HSTS header only over HTTPS). */
const API_HEADERS = [
  'Cross-Origin-Resource-Policy',
  'X-Content-Type-Options',
  'Strict-Transport-Security',
]

const pick = (headers: Record<string, string>, names: string[]) =>
  Object.fromEntries(names.flatMap((name) => (name in headers ? [[name, headers[name]]] : [])))

/**
 * Whether a browser sent the request from a page of another site. Browsers send Origin on
 * cross-origin POSTs and Sec-Fetch-Site on every request; requests without either are not a
 * browser's (server-to-server, the payment webhook, curl) and carry no ambient cookie risk.
 */
const isCrossSite = (request: FastifyRequest, allowed: Set<string>) => {
  const origin = request.headers.origin
  if (origin && !allowed.has(origin)) return true
  const site = request.headers['sec-fetch-site']
  // 'same-site' is another origin of the site (a sibling subdomain): only trusted via Origin.
  return site === 'cross-site' || (site === 'same-site' && !(origin && allowed.has(origin)))
}

/**
 * The API's defences: security headers (a strict Content-Security-Policy that lets PayPal's
 * checkout run), refusing state changes a page of another site asks for, and the rate limits
 * that login, register and reset opt into, counted in the database so they hold on every
 * instance.
 */
export const securityPlugin = fp<SecurityOptions>(
  async (app, options) => {
    // Helmet's headers, worked out once and copied onto each answer. (@fastify/helmet builds the
    // middleware again for every request, re-parsing the policy; with its eleven setHeader calls,
    // that was a third of the time of a cached catalogue read under load.)
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...PAYPAL_SOURCES],
          // React's style props, toasts and PayPal's buttons set inline styles.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...PAYPAL_SOURCES],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...PAYPAL_SOURCES],
          // Material previews show PDFs in a frame of a blob: url.
          frameSrc: ["'self'", 'blob:', ...PAYPAL_SOURCES],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
          ...(options.https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // PayPal's approval window talks back to the page that opened it.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: options.https
        ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: true }
        : false,
    })
    const pageHeaders = headersSetBy(securityHeaders)
    // The API's answers (JSON, covers, attachments) never render as a page. They get OWASP's
    // headers for REST APIs: the strictest policy, no framing, no sniffing, HTTPS only, plus
    // helmet's cross-origin resource policy (no other site may embed them). The headers that
    // only act on a document (opener, referrer, DNS prefetch, origin cluster, legacy IE and
    // Flash ones) would cost 250 bytes and about 4% of a cached catalogue read's server time.
    const apiHeaders = {
      ...pick(pageHeaders, API_HEADERS),
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
      'X-Frame-Options': 'DENY',
    }
    const isApi = apiUrlTest(options.apiPrefix)
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApi(request.url) ? apiHeaders : pageHeaders)
      done()
    })

    const allowed = new Set(options.allowedOrigins)
    app.addHook('onRequest', async (request) => {
      const changesState =
        STATE_CHANGING.has(request.method) || request.routeOptions.config.changesState === true
      if (changesState && isCrossSite(request, allowed)) {
        throw new ForbiddenError(MESSAGES.http.originNotAllowed)
      }
    })

    const store = databaseRateLimitStore(app.db)
    app.decorate('rateLimitOptions', options.rateLimit)
    await app.register(rateLimit, {
      global: false,
      store,
      // Thrown by the plugin: the error handler answers it like every other 429.
      errorResponseBuilder: (_request, context) =>
        new TooManyAttemptsError(Math.ceil(context.ttl / 1000)),
    })
  },
  { name: 'security', dependencies: ['db'] },
)
