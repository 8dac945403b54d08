import type { PGlite } from '@electric-sql/pglite'
import { type SQL, sql } from 'drizzle-orm'
import type PgBoss from 'pg-boss'
import type pg from 'pg'
import type { DatabaseHandle, Executor } from '../db/client.ts'

/** The unique violation: pg-boss meets it on purpose (singleton jobs) and handles it itself. */
const UNIQUE_VIOLATION = '23505'

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error
    ? error.code === UNIQUE_VIOLATION
    : false

/**
 * pg-boss's connection to our database, outside any transaction: the pool on PostgreSQL, the one
 * client of the embedded database. A script without values (pg-boss's schema, its maintenance)
 * holds several statements and runs whole, on one connection. pg-boss's fetch swallows errors, so
 * every failure but a unique violation is also reported to `onError`.
 */
export const bossDb = (handle: DatabaseHandle, onError: (error: unknown) => void): PgBoss.Db => {
  const client = (handle.db as unknown as { $client: PGlite | pg.Pool }).$client
  // A script that opened a transaction (BEGIN; …; COMMIT) and failed in it would leave its
  // connection in a failed transaction, refusing every later query: it is rolled back.
  const script = async (text: string): Promise<{ rows: unknown[] }> => {
    if (handle.kind === 'postgres') {
      const connection = await (client as pg.Pool).connect()
      try {
        const results = (await connection.query(text)) as pg.QueryResult | pg.QueryResult[]
        return { rows: (Array.isArray(results) ? results.at(-1)?.rows : results.rows) ?? [] }
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        connection.release()
      }
    }
    const lite = client as PGlite
    try {
      const results = await lite.exec(text)
      return { rows: results.at(-1)?.rows ?? [] }
    } catch (error) {
      await lite.exec('ROLLBACK').catch(() => {})
      throw error
    }
  }
  const run = async (text: string, values?: unknown[]): Promise<{ rows: unknown[] }> => {
    if (values === undefined || values.length === 0) return script(text)
    if (handle.kind === 'postgres') return (client as pg.Pool).query(text, values)
    return (client as PGlite).query(text, values)
  }
  return {
    executeSql: async (text, values) => {
      try {
        return await run(text, values)
      } catch (error) {
        if (!isUniqueViolation(error)) onError(error)
        throw error
      }
    },
  }
}

/**
 * pg-boss's connection inside one of our transactions, so a job is sent, cancelled or completed
 * in the same commit as the change that causes it. pg-boss writes `$1`..`$n`; each becomes one
 * Drizzle parameter (an array stays one value), and a placeholder used twice names the same parameter both times.
 */
export const transactionDb = (tx: Executor): PgBoss.Db => ({
  executeSql: async (text, values = []) => {
    const chunks: SQL[] = []
    const numbered = new Map<number, number>()
    let last = 0
    for (const match of text.matchAll(/\$(\d+)/g)) {
      chunks.push(sql.raw(text.slice(last, match.index)))
      const index = Number(match[1])
      const seen = numbered.get(index)
      if (seen === undefined) {
        numbered.set(index, numbered.size + 1)
        chunks.push(sql`${sql.param(values[index - 1])}`)
      } else {
        chunks.push(sql.raw(`$${seen}`))
      }
      last = match.index + match[0].length
    }
    chunks.push(sql.raw(text.slice(last)))
    const result = await tx.execute(sql.join(chunks))
    return { rows: (result as { rows: unknown[] }).rows }
  },
})
