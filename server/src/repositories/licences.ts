import { and, asc, eq, getTableColumns, ne, notExists, sql } from 'drizzle-orm'
import { MESSAGES } from '../../../contract/messages.ts'
import type { Executor } from '../db/client.ts'
import { PG, pgErrorCode } from '../db/errors.ts'
import { users, videoLicences } from '../db/schema.ts'
import { ConflictError, NotFoundError } from '../domain/errors.ts'

/**
 * The licence an educator holds now, its user row locked until the transaction ends: a lending,
 * an exchange and a take-back of the same educator run one after the other, each seeing what the
 * previous one left (an admin's take-back that lands first is not undone by an exchange that
 * read the licence before it).
 */
const lockHeldLicence = async (tx: Executor, userId: number) => {
  const [row] = await tx
    .select({ id: users.videoLicenceId })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
  return row?.id ?? null
}

/** A pick whose lending hits a lending committed a moment earlier is made again, this often. */
const PICKS = 3

/** Lends the named free licence, or the first free one other than `current`, to the educator. */
const lendFree = async (
  tx: Executor,
  userId: number,
  current: number | null,
  licenceId?: number,
) => {
  const holder = tx
    .select({ one: sql`1` })
    .from(users)
    .where(eq(users.videoLicenceId, videoLicences.id))
  for (let pick = 1; ; pick++) {
    const [free] = await tx
      .select({ id: videoLicences.id })
      .from(videoLicences)
      .where(
        and(
          notExists(holder),
          licenceId ? eq(videoLicences.id, licenceId) : undefined,
          current ? ne(videoLicences.id, current) : undefined,
        ),
      )
      .orderBy(asc(videoLicences.id))
      .limit(1)
      // A licence another transaction is lending right now counts as taken: of two admins
      // racing for the last free licence, the second finds none instead of waiting for it.
      .for('update', { skipLocked: true })
    if (!free) {
      throw new ConflictError(licenceId ? MESSAGES.licences.notFree : MESSAGES.licences.noneFree)
    }
    try {
      // In a savepoint, so a failed lending leaves the transaction usable for the next pick.
      await tx.transaction((savepoint) =>
        savepoint.update(users).set({ videoLicenceId: free.id }).where(eq(users.id, userId)),
      )
      return free.id
    } catch (error) {
      if (pgErrorCode(error) !== PG.uniqueViolation) throw error
      // Another request lent the licence and committed between this pick's snapshot and its
      // lock (the lock re-checks the licence row, not its holder). The licence named is taken;
      // otherwise the next pick, a new statement, sees that lending and looks further.
      if (licenceId || pick === PICKS) throw new ConflictError(MESSAGES.licences.justTaken)
    }
  }
}

/**
 * An admin gives an educator a licence from the pool: the one named, or the first free one other
 * than the licence it holds now (so a reassignment really changes the account). The previous
 * licence goes back to the pool. A conflict when none is free. Run inside a transaction.
 */
export const assignLicence = async (tx: Executor, userId: number, licenceId?: number) =>
  lendFree(tx, userId, await lockHeldLicence(tx, userId), licenceId)

/**
 * An educator exchanges the licence it holds for the first other free one; the old one goes back
 * to the pool. Without a licence (never lent one, or one an admin took back) there is nothing to
 * exchange: a conflict, and the pool is left alone, since only an admin lends a licence. Run
 * inside a transaction.
 */
export const exchangeLicence = async (tx: Executor, userId: number) => {
  const current = await lockHeldLicence(tx, userId)
  if (current === null) throw new ConflictError(MESSAGES.licences.noneToReassign)
  return lendFree(tx, userId, current)
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

/** Every licence of the pool, oldest first, with its holder (null when free). */
export const listPool = (db: Executor) =>
  db
    .select({
      licence: getTableColumns(videoLicences),
      holder: { id: users.id, name: users.name, email: users.email },
    })
    .from(videoLicences)
    .leftJoin(users, eq(users.videoLicenceId, videoLicences.id))
    .orderBy(asc(videoLicences.id))

export type PoolRow = Awaited<ReturnType<typeof listPool>>[number]

/** Adds an account to the pool; a conflict when the pool already has that account e-mail. */
export const insertLicence = async (
  db: Executor,
  values: { provider: string; accountEmail: string },
) => {
  try {
    const [row] = await db.insert(videoLicences).values(values).returning()
    if (!row) throw new Error('INSERT ... RETURNING gave no row')
    return row
  } catch (error) {
    if (pgErrorCode(error) === PG.uniqueViolation) {
      throw new ConflictError(MESSAGES.licences.duplicateAccount)
    }
    throw error
  }
}

/**
 * Deletes a free licence for good (no other table keeps a history of licences). The row is
 * locked first, so a lending that is under way finishes before the holder check, and a lending
 * that starts later skips the locked row. Run inside a transaction.
 */
export const deleteFreeLicence = async (tx: Executor, licenceId: number) => {
  const [licence] = await tx
    .select({ id: videoLicences.id })
    .from(videoLicences)
    .where(eq(videoLicences.id, licenceId))
    .for('update')
  if (!licence) throw new NotFoundError('Licence')
  const [holder] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.videoLicenceId, licenceId))
  if (holder) throw new ConflictError(MESSAGES.licences.held)
  await tx.delete(videoLicences).where(eq(videoLicences.id, licenceId))
}
