import Fastify, { type FastifyServerOptions } from 'fastify'
import { me } from '../../contract/endpoints/user.ts'
import { AUTH_WINDOW_MS, LANDING_CATALOGUE_QUERY, PAGE_SIZE } from '../../contract/rules.ts'
import type { Config } from './config.ts'
import type { DatabaseHandle } from './db/client.ts'
import { NotFoundError } from './domain/errors.ts'
import { afterAnswerPlugin } from './http/after-answer.ts'
import { REQUEST_ID_HEADER, requestIdGenerator } from './http/request-id.ts'
import { serializerCompiler } from './http/serializers.ts'
import { validatorCompiler } from './http/validators.ts'
import { RequestLogController, withSafeSerializers } from './logging.ts'
import { authPlugin, SESSION_COOKIE } from './plugins/auth.ts'
import { catalogueCachePlugin } from './plugins/catalogue-cache.ts'
import { dbPlugin } from './plugins/db.ts'
import { errorsPlugin, frameworkErrors, MAX_PARAM_LENGTH } from './plugins/errors.ts'
import { jobWorkPlugin } from './plugins/job-work.ts'
import { jobsPlugin } from './plugins/jobs.ts'
import { mailerPlugin } from './plugins/mailer.ts'
import { metricsPlugin } from './plugins/metrics.ts'
import { openapiPlugin } from './plugins/openapi.ts'
import { paymentsPlugin } from './plugins/payments.ts'
import { securityPlugin, type SecurityOptions } from './plugins/security.ts'
import { serviceDepsPlugin } from './plugins/service-deps.ts'
import { spaPlugin } from './plugins/spa.ts'
import { storagePlugin } from './plugins/storage.ts'
import { apiRoutes } from './routes/index.ts'
import { cataloguePage, lessonById } from './services/catalogue.ts'

export const API_PREFIX = '/api'
export interface AppOptions {
  config: Config
  database: DatabaseHandle
  /** Close the database when the app closes (the server does; tests share one per file). */
  closeDatabase?: boolean
  logger?: FastifyServerOptions['logger']
  rateLimit?: SecurityOptions['rateLimit']
  /** Extra origins allowed to change state, e.g. the Vite dev server's. */
  extraOrigins?: string[]
  /**
   * Whether this instance works the job queues and keeps their schedules (housekeeping, refund
   * and e-mail retries, reminders); tests turn it off and run the jobs due with `runDueJobs`.
   */
  workJobs?: boolean
  /** How long one call to the payment provider may take (tests shorten it). */
  providerTimeoutMs?: number
  /** How long a page waits for its first cover (tests on a busy machine lengthen it). */
  coverBudgetMs?: number
}

/**
 * Builds the app: external plugins, then the app's own plugins, then the routes of every
 * resource under /api, and (with SPA_DIR) the built SPA on the same origin.
 */
export const buildApp = async (options: AppOptions) => {
  const { config } = options
  const https = config.APP_ORIGIN.startsWith('https://')
  const app = Fastify({
    logger: withSafeSerializers(options.logger ?? false),
    logController: new RequestLogController(config.LOG_REQUESTS, config.LOG_SLOW_MS),
    // Only a configured proxy's X-Forwarded-For names the client (rate limits key on it).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    genReqId: requestIdGenerator(config.trustProxy !== false),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
  })
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id)
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  await app.register(errorsPlugin)
  await app.register(dbPlugin, {
    database: options.database,
    closeWithApp: options.closeDatabase ?? true,
  })
  await app.register(catalogueCachePlugin)
  await app.register(metricsPlugin, {
    token: config.METRICS_TOKEN,
    apiPrefix: API_PREFIX,
    database: options.database,
  })
  await app.register(openapiPlugin)
  await app.register(securityPlugin, {
    allowedOrigins: [...config.allowedOrigins, ...(options.extraOrigins ?? [])],
    rateLimit: options.rateLimit ?? { max: config.AUTH_RATE_LIMIT, timeWindow: AUTH_WINDOW_MS },
    https,
    apiPrefix: API_PREFIX,
  })
  // Secure cookies wherever the app is served over HTTPS (a plain-HTTP origin would drop them).
  await app.register(authPlugin, {
    secureCookies: https,
    // The browser's device cookie goes only to the calls that sign in or set a new password.
    deviceCookiePath: `${API_PREFIX}/auth`,
  })
  await app.register(mailerPlugin, {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    // A local product (plain HTTP) shows its e-mails' links in the log; a public one never does.
    logUnsent: !https,
  })
  // Work a route does once it has answered (account e-mails that must not show in the timing).
  await app.register(afterAnswerPlugin)
  await app.register(storagePlugin, config)
  await app.register(paymentsPlugin, {
    config,
    apiPrefix: API_PREFIX,
    ...(options.providerTimeoutMs ? { providerTimeoutMs: options.providerTimeoutMs } : {}),
  })

  const workJobs = options.workJobs ?? true
  // The job engine's tables and queues; it stops before the database closes.
  await app.register(jobsPlugin, { database: options.database, supervise: workJobs })
  // What the services work with, put together once for the routes and the jobs.
  await app.register(serviceDepsPlugin, {
    appOrigin: config.APP_ORIGIN,
    reminderLeadsMinutes: config.reminderLeadsMinutes,
    seatDecisionHours: config.MIN_SEATS_CUTOFF_HOURS,
    waitlistOfferMinutes: config.WAITLIST_OFFER_MINUTES,
    earningsRule: { usdJpy: config.EARNINGS_USD_JPY, minJpy: config.EARNINGS_MIN_JPY },
    supportEmail: config.SUPPORT_EMAIL,
  })
  await app.register(jobWorkPlugin, { work: workJobs })

  await app.register(apiRoutes, { prefix: API_PREFIX, openapiDocs: config.OPENAPI_DOCS })

  if (config.SPA_DIR) {
    await app.register(spaPlugin, {
      root: config.SPA_DIR,
      apiPrefix: API_PREFIX,
      ...(options.coverBudgetMs ? { coverBudgetMs: options.coverBudgetMs } : {}),
      // The guest landing's first card, read as the SPA asks for it (the same cached page).
      landingImages: async (request) => {
        if (request.cookies[SESSION_COOKIE]) return []
        const page = await cataloguePage(
          app.serviceDeps,
          { ...LANDING_CATALOGUE_QUERY },
          PAGE_SIZE.guestLessons,
        )
        const cover = page.data[0]?.imageUrl
        return cover ? [`${API_PREFIX}${cover}`] : []
      },
      // A lesson's page, as a guest sees the lesson (the cached answer of its guest call): a
      // draft, seen by its owner and the admins only, is sent without its cover first.
      lessonCover: async (_request, lessonId) => {
        try {
          const { imageUrl } = await lessonById(app.serviceDeps, lessonId, null)
          return imageUrl ? `${API_PREFIX}${imageUrl}` : null
        } catch (error) {
          if (error instanceof NotFoundError) return null
          throw error
        }
      },
      // Every page of the SPA asks who is signed in as it starts (src/app/router.tsx).
      startupCalls: [`${API_PREFIX}${me.path}`],
    })
  }
  return app
}
