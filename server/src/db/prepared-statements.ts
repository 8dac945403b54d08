import {
  type PGliteOptions,
  type QueryOptions,
  type Results,
  type Transaction,
  parse,
  PGlite,
  protocol,
} from '@electric-sql/pglite'
import type pg from 'pg'

/**
 * Every statement with values the server sends is prepared once per connection, so PostgreSQL
 * parses it once and may keep its plan: the dashboards' reads take 2-3 ms to plan and a tenth of
 * that to run. PostgreSQL keeps a statement until its connection closes, so the number kept is
 * bounded; a statement without values still runs whole, as only an unnamed simple query may hold
 * several statements.
 */

/**
 * At most this many statements stay prepared on one PostgreSQL connection; later ones are not.
 * The most involved one holds about 270 kB of its PostgreSQL connection's memory, a simple one
 * a tenth of that.
 */
export const PREPARED_PER_CONNECTION = 200
/** At most this many stay prepared in the embedded database (one connection, every query). */
export const PREPARED_EMBEDDED = 500
/** A longer statement (a batch insert of many rows) is planned afresh each time instead. */
export const PREPARED_TEXT_LIMIT = 10_000

/**
 * Whether a statement is worth keeping prepared. A text search (ILIKE) is not: its best plan
 * depends on the pattern (a rare one is best found through its index, a common one by walking
 * the list's order), and a plan kept for any pattern made the admin's user search at 10,000
 * lessons three times slower (p99 1.5 s against 0.4 s).
 */
export const worthPreparing = (text: string) =>
  text.length <= PREPARED_TEXT_LIMIT && !/\bilike\b/i.test(text)

/**
 * Makes a PostgreSQL connection send each statement with values as a named one (node-postgres
 * then parses it once on that connection), named in the order the connection first meets them.
 */
export const preparingStatements = (client: pg.PoolClient) => {
  const names = new Map<string, string>()
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  const withName = (config: unknown, values: unknown): unknown => {
    if (typeof config !== 'string' && (typeof config !== 'object' || config === null)) {
      return config
    }
    // A submittable (a cursor, a stream) makes its own messages.
    if (typeof config === 'object' && 'submit' in config) return config
    const {
      text,
      name,
      values: ownValues,
    } = typeof config === 'string' ? { text: config } : (config as pg.QueryConfig)
    const hasValues = (Array.isArray(values) ? values : (ownValues ?? [])).length > 0
    if (name || !hasValues || !worthPreparing(text)) return config
    let statement = names.get(text)
    if (statement === undefined) {
      if (names.size >= PREPARED_PER_CONNECTION) return config
      statement = `q${names.size + 1}`
      names.set(text, statement)
    }
    return typeof config === 'string' ? { text, name: statement } : { ...config, name: statement }
  }
  client.query = ((config: unknown, ...rest: unknown[]) =>
    query(withName(config, rest[0]), ...rest)) as typeof client.query
}

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number]

interface Prepared {
  name: string
  /** The type of each parameter, as PostgreSQL inferred it: how each value is sent. */
  parameterTypes: number[]
}

/**
 * The embedded database, keeping each statement with values it runs prepared: PGlite's own
 * `query` parses and plans every statement anew, in five calls into the engine. Here a statement
 * is parsed once, then bound, described and executed in one call, and PostgreSQL may keep its
 * plan: the student's upcoming sessions take 1.2 ms instead of 5.3. Statements without values,
 * and queries given a file or their own parameter types, run as PGlite runs them.
 */
export class PreparingPGlite extends PGlite {
  readonly #prepared = new Map<string, Prepared>()
  /** Names are never reused: a statement whose preparing failed halfway may exist. */
  #named = 0
  #inTransaction = false

  /** `PGlite.create` for this class: the instance once it is ready. */
  static async open(options: PGliteOptions): Promise<PreparingPGlite> {
    const database = new PreparingPGlite(options)
    await database.waitReady
    return database
  }

  #preparable(text: string, params: unknown[] | undefined, options: QueryOptions | undefined) {
    return (
      params !== undefined &&
      params.length > 0 &&
      worthPreparing(text) &&
      options?.blob === undefined &&
      options?.paramTypes === undefined &&
      (this.#prepared.has(text) || this.#prepared.size < PREPARED_EMBEDDED)
    )
  }

  override async query<T>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    if (!this.#preparable(text, params, options)) return super.query<T>(text, params, options)
    await this._checkReady()
    return this._runExclusiveTransaction(() => this.#runPrepared<T>(text, params ?? [], options))
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction(async (tx) => {
      this.#inTransaction = true
      try {
        // The transaction's own methods (and its `closed`), with a query that prepares too.
        const preparing = Object.defineProperties(
          {},
          Object.getOwnPropertyDescriptors(tx),
        ) as Transaction
        preparing.query = async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
          if (tx.closed) throw new Error('Transaction is closed')
          return this.#preparable(text, params, options)
            ? this.#runPrepared<R>(text, params ?? [], options)
            : tx.query<R>(text, params, options)
        }
        return await callback(preparing)
      } finally {
        this.#inTransaction = false
      }
    })
  }

  async #runPrepared<T>(text: string, params: unknown[], options?: QueryOptions) {
    return this._runExclusiveQuery(async () => {
      const results: BackendMessage[] = []
      const run = (message: Uint8Array) =>
        this.execProtocolStream(message, { ...options, syncToFs: false })
      try {
        let prepared = this.#prepared.get(text)
        if (!prepared) {
          const name = `s${++this.#named}`
          results.push(...(await run(protocol.serialize.parse({ name, text }))))
          const parameterTypes = parse.parseDescribeStatementResults(
            await run(protocol.serialize.describe({ type: 'S', name })),
          )
          prepared = { name, parameterTypes }
          this.#prepared.set(text, prepared)
        }
        const { name, parameterTypes } = prepared
        const values = params.map((param, index) => {
          if (param === null || param === undefined) return null
          const type = parameterTypes[index] ?? 0
          const serialize = options?.serializers?.[type] ?? this.serializers[type]
          if (serialize) return serialize(param)
          // A type without a serializer: its text, as PGlite sends it (an object as JSON).
          return typeof param === 'string' || typeof param === 'number' || typeof param === 'bigint'
            ? String(param)
            : JSON.stringify(param)
        })
        results.push(
          ...(await run(
            Buffer.concat([
              protocol.serialize.bind({ statement: name, values }),
              protocol.serialize.describe({ type: 'P' }),
              protocol.serialize.execute({}),
            ]),
          )),
        )
      } catch (error) {
        // As PGlite's own query reports it: the statement and its values with the error.
        if (error instanceof protocol.messages.DatabaseError) {
          Object.assign(error, { query: text, params, queryOptions: options })
        }
        throw error
      } finally {
        results.push(...(await run(protocol.serialize.sync())))
      }
      if (!this.#inTransaction) await this.syncToFs()
      return parse.parseResults(results, this.parsers, options)[0] as Results<T>
    })
  }
}
