import { resolve } from 'node:path'
import Type from 'typebox'
import Value from 'typebox/value'
import {
  AUTH_ATTEMPTS_PER_WINDOW,
  DEFAULT_PAYMENT_HOLD_MINUTES,
  DEFAULT_SEAT_DECISION_HOURS,
  DEFAULT_WAITLIST_OFFER_MINUTES,
  SEAT_DECISION_HOURS_MAX,
  WAITLIST_OFFER_MINUTES_MAX,
  DEFAULT_PLATFORM_FEE_PERCENT,
  DEFAULT_UNATTACHED_UPLOAD_HOURS,
  DEFAULT_UPLOAD_QUOTA_MB,
  DEFAULT_EARNINGS_MIN_JPY,
  DEFAULT_EARNINGS_USD_JPY,
  DEFAULT_SUPPORT_EMAIL,
  EARNINGS_MIN_JPY_MAX,
  EARNINGS_USD_JPY_DECIMALS,
  EARNINGS_USD_JPY_MAX,
  EMAIL_PATTERN,
  isEarningsRate,
} from '../../contract/rules.ts'

/** Sessions are reminded of a day and an hour before they start. */
const DEFAULT_REMINDER_LEADS = '24h,1h'

/** Server configuration from environment variables (all listed in .env.example). */
const ConfigSchema = Type.Object({
  NODE_ENV: Type.Enum(['development', 'production', 'test'], { default: 'development' }),
  /** The interface to listen on: `localhost` (this machine only), or `0.0.0.0` for every one. */
  HOST: Type.String({ default: 'localhost' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  /**
   * The reverse proxies in front of the server, whose X-Forwarded-For names the client: their
   * addresses or subnets (comma-separated, or loopback, linklocal, uniquelocal), or how many
   * proxies there are. Empty: no proxy, the connection's address is the client's.
   */
  TRUST_PROXY: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F.:/, a-z]+$' })),
  /** Embedded database and uploads. */
  DATA_DIR: Type.String({ default: './data' }),
  /** A PostgreSQL server instead of the embedded database. */
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  /** Mail transport; without it e-mails stay in the outbox table and are logged. */
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  MAIL_FROM: Type.String({ default: 'Manabi <no-reply@manabi.example>' }),
  /**
   * The public origin of the app: links in e-mails, and the origin allowed to change state.
   * By default http://localhost:PORT (also reached as 127.0.0.1 and [::1]).
   */
  APP_ORIGIN: Type.Optional(Type.String({ pattern: '^https?://[^/]+$' })),
  /** Serve the built SPA from this folder (npm start); empty for API only. */
  SPA_DIR: Type.String({ default: '' }),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    default: 'info',
  }),
  /**
   * Which requests are logged (at info): `all` (each one, as it comes and as it is answered),
   * `errors` (only those answered 4xx or 5xx, or slower than LOG_SLOW_MS), `off` (none). Failures
   * are logged at error level whatever the setting. By default `errors` in production, else `all`.
   */
  LOG_REQUESTS: Type.Optional(Type.Enum(['all', 'errors', 'off'])),
  /** An answer slower than this, in milliseconds, is logged with LOG_REQUESTS=errors. */
  LOG_SLOW_MS: Type.Integer({ minimum: 0, default: 1000 }),
  /**
   * Serve Prometheus metrics at /api/metrics to a scraper that sends this secret as a bearer
   * token (`Authorization: Bearer …`); without it the endpoint does not exist.
   */
  METRICS_TOKEN: Type.Optional(
    Type.String({ minLength: 16, maxLength: 256, pattern: '^[\\x21-\\x7e]+$' }),
  ),
  /** Serve the OpenAPI document at /api/docs/json; by default everywhere but in production. */
  OPENAPI_DOCS: Type.Optional(Type.Boolean()),
  /**
   * Where uploaded files live: `folder` (DATA_DIR/uploads, one server) or `database` (the
   * database itself, shared by every instance behind a load balancer).
   */
  FILE_STORAGE: Type.Enum(['folder', 'database'], { default: 'folder' }),
  /**
   * What one educator's uploads (covers and material files, in use or not) may take up in all,
   * in MB (1024: 1 GB); an upload past it is refused.
   */
  UPLOAD_QUOTA_MB: Type.Integer({ minimum: 1, default: DEFAULT_UPLOAD_QUOTA_MB }),
  /**
   * An upload no lesson shows as its cover and no material offers is removed (row and bytes)
   * once this many hours old.
   */
  UNATTACHED_UPLOAD_HOURS: Type.Integer({ minimum: 1, default: DEFAULT_UNATTACHED_UPLOAD_HOURS }),
  /**
   * Calls per minute one client address may make at login, registration and password reset; also
   * the wrong passwords per minute an account takes from browsers it has not signed in on, and
   * each browser it has.
   */
  AUTH_RATE_LIMIT: Type.Integer({ minimum: 1, default: AUTH_ATTEMPTS_PER_WINDOW }),
  /** Seed demo data into an empty database on start. */
  SEED_DEMO: Type.Boolean({ default: true }),
  /**
   * PayPal REST credentials and the webhook's id. Without client id and secret the server runs
   * its built-in stand-in for PayPal (test payments, no money moves), never with `live`, and in
   * production only with PAYPAL_STANDIN=true: a deployment that forgot them refuses to start.
   */
  PAYPAL_CLIENT_ID: Type.Optional(Type.String({ minLength: 1 })),
  PAYPAL_CLIENT_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  PAYPAL_WEBHOOK_ID: Type.Optional(Type.String({ minLength: 1 })),
  PAYPAL_ENV: Type.Enum(['sandbox', 'live'], { default: 'sandbox' }),
  /**
   * Run the built-in PayPal stand-in in production (`npm start` sets it for the demo). Without
   * PayPal credentials it is the default in development and tests; with them it never runs.
   */
  PAYPAL_STANDIN: Type.Boolean({ default: false }),
  /** PayPal's REST base URL; by default the one of PAYPAL_ENV (tests point it at a local fake). */
  PAYPAL_API_URL: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  /** How long opening a payment holds the seat, in minutes. */
  PAYMENT_HOLD_MINUTES: Type.Integer({
    minimum: 1,
    maximum: 180,
    default: DEFAULT_PAYMENT_HOLD_MINUTES,
  }),
  /** The platform's fee per transaction, in percent (two decimals at most). */
  PLATFORM_FEE_PERCENT: Type.Number({
    minimum: 0,
    maximum: 100,
    default: DEFAULT_PLATFORM_FEE_PERCENT,
  }),
  /**
   * When sessions are reminded of by e-mail (to the students with a seat and the educator): lead
   * times before the start, as hours (`24h`) or minutes (`30m`), comma-separated; `none` sends no
   * reminders.
   */
  REMINDER_LEADS: Type.String({
    pattern: '^(none|\\d{1,5}[hm](,\\d{1,5}[hm])*)$',
    default: DEFAULT_REMINDER_LEADS,
  }),
  /**
   * How many hours before its start a session is confirmed, or cancelled and refunded when fewer
   * students than its lesson's minimum seats have enrolled.
   */
  MIN_SEATS_CUTOFF_HOURS: Type.Integer({
    minimum: 1,
    maximum: SEAT_DECISION_HOURS_MAX,
    default: DEFAULT_SEAT_DECISION_HOURS,
  }),
  /** How long a seat freed in a full session is held for the first student waiting, in minutes. */
  WAITLIST_OFFER_MINUTES: Type.Integer({
    minimum: 1,
    maximum: WAITLIST_OFFER_MINUTES_MAX,
    default: DEFAULT_WAITLIST_OFFER_MINUTES,
  }),
  /** Yen per US dollar, at which educators' earnings are weighed against EARNINGS_MIN_JPY. */
  EARNINGS_USD_JPY: Type.Number({
    exclusiveMinimum: 0,
    maximum: EARNINGS_USD_JPY_MAX,
    default: DEFAULT_EARNINGS_USD_JPY,
  }),
  /**
   * The terms' rule (§9): the yen an approved educator must earn in each period of three months,
   * or their account is deactivated at its end.
   */
  EARNINGS_MIN_JPY: Type.Integer({
    minimum: 0,
    maximum: EARNINGS_MIN_JPY_MAX,
    default: DEFAULT_EARNINGS_MIN_JPY,
  }),
  /** The support mailbox e-mails name (a deactivated educator writes to it). */
  SUPPORT_EMAIL: Type.String({ pattern: EMAIL_PATTERN, default: DEFAULT_SUPPORT_EMAIL }),
})

type Settings = Type.Static<typeof ConfigSchema>

export type Config = Omit<
  Settings,
  'APP_ORIGIN' | 'TRUST_PROXY' | 'OPENAPI_DOCS' | 'LOG_REQUESTS' | 'REMINDER_LEADS'
> & {
  /** REMINDER_LEADS in minutes, longest first, each once. */
  reminderLeadsMinutes: number[]
  APP_ORIGIN: string
  OPENAPI_DOCS: boolean
  LOG_REQUESTS: NonNullable<Settings['LOG_REQUESTS']>
  /** Origins whose pages may change state: APP_ORIGIN, or this machine's names for the default. */
  allowedOrigins: string[]
  /** Fastify's `trustProxy`: false, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[]
}

/** The proxy setting Fastify takes; `true` is refused: it would trust any client's header. */
const parseTrustProxy = (value: string | undefined): Config['trustProxy'] => {
  const text = value?.trim() ?? ''
  if (text === '' || text === 'false') return false
  if (/^\d+$/.test(text)) return Number(text)
  const addresses = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  if (addresses.includes('true')) {
    throw new ConfigError(
      'Invalid configuration: TRUST_PROXY=true would let any client choose its address; ' +
        "give the proxies' addresses or their number",
    )
  }
  return addresses
}

/** A reminder is sent at most this long before its session: 30 days. */
const LONGEST_REMINDER_LEAD_MINUTES = 30 * 24 * 60

/** "24h,1h" → [1440, 60]; "none" → []. */
const parseReminderLeads = (value: string): number[] => {
  if (value === 'none') return []
  const minutes = value
    .split(',')
    .map((lead) => Number(lead.slice(0, -1)) * (lead.endsWith('h') ? 60 : 1))
  for (const lead of minutes) {
    if (lead < 1 || lead > LONGEST_REMINDER_LEAD_MINUTES) {
      throw new ConfigError(
        'Invalid configuration: REMINDER_LEADS takes lead times from 1m to 720h, e.g. 24h,1h',
      )
    }
  }
  return [...new Set(minutes)].sort((a, b) => b - a)
}

/** The default origin: this machine on PORT, under each name a browser may use for it. */
const localOrigins = (port: number) =>
  ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${port}`)

/** Why a production server without PayPal credentials, and without the opt-in, does not start. */
export const STANDIN_REFUSED =
  'Invalid configuration: NODE_ENV=production without PayPal credentials. Set ' +
  'PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID to take real payments, or ' +
  'PAYPAL_STANDIN=true to run the built-in PayPal stand-in (test payments, no money moves)'

/** A configuration the server cannot start with; the message names the variable to fix. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const raw: Record<string, unknown> = {}
  for (const key of Object.keys(ConfigSchema.properties)) {
    const value = env[key]
    if (value !== undefined && value !== '') raw[key] = value
  }
  // A whole-number setting takes whole numbers only: converting would read "1.5" as 1.
  for (const [key, schema] of Object.entries(ConfigSchema.properties)) {
    const value = raw[key]
    if ('type' in schema && schema.type === 'integer' && typeof value === 'string') {
      if (!/^\s*-?\d+\s*$/.test(value)) {
        throw new ConfigError(`Invalid configuration: ${key} must be a whole number`)
      }
    }
  }
  const converted = Value.Convert(ConfigSchema, Value.Default(ConfigSchema, raw))
  if (!Value.Check(ConfigSchema, converted)) {
    const problems = [...Value.Errors(ConfigSchema, converted)].map(
      (error) => `${error.instancePath.slice(1) || 'config'} ${error.message}`,
    )
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`)
  }
  const paypalKeys = [converted.PAYPAL_CLIENT_ID, converted.PAYPAL_CLIENT_SECRET]
  if (paypalKeys.filter(Boolean).length === 1) {
    throw new ConfigError(
      'Invalid configuration: set both PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET, or neither',
    )
  }
  if (converted.PAYPAL_ENV === 'live' && !converted.PAYPAL_CLIENT_ID) {
    throw new ConfigError('Invalid configuration: PAYPAL_ENV=live needs PayPal credentials')
  }
  if (
    converted.NODE_ENV === 'production' &&
    !converted.PAYPAL_CLIENT_ID &&
    !converted.PAYPAL_STANDIN
  ) {
    throw new ConfigError(STANDIN_REFUSED)
  }
  // The fee is kept in basis points: a third decimal would be rounded away without a word.
  if (!Number.isInteger(Math.round(converted.PLATFORM_FEE_PERCENT * 1e6) / 1e4)) {
    throw new ConfigError('Invalid configuration: PLATFORM_FEE_PERCENT takes at most 2 decimals')
  }
  if (!isEarningsRate(converted.EARNINGS_USD_JPY)) {
    throw new ConfigError(
      `Invalid configuration: EARNINGS_USD_JPY takes at most ${EARNINGS_USD_JPY_DECIMALS} decimals`,
    )
  }
  if (converted.PAYPAL_CLIENT_ID && !converted.PAYPAL_WEBHOOK_ID) {
    throw new ConfigError(
      'Invalid configuration: PAYPAL_WEBHOOK_ID is needed with PayPal credentials',
    )
  }
  const { TRUST_PROXY, APP_ORIGIN, OPENAPI_DOCS, LOG_REQUESTS, REMINDER_LEADS, ...settings } =
    converted
  const allowedOrigins = APP_ORIGIN ? [APP_ORIGIN] : localOrigins(converted.PORT)
  return {
    ...settings,
    APP_ORIGIN: allowedOrigins[0] ?? '',
    allowedOrigins,
    trustProxy: parseTrustProxy(TRUST_PROXY),
    reminderLeadsMinutes: parseReminderLeads(REMINDER_LEADS),
    OPENAPI_DOCS: OPENAPI_DOCS ?? converted.NODE_ENV !== 'production',
    LOG_REQUESTS: LOG_REQUESTS ?? (converted.NODE_ENV === 'production' ? 'errors' : 'all'),
    DATA_DIR: resolve(converted.DATA_DIR),
    SPA_DIR: converted.SPA_DIR ? resolve(converted.SPA_DIR) : '',
  }
}
