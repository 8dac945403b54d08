import { and, eq, gt, isNotNull, lt, ne, sql } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { authSessions, users } from '../db/schema.ts'
import { builtOnce } from './built-once.ts'
import { instantPlaceholder } from './sql-instants.ts'
import type { UserRow } from './users.ts'

/**
 * Signed-in sessions: opaque tokens, stored hashed, each of one user until it expires or is
 * ended (plugins/auth.ts sets and reads the cookie).
 */

/**
 * Starts a session for the user, as long as their password is still `passwordHash`; answers
 * whether it was started. The user's row is read with a share lock: a reset or change of the
 * password (which ends the user's sessions in its transaction) either waits for this insert, then
 * ends its session too, or has committed, and then the hash no longer matches.
 */
export const startSession = async (
  db: Executor,
  session: {
    tokenHash: string
    user: { id: number; passwordHash: string }
    persistent: boolean
    expiresAt: Date
  },
) => {
  const { tokenHash, user, persistent, expiresAt } = session
  const inserted = await db.execute(sql`
    insert into ${authSessions} (token_hash, user_id, persistent, expires_at)
    select ${tokenHash}, ${user.id}, ${persistent}, ${expiresAt.toISOString()}::timestamptz
    from ${users}
    where ${users.id} = ${user.id} and ${users.passwordHash} = ${user.passwordHash}
    for share
    returning 1`)
  // Both drivers answer the returned rows as `rows`.
  return (inserted as { rows: unknown[] }).rows.length > 0
}

/** The user of a session, written once: every signed-in request reads it. */
const sessionUser = builtOnce('session_user', (db) =>
  db
    .select({ user: users })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        eq(authSessions.tokenHash, sql.placeholder('tokenHash')),
        gt(authSessions.expiresAt, instantPlaceholder),
        // An account whose address is not confirmed cannot sign in (§4), so a session it
        // holds anyway (made by hand, or left from before) counts for nothing.
        isNotNull(users.emailConfirmedAt),
      ),
    )
    .limit(1),
)

/** The user of the session whose token hash is given, while it lasts at `now`. */
export const findSessionUser = async (
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<UserRow | null> => {
  const [row] = await sessionUser(db, { tokenHash, at: now.toISOString() })
  return row?.user ?? null
}

/** Ends the session whose token hash is given (signing out). */
export const endSession = async (db: Executor, tokenHash: string) => {
  await db.delete(authSessions).where(eq(authSessions.tokenHash, tokenHash))
}

/** Ends every session of a user, except the one whose token hash is given (the caller's own). */
export const endSessionsOf = async (db: Executor, userId: number, keepTokenHash?: string) => {
  await db
    .delete(authSessions)
    .where(
      and(
        eq(authSessions.userId, userId),
        keepTokenHash === undefined ? undefined : ne(authSessions.tokenHash, keepTokenHash),
      ),
    )
}

/** Deletes the sessions expired before `now`; answers how many. */
export const purgeExpiredSessions = async (db: Executor, now: Date) =>
  (
    await db
      .delete(authSessions)
      .where(lt(authSessions.expiresAt, now))
      .returning({ id: authSessions.id })
  ).length
