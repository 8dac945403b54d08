import { resolve } from 'node:path'
import Type from 'typebox'
import Value from 'typebox/value'
import { DEFAULT_PAYMENT_HOLD_MINUTES, DEFAULT_PLATFORM_FEE_PERCENT } from '../../contract/rules.ts'

/** Server configuration from environment variables (all listed in .env.example). */
const ConfigSchema = Type.Object({
  NODE_ENV: Type.Enum(['development', 'production', 'test'], { default: 'development' }),
  HOST: Type.String({ default: '127.0.0.1' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  /** Embedded database and uploads. */
  DATA_DIR: Type.String({ default: './data' }),
  /** A PostgreSQL server instead of the embedded database. */
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  /** Mail transport; without it e-mails stay in the outbox table and are logged. */
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  MAIL_FROM: Type.String({ default: 'Manabi <no-reply@manabi.example>' }),
  /** The public origin of the app: links in e-mails, and the origin allowed to change state. */
  APP_ORIGIN: Type.String({ pattern: '^https?://[^/]+$', default: 'http://localhost:3000' }),
  /** Serve the built SPA from this folder (npm start); empty for API only. */
  SPA_DIR: Type.String({ default: '' }),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    default: 'info',
  }),
  /** Attempts per minute one client may make at login, registration and password reset. */
  AUTH_RATE_LIMIT: Type.Integer({ minimum: 1, default: 10 }),
  /** Seed demo data into an empty database on start. */
  SEED_DEMO: Type.Boolean({ default: true }),
  /**
   * PayPal REST credentials and the webhook's id. Without client id and secret the server runs
   * its built-in stand-in for PayPal (test payments, no money moves), never with `live`.
   */
  PAYPAL_CLIENT_ID: Type.Optional(Type.String({ minLength: 1 })),
  PAYPAL_CLIENT_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  PAYPAL_WEBHOOK_ID: Type.Optional(Type.String({ minLength: 1 })),
  PAYPAL_ENV: Type.Enum(['sandbox', 'live'], { default: 'sandbox' }),
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
})

export type Config = Type.Static<typeof ConfigSchema>

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
  if (converted.PAYPAL_CLIENT_ID && !converted.PAYPAL_WEBHOOK_ID) {
    throw new ConfigError(
      'Invalid configuration: PAYPAL_WEBHOOK_ID is needed with PayPal credentials',
    )
  }
  return {
    ...converted,
    DATA_DIR: resolve(converted.DATA_DIR),
    SPA_DIR: converted.SPA_DIR ? resolve(converted.SPA_DIR) : '',
  }
}
