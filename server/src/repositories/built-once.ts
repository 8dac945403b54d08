import type { Executor } from '../db/client.ts'

interface Prepared<Result> {
  execute: (values: Record<string, unknown>) => Promise<Result>
}

/**
 * A read whose SQL Drizzle writes once per database (and per transaction) instead of on every
 * call: `build` writes it with `sql.placeholder`s, which each call fills with `values`. Writing
 * the text of an involved read (a session list's dozen subqueries) took the server longer than
 * PostgreSQL takes to run it. `name` names the statement on PostgreSQL: one per read.
 */
export const builtOnce = <Result>(
  name: string,
  build: (db: Executor) => { prepare: (name: string) => Prepared<Result> },
) => {
  const built = new WeakMap<Executor, Prepared<Result>>()
  return (db: Executor, values: Record<string, unknown>): Promise<Result> => {
    let query = built.get(db)
    if (!query) {
      query = build(db).prepare(name)
      built.set(db, query)
    }
    return query.execute(values)
  }
}
