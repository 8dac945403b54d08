import type pg from 'pg'
import type { Database } from '../src/db/client.ts'

/** What the plan tests read of PostgreSQL's plans (EXPLAIN's JSON). */
export interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  'Index Cond'?: string
  /** With `analyze`: the rows the node gave. */
  'Actual Rows'?: number
  Plans?: PlanNode[]
}

/** A plan's node and every node under it. */
export const scansOf = (node: PlanNode): PlanNode[] => [
  node,
  ...(node.Plans ?? []).flatMap(scansOf),
]

const poolOf = (context: { db: Database }) =>
  (context.db as unknown as { $client: pg.Pool }).$client

export interface RecordedQuery {
  text: string
  values: unknown[]
}

/** Every statement the app sends to PostgreSQL while `run` runs, with its parameters. */
export const recordQueries = async (context: { db: Database }, run: () => Promise<unknown>) => {
  const pool = poolOf(context)
  const original = pool.query.bind(pool)
  const seen: RecordedQuery[] = []
  pool.query = ((config: string | pg.QueryConfig, values?: unknown[]) => {
    if (typeof config === 'string') seen.push({ text: config, values: values ?? [] })
    else seen.push({ text: config.text, values: config.values ?? values ?? [] })
    return original(config as string, values)
  }) as typeof pool.query
  try {
    await run()
  } finally {
    pool.query = original
  }
  return seen
}

/**
 * The plan PostgreSQL chooses for a recorded statement, with its parameters; with `analyze`, as
 * it ran (the statement is run).
 */
export const explain = async (
  context: { db: Database },
  { text, values }: RecordedQuery,
  { analyze = false } = {},
) => {
  const result = await poolOf(context).query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `explain (format json${analyze ? ', analyze' : ''}) ${text}`,
    values,
  )
  const [row] = result.rows
  if (!row) throw new Error('No plan')
  return row['QUERY PLAN'][0].Plan
}

/** The reads among recorded statements. */
export const readsOf = (queries: RecordedQuery[]) =>
  queries.filter(({ text }) => /^\s*(select|with)\b/i.test(text))
