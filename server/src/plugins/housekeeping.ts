import { and, eq, inArray, isNotNull, lt, or } from 'drizzle-orm'
import fp from 'fastify-plugin'
import {
  authSessions,
  files,
  outbox,
  payments,
  rateLimitCounters,
  userTokens,
  webhookEvents,
} from '../db/schema.ts'
import { runPeriodically } from '../periodic.ts'
import { deleteUnattachedFiles } from '../repositories/files.ts'
import { removeStoredBytes } from '../storage/files.ts'

const MINUTE_MS = 60 * 1000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/** A used or expired token is kept a day, so its link still says "already used" meanwhile. */
const TOKEN_GRACE_MS = DAY_MS
/**
 * An expired seat hold is closed once PayPal can no longer capture its order (approval links
 * last three hours); until then a late capture may still be honoured.
 */
const HOLD_GRACE_MS = 6 * HOUR_MS
/** Sent e-mails (addresses and names) are kept a month for support, then deleted. */
const SENT_MAIL_KEPT_MS = 30 * DAY_MS
/** PayPal retries a webhook for three days; its id is remembered well past that. */
const WEBHOOK_IDS_KEPT_MS = 30 * DAY_MS
/** Stored bytes without a row this old were an upload that never committed. */
const ORPHAN_AFTER_MS = HOUR_MS

export interface HousekeepingReport {
  sessions: number
  tokens: number
  rateLimitCounters: number
  holds: number
  sentMails: number
  webhookEvents: number
  orphanFiles: number
  unattachedUploads: number
  retriedMails: number
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs every purge once, now; answers what each removed. */
    housekeeping: (now?: Date) => Promise<HousekeepingReport>
  }
}

/**
 * Purges what has served its time: expired sessions, tokens, rate-limit counters, seat holds
 * long expired, old sent e-mails and webhook ids, uploads that nothing has used for
 * `app.uploadRules.unattachedKeptMs` since they came (row and bytes), and uploaded bytes whose
 * row never committed;
 * and retries e-mails left unsent. Runs at start-up and then every `intervalMs` on every
 * instance (each statement is safe to run on several at once); null leaves it to the caller.
 */
export const housekeepingPlugin = fp<{ intervalMs: number | null }>(
  async (app, { intervalMs }) => {
    const orphanFiles = async (cutoff: Date) => {
      const candidates = await app.storage.keysStoredBefore(cutoff)
      if (candidates.length === 0) return 0
      let removed = 0
      // In slices, so one statement never carries an unbounded list.
      for (let start = 0; start < candidates.length; start += 500) {
        const slice = candidates.slice(start, start + 500)
        const kept = await app.db
          .select({ key: files.storageKey })
          .from(files)
          .where(inArray(files.storageKey, slice))
        const referenced = new Set(kept.map((row) => row.key))
        for (const key of slice.filter((candidate) => !referenced.has(candidate))) {
          await app.storage.remove(key)
          removed += 1
        }
      }
      return removed
    }

    /** Uploads no lesson or material took up in time: rows first, then the bytes of those. */
    const unattachedUploads = async (cutoff: Date) => {
      let removed = 0
      for (;;) {
        const batch = await deleteUnattachedFiles(app.db, cutoff, 500)
        for (const file of batch) await removeStoredBytes(app, file.storageKey)
        removed += batch.length
        if (batch.length < 500) return removed
      }
    }

    const run = async (now = new Date()): Promise<HousekeepingReport> => {
      const before = (ms: number) => new Date(now.getTime() - ms)
      const sessions = await app.db
        .delete(authSessions)
        .where(lt(authSessions.expiresAt, now))
        .returning({ id: authSessions.id })
      const tokens = await app.db
        .delete(userTokens)
        .where(
          or(
            lt(userTokens.expiresAt, before(TOKEN_GRACE_MS)),
            lt(userTokens.usedAt, before(TOKEN_GRACE_MS)),
          ),
        )
        .returning({ id: userTokens.id })
      const counters = await app.db
        .delete(rateLimitCounters)
        .where(lt(rateLimitCounters.resetAt, now))
        .returning({ key: rateLimitCounters.key })
      const holds = await app.db
        .update(payments)
        .set({ status: 'cancelled', holdExpiresAt: null, updatedAt: now })
        .where(
          and(eq(payments.status, 'processing'), lt(payments.holdExpiresAt, before(HOLD_GRACE_MS))),
        )
        .returning({ id: payments.id })
      const sentMails = await app.db
        .delete(outbox)
        .where(and(isNotNull(outbox.sentAt), lt(outbox.sentAt, before(SENT_MAIL_KEPT_MS))))
        .returning({ id: outbox.id })
      const events = await app.db
        .delete(webhookEvents)
        .where(lt(webhookEvents.receivedAt, before(WEBHOOK_IDS_KEPT_MS)))
        .returning({ id: webhookEvents.eventId })
      return {
        sessions: sessions.length,
        tokens: tokens.length,
        rateLimitCounters: counters.length,
        holds: holds.length,
        sentMails: sentMails.length,
        webhookEvents: events.length,
        unattachedUploads: await unattachedUploads(before(app.uploadRules.unattachedKeptMs)),
        orphanFiles: await orphanFiles(before(ORPHAN_AFTER_MS)),
        retriedMails: await app.mailer.retryUnsent(),
      }
    }
    app.decorate('housekeeping', run)

    if (intervalMs !== null) {
      runPeriodically(app, intervalMs, () =>
        run().then(
          (report) => {
            if (Object.values(report).some((count) => count > 0)) {
              app.log.info({ housekeeping: report }, 'Housekeeping done')
            }
          },
          (error: unknown) => app.log.error({ err: error }, 'Housekeeping failed'),
        ),
      )
    }
  },
  { name: 'housekeeping', dependencies: ['db', 'mailer', 'storage'] },
)
