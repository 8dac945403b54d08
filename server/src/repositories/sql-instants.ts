import { sql } from 'drizzle-orm'

/** `now` as a statement's timestamp: the app's clock (the one the tests set), not the database's. */
export const instant = (now: Date) => sql`${now.toISOString()}::timestamptz`

/**
 * The same in a read written once (`builtOnce`): each call fills `at` with the instant's ISO
 * text.
 */
export const instantPlaceholder = sql`${sql.placeholder('at')}::timestamptz`
