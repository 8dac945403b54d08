import { PGlite } from '@electric-sql/pglite'
import { gt, min, sql } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import {
  CATALOGUE_VERSION_BUCKETS,
  catalogueVersion,
  lessonSessions,
  payments,
  waitlistEntries,
} from '../db/schema.ts'

/**
 * Reads the catalogue's current version: every bucket's value (migration 0015), in bucket order,
 * in one text. The triggers raise one bucket, in the transaction of every write that changes what
 * a catalogue call answers, to a value it never had; read in one statement, the buckets are one
 * snapshot, so a write committed before the read shows in it, and the text differs from any read
 * before that commit. Each value is kept whole: a sum, or any shorter digest, could be equal for
 * two different sets of values. Undefined when a bucket is missing (the catalogue is then not
 * cached). Read on almost every catalogue request, it is built once: on PostgreSQL a prepared
 * statement, planned once per connection rather than on each read.
 */
export const catalogueVersionReader = (db: Executor) => {
  const read = db
    .select({
      // Named in the SQL too, for the embedded database's rows below.
      buckets: sql<number>`count(*)::int`.as('buckets'),
      version: sql<
        string | null
      >`string_agg(${catalogueVersion.version}::text, ',' order by ${catalogueVersion.id})`.as(
        'version',
      ),
    })
    .from(catalogueVersion)
  const complete = (row: { buckets: number; version: string | null } | undefined) =>
    row?.buckets === CATALOGUE_VERSION_BUCKETS && row.version !== null ? row.version : undefined
  // On the embedded database, the same SQL sent as it is: Drizzle's PGlite driver hands every
  // query its own type parsers, which doubles the cost of this one-row read (70 to 160 µs).
  const client = '$client' in db ? db.$client : undefined
  if (client instanceof PGlite) {
    const { sql: text, params } = read.toSQL()
    return async (): Promise<string | undefined> =>
      complete(
        (await client.query<{ buckets: number; version: string | null }>(text, params)).rows[0],
      )
  }
  const prepared = read.prepare('catalogue_version')
  return async (): Promise<string | undefined> => complete((await prepared.execute())[0])
}

/**
 * The first instant after `now` at which a catalogue answer computed at `now` may change with no
 * write: a session starts (it stops being open to enroll), a seat hold lapses or a waitlist offer
 * ends (its seat is free again). Each is the first entry of an index; undefined when none is
 * coming.
 */
export const nextCatalogueChange = async (db: Executor, now: Date): Promise<Date | undefined> => {
  const [row] = await db
    .select({
      session: sql<string | null>`(${db
        .select({ start: min(lessonSessions.startTime) })
        .from(lessonSessions)
        .where(gt(lessonSessions.startTime, now))})`,
      hold: sql<string | null>`(${db
        .select({ expiry: min(payments.holdExpiresAt) })
        .from(payments)
        .where(sql`${payments.status} = 'processing' and ${payments.holdExpiresAt} > ${now}`)})`,
      offer: sql<string | null>`(${db
        .select({ expiry: min(waitlistEntries.offerExpiresAt) })
        .from(waitlistEntries)
        .where(
          sql`${waitlistEntries.status} = 'offered' and ${waitlistEntries.offerExpiresAt} > ${now}`,
        )})`,
    })
    // One row to hang the three subqueries on.
    .from(sql`(values (1)) as one`)
  const instants = [row?.session, row?.hold, row?.offer].flatMap((value) =>
    value ? [new Date(value).getTime()] : [],
  )
  return instants.length > 0 ? new Date(Math.min(...instants)) : undefined
}
