import { PGlite } from '@electric-sql/pglite'
import { eq, sql } from 'drizzle-orm'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../src/db/client.ts'
import { pgErrorCode } from '../src/db/errors.ts'
import {
  PREPARED_EMBEDDED,
  PREPARED_PER_CONNECTION,
  PREPARED_TEXT_LIMIT,
} from '../src/db/prepared-statements.ts'
import { users } from '../src/db/schema.ts'
import { builtOnce } from '../src/repositories/built-once.ts'
import { setupTestApp } from './helpers.ts'

const context = setupTestApp()

/** One connection of the database, as the server's queries reach it: PGlite has only one. */
interface Connection {
  query: <R>(text: string, values?: unknown[]) => Promise<R[]>
  transaction: <T>(work: (query: Connection['query']) => Promise<T>) => Promise<T>
  release: () => void
}

const connectionOf = async (db: Database): Promise<Connection> => {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client
  if (client instanceof PGlite) {
    const query = async <R>(text: string, values?: unknown[]) =>
      (await client.query<R>(text, values)).rows
    return {
      query,
      transaction: (work) =>
        client.transaction((tx) =>
          work(
            async <R>(text: string, values?: unknown[]) => (await tx.query<R>(text, values)).rows,
          ),
        ),
      release: () => {},
    }
  }
  const connection = await client.connect()
  const query = async <R>(text: string, values?: unknown[]) =>
    (await connection.query(text, values)).rows as R[]
  return {
    query,
    transaction: async (work) => {
      await connection.query('begin')
      try {
        const result = await work(query)
        await connection.query('commit')
        return result
      } catch (error) {
        await connection.query('rollback')
        throw error
      }
    },
    release: () => connection.release(),
  }
}

/** The statements prepared on the connection (this question itself has no values: not one). */
const preparedOn = async (connection: Connection) =>
  (
    await connection.query<{ statement: string }>(
      'select statement from pg_prepared_statements order by prepare_time',
    )
  ).map((row) => row.statement)

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database'
const limit = process.env.DATABASE_URL ? PREPARED_PER_CONNECTION : PREPARED_EMBEDDED

describe(`prepared statements on ${engine}`, () => {
  let connection: Connection
  beforeAll(async () => {
    connection = await connectionOf(context.db)
  })
  afterAll(() => connection.release())

  it('prepares a statement with values once and runs it with other values', async () => {
    const text = 'select $1::int + 1 as next'
    expect(await connection.query(text, [1])).toEqual([{ next: 2 }])
    expect(await connection.query(text, [41])).toEqual([{ next: 42 }])
    expect((await preparedOn(connection)).filter((statement) => statement === text)).toHaveLength(1)
  })

  it('sends and reads values of every kind as an unprepared statement does', async () => {
    const at = new Date('2026-11-28T10:00:00.000Z')
    const text =
      'select $1::timestamptz as at, $2::text[] as tags, $3::jsonb as data, $4::int as nothing, ' +
      '$5::text as name, $6::boolean as yes, $7::bigint as big'
    const values = [
      at,
      ['a', 'b,c'],
      { a: [1, 'x'] },
      null,
      "O'Brien\u3042",
      true,
      '9007199254740993',
    ]
    const [prepared] = await connection.query<Record<string, unknown>>(text, values)
    const [again] = await connection.query<Record<string, unknown>>(text, values)
    // Past the length bound, the same statement runs unprepared.
    const unprepared = `${text}${' '.repeat(PREPARED_TEXT_LIMIT)}`
    const [plain] = await connection.query<Record<string, unknown>>(unprepared, values)
    expect(prepared).toEqual(plain)
    expect(again).toEqual(plain)
    expect(await preparedOn(connection)).toContain(text)
    expect(await preparedOn(connection)).not.toContain(unprepared)
    expect(plain).toMatchObject({
      at,
      tags: ['a', 'b,c'],
      data: { a: [1, 'x'] },
      nothing: null,
      name: "O'Brien\u3042",
      yes: true,
    })
    expect(String(plain?.big)).toBe('9007199254740993')
  })

  it('reports an error with its code, and the connection and the statement keep working', async () => {
    const text = 'select 10 / $1::int as share'
    expect(await connection.query(text, [2])).toEqual([{ share: 5 }])
    const failed = await connection.query(text, [0]).catch((error: unknown) => error)
    expect(pgErrorCode(failed)).toBe('22012')
    expect(await connection.query(text, [5])).toEqual([{ share: 2 }])
    const unparsable = await connection.query('select from where $1', [1]).catch((e: unknown) => e)
    expect(pgErrorCode(unparsable)).toBe('42601')
    expect(await connection.query('select $1::int as one', [1])).toEqual([{ one: 1 }])
  })

  it('prepares in a transaction, whose rollback keeps the statement but not its writes', async () => {
    const insert =
      "insert into users (name, email, password_hash, role) values ($1, $2, 'x', 'student') returning id"
    await expect(
      connection.transaction(async (query) => {
        const [row] = await query<{ id: number }>(insert, ['Rolled back', 'rolled@example.com'])
        expect(row?.id).toBeGreaterThan(0)
        throw new Error('undone')
      }),
    ).rejects.toThrow('undone')
    expect(await context.db.select().from(users)).toEqual([])
    expect(await preparedOn(connection)).toContain(insert)
    await connection.transaction((query) => query(insert, ['Kept', 'kept@example.com']))
    expect((await context.db.select().from(users)).map((user) => user.name)).toEqual(['Kept'])
  })

  it('leaves a statement without values, and a text search, unprepared', async () => {
    expect(await connection.query('select 3 as plain')).toEqual([{ plain: 3 }])
    const search = "select 'Guitar for all' ILIKE $1 as found"
    expect(await connection.query(search, ['%guitar%'])).toEqual([{ found: true }])
    expect(await connection.query(search, ['%piano%'])).toEqual([{ found: false }])
    const prepared = await preparedOn(connection)
    expect(prepared).not.toContain('select 3 as plain')
    expect(prepared).not.toContain(search)
  })
  it('keeps at most its bound of statements, and runs the ones past it unprepared', async () => {
    const before = (await preparedOn(connection)).length
    for (let index = 0; index <= limit - before; index += 1) {
      expect(await connection.query(`select $1::int + ${index} as sum`, [1])).toEqual([
        { sum: index + 1 },
      ])
    }
    const prepared = await preparedOn(connection)
    // On PostgreSQL the statement that failed to parse above took a place too.
    expect(prepared.length).toBeLessThanOrEqual(limit)
    expect(prepared.length).toBeGreaterThanOrEqual(limit - 1)
    expect(prepared).not.toContain(`select $1::int + ${limit - before} as sum`)
    // Those already prepared still are, and run.
    expect(await connection.query('select $1::int + 1 as next', [2])).toEqual([{ next: 3 }])
  })
})

describe(`the server's queries on ${engine}`, () => {
  it('read what they wrote through prepared statements, in and out of transactions', async () => {
    await context.db.transaction(async (tx) => {
      await tx.insert(users).values({
        name: 'Ana',
        email: 'ana@example.com',
        passwordHash: 'x',
        role: 'student',
      })
    })
    const read = () =>
      context.db.select({ name: users.name }).from(users).where(eq(users.email, 'ana@example.com'))
    const first = await read()
    expect(first).toEqual([{ name: 'Ana' }])
    expect(await read()).toEqual(first)
  })

  it("write a read built once per database (and transaction), filled with each call's values", async () => {
    await context.db.insert(users).values(
      ['Ana', 'Ben'].map((name) => ({
        name,
        email: `${name.toLowerCase()}@example.com`,
        passwordHash: 'x',
        role: 'student' as const,
      })),
    )
    let builds = 0
    const nameOf = builtOnce('test_name_of', (db) => {
      builds += 1
      return db
        .select({ name: users.name })
        .from(users)
        .where(eq(users.email, sql.placeholder('email')))
    })
    expect(await nameOf(context.db, { email: 'ana@example.com' })).toEqual([{ name: 'Ana' }])
    expect(await nameOf(context.db, { email: 'ben@example.com' })).toEqual([{ name: 'Ben' }])
    expect(builds).toBe(1)
    await context.db.transaction(async (tx) => {
      expect(await nameOf(tx, { email: 'ben@example.com' })).toEqual([{ name: 'Ben' }])
    })
    expect(builds).toBe(2)
    await expect(nameOf(context.db, {})).rejects.toThrow('No value for placeholder "email"')
  })
})
