import { PGlite } from '@electric-sql/pglite'
import { eq, gt, min, sql } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { catalogueVersion, lessonSessions, payments, waitlistEntries } from '../db/schema.ts'

/**
 * Reads the catalogue's current version: a value the triggers of migration 0006 replace, in the
 * transaction of every write that changes what a catalogue call answers, by one never used
 * before. Undefined when the row is missing (the catalogue is then not cached). Read on almost
 * every catalogue request, it is built once: on PostgreSQL a prepared statement, planned once per
 * connection rather than on each read.
 */
export const catalogueVersionReader = (db: Executor) => {
  const read = db
    .select({ version: catalogueVersion.version })
    .from(catalogueVersion)
    .where(eq(catalogueVersion.id, 1))
  // On the embedded database, the same SQL sent as it is: Drizzle's PGlite driver hands every
  // query its own type parsers, which doubles the cost of this one-row read (70 to 160 µs).
  const client = '$client' in db ? db.$client : undefined
  if (client instanceof PGlite) {
    const { sql: text, params } = read.toSQL()
    return async (): Promise<number | undefined> => {
      const [row] = (await client.query<{ version: number | string }>(text, params)).rows
      return row ? Number(row.version) : undefined
    }
  }
  const prepared = read.prepare('catalogue_version')
  return async (): Promise<number | undefined> => {
    const [row] = await prepared.execute()
    return row?.version
  }
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
    .from(catalogueVersion)
    .where(eq(catalogueVersion.id, 1))
  const instants = [row?.session, row?.hold, row?.offer].flatMap((value) =>
    value ? [new Date(value).getTime()] : [],
  )
  return instants.length > 0 ? new Date(Math.min(...instants)) : undefined
}
