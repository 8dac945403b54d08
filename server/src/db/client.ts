import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { lockDataDir } from './data-dir-lock.ts'
import { PreparingPGlite, preparingStatements } from './prepared-statements.ts'
import * as schema from './schema.ts'

export type Schema = typeof schema
export type Database = PgDatabase<PgQueryResultHKT, Schema>
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>
/** Repositories take either the database or a transaction, so a route can group writes. */
export type Executor = Database | Transaction

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  close: () => Promise<void>
}

/** Beside this module, and beside the built server (scripts/build-server.mjs copies them there). */
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

export type DatabaseOptions =
  | { url: string }
  /**
   * `dataDir` null keeps the embedded database in memory (tests); `image` starts it from a copy
   * made by `memoryImage` instead of an empty one; `sharedBuffers` (PostgreSQL's size, such as
   * 16MB) replaces the default 128MB.
   */
  | { dataDir: string | null; image?: Blob; sharedBuffers?: string }

/** Any fixed number: the advisory lock instances of this app take to migrate one at a time. */
const MIGRATION_LOCK = 746_216_301

/**
 * Runs `work` while holding a PostgreSQL advisory lock (any fixed number), so instances starting
 * together do it one at a time: the others wait, then find nothing left to do.
 */
const oneAtATime = async <T>(pool: pg.Pool, lock: number, work: () => Promise<T>) => {
  const lockHolder = await pool.connect()
  try {
    await lockHolder.query('select pg_advisory_lock($1)', [lock])
    try {
      return await work()
    } finally {
      await lockHolder.query('select pg_advisory_unlock($1)', [lock])
    }
  } finally {
    lockHolder.release()
  }
}

/** Runs migrations one instance at a time (an advisory lock): each is applied once. */
const migrateOnce = (pool: pg.Pool, migrate: () => Promise<void>) =>
  oneAtATime(pool, MIGRATION_LOCK, migrate)

/**
 * Runs start-up work on the database (creating the job engine's tables and queues) one instance
 * at a time on PostgreSQL, where instances starting together would deadlock on it; the embedded
 * database has one process.
 */
export const startingAlone = <T>(handle: DatabaseHandle, lock: number, work: () => Promise<T>) =>
  handle.kind === 'postgres'
    ? oneAtATime((handle.db as unknown as { $client: pg.Pool }).$client, lock, work)
    : work()

/** Opens the database and brings its schema up to date; one set of migrations serves both. */
export const openDatabase = async (options: DatabaseOptions): Promise<DatabaseHandle> => {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 })
    // PostgreSQL may close an idle connection (a restart, an administrator's kill); the pool opens
    // a new one on the next query. Unheard, the error would end the whole process.
    pool.on('error', (error) =>
      console.warn(`PostgreSQL closed an idle connection: ${error.message}`),
    )
    pool.on('connect', preparingStatements)
    const db = drizzlePg(pool, { schema })
    try {
      await migrateOnce(pool, () => migratePg(db, { migrationsFolder }))
    } catch (error) {
      await pool.end()
      throw error
    }
    return { db, kind: 'postgres', close: () => pool.end() }
  }
  let dataDir: string | undefined
  let unlock = () => {}
  if (options.dataDir) {
    dataDir = join(options.dataDir, 'pglite')
    mkdirSync(dataDir, { recursive: true })
    // PGlite is one process's database: a second server on the folder would corrupt it.
    unlock = lockDataDir(options.dataDir)
  }
  let client: PGlite | undefined
  try {
    client = await PreparingPGlite.open({
      dataDir,
      loadDataDir: 'image' in options ? options.image : undefined,
      extensions: { btree_gist, pg_trgm },
      ...(options.sharedBuffers && {
        startParams: [
          ...PGlite.defaultStartParams,
          '-c',
          `shared_buffers=${options.sharedBuffers}`,
        ],
      }),
    })
    const db = drizzlePglite(client, { schema })
    await migratePglite(db, { migrationsFolder })
    const opened = client
    return {
      db,
      kind: 'pglite',
      close: async () => {
        try {
          await opened.close()
        } finally {
          unlock()
        }
      },
    }
  } catch (error) {
    await client?.close()
    unlock()
    throw error
  }
}

/**
 * A copy of a migrated, empty embedded database. Test files start from it: loading it takes a
 * fraction of the time running every migration on a new database does.
 */
export const memoryImage = async (
  /** More to make in it once migrated (the tests' job engine tables). */
  prepare: (handle: DatabaseHandle) => Promise<void> = async () => {},
): Promise<Blob> => {
  const client = await PGlite.create({ extensions: { btree_gist, pg_trgm } })
  try {
    const db = drizzlePglite(client, { schema })
    await migratePglite(db, { migrationsFolder })
    await prepare({ db, kind: 'pglite', close: async () => {} })
    return await client.dumpDataDir('none')
  } finally {
    await client.close()
  }
}
