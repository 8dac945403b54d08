import { createHash } from 'node:crypto'
import type PgBoss from 'pg-boss'

/**
 * Every queue of the job engine (pg-boss), with how its jobs are retried. Each is created when
 * the app starts, since pg-boss drops a job sent to a queue it does not know.
 */
export const QUEUES = {
  /** Purges what has served its time (services/housekeeping.ts); every ten minutes. */
  housekeeping: { retryLimit: 2, retryDelay: 60, expireInSeconds: 15 * 60 },
  /** Sends again the refunds left due (a crash, a provider down); every minute. */
  refundRetry: { retryLimit: 0, expireInSeconds: 15 * 60 },
  /** Sends again the e-mails left unsent in the outbox; every minute. */
  mailRetry: { retryLimit: 0, expireInSeconds: 15 * 60 },
  /** One reminder of one session at one of its lead times (services/reminders.ts). */
  sessionReminder: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
  /** Plans the jobs of sessions written without them (services/session-jobs.ts). */
  sessionJobsSweep: { retryLimit: 0, expireInSeconds: 15 * 60 },
  /** The review requests of one session, once it has ended (services/review-requests.ts). */
  reviewRequest: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
  /** One session's minimum-seat decision at its cutoff (services/seat-decisions.ts). */
  seatDecision: { retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
  /** The end of one waitlist offer: the seat goes to the next in line (services/waitlist.ts). */
  waitlistOfferEnd: { retryLimit: 10, retryDelay: 10, retryBackoff: true, expireInSeconds: 5 * 60 },
  /** The end of one payment's seat hold: a lapsed hold's seat goes to the first in line. */
  seatHoldEnd: { retryLimit: 10, retryDelay: 10, retryBackoff: true, expireInSeconds: 5 * 60 },
  /** An educator's earnings-rule warning before a deadline (services/earnings-rule.ts). */
  earningsRuleWarning: {
    retryLimit: 10,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
  },
  /** An educator's earnings rule judged at a period's deadline (services/earnings-rule.ts). */
  earningsRuleDeadline: {
    retryLimit: 10,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
  },
  /** Plans the rule's jobs of educators without them (services/earnings-rule.ts). */
  earningsRuleSweep: { retryLimit: 0, expireInSeconds: 15 * 60 },
} as const satisfies Record<string, Omit<PgBoss.Queue, 'name'>>

export type QueueName = keyof typeof QUEUES

/** The work due at fixed times, as cron lines (UTC), one instance running each tick. */
export const SCHEDULES: Partial<Record<QueueName, string>> = {
  housekeeping: '*/10 * * * *',
  refundRetry: '* * * * *',
  mailRetry: '* * * * *',
  sessionJobsSweep: '*/10 * * * *',
  earningsRuleSweep: '7 * * * *',
}

/**
 * A job that ran before its time: due by the database's clock but not yet by the app's, or due
 * with another it must follow (a reminder with its session's seat decision). pg-boss tries it
 * again after its retry delay; it is no failure, so it is logged as information, not counted.
 */
export class JobNotDue extends Error {}

/** What each queue's jobs carry. */
export interface JobData {
  housekeeping: Record<string, never>
  refundRetry: Record<string, never>
  mailRetry: Record<string, never>
  sessionJobsSweep: Record<string, never>
  earningsRuleSweep: Record<string, never>
  sessionReminder: {
    sessionId: number
    /** The start it reminds of (ISO): a session moved since makes it moot. */
    startsAt: string
    /** How long before the start it is sent, in minutes. */
    leadMinutes: number
  }
  reviewRequest: {
    sessionId: number
    /** The end it follows (ISO): a session moved since makes it moot. */
    endsAt: string
  }
  seatDecision: {
    sessionId: number
    /** The instant it decides at (ISO): a session moved since makes it moot. */
    decidesAt: string
  }
  waitlistOfferEnd: {
    sessionId: number
    placeId: number
    /** The offer's end (ISO): an offer taken or left since makes it moot. */
    endsAt: string
  }
  seatHoldEnd: {
    sessionId: number
    paymentId: number
    /** The hold's end (ISO): a capture or a renewed hold since makes it moot. */
    endsAt: string
  }
  earningsRuleWarning: EarningsRuleJob
  earningsRuleDeadline: EarningsRuleJob
}

/** A job of one period of an educator's earnings rule. */
export interface EarningsRuleJob {
  userId: number
  /** Where the rule counted from (ISO): a reactivation since makes it moot. */
  ruleFrom: string
  /** The period's deadline (ISO). */
  deadline: string
}

/**
 * A job's id from what makes it unique (a session, its start, a lead time): sending the same job
 * again, from a retry or another instance, then adds nothing. A UUID, as pg-boss's ids are.
 */
export const jobId = (key: string) => {
  const hex = createHash('sha256').update(key).digest('hex')
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}
