import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getTableName, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { API_PREFIX, buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { type Database, type DatabaseHandle, openDatabase } from '../src/db/client.ts'
import * as schema from '../src/db/schema.ts'
import { users } from '../src/db/schema.ts'
import { SESSION_COOKIE } from '../src/plugins/auth.ts'
import { hashPassword } from '../src/crypto/passwords.ts'

export const APP_ORIGIN = 'http://localhost:3000'
export const PASSWORD = 'Password1'

/**
 * The database of one test file: embedded PGlite in memory by default; with DATABASE_URL a fresh
 * database on that PostgreSQL server, dropped afterwards, so test files never share state.
 */
const openTestDatabase = async (): Promise<DatabaseHandle> => {
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) return openDatabase({ dataDir: null })
  const name = `manabi_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ url: url.toString() })
  return {
    ...handle,
    close: async () => {
      await handle.close()
      const cleaner = new pg.Client({ connectionString: serverUrl })
      await cleaner.connect()
      await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await cleaner.end()
    },
  }
}

const tableNames = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => `"${getTableName(table)}"`)
  .join(', ')

const truncateAll = async (db: Database) => {
  await db.execute(sql.raw(`truncate ${tableNames} restart identity cascade`))
}

export interface TestContext {
  app: FastifyInstance
  db: Database
  /** The API as a browser on the app's origin calls it; `cookie` signs the call in. */
  call: (options: CallOptions) => Promise<LightMyRequestResponse>
}

export interface CallOptions {
  method: InjectOptions['method']
  url: string
  cookie?: string | null
  body?: unknown
  headers?: Record<string, string>
}

/**
 * Builds the real app with production options for one test file and empties every table after
 * each test. Rate limits are set high unless a test file asks otherwise.
 */
export const setupTestApp = (options: { rateLimitMax?: number } = {}) => {
  const context = {} as TestContext
  let database: DatabaseHandle
  let dataDir: string

  beforeAll(async () => {
    database = await openTestDatabase()
    dataDir = await mkdtemp(join(tmpdir(), 'manabi-test-'))
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      APP_ORIGIN,
      SEED_DEMO: 'false',
    })
    context.app = await buildApp({
      config,
      database,
      closeDatabase: false,
      rateLimit: { max: options.rateLimitMax ?? 10_000, timeWindow: 60_000 },
    })
    await context.app.ready()
    context.db = database.db
    context.call = ({ method, url, cookie, body, headers }) =>
      context.app.inject({
        method,
        url: `${API_PREFIX}${url}`,
        headers: {
          origin: APP_ORIGIN,
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
        ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
      })
  })

  afterEach(async () => {
    await truncateAll(database.db)
  })

  afterAll(async () => {
    await context.app?.close()
    await database?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  return context
}

export type UserFixture = typeof users.$inferSelect & { password: string }

let userCounter = 0

/** Inserts a user straight into the database: confirmed and (educators) approved unless told. */
export const createUser = async (
  db: Database,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<UserFixture> => {
  userCounter += 1
  const { password = PASSWORD, ...rest } = overrides
  const role = rest.role ?? 'student'
  const [row] = await db
    .insert(users)
    .values({
      name: `Test ${role} ${userCounter}`,
      email: `${role}${userCounter}@test.example`,
      passwordHash: await hashPassword(password),
      role,
      emailConfirmedAt: new Date(),
      approvedAt: role === 'educator' ? new Date() : null,
      ...rest,
    })
    .returning()
  if (!row) throw new Error('User was not created')
  return { ...row, password }
}

/** Signs a user in through POST /auth/login and returns the session cookie for later calls. */
export const signIn = async (context: TestContext, user: { email: string; password: string }) => {
  const response = await context.call({
    method: 'POST',
    url: '/auth/login',
    body: { email: user.email, password: user.password },
  })
  const cookie = [response.cookies].flat().find((item) => item.name === SESSION_COOKIE)
  if (response.statusCode !== 200 || !cookie) {
    throw new Error(`Sign-in failed (${response.statusCode}): ${response.body}`)
  }
  return `${SESSION_COOKIE}=${cookie.value}`
}
