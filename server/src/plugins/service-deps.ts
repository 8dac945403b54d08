import fp from 'fastify-plugin'
import type { ServiceDeps } from '../services/deps.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** What the services work with, built once from the plugins (services/deps.ts). */
    serviceDeps: ServiceDeps
  }
}

/** The one place the services' dependencies are put together from the app's plugins. */
export const serviceDepsPlugin = fp<
  Pick<
    ServiceDeps,
    | 'appOrigin'
    | 'reminderLeadsMinutes'
    | 'seatDecisionHours'
    | 'waitlistOfferMinutes'
    | 'earningsRule'
    | 'supportEmail'
  >
>(
  async (
    app,
    {
      appOrigin,
      reminderLeadsMinutes,
      seatDecisionHours,
      waitlistOfferMinutes,
      earningsRule,
      supportEmail,
    },
  ) => {
    app.decorate('serviceDeps', {
      db: app.db,
      mailer: app.mailer,
      payments: app.payments,
      storage: app.storage,
      uploadRules: app.uploadRules,
      catalogueCache: app.catalogueCache,
      rateLimitOptions: app.rateLimitOptions,
      log: app.log,
      appOrigin,
      eventDomain: new URL(appOrigin).host,
      jobs: app.jobs,
      reminderLeadsMinutes,
      seatDecisionHours,
      waitlistOfferMinutes,
      earningsRule,
      supportEmail,
    })
  },
  {
    name: 'service-deps',
    dependencies: ['db', 'mailer', 'payments', 'storage', 'catalogue-cache', 'security', 'jobs'],
  },
)
