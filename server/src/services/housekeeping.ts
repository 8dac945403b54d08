import { purgeSpentTokens } from '../repositories/accounts.ts'
import { purgeExpiredSessions } from '../repositories/auth-sessions.ts'
import { deleteUnattachedFiles, storageKeysInUse } from '../repositories/files.ts'
import { purgeSentMails } from '../repositories/outbox.ts'
import { purgeEndedCounters } from '../repositories/rate-limit-counters.ts'
import { closeLapsedHolds, purgeWebhookEvents } from '../repositories/seats.ts'
import { removeStoredBytes } from '../storage/files.ts'
import type { ServiceDeps } from './deps.ts'

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

type HousekeepingDeps = Pick<ServiceDeps, 'db' | 'mailer' | 'storage' | 'uploadRules' | 'log'>

/** Stored bytes older than `cutoff` that no file row names: removed. */
const orphanFiles = async (deps: Pick<ServiceDeps, 'db' | 'storage'>, cutoff: Date) => {
  const candidates = await deps.storage.keysStoredBefore(cutoff)
  if (candidates.length === 0) return 0
  let removed = 0
  // In slices, so one statement never carries an unbounded list.
  for (let start = 0; start < candidates.length; start += 500) {
    const slice = candidates.slice(start, start + 500)
    const referenced = await storageKeysInUse(deps.db, slice)
    for (const key of slice.filter((candidate) => !referenced.has(candidate))) {
      await deps.storage.remove(key)
      removed += 1
    }
  }
  return removed
}

/** Uploads no lesson or material took up in time: rows first, then the bytes of those. */
const unattachedUploads = async (
  deps: Pick<ServiceDeps, 'db' | 'storage' | 'log'>,
  cutoff: Date,
) => {
  let removed = 0
  for (;;) {
    const batch = await deleteUnattachedFiles(deps.db, cutoff, 500)
    for (const file of batch) await removeStoredBytes(deps, file.storageKey)
    removed += batch.length
    if (batch.length < 500) return removed
  }
}

/**
 * Purges what has served its time: expired sessions, tokens, rate-limit counters, seat holds
 * long expired, old sent e-mails and webhook ids, uploads that nothing has used for
 * `uploadRules.unattachedKeptMs` since they came (row and bytes), and uploaded bytes whose row
 * never committed; and retries e-mails left unsent. Answers what each removed. Each statement is
 * safe to run on several instances at once.
 */
export const housekeeping = async (
  deps: HousekeepingDeps,
  now = new Date(),
): Promise<HousekeepingReport> => {
  const before = (ms: number) => new Date(now.getTime() - ms)
  const { db } = deps
  return {
    sessions: await purgeExpiredSessions(db, now),
    tokens: await purgeSpentTokens(db, before(TOKEN_GRACE_MS)),
    rateLimitCounters: await purgeEndedCounters(db, now),
    holds: await closeLapsedHolds(db, before(HOLD_GRACE_MS), now),
    sentMails: await purgeSentMails(db, before(SENT_MAIL_KEPT_MS)),
    webhookEvents: await purgeWebhookEvents(db, before(WEBHOOK_IDS_KEPT_MS)),
    unattachedUploads: await unattachedUploads(deps, before(deps.uploadRules.unattachedKeptMs)),
    orphanFiles: await orphanFiles(deps, before(ORPHAN_AFTER_MS)),
    retriedMails: await deps.mailer.retryUnsent(),
  }
}
