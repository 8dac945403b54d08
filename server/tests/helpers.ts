import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getTableName, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import type { ParamsOf, QueryOf, ResultOf } from '../../contract/client.ts'
import type { ErrorBody } from '../../contract/common.ts'
import { buildPath, type Descriptor } from '../../contract/descriptor.ts'
import * as auth from '../../contract/descriptors/auth.ts'
import { API_PREFIX, buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { type Database, type DatabaseHandle, memoryImage, openDatabase } from '../src/db/client.ts'
import * as schema from '../src/db/schema.ts'
import { users } from '../src/db/schema.ts'
import { bossDb } from '../src/jobs/boss-db.ts'
import { startJobEngine } from '../src/jobs/engine.ts'
import { SESSION_COOKIE } from '../src/plugins/auth.ts'
import { hashPassword } from '../src/crypto/passwords.ts'

export const APP_ORIGIN = 'http://localhost:3000'

/** An instant as a calendar file writes it in UTC: 20261211T090000Z. */
export const icsInstant = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
export const PASSWORD = 'Password1'

/** The migrated empty database every PGlite test file of this worker starts from. */
let image: Promise<Blob> | undefined
/**
 * That image: an embedded database opened from it (in memory, or in a new data folder) skips
 * initdb and the migrations, a few seconds each time.
 */
export const emptyDatabaseImage = () => (image ??= imageWithJobEngine())

/** The migrated database with the job engine's tables and queues, as an app's start makes them. */
const imageWithJobEngine = () =>
  memoryImage(async (handle) => {
    const boss = await startJobEngine(
      bossDb(handle, () => {}),
      false,
      () => {},
    )
    await boss.stop({ graceful: false, close: false })
  })

/**
 * The database's clock in tests: `now()` is testclock.now(), PostgreSQL's own plus a shift the
 * test sets (`testClock`), found before pg_catalog's on the search path. Tables are still created
 * in public, first on the path. The job engine's due times (`start_after < now()`) follow it.
 */
const TEST_CLOCK_SQL = `
  create schema if not exists testclock;
  create table if not exists testclock.shift (ms double precision not null);
  insert into testclock.shift select 0 where not exists (select 1 from testclock.shift);
  create or replace function testclock.now() returns timestamptz language sql stable
    as 'select pg_catalog.now() + make_interval(secs => (select ms from testclock.shift) / 1000)'`
const TEST_SEARCH_PATH = 'public, testclock, pg_catalog'

/**
 * The clock of a test: `set(at)` puts the app's (JavaScript's Date, faked) and the database's
 * (`now()`) at `at`, from where both run on; `reset` puts both back.
 */
export const testClock = (context: { db: Database }) => ({
  set: async (at: Date) => {
    // Running on from `at`, as the database's clock does: the embedded one reads this Date.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
    vi.setSystemTime(at)
    await context.db.execute(
      sql`update testclock.shift set ms = ${at.getTime()} - extract(epoch from pg_catalog.now()) * 1000`,
    )
  },
  reset: async () => {
    vi.useRealTimers()
    await context.db.execute(sql`update testclock.shift set ms = 0`)
  },
})

/** Any fixed number: the lock under which one test worker makes the template database. */
const TEMPLATE_LOCK = 746_216_302

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** The migrations and the job engine's version: a template made from others is not used. */
const schemaFingerprint = async () => {
  const folder = new URL('../src/db/migrations/', import.meta.url)
  const hash = createHash('sha256')
  for (const file of (await readdir(folder, { recursive: true })).sort()) {
    if (/\.(sql|json)$/.test(file)) hash.update(file).update(await readFile(new URL(file, folder)))
  }
  const boss = await readFile(new URL('../../node_modules/pg-boss/package.json', import.meta.url))
  return hash.update(boss).digest('hex').slice(0, 16)
}

let templateName: Promise<string> | undefined
/**
 * On a PostgreSQL server, the migrated database with the job engine's tables that each test
 * file's database is copied from (CREATE DATABASE … TEMPLATE), instead of migrating each one
 * (1.6 s a file). Made once per schema, by the first worker to need it; kept for later runs.
 */
const templateDatabase = (serverUrl: string) =>
  (templateName ??= (async () => {
    const name = `manabi_test_template_${await schemaFingerprint()}`
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    try {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK])
      const found = await admin.query('select 1 from pg_database where datname = $1', [name])
      if (found.rowCount === 0) {
        // Made under another name and renamed once whole: a run stopped halfway leaves no template.
        const building = `${name}_building`
        await admin.query(`DROP DATABASE IF EXISTS ${building}`)
        await admin.query(`CREATE DATABASE ${building}`)
        const handle = await openDatabase({ url: databaseUrl(serverUrl, building) })
        try {
          const boss = await startJobEngine(
            bossDb(handle, () => {}),
            false,
            () => {},
          )
          await boss.stop({ graceful: false, close: false })
        } finally {
          await handle.close()
        }
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`)
      }
    } finally {
      await admin.end()
    }
    return name
  })())

/**
 * The database of one test file: embedded PGlite in memory by default; with DATABASE_URL a fresh
 * database on that PostgreSQL server, dropped afterwards, so test files never share state.
 */
const openTestDatabase = async (): Promise<DatabaseHandle> => {
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) {
    // A test's tables are small: PostgreSQL's default buffers (128MB) only cost each file's
    // start (a quarter of a second) and memory.
    const handle = await openDatabase({
      dataDir: null,
      image: await emptyDatabaseImage(),
      sharedBuffers: '16MB',
    })
    await runScript(handle.db, `${TEST_CLOCK_SQL}; set search_path = ${TEST_SEARCH_PATH}`)
    return handle
  }
  const name = `manabi_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const template = await templateDatabase(serverUrl)
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`)
  // Every connection to it, the app's and a second instance's, reads the test clock.
  await admin.query(`ALTER DATABASE ${name} SET search_path = ${TEST_SEARCH_PATH}`)
  await admin.end()
  const handle = await openDatabase({ url: databaseUrl(serverUrl, name) })
  await handle.db.execute(sql.raw(TEST_CLOCK_SQL))
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

/**
 * The sequences of the app's tables' ids (serial and identity columns), not the catalogue
 * version's, which a restart of identities leaves running.
 */
const OWNED_SEQUENCES = `
  select d.objid as sequence, s.seqstart as start
  from pg_depend d
  join pg_sequence s on s.seqrelid = d.objid
  join pg_class t on t.oid = d.refobjid
  where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
    and d.deptype in ('a', 'i') and t.relnamespace = 'public'::regnamespace`

/** The app's tables but the catalogue's version, which its triggers alone keep. */
const dataTables = tableNames.filter((name) => name !== '"catalogue_version"')

/** Whether the job engine made its tables (the app's start does). */
const jobTablesExist = `to_regclass('pgboss.job') is not null`

/**
 * Deletes every row of the app's tables and the job engine's, with triggers and checks off. A
 * table past 256 kB (a generated world, or the rows deleted before) is truncated instead: deleted
 * rows stay in its pages, and the planner, which weighs pages, would read a big table differently
 * from one the test just filled.
 */
const DELETE_ALL = `
  set local session_replication_role = replica;
  do $$ declare
    big text[] := array(select name from unnest(array[${dataTables
      .map((name) => `'${name}'`)
      .join(', ')}]) as name where pg_relation_size(name) > 262144);
  begin
    if cardinality(big) > 0 then execute 'truncate ' || array_to_string(big, ', ') || ' cascade'; end if;
  end $$;
  ${dataTables.map((name) => `delete from ${name};`).join('\n  ')}
  do $$ begin
    if ${jobTablesExist} then delete from pgboss.job; delete from pgboss.archive; end if;
  end $$;`

/** A new catalogue version, as the truncate trigger gives, with any missing bucket put back. */
const RAISE_CATALOGUE_VERSION = `
  insert into catalogue_version (id, version)
    select bucket, nextval('catalogue_version_seq') from generate_series(0, 63) as bucket
    on conflict (id) do nothing;
  select catalogue_version_raised();`

/**
 * Every table emptied and every id sequence restarted, as `truncate … restart identity` does,
 * and the catalogue's version raised, as its truncate trigger does. Rows are deleted rather than
 * truncated: a truncate gives each table and index new files, about 100 ms a call on PGlite,
 * where deleting the few rows a test wrote takes a few. Triggers and foreign-key checks are off
 * while it deletes (session_replication_role), so no order is needed and no counter is kept.
 */
const EMPTY_ALL = `
  begin;
  ${DELETE_ALL}
  -- Materialised: the used-sequence filter must not run on pg_depend's other objects.
  with owned as materialized (${OWNED_SEQUENCES})
    select setval(sequence, start, false) from owned
    where pg_sequence_last_value(sequence) is not null;
  ${RAISE_CATALOGUE_VERSION}
  commit;`

/** Runs several statements as one script, on either engine. */
const runScript = async (db: Database, script: string) => {
  const client = (db as unknown as { $client: { exec?: (text: string) => Promise<unknown> } })
    .$client
  // PGlite's exec runs a script; node-postgres sends one without parameters as a simple query.
  if (client.exec) await client.exec(script)
  else await db.execute(sql.raw(script))
}

export const truncateAll = (db: Database) => runScript(db, EMPTY_ALL)

/** A table's copy in the `saved` schema: "users" is saved."users". */
const savedCopy = (name: string) => `saved."${name.replaceAll('"', '')}"`

/**
 * A copy of every row (the job engine's too) and of the id sequences' positions, in a schema of
 * its own, and of the stored files' bytes: `restore` puts all of it back in a few milliseconds,
 * where seeding a world again takes a tenth of a second or more. Sign-ins are rows, so the
 * cookies of the saved state work again after each restore.
 */
export const saveDatabase = async (context: TestContext) => {
  await runScript(
    context.db,
    `begin;
    drop schema if exists saved cascade;
    create schema saved;
    ${dataTables.map((name) => `create table ${savedCopy(name)} as select * from ${name};`).join('\n    ')}
    do $$ begin
      if ${jobTablesExist} then create table saved."pgboss.job" as select * from pgboss.job; end if;
    end $$;
    create table saved.sequences as
      with owned as materialized (${OWNED_SEQUENCES})
      select sequence::regclass as sequence, start, pg_sequence_last_value(sequence) as last_value
      from owned;
    commit;`,
  )
  const keys = await context.app.storage.keysStoredBefore(new Date(8.64e15))
  const files = await Promise.all(
    keys.map(async (key) => ({ key, bytes: await context.app.storage.get(key) })),
  )
  const restore = async () => {
    await runScript(
      context.db,
      `begin;
      ${DELETE_ALL}
      ${dataTables.map((name) => `insert into ${name} select * from ${savedCopy(name)};`).join('\n      ')}
      do $$ begin
        if ${jobTablesExist} then insert into pgboss.job select * from saved."pgboss.job"; end if;
      end $$;
      select setval(sequence, coalesce(last_value, start), last_value is not null)
        from saved.sequences;
      ${RAISE_CATALOGUE_VERSION}
      commit;`,
    )
    for (const { key, bytes } of files) if (bytes) await context.app.storage.put(key, bytes)
  }
  return { restore }
}

/** A real truncate of every table, for the tests of what a truncate triggers. */
export const truncateEveryTable = (db: Database) =>
  db.execute(sql.raw(`truncate ${tableNames.join(', ')} restart identity cascade`))

type Empty = Record<never, never>

/**
 * The path params of a call of `D`, by the endpoint's names. A value may be any string or number,
 * so a test can send an id the contract refuses ('abc', 0, 2^31, a NUL byte).
 */
type TestParams<D extends Descriptor> = [ParamsOf<D>] extends [undefined]
  ? { params?: never }
  : { params: { readonly [K in keyof ParamsOf<D>]: ParamsOf<D>[K] | string } }

/** The query of a call of `D`, by the endpoint's names; values the contract refuses allowed too. */
export type QueryInput<D extends Descriptor> = {
  readonly [K in keyof QueryOf<D>]?: QueryOf<D>[K] | string
}

type TestQuery<D extends Descriptor> = [QueryOf<D>] extends [undefined]
  ? { query?: never }
  : { query?: QueryInput<D> }

/**
 * What a test sends with a call: params and query of the endpoint; any body (a test may send one
 * the contract refuses, or a multipart payload with its content-type header); the session cookie.
 */
export type CallInput<D extends Descriptor> = TestParams<D> &
  TestQuery<D> & {
    cookie?: string | null
    body?: unknown
    headers?: Record<string, string>
  }

/** The input may be left out when the endpoint has no path params. */
type CallArgs<D extends Descriptor> =
  Empty extends CallInput<D> ? [input?: CallInput<D>] : [input: CallInput<D>]

/**
 * The answer to a call of `D`. Its JSON is read with `bodyOf` (a 2xx answer, typed by the
 * endpoint) or `errorOf` (the shared error body), never typed by hand: `json()` gives `unknown`.
 */
export type ApiResponse<D extends Descriptor = Descriptor> = Omit<
  LightMyRequestResponse,
  'json'
> & {
  json: () => unknown
  readonly descriptor: D
}

/** A request to a path that is not a contract endpoint (an unknown route, the OpenAPI document). */
export interface PathRequest {
  method: InjectOptions['method']
  url: string
  cookie?: string | null
  body?: unknown
  headers?: Record<string, string>
}

export interface TestContext {
  app: FastifyInstance
  db: Database
  /** The app's DATA_DIR (uploads live under it with the default FILE_STORAGE). */
  dataDir: string
  /**
   * Calls a contract endpoint as a browser on the app's origin does: method and path from the
   * descriptor, `cookie` signs the call in. `call(lessons.getLesson, { params: { id }, cookie })`.
   */
  call: <D extends Descriptor>(descriptor: D, ...[input]: CallArgs<D>) => Promise<ApiResponse<D>>
  /** The same for a path that is not a contract endpoint; tests of contract calls use `call`. */
  callPath: (request: PathRequest) => Promise<LightMyRequestResponse>
}

/** `?name=value&…` of the defined values, each encoded; empty when there are none. */
export const queryString = (query: Readonly<Record<string, unknown>> = {}) => {
  const pairs = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
  return pairs.length > 0 ? `?${pairs.join('&')}` : ''
}

/** Where a call goes, before the API base: the endpoint's params and query. */
export interface Address {
  params?: Readonly<Record<string, string | number>>
  query?: Readonly<Record<string, unknown>>
}

/** The URL of a call of the descriptor relative to the API base: path params filled, query added. */
export const urlOf = (descriptor: Descriptor, { params, query }: Address = {}) =>
  `${buildPath(descriptor.path, params)}${queryString(query)}`

const isSuccess = (status: number) => status >= 200 && status < 300

/** The JSON body of a successful answer, typed by the endpoint; any other status throws. */
export const bodyOf = <D extends Descriptor>(response: ApiResponse<D>): ResultOf<D> => {
  const { method, path } = response.descriptor
  if (!isSuccess(response.statusCode)) {
    throw new Error(`${method} ${path} answered ${response.statusCode}: ${response.body}`)
  }
  return response.json() as ResultOf<D>
}

/** The shared error body of a refused call (4xx or 5xx); a successful answer throws. */
export const errorOf = (response: ApiResponse): ErrorBody => {
  const { method, path } = response.descriptor
  if (response.statusCode < 400) {
    throw new Error(`${method} ${path} answered ${response.statusCode}, not an error`)
  }
  return response.json() as ErrorBody
}

/**
 * Builds the real app with production options for one test file and empties every table after
 * each test. Rate limits are set high unless a test file asks otherwise.
 */
export const setupTestApp = (
  options: {
    rateLimitMax?: number
    /** Collects every line the app logs at error level (none unless given). */
    errorLog?: string[]
    /** The level from which `errorLog` collects lines: `error` unless told. */
    logLevel?: 'error' | 'warn' | 'info'
    /** More environment for the app's configuration, read when the app is built. */
    env?: () => Record<string, string>
    /** How long one call to the payment provider may take. */
    providerTimeoutMs?: number
    /**
     * Whether every table is emptied after each test (the default). A file that restores its
     * own state (with `truncateAll`) turns it off.
     */
    truncateAfterEach?: boolean
  } = {},
) => {
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
      ...options.env?.(),
    })
    context.app = await buildApp({
      config,
      database,
      closeDatabase: false,
      rateLimit: { max: options.rateLimitMax ?? 10_000, timeWindow: 60_000 },
      // Tests run the jobs themselves (runDueJobs, housekeeping), at the instants they choose.
      workJobs: false,
      ...(options.providerTimeoutMs ? { providerTimeoutMs: options.providerTimeoutMs } : {}),
      // A test's first catalogue read on a busy machine may take longer than a page waits for
      // its cover; the wait itself is tested on the plugin alone (spa.test.ts).
      coverBudgetMs: 10_000,
      ...(options.errorLog
        ? {
            logger: {
              level: options.logLevel ?? 'error',
              stream: { write: (line: string) => void options.errorLog?.push(line) },
            },
          }
        : {}),
    })
    await context.app.ready()
    context.db = database.db
    context.dataDir = dataDir
    context.callPath = async ({ method, url, cookie, body, headers }) => {
      const response = await context.app.inject({
        method,
        url: `${API_PREFIX}${url}`,
        headers: {
          origin: APP_ORIGIN,
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
        ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
      })
      // What the call does after its answer (an account e-mail) is done before the test reads on.
      await context.app.afterAnswer.settled()
      return response
    }
    context.call = async (descriptor, ...[input]) => {
      const { cookie, body, headers, ...address } = input ?? {}
      const response = await context.callPath({
        method: descriptor.method,
        url: urlOf(descriptor, address as Address),
        cookie,
        body,
        headers,
      })
      return Object.assign(response, { descriptor })
    }
  })

  afterEach(async () => {
    if (options.truncateAfterEach !== false) await truncateAll(database.db)
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
  const response = await context.call(auth.login, {
    body: { email: user.email, password: user.password },
  })
  const cookie = [response.cookies].flat().find((item) => item.name === SESSION_COOKIE)
  if (response.statusCode !== 200 || !cookie) {
    throw new Error(`Sign-in failed (${response.statusCode}): ${response.body}`)
  }
  return `${SESSION_COOKIE}=${cookie.value}`
}

/**
 * The test file's database as another app instance (or pg-boss) takes it: the same connection,
 * of the engine the file runs on; closing it only calls `onClose` (the file closes the database).
 */
export const sameDatabase = (
  context: { db: Database },
  onClose: () => Promise<void> = async () => {},
): DatabaseHandle => ({
  db: context.db,
  kind: process.env.DATABASE_URL ? 'postgres' : 'pglite',
  close: onClose,
})

/**
 * A second instance of the API on the test file's database, as behind a load balancer: on
 * PostgreSQL with connections of its own, as another process would have; on PGlite the same
 * database. Ready before the file's tests, closed after them; `.app` is the instance.
 */
export const setupSecondApp = (
  context: TestContext,
  options: { rateLimit?: { max: number; timeWindow: number } } = {},
) => {
  const second = {} as { app: FastifyInstance }
  let ownDatabase: DatabaseHandle | undefined
  beforeAll(async () => {
    let database = sameDatabase(context)
    const serverUrl = process.env.DATABASE_URL
    if (serverUrl) {
      const result = await context.db.execute(sql`select current_database() as name`)
      const [row] = (result as { rows: { name: string }[] }).rows
      const url = new URL(serverUrl)
      url.pathname = `/${row?.name ?? ''}`
      ownDatabase = await openDatabase({ url: url.toString() })
      database = ownDatabase
    }
    second.app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: context.dataDir,
        APP_ORIGIN,
        SEED_DEMO: 'false',
      }),
      database,
      closeDatabase: false,
      workJobs: false,
      ...options,
    })
    await second.app.ready()
  })
  afterAll(async () => {
    await second.app?.close()
    await ownDatabase?.close()
  })
  return second
}
