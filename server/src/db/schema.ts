import { sql } from 'drizzle-orm'
import type { SeatDecision, WaitlistStatus } from '../../../contract/entities.ts'
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/**
 * The database schema. Rules the specification states live here as constraints, so no code path
 * can break them: unique e-mails, slots 1..50, ratings 1..5, and (in the hand-written migration
 * 0001) no two sessions of one educator overlapping in time.
 */

const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const instant = (name: string) => timestamp(name, { withTimezone: true })

export const videoLicences = pgTable(
  'video_licences',
  {
    id: id(),
    provider: text('provider').notNull(),
    accountEmail: text('account_email').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [check('video_licences_provider_check', sql`${t.provider} in ('zoom', 'google_meet')`)],
)

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    description: text('description'),
    role: text('role').$type<'admin' | 'student' | 'educator'>().notNull(),
    language: text('language').$type<'en-US' | 'jp-JP'>().notNull().default('en-US'),
    emailConfirmedAt: instant('email_confirmed_at'),
    /**
     * A new address the user asked for: it replaces `email` only once confirmed from its own
     * mailbox. Not unique: whoever confirms first gets it.
     */
    pendingEmail: text('pending_email'),
    /**
     * Wrong current passwords given to change the e-mail or password since `reauthWindowStart`;
     * past the limit those changes wait for the window to end, so a stolen session cannot guess.
     */
    reauthFailures: integer('reauth_failures').notNull().default(0),
    reauthWindowStart: instant('reauth_window_start'),
    /** Educators are unverified until an admin approves them (§4). */
    approvedAt: instant('approved_at'),
    /**
     * The sum and number of the ratings of reviews of this educator's lessons, kept by a trigger
     * on reviews (migration 0006), so the catalogue reads a rating without reading the reviews.
     */
    ratingTotal: integer('rating_total').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** The IANA zone whose calendar months an educator's earnings are summed in. */
    timezone: text('timezone').notNull().default('Asia/Tokyo'),
    /**
     * Where an approved educator's earnings rule counts its periods from (contract/rules.ts): the
     * approval, or the last reactivation by an admin.
     */
    earningsRuleFrom: instant('earnings_rule_from'),
    /** The deadline whose warning was decided (sent when below the rule): one per period. */
    earningsWarningFor: instant('earnings_warning_for'),
    /** A deactivated educator teaches the seats taken but takes no new sessions or students. */
    deactivatedAt: instant('deactivated_at'),
    deactivationReason: text('deactivation_reason').$type<'earnings_rule'>(),
    videoLicenceId: integer('video_licence_id')
      .unique()
      .references(() => videoLicences.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    // The admin's users list, newest first: a page is the first rows of this index.
    index('users_created_idx').on(t.createdAt, t.id),
    check('users_role_check', sql`${t.role} in ('admin', 'student', 'educator')`),
    check('users_language_check', sql`${t.language} in ('en-US', 'jp-JP')`),
    check('users_reauth_failures_check', sql`${t.reauthFailures} >= 0`),
    check(
      'users_deactivation_check',
      sql`(${t.deactivatedAt} is null) = (${t.deactivationReason} is null) and (${t.deactivationReason} is null or ${t.deactivationReason} in ('earnings_rule'))`,
    ),
  ],
)

/** Browser sessions: the cookie holds a random token, only its SHA-256 is stored. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    persistent: boolean('persistent').notNull(),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
)

/**
 * Single-use tokens (hashed), with an expiry: confirming a registration's e-mail, resetting a
 * password, confirming a new address (the address it confirms is stored with it, so a link only
 * ever confirms the address it was sent to).
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'confirm' | 'reset' | 'email_change'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email'),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('user_tokens_kind_check', sql`${t.kind} in ('confirm', 'reset', 'email_change')`),
    check('user_tokens_email_check', sql`(${t.kind} = 'email_change') = (${t.email} is not null)`),
  ],
)

/** Every e-mail the product sends; without SMTP_URL this is where a local user finds links. */
export type MailAttachment = { filename: string; contentType: string; content: string }

export const outbox = pgTable('outbox', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  /** Text attachments (a session's calendar file), sent with the e-mail. */
  attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
  createdAt: createdAt(),
  sentAt: instant('sent_at'),
  /** When a delivery was last tried: the retry sweep claims a row by setting it. */
  attemptedAt: instant('attempted_at'),
  /**
   * The e-mail's Message-ID (its local part): the same at every attempt, and unique beyond this
   * database, whose row ids start again at 1 in every new one.
   */
  messageId: uuid('message_id').notNull().defaultRandom(),
})

export const categories = pgTable('categories', {
  id: id(),
  title: text('title').notNull().unique(),
  titleJp: text('title_jp').notNull(),
})

/** Uploaded files: cover images and lesson materials. Bytes live in storage under `storageKey`. */
export const files = pgTable(
  'files',
  {
    id: id(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'image' | 'material'>().notNull(),
    lessonId: integer('lesson_id'),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    check('files_kind_check', sql`${t.kind} in ('image', 'material')`),
    check('files_size_check', sql`${t.size} between 1 and 10485760`),
  ],
)

export type LessonLink = { title: string; description: string; url: string }

export const lessons = pgTable(
  'lessons',
  {
    id: id(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    title: text('title').notNull(),
    about: text('about').notNull().default(''),
    details: text('details').notNull().default(''),
    priceInCents: integer('price_in_cents').notNull(),
    minSlots: integer('min_slots').notNull(),
    maxSlots: integer('max_slots').notNull(),
    imageId: integer('image_id').references(() => files.id, { onDelete: 'set null' }),
    links: jsonb('links').$type<LessonLink[]>().notNull().default([]),
    /**
     * How many sessions the lesson has (past or not), kept by a trigger on lesson_sessions
     * (migration 0006): the catalogue shows only lessons with one (§4) without reading sessions.
     */
    sessionCount: integer('session_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('lessons_price_check', sql`${t.priceInCents} >= 0`),
    check('lessons_min_slots_check', sql`${t.minSlots} between 1 and 50`),
    check('lessons_max_slots_check', sql`${t.maxSlots} between 1 and 50`),
    check('lessons_slots_order_check', sql`${t.maxSlots} >= ${t.minSlots}`),
    index('lessons_owner_idx').on(t.ownerId),
    index('lessons_category_idx').on(t.categoryId),
    index('lessons_created_idx').on(t.createdAt),
    // The catalogue's order, over the lessons it may show: a page is the first rows of this index.
    index('lessons_catalogue_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.sessionCount} > 0`),
  ],
)

export const lessonSessions = pgTable(
  'lesson_sessions',
  {
    id: id(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** The lesson's owner, copied so the exclusion constraint can compare one educator's sessions. */
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startTime: instant('start_time').notNull(),
    endTime: instant('end_time').notNull(),
    timezone: text('timezone').notNull(),
    url: text('url').notNull(),
    /**
     * Where it stands with the lesson's minimum seats (contract/entities.ts SEAT_DECISIONS). The
     * service writes it; a row written without one (sessions from before the rule, fixtures)
     * takes place with whoever enrolls.
     */
    decision: text('decision').$type<SeatDecision>().notNull().default('unconditional'),
    /**
     * While pending, when the decision is due (its job runs then); once confirmed or cancelled,
     * when it was made; null for an unconditional session.
     */
    decisionAt: instant('decision_at'),
    /**
     * How many times the session was moved: its calendar file's SEQUENCE (RFC 5545), so a
     * calendar that has the event replaces it with the moved one.
     */
    revision: integer('revision').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('lesson_sessions_time_check', sql`${t.endTime} > ${t.startTime}`),
    check(
      'lesson_sessions_decision_check',
      sql`${t.decision} in ('pending', 'confirmed', 'cancelled', 'unconditional')`,
    ),
    check(
      'lesson_sessions_decision_at_check',
      sql`${t.decision} = 'unconditional' or ${t.decisionAt} is not null`,
    ),
    // The decisions still to make, by when (the sweep of sessions written without their jobs).
    index('lesson_sessions_pending_decision_idx')
      .on(t.decisionAt)
      .where(sql`${t.decision} = 'pending'`),
    index('lesson_sessions_lesson_idx').on(t.lessonId, t.startTime),
    // An educator's sessions not ended yet (the admin's users list counts them per row).
    index('lesson_sessions_owner_idx').on(t.ownerId, t.endTime),
    // The next session to start anywhere: when a cached catalogue page stops being true.
    index('lesson_sessions_start_idx').on(t.startTime),
  ],
)

/**
 * A payment for one seat. While `processing` it holds the seat until `holdExpiresAt`; a capture
 * records the provider's capture id, the fee in force (basis points) and both shares. A refund is
 * first recorded as due (`refunding`, with its reason) in the transaction that frees the seat,
 * then sent to the provider and confirmed (`refunded`), so a crash in between is retried, never lost.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id').references(() => lessonSessions.id, { onDelete: 'set null' }),
    orderId: text('order_id').unique(),
    transactionId: text('transaction_id').unique(),
    status: text('status')
      .$type<'processing' | 'success' | 'cancelled' | 'error' | 'refunding' | 'refunded'>()
      .notNull(),
    amountInCents: integer('amount_in_cents').notNull(),
    currency: text('currency').$type<'USD'>().notNull().default('USD'),
    holdExpiresAt: instant('hold_expires_at'),
    platformFeeBasisPoints: integer('platform_fee_bps'),
    platformFeeInCents: integer('platform_fee_cents'),
    educatorShareInCents: integer('educator_share_cents'),
    refundReason: text('refund_reason').$type<
      'unenrolled' | 'sessionCancelled' | 'seatTaken' | 'tooFewStudents' | 'provider'
    >(),
    refundId: text('refund_id'),
    refundedAt: instant('refunded_at'),
    /** When the capture was recorded: the educator earned it then. */
    capturedAt: instant('captured_at'),
    /** When the refund became due (or the provider's own refund was learnt of): earnings lost then. */
    refundDueAt: instant('refund_due_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'payments_status_check',
      sql`${t.status} in ('processing', 'success', 'cancelled', 'error', 'refunding', 'refunded')`,
    ),
    check('payments_amount_check', sql`${t.amountInCents} >= 0`),
    check(
      'payments_refund_reason_check',
      sql`${t.refundReason} in ('unenrolled', 'sessionCancelled', 'seatTaken', 'tooFewStudents', 'provider')`,
    ),
    check('payments_fee_check', sql`${t.platformFeeBasisPoints} between 0 and 10000`),
    // One open payment (seat hold) per student and session.
    uniqueIndex('payments_open_unique')
      .on(t.userId, t.sessionId)
      .where(sql`${t.status} = 'processing'`),
    index('payments_session_status_idx').on(t.sessionId, t.status),
    index('payments_user_idx').on(t.userId, t.createdAt),
    // An educator's earnings: the payments of a lesson, by when they were captured.
    index('payments_lesson_captured_idx').on(t.lessonId, t.capturedAt),
    // The admin's overview: payments captured, and refunds due, in a week.
    index('payments_captured_idx')
      .on(t.capturedAt)
      .where(sql`${t.capturedAt} is not null`),
    index('payments_refund_due_idx')
      .on(t.refundDueAt)
      .where(sql`${t.refundDueAt} is not null`),
    // The next seat hold to lapse: when a cached catalogue page stops being true.
    index('payments_hold_expiry_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'processing'`),
  ],
)

/** Webhook events already acted on, by the provider's event id: a replay changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  eventId: text('event_id').primaryKey(),
  eventType: text('event_type').notNull(),
  receivedAt: instant('received_at').notNull().defaultNow(),
})

/**
 * The built-in PayPal stand-in's orders (with their capture), kept here so that they survive a
 * restart and every instance knows them, as PayPal's do. Not our payments: those refer to them by
 * `order_id` and `transaction_id` as they would to PayPal's.
 */
export const paypalStandinOrders = pgTable(
  'paypal_standin_orders',
  {
    id: text('id').primaryKey(),
    status: text('status').$type<'CREATED' | 'APPROVED' | 'COMPLETED'>().notNull(),
    amountInCents: integer('amount_in_cents').notNull(),
    referenceId: text('reference_id').notNull(),
    captureId: text('capture_id').unique(),
    refundedInCents: integer('refunded_in_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'paypal_standin_orders_status_check',
      sql`${t.status} in ('CREATED', 'APPROVED', 'COMPLETED')`,
    ),
    check(
      'paypal_standin_orders_refund_check',
      sql`${t.refundedInCents} between 0 and ${t.amountInCents}`,
    ),
  ],
)

/** The stand-in's first answers by route and `PayPal-Request-Id`: a retry gets the same one. */
export const paypalStandinAnswers = pgTable('paypal_standin_answers', {
  key: text('key').primaryKey(),
  status: integer('status').notNull(),
  body: jsonb('body').notNull(),
  createdAt: createdAt(),
})

export const enrollments = pgTable(
  'enrollments',
  {
    id: id(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => lessonSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    cancelledAt: instant('cancelled_at'),
  },
  (t) => [
    uniqueIndex('enrollments_active_unique')
      .on(t.sessionId, t.userId)
      .where(sql`${t.cancelledAt} is null`),
    index('enrollments_user_idx').on(t.userId),
    // The admin's overview: seats taken in a week.
    index('enrollments_created_idx').on(t.createdAt),
  ],
)

/**
 * A student's place in the line for a seat of a full session. `waiting` in line by `createdAt`
 * (then id); `offered` a freed seat, held for them until `offerExpiresAt`; then `seated` (took
 * it), `expired` (let the offer run out), `left` (left the line) or `closed` (the session was
 * cancelled), at `endedAt`. One place at most per student and session while in line.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: id(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => lessonSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<WaitlistStatus>().notNull().default('waiting'),
    offeredAt: instant('offered_at'),
    offerExpiresAt: instant('offer_expires_at'),
    endedAt: instant('ended_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'waitlist_entries_status_check',
      sql`${t.status} in ('waiting', 'offered', 'seated', 'expired', 'left', 'closed')`,
    ),
    check(
      'waitlist_entries_offer_check',
      sql`${t.status} <> 'offered' or ${t.offerExpiresAt} is not null`,
    ),
    uniqueIndex('waitlist_entries_in_line_unique')
      .on(t.sessionId, t.userId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index('waitlist_entries_line_idx').on(t.sessionId, t.status, t.id),
    // The next offer to end (its seat goes to the next in line; cached catalogue answers expire).
    index('waitlist_entries_offer_idx')
      .on(t.offerExpiresAt)
      .where(sql`${t.status} = 'offered'`),
    index('waitlist_entries_user_idx').on(t.userId),
  ],
)

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    rating: integer('rating').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    uniqueIndex('reviews_lesson_author_unique').on(t.lessonId, t.authorId),
  ],
)

export const resources = pgTable(
  'resources',
  {
    id: id(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: text('type').$type<'link' | 'document' | 'presentation' | 'text' | 'other'>().notNull(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'resources_type_check',
      sql`${t.type} in ('link', 'document', 'presentation', 'text', 'other')`,
    ),
  ],
)

/** How many rows the catalogue's version has (the triggers of migration 0015 count them too). */
export const CATALOGUE_VERSION_BUCKETS = 64

/**
 * The catalogue's version, one row per bucket: every write that changes what the catalogue shows
 * raises its connection's bucket in its own transaction (triggers of migrations 0006 and 0015),
 * so each instance knows, by one read of every row, whether the catalogue pages it keeps in
 * memory are still those the database would answer. One row per bucket rather than one row in
 * all, so that commits on different connections do not take turns on it.
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: integer('id').primaryKey(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check(
      'catalogue_version_bucket',
      sql`${t.id} between 0 and ${sql.raw(String(CATALOGUE_VERSION_BUCKETS - 1))}`,
    ),
  ],
)

/**
 * Rate-limit counters by key (route and client address, or account), in the database so that every
 * instance behind a load balancer counts the same attempts. Expired rows are purged.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: instant('reset_at').notNull(),
})

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/** Uploaded bytes when FILE_STORAGE=database: one store that every instance reads and writes. */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
})
