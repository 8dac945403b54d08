import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import { MESSAGES } from '../../../contract/messages.ts'
import { exceedsUploadQuota, quotaText } from '../../../contract/rules.ts'
import type { Database, Executor } from '../db/client.ts'
import { files, lessons, resources, users } from '../db/schema.ts'
import { PayloadTooLargeError } from '../domain/errors.ts'

/** A file no lesson shows as its cover and no material offers. */
const unattached = sql`not exists (select 1 from ${lessons} where ${lessons.imageId} = ${files.id})
  and not exists (select 1 from ${resources} where ${resources.fileId} = ${files.id})`

/**
 * Makes room for an upload of `size` bytes within the uploader's quota, or refuses it (413, the
 * quota in the message). Call it in the transaction that inserts the file's row: the uploader's
 * row stays locked until that commits, so parallel uploads of one educator are counted one after
 * the other and together never pass the quota. (`no key update`: it does not hold up the writes
 * that only refer to the user, such as a new session or seat.)
 */
export const reserveUploadSpace = async (
  tx: Executor,
  ownerId: number,
  size: number,
  quotaMb: number,
) => {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('no key update')
  const [row] = await tx
    .select({ used: sql<number>`coalesce(sum(${files.size}), 0)`.mapWith(Number) })
    .from(files)
    .where(eq(files.ownerId, ownerId))
  if (exceedsUploadQuota(row?.used ?? 0, size, quotaMb)) {
    throw new PayloadTooLargeError(MESSAGES.uploads.quotaExceeded({ quota: quotaText(quotaMb) }), {
      storageQuotaMb: quotaMb,
    })
  }
}

/**
 * Deletes the rows of the files uploaded before `cutoff` that nothing uses; answers them (for
 * their bytes). A file being attached right now is never among them: the candidates are locked
 * first, skipping any row a write holds (attaching a file locks its row: the material's
 * `lockLessonFile`, the cover's foreign key and update), then the delete checks again, with a
 * view taken after those locks, that nothing uses them. A write that comes after waits for this
 * transaction and then finds the file gone. At most `limit` at a time, so that no statement
 * carries an unbounded list.
 */
export const deleteUnattachedFiles = async (db: Database, cutoff: Date, limit: number) =>
  db.transaction(async (tx) => {
    const candidates = await tx
      .select({ id: files.id })
      .from(files)
      .where(and(lt(files.createdAt, cutoff), unattached))
      .orderBy(files.id)
      .limit(limit)
      .for('update', { skipLocked: true })
    if (candidates.length === 0) return []
    return tx
      .delete(files)
      .where(
        and(
          inArray(
            files.id,
            candidates.map((row) => row.id),
          ),
          unattached,
        ),
      )
      .returning({ id: files.id, storageKey: files.storageKey })
  })

/** Of the storage keys given, those a file row names. */
export const storageKeysInUse = async (db: Executor, keys: string[]) => {
  const kept = await db
    .select({ key: files.storageKey })
    .from(files)
    .where(inArray(files.storageKey, keys))
  return new Set(kept.map((row) => row.key))
}
