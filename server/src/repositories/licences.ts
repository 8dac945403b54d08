import { and, asc, eq, ne, notExists, sql } from 'drizzle-orm'
import { MESSAGES } from '../../../contract/messages.ts'
import type { Executor } from '../db/client.ts'
import { PG, pgErrorCode } from '../db/errors.ts'
import { users, videoLicences } from '../db/schema.ts'
import { ConflictError } from '../domain/errors.ts'

/**
 * Gives an educator a licence from the pool: the one named, or the first free one other than the
 * licence it holds now (so a reassignment really changes the account). The previous licence
 * goes back to the pool. A conflict when none is free. Run inside a transaction.
 */
export const assignLicence = async (tx: Executor, userId: number, licenceId?: number) => {
  const [current] = await tx
    .select({ id: users.videoLicenceId })
    .from(users)
    .where(eq(users.id, userId))
  const holder = tx
    .select({ one: sql`1` })
    .from(users)
    .where(eq(users.videoLicenceId, videoLicences.id))
  const [free] = await tx
    .select({ id: videoLicences.id })
    .from(videoLicences)
    .where(
      and(
        notExists(holder),
        licenceId ? eq(videoLicences.id, licenceId) : undefined,
        current?.id ? ne(videoLicences.id, current.id) : undefined,
      ),
    )
    .orderBy(asc(videoLicences.id))
    .limit(1)
    .for('update')
  if (!free) {
    throw new ConflictError(licenceId ? MESSAGES.licences.notFree : MESSAGES.licences.noneFree)
  }
  try {
    await tx.update(users).set({ videoLicenceId: free.id }).where(eq(users.id, userId))
  } catch (error) {
    // Another request took the same licence a moment earlier.
    if (pgErrorCode(error) === PG.uniqueViolation)
      throw new ConflictError(MESSAGES.licences.justTaken)
    throw error
  }
  return free.id
}

/** Takes an educator's licence back into the pool; a conflict when it holds none. */
export const releaseLicence = async (tx: Executor, userId: number) => {
  const [updated] = await tx
    .update(users)
    .set({ videoLicenceId: null })
    .where(and(eq(users.id, userId), sql`${users.videoLicenceId} is not null`))
    .returning({ id: users.id })
  if (!updated) throw new ConflictError(MESSAGES.licences.noneHeld)
}
