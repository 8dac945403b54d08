import type { FastifyBaseLogger } from 'fastify'
import type { CatalogueCache } from '../cache/catalogue-cache.ts'
import type { Database } from '../db/client.ts'
import type { Mailer } from '../mail/mailer.ts'
import type { PaymentsRuntime } from '../payments/runtime.ts'
import type { JobScheduler } from '../jobs/scheduler.ts'
import type { FileStorage, UploadRules } from '../storage/files.ts'

/**
 * Everything the services work with, from the app's plugins. Built once for the app
 * (plugins/service-deps.ts); a route passes it with its request's log (http/route.ts), periodic
 * work with the app's (plugins/job-work.ts). Every service function takes it first, as a
 * `Pick` of what it uses, so a test or a job passes only that; helpers that run inside a caller's
 * transaction take that transaction (`tx: Executor`) instead, as repositories do.
 */
export interface ServiceDeps {
  db: Database
  /** E-mails, through the outbox (mail/mailer.ts). */
  mailer: Mailer
  /** The payment provider and the payment settings. */
  payments: PaymentsRuntime
  /** Uploaded bytes. */
  storage: FileStorage
  /** The limits on what educators keep uploaded. */
  uploadRules: UploadRules
  /** This instance's memory of catalogue answers. */
  catalogueCache: CatalogueCache
  /** The limit per window of wrong passwords (the security plugin's, services/sign-in.ts). */
  rateLimitOptions: { max: number; timeWindow: number }
  log: FastifyBaseLogger
  /** The app's public origin, for links in e-mails. */
  appOrigin: string
  /** The domain of calendar event ids (the app's host). */
  eventDomain: string
  /** Jobs sent, cancelled and completed in the transaction of their change (the job engine). */
  jobs: JobScheduler
  /** How long before a session its reminders go out, in minutes (REMINDER_LEADS). */
  reminderLeadsMinutes: readonly number[]
  /**
   * How long before its start a session's minimum seats decide whether it runs, in hours
   * (MIN_SEATS_CUTOFF_HOURS).
   */
  seatDecisionHours: number
  /** How long a freed seat is held for the first student waiting, in minutes (WAITLIST_OFFER_MINUTES). */
  waitlistOfferMinutes: number
  /** The terms' earnings rule: yen per dollar and the yen due per period (EARNINGS_*). */
  earningsRule: { usdJpy: number; minJpy: number }
  /** The support mailbox e-mails name (SUPPORT_EMAIL). */
  supportEmail: string
}
