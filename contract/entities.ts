import Type from 'typebox'
import { Id, IsoDateTime } from './common.ts'
import {
  EMAIL_MAX_LENGTH,
  DATE_PATTERN,
  EMAIL_PATTERN,
  LANGUAGES,
  LINK_TEXT_MAX,
  OVERVIEW_WEEKS,
  RATING_MAX,
  RATING_MIN,
  RESOURCE_TYPES,
  ROLES,
  SESSION_TYPES,
  SLOTS_MAX,
  SLOTS_MIN,
  VIDEO_PROVIDERS,
  ADMIN_USER_STATES,
} from './rules.ts'

const literals = <const T extends readonly string[]>(values: T) =>
  Type.Enum([...values] as T[number][])

export const Role = literals(ROLES)
export const Language = literals(LANGUAGES)
export const SessionType = literals(SESSION_TYPES)
export const ResourceType = literals(RESOURCE_TYPES)
export const VideoProvider = literals(VIDEO_PROVIDERS)
export const AdminUserState = literals(ADMIN_USER_STATES)
export type AdminUserState = Type.Static<typeof AdminUserState>
export type Role = Type.Static<typeof Role>
export type Language = Type.Static<typeof Language>
export type SessionType = Type.Static<typeof SessionType>
export type ResourceType = Type.Static<typeof ResourceType>
export type VideoProvider = Type.Static<typeof VideoProvider>
export const Email = Type.String({ pattern: EMAIL_PATTERN, maxLength: EMAIL_MAX_LENGTH })

/** A video-conference account from the platform's pool, lent to one educator at a time. */
export const VideoLicence = Type.Object({
  id: Id,
  provider: VideoProvider,
  accountEmail: Type.String(),
})
export type VideoLicence = Type.Static<typeof VideoLicence>

/**
 * A deactivated educator's account (§9): since when, and why (the earnings rule). It takes no new
 * sessions or students until an admin reactivates it.
 */
export const Deactivation = Type.Object({
  at: IsoDateTime,
  reason: Type.Literal('earningsRule'),
})
export type Deactivation = Type.Static<typeof Deactivation>

/**
 * The signed-in user as GET /user/me returns it (§3). The spec does not list every field; these
 * are the ones the screens need. The password never leaves the server.
 */
export const CurrentUser = Type.Object({
  id: Id,
  name: Type.String(),
  email: Type.String(),
  description: Type.Union([Type.String(), Type.Null()], { description: 'Educator bio' }),
  role: Role,
  language: Language,
  isEmailConfirmed: Type.Boolean(),
  pendingEmail: Type.Union([Type.String(), Type.Null()], {
    description: 'A new address waiting for confirmation from its mailbox; `email` until then',
  }),
  isValidated: Type.Boolean({
    description: 'Approved by an admin (always true for students and admins)',
  }),
  isVideoConferenceConnected: Type.Boolean(),
  videoLicence: Type.Union([VideoLicence, Type.Null()]),
  timezone: Type.String({
    description: "The user's IANA time zone, whose calendar days and months their sums use",
  }),
  deactivation: Type.Union([Deactivation, Type.Null()], {
    description: 'Why and since when the account is deactivated; null while active',
  }),
})
export type CurrentUser = Type.Static<typeof CurrentUser>

/**
 * The terms' earnings rule (§9) as it stands for the current period: the educator must earn
 * `minJpy` yen in it (net share at `usdJpy` yen per dollar, rounded down) by its deadline, or the
 * account is deactivated then; warned 14 days before. A newly approved educator's first period is
 * exempt.
 */
export const EarningsRule = Type.Object({
  periodStart: IsoDateTime,
  deadline: IsoDateTime,
  exempt: Type.Boolean(),
  earnedJpy: Type.Integer(),
  minJpy: Type.Integer({ minimum: 0 }),
  usdJpy: Type.Number({ exclusiveMinimum: 0 }),
  met: Type.Boolean(),
})
export type EarningsRule = Type.Static<typeof EarningsRule>

/** A user as the admin list shows it. */
export const AdminUser = Type.Object({
  id: Id,
  name: Type.String(),
  email: Type.String(),
  role: Role,
  isEmailConfirmed: Type.Boolean(),
  isValidated: Type.Boolean(),
  isVideoConferenceConnected: Type.Boolean(),
  videoLicence: Type.Union([VideoLicence, Type.Null()]),
  createdAt: IsoDateTime,
  upcomingSessionCount: Type.Integer({
    minimum: 0,
    description: "Sessions of the user's lessons that have not ended (0 for non-educators)",
  }),
  deactivatedAt: Type.Union([IsoDateTime, Type.Null()], {
    description: 'When the account was deactivated (the earnings rule); null while active',
  }),
  earningsRule: Type.Union([EarningsRule, Type.Null()], {
    description:
      "The earnings rule for the educator's current period, as their earnings screen shows it; null unless an approved, active educator",
  }),
})
export type AdminUser = Type.Static<typeof AdminUser>

/** Who holds a licence of the pool, as the admin's licence list shows it. */
export const LicenceHolder = Type.Object({ id: Id, name: Type.String(), email: Type.String() })
export type LicenceHolder = Type.Static<typeof LicenceHolder>

/** A licence of the pool with its holder (null when free), for the admin's licence list. */
export const PoolLicence = Type.Object({
  ...VideoLicence.properties,
  holder: Type.Union([LicenceHolder, Type.Null()]),
  createdAt: IsoDateTime,
})
export type PoolLicence = Type.Static<typeof PoolLicence>

/** The public face of an educator: shown on lesson pages. */
export const Owner = Type.Object({
  id: Id,
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
})
export type Owner = Type.Static<typeof Owner>

export const Category = Type.Object({
  id: Id,
  title: Type.String(),
  titleJp: Type.String(),
})
export type Category = Type.Static<typeof Category>

/** /guest/categories answers id and title only (§7); titleJp is added so guests see Japanese too. */
export const GuestCategory = Type.Object({
  id: Id,
  title: Type.String(),
  titleJp: Type.Optional(Type.String()),
})
export type GuestCategory = Type.Static<typeof GuestCategory>

export const Slots = Type.Integer({ minimum: SLOTS_MIN, maximum: SLOTS_MAX })

/** A lesson's link (§7); the url is an absolute http(s) address once stored. */
export const Link = Type.Object({
  title: Type.String({ maxLength: LINK_TEXT_MAX.title }),
  description: Type.String({ maxLength: LINK_TEXT_MAX.description }),
  url: Type.String({ maxLength: LINK_TEXT_MAX.url }),
})
export type Link = Type.Static<typeof Link>

/**
 * Where a session stands with its lesson's minimum seats: `pending` until its cutoff (the
 * decision comes then), `confirmed` (it takes place), `cancelled` (too few students: seats were
 * given back and refunded), or `unconditional` (scheduled after its cutoff: it takes place with
 * whoever enrolls).
 */
export const SEAT_DECISIONS = ['pending', 'confirmed', 'cancelled', 'unconditional'] as const
export const SeatDecision = literals(SEAT_DECISIONS)
export type SeatDecision = Type.Static<typeof SeatDecision>

/** The calling student's place in a session's line for a seat. */
export const WaitlistPlace = Type.Object({
  sessionId: Id,
  position: Type.Integer({ minimum: 1, description: '1 for the first in line' }),
  offeredUntil: Type.Union([IsoDateTime, Type.Null()], {
    description: 'While a freed seat is held for the student: until when',
  }),
})
export type WaitlistPlace = Type.Static<typeof WaitlistPlace>

/**
 * A session as one viewer sees it: `type`, `availableSlots` and `disabled` are computed for that
 * viewer; `url` (the meeting link) is null unless the viewer owns the lesson or is an enrolled
 * student inside the join window.
 */
export const Session = Type.Object({
  id: Id,
  lessonId: Id,
  type: SessionType,
  start_time: IsoDateTime,
  end_time: IsoDateTime,
  timezone: Type.String({ description: 'IANA time zone the educator scheduled it in' }),
  url: Type.Union([Type.String(), Type.Null()]),
  availableSlots: Type.Integer({ minimum: 0 }),
  enrolledCount: Type.Integer({ minimum: 0 }),
  fullPrice: Type.Integer({ minimum: 0, description: 'Price of the whole session in cents' }),
  paidPrice: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
    description:
      'What the viewer paid for the seat they hold, in cents: what unenrolling before the start ' +
      'refunds (the price then, whatever the session costs now); null without a paid seat',
  }),
  disabled: Type.Boolean({
    description:
      'No seat for a viewer without one: none left, the session was cancelled, or its educator ' +
      'is deactivated',
  }),
  educatorDeactivated: Type.Boolean({
    description:
      "The lesson's educator is deactivated (§9): seats taken stay, no new one is given and no " +
      'one joins its waitlist',
  }),
  decision: SeatDecision,
  decidesAt: Type.Union([IsoDateTime, Type.Null()], {
    description: 'While pending: when the minimum seats decide whether it takes place',
  }),
  seatsNeeded: Type.Integer({
    minimum: 0,
    description: 'While pending: students still needed to reach the minimum (0 once reached)',
  }),
  waitingCount: Type.Integer({ minimum: 0, description: 'Students in line for a seat' }),
  waitlistPlace: Type.Union([WaitlistPlace, Type.Null()], {
    description: "The viewer's place in line for a seat, if any",
  }),
})
export type Session = Type.Static<typeof Session>

/**
 * A place in a full session's line for a seat: waiting, offered a freed seat (held until its
 * offer ends), or ended (seated, expired, left, or closed with the session).
 */
export const WAITLIST_STATUSES = [
  'waiting',
  'offered',
  'seated',
  'expired',
  'left',
  'closed',
] as const
export const WaitlistStatus = literals(WAITLIST_STATUSES)
export type WaitlistStatus = Type.Static<typeof WaitlistStatus>

/** The booking rules in force, as the screens explain them (GET /guest/session-rules). */
export const SessionRules = Type.Object({
  decisionHoursBeforeStart: Type.Integer({
    minimum: 1,
    description: "How long before its start a session's minimum seats decide whether it runs",
  }),
  waitlistOfferMinutes: Type.Integer({
    minimum: 1,
    description: 'How long a seat freed in a full session is held for the first in its waitlist',
  }),
})
export type SessionRules = Type.Static<typeof SessionRules>

/** A lesson as lists and detail pages show it (§3). */
export const Lesson = Type.Object({
  id: Id,
  title: Type.String(),
  category: Category,
  categoryId: Id,
  price_in_cents: Type.Integer({ minimum: 0, description: 'Price per hour in cents' }),
  about: Type.String(),
  details: Type.String(),
  owner: Owner,
  imageId: Type.Union([Id, Type.Null()]),
  imageUrl: Type.Union([Type.String(), Type.Null()], {
    description: 'Path relative to the API base',
  }),
  min_slots: Slots,
  max_slots: Slots,
  links: Type.Array(Link),
  availableSessions: Type.Integer({
    minimum: 0,
    description: 'Sessions that are still open to enroll',
  }),
  createdAt: IsoDateTime,
})
export type Lesson = Type.Static<typeof Lesson>

/** An educator's reviews in one figure: the average (null before any review) and their count. */
export const EducatorRating = Type.Object({
  average: Type.Union([Type.Number({ minimum: RATING_MIN, maximum: RATING_MAX }), Type.Null()], {
    description: "Mean rating of the educator's lessons to one decimal, as average_score gives it",
  }),
  count: Type.Integer({ minimum: 0 }),
})
export type EducatorRating = Type.Static<typeof EducatorRating>

/** The soonest session a new student can still book: not started, a seat free. */
export const NextSession = Type.Object({
  id: Id,
  start_time: IsoDateTime,
  end_time: IsoDateTime,
  timezone: Type.String({ description: 'IANA time zone the educator scheduled it in' }),
  availableSlots: Type.Integer({ minimum: 1, description: 'Seats still free' }),
})
export type NextSession = Type.Static<typeof NextSession>

/**
 * A lesson as the catalogues list it (GET /guest/lessons, GET /lessons): what a card shows
 * beyond the lesson itself, so no card has to ask for it.
 */
export const CatalogueLesson = Type.Object({
  ...Lesson.properties,
  rating: EducatorRating,
  nextSession: Type.Union([NextSession, Type.Null()], {
    description: 'Null when no session is open to enroll',
  }),
})
export type CatalogueLesson = Type.Static<typeof CatalogueLesson>

/**
 * One of the calling educator's own lessons (GET /lessons/my): the lesson with what its dashboard
 * card shows, counted over the lesson's sessions that have not ended. A lesson with no such
 * session is not listed to students (§4).
 */
export const OwnLesson = Type.Object({
  ...Lesson.properties,
  upcomingSessions: Type.Integer({
    minimum: 0,
    description: 'Sessions of the lesson that have not ended',
  }),
  seatsTaken: Type.Integer({
    minimum: 0,
    description: 'Seats held by students over those sessions',
  }),
  seatsTotal: Type.Integer({
    minimum: 0,
    description: 'Seats offered over those sessions (max_slots each)',
  }),
})
export type OwnLesson = Type.Static<typeof OwnLesson>

export const Review = Type.Object({
  id: Id,
  body: Type.String(),
  rating: Type.Integer({ minimum: RATING_MIN, maximum: RATING_MAX }),
  author: Type.Object({ id: Id, name: Type.String() }),
  lessonId: Id,
  lessonTitle: Type.String(),
  createdAt: Type.Optional(IsoDateTime),
})
export type Review = Type.Static<typeof Review>

export const AverageScore = Type.Object({
  average: Type.Number({ minimum: 0, maximum: RATING_MAX }),
  count: Type.Integer({ minimum: 0 }),
})
export type AverageScore = Type.Static<typeof AverageScore>

/** A study material (§3). `fileId` is set for uploaded files, null for links. */
export const Resource = Type.Object({
  id: Id,
  title: Type.String(),
  type: ResourceType,
  url: Type.String(),
  description: Type.String(),
  lessonId: Id,
  fileId: Type.Union([Id, Type.Null()]),
})
export type Resource = Type.Static<typeof Resource>

export const UploadedFile = Type.Object({
  id: Id,
  filename: Type.String(),
  path: Type.String({ description: 'Path relative to the API base' }),
})
export type UploadedFile = Type.Static<typeof UploadedFile>

export const ImageUpload = Type.Object({ id: Id })
export type ImageUpload = Type.Static<typeof ImageUpload>

export const Enrollment = Type.Object({
  id: Id,
  lessonId: Id,
  sessionId: Id,
  createdAt: IsoDateTime,
})
export type Enrollment = Type.Static<typeof Enrollment>

/** A session the caller takes part in (student: enrolled; educator: owns), with its lesson. */
export const UpcomingSession = Type.Object({
  lesson: Lesson,
  session: Session,
})
export type UpcomingSession = Type.Static<typeof UpcomingSession>

/** A lesson the student attended, to review or already reviewed (§4). */
export const HistoryEntry = Type.Object({
  lesson: Lesson,
  lastSessionEnd: IsoDateTime,
  status: Type.Union([Type.Literal('toReview'), Type.Literal('reviewed')]),
  review: Type.Union([Review, Type.Null()]),
})
export type HistoryEntry = Type.Static<typeof HistoryEntry>

/**
 * processing: the order is open and the seat is held until `holdExpiresAt`; success: captured, the
 * student holds the seat; cancelled: the buyer gave up before paying; error: the provider declined
 * or failed, nothing was charged; refunding: a refund is due and being sent to the provider;
 * refunded: the provider confirmed the refund in full.
 */
export const PAYMENT_STATUSES = [
  'processing',
  'success',
  'cancelled',
  'error',
  'refunding',
  'refunded',
] as const
export const PaymentStatus = literals(PAYMENT_STATUSES)
export type PaymentStatus = Type.Static<typeof PaymentStatus>

/**
 * Why a captured payment was refunded: the student unenrolled before the start, the educator
 * deleted the session, the seat was gone when the capture arrived (a hold expired and someone
 * else took it, or the session had started), the session was cancelled at its cutoff for too
 * few students, or the refund was made at the provider directly.
 */
export const REFUND_REASONS = [
  'unenrolled',
  'sessionCancelled',
  'seatTaken',
  'tooFewStudents',
  'provider',
] as const
export const RefundReason = literals(REFUND_REASONS)
export type RefundReason = Type.Static<typeof RefundReason>

/** A payment for one session seat, captured through the wallet/card provider in USD. */
export const Payment = Type.Object({
  id: Id,
  transactionId: Type.Union([Type.String(), Type.Null()], {
    description: 'Provider capture id once paid',
  }),
  orderId: Type.Union([Type.String(), Type.Null()], {
    description:
      'Provider order id the payment SDK approves (null if the provider never opened one)',
  }),
  status: PaymentStatus,
  amount_in_cents: Type.Integer({ minimum: 0 }),
  currency: Type.Literal('USD'),
  lessonId: Id,
  lessonTitle: Type.String(),
  sessionId: Type.Union([Id, Type.Null()], { description: 'Null once the session was deleted' }),
  sessionStart: Type.Union([IsoDateTime, Type.Null()]),
  holdExpiresAt: Type.Union([IsoDateTime, Type.Null()], {
    description: 'While processing: the seat is held for the buyer until then',
  }),
  refundReason: Type.Union([RefundReason, Type.Null()]),
  createdAt: IsoDateTime,
  paidAt: Type.Union([IsoDateTime, Type.Null()], {
    description: 'When the capture was recorded (the day the student paid); null until paid',
  }),
})
export type Payment = Type.Static<typeof Payment>

/**
 * What the SPA needs to load the payment SDK. `sdkBaseUrl` is null for PayPal's own script, and
 * the address of the server's built-in stand-in for PayPal when it runs without credentials;
 * `testMode` is true whenever no real money moves (the stand-in, or PayPal's sandbox).
 */
export const PaymentConfig = Type.Object({
  clientId: Type.String(),
  environment: Type.Union([Type.Literal('sandbox'), Type.Literal('production')]),
  sdkBaseUrl: Type.Union([Type.String(), Type.Null()]),
  testMode: Type.Boolean(),
  currency: Type.Literal('USD'),
  holdMinutes: Type.Integer({ minimum: 1 }),
})
export type PaymentConfig = Type.Static<typeof PaymentConfig>

/**
 * One line of an educator's earnings (issue 32): a captured payment for a seat in one of their
 * lessons, or its refund (negative amounts, with its reason; `pending` while the provider has not
 * confirmed it). Amounts in USD cents; the fee is the one in force at the capture.
 */
export const EarningsLine = Type.Object({
  paymentId: Id,
  kind: Type.Union([Type.Literal('payment'), Type.Literal('refund')]),
  at: IsoDateTime,
  lessonId: Id,
  lessonTitle: Type.String(),
  sessionStart: Type.Union([IsoDateTime, Type.Null()], {
    description: 'Null once the session was deleted',
  }),
  studentFirstName: Type.String({ description: "The first word of the student's name" }),
  grossCents: Type.Integer(),
  feeCents: Type.Integer(),
  shareCents: Type.Integer(),
  refundReason: Type.Union([RefundReason, Type.Null()]),
  pending: Type.Boolean({ description: 'A refund due, not yet confirmed by the provider' }),
})
export type EarningsLine = Type.Static<typeof EarningsLine>

/** Sums of earnings lines, in USD cents. */
export const EarningsTotals = Type.Object({
  grossCents: Type.Integer(),
  feeCents: Type.Integer(),
  shareCents: Type.Integer(),
})
export type EarningsTotals = Type.Static<typeof EarningsTotals>

/** An educator's earnings month by month: the last twelve calendar months in their time zone. */
export const EarningsSummary = Type.Object({
  timezone: Type.String({ description: "The educator's IANA time zone, whose months these are" }),
  months: Type.Array(
    Type.Object({
      month: Type.String({ pattern: '^\\d{4}-\\d{2}$', description: 'YYYY-MM' }),
      ...EarningsTotals.properties,
    }),
    { description: 'Oldest first, the current month last' },
  ),
  lastThreeMonths: EarningsTotals,
  rule: Type.Union([EarningsRule, Type.Null()], {
    description: 'The terms’ earnings rule for the current period; null unless approved and active',
  }),
})
export type EarningsSummary = Type.Static<typeof EarningsSummary>

/** A stretch of time from `from` (included) to `to` (excluded), as ISO instants. */
export const InstantRange = Type.Object({ from: IsoDateTime, to: IsoDateTime })
export type InstantRange = Type.Static<typeof InstantRange>

/** One week of the marketplace, Monday to Monday in the admin's zone. Amounts in USD cents. */
export const OverviewWeek = Type.Object({
  weekStart: Type.String({
    pattern: DATE_PATTERN,
    description: "The week's Monday in the admin's zone (YYYY-MM-DD)",
  }),
  from: Type.String({
    format: 'date-time',
    description: "The Monday's midnight in the admin's zone, as an ISO instant",
  }),
  to: Type.String({
    format: 'date-time',
    description: "The next Monday's midnight in the admin's zone (excluded), as an ISO instant",
  }),
  enrollments: Type.Integer({
    minimum: 0,
    description: 'Seats taken that week, free or paid, whether or not given back since',
  }),
  grossCents: Type.Integer({ minimum: 0, description: 'Payments captured that week' }),
  feeCents: Type.Integer({ minimum: 0, description: "The platform's fees of those payments" }),
  refundedCents: Type.Integer({ minimum: 0, description: 'Refunds that became due that week' }),
})
export type OverviewWeek = Type.Static<typeof OverviewWeek>

/**
 * The marketplace at a glance (GET /admin/overview), each figure the total of the list behind it
 * for the same bounds: weeks and their bounds are the admin's (`timezone`), Monday to Monday.
 */
export const AdminOverview = Type.Object({
  timezone: Type.String({ description: "The admin's IANA time zone, whose weeks these are" }),
  pendingEducators: Type.Integer({
    minimum: 0,
    description: 'Educators awaiting approval: GET /admin/users?state=awaiting_approval',
  }),
  licences: Type.Object(
    { free: Type.Integer({ minimum: 0 }), held: Type.Integer({ minimum: 0 }) },
    { description: 'The licences of GET /admin/video-licences without and with a holder' },
  ),
  thisWeek: InstantRange,
  sessionsThisWeek: Type.Integer({
    minimum: 0,
    description:
      'Sessions starting this week, not cancelled: GET /admin/sessions with `thisWeek` and cancelled=false',
  }),
  window: InstantRange,
  weeks: Type.Array(OverviewWeek, {
    minItems: OVERVIEW_WEEKS,
    maxItems: OVERVIEW_WEEKS,
    description: 'The weeks of `window`, oldest first, the current one last',
  }),
  cancelledTooFew: Type.Integer({
    minimum: 0,
    description:
      'Sessions starting in `window` cancelled for too few students: GET /admin/sessions with `window` and cancelled=true',
  }),
  refunds: Type.Object(
    { count: Type.Integer({ minimum: 0 }), cents: Type.Integer({ minimum: 0 }) },
    { description: 'Refunds due in `window`: GET /admin/refunds with `window`, and their sum' },
  ),
  belowEarningsRule: Type.Integer({
    minimum: 0,
    description:
      'Approved, active educators in a judged period whose share so far is under the minimum: GET /admin/users?state=below_earnings_rule',
  }),
  deactivatedEducators: Type.Integer({
    minimum: 0,
    description: 'Educators deactivated by the earnings rule: GET /admin/users?state=deactivated',
  }),
})
export type AdminOverview = Type.Static<typeof AdminOverview>

/** A session as the admin's list shows it, with its lesson, its educator and its seats. */
export const AdminSession = Type.Object({
  id: Id,
  lessonId: Id,
  lessonTitle: Type.String(),
  educator: Type.Object({ id: Id, name: Type.String() }),
  start_time: IsoDateTime,
  end_time: IsoDateTime,
  timezone: Type.String({ description: 'IANA time zone the educator scheduled it in' }),
  seatsTaken: Type.Integer({ minimum: 0, description: 'Seats students hold now' }),
  minSlots: Slots,
  maxSlots: Slots,
  decision: SeatDecision,
})
export type AdminSession = Type.Static<typeof AdminSession>

/** A refund as the admin's list shows it: the payment whose refund became due. */
export const AdminRefund = Type.Object({
  paymentId: Id,
  lessonId: Id,
  lessonTitle: Type.String(),
  sessionId: Type.Union([Id, Type.Null()], { description: 'Null once the session was deleted' }),
  sessionStart: Type.Union([IsoDateTime, Type.Null()]),
  student: Type.Object({ id: Id, name: Type.String() }),
  amountCents: Type.Integer({ minimum: 0 }),
  refundReason: Type.Union([RefundReason, Type.Null()]),
  status: Type.Union([Type.Literal('refunding'), Type.Literal('refunded')], {
    description: 'refunding: due, not yet confirmed by the provider; refunded: confirmed',
  }),
  refundDueAt: IsoDateTime,
})
export type AdminRefund = Type.Static<typeof AdminRefund>
