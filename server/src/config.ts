import { resolve } from 'node:path'
import Type from 'typebox'
import Value from 'typebox/value'

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
})

export type Config = Type.Static<typeof ConfigSchema>

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
    throw new Error(`Invalid configuration: ${problems.join('; ')}`)
  }
  return {
    ...converted,
    DATA_DIR: resolve(converted.DATA_DIR),
    SPA_DIR: converted.SPA_DIR ? resolve(converted.SPA_DIR) : '',
  }
}
