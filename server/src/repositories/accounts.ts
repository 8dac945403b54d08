import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm'
import { MESSAGES } from '../../../contract/messages.ts'
import { REAUTH_MAX_FAILURES, REAUTH_WINDOW_MS } from '../../../contract/rules.ts'
import { hashToken, newToken } from '../crypto/tokens.ts'
import type { Executor } from '../db/client.ts'
import { PG, pgErrorCode } from '../db/errors.ts'
import { users, userTokens } from '../db/schema.ts'
import { ConflictError } from '../domain/errors.ts'

export type TokenKind = (typeof userTokens.$inferSelect)['kind']
export type NewUser = typeof users.$inferInsert

/** The unique index on lower(email) refused the write: another account took the address. */
const orEmailConflict = (error: unknown): never => {
  if (pgErrorCode(error) === PG.uniqueViolation) {
    throw new ConflictError(MESSAGES.accounts.emailExists)
  }
  throw error
}

/** Creates an account; a conflict when another request registered the address a moment ago. */
export const insertUser = async (db: Executor, values: NewUser) => {
  const [user] = await db.insert(users).values(values).returning().catch(orEmailConflict)
  if (!user) throw new Error('The user was not created')
  return user
}

/** Changes an account; a conflict when another account took the new address a moment ago. */
export const updateUser = async (db: Executor, userId: number, changes: Partial<NewUser>) => {
  await db.update(users).set(changes).where(eq(users.id, userId)).catch(orEmailConflict)
}

/** E-mails are unique whatever their case (the unique index is on lower(email)). */
export const findUserByEmail = async (db: Executor, email: string) => {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1)
  return row
}

/** Whether another account than `exceptUserId` already uses the address. */
export const isEmailTaken = async (db: Executor, email: string, exceptUserId?: number) => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email.trim()})`,
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1)
  return row !== undefined
}

/**
 * Creates a single-use token; only its hash is stored, the plain token goes into the e-mail. An
 * e-mail change's token carries the address it confirms.
 */
export const issueToken = async (
  db: Executor,
  userId: number,
  kind: TokenKind,
  lifetimeMs: number,
  email: string | null = null,
) => {
  const token = newToken()
  await db.insert(userTokens).values({
    userId,
    kind,
    tokenHash: hashToken(token),
    email,
    expiresAt: new Date(Date.now() + lifetimeMs),
  })
  return token
}

/** Makes the user's open tokens of a kind unusable (a newer request or a reset replaces them). */
export const retireTokens = async (db: Executor, userId: number, kind: TokenKind) => {
  await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt)))
}

/**
 * Uses a token: the one conditional update both checks it (right kind, unused, unexpired) and
 * marks it used, so two requests racing with the same token cannot both succeed. The user's other
 * open tokens of the same kind are retired too: once the e-mail is confirmed or the password
 * changed, an older link must not work either. Returns the token's user id and address (an
 * e-mail change's), or undefined.
 */
export const consumeToken = async (db: Executor, token: string, kind: TokenKind) => {
  const now = new Date()
  const [used] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.kind, kind),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .returning({ userId: userTokens.userId, email: userTokens.email })
  if (!used) return undefined
  await retireTokens(db, used.userId, kind)
  return used
}

/**
 * Counts an attempt at the current password before it is checked, in one conditional update, so
 * parallel requests cannot all slip under the limit: a window opens at the first attempt after
 * the last one closed, and holds REAUTH_MAX_FAILURES attempts. Answers the milliseconds until the
 * window closes when it is full (nothing counted), or null when the attempt may go ahead.
 */
export const countReauthAttempt = async (
  db: Executor,
  userId: number,
  now: Date,
): Promise<number | null> => {
  // The instants are the app's clock, not the database's, like every other time it stores.
  const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`
  const windowOpen = sql`(${users.reauthWindowStart} is not null and ${users.reauthWindowStart} > ${at(new Date(now.getTime() - REAUTH_WINDOW_MS))})`
  const [counted] = await db
    .update(users)
    .set({
      reauthFailures: sql`case when ${windowOpen} then ${users.reauthFailures} + 1 else 1 end`,
      reauthWindowStart: sql`case when ${windowOpen} then ${users.reauthWindowStart} else ${at(now)} end`,
    })
    .where(
      and(
        eq(users.id, userId),
        sql`not (${windowOpen} and ${users.reauthFailures} >= ${REAUTH_MAX_FAILURES})`,
      ),
    )
    .returning({ id: users.id })
  if (counted) return null
  const [row] = await db
    .select({ windowStart: users.reauthWindowStart })
    .from(users)
    .where(eq(users.id, userId))
  const closesAt = (row?.windowStart?.getTime() ?? now.getTime()) + REAUTH_WINDOW_MS
  return Math.max(closesAt - now.getTime(), 1)
}

/** The right current password was given: the attempts counted so far are forgotten. */
export const forgetReauthAttempts = async (db: Executor, userId: number) => {
  await db
    .update(users)
    .set({ reauthFailures: 0, reauthWindowStart: null })
    .where(eq(users.id, userId))
}

/** Deletes the tokens that expired, or were used, before `before`; answers how many. */
export const purgeSpentTokens = async (db: Executor, before: Date) =>
  (
    await db
      .delete(userTokens)
      .where(or(lt(userTokens.expiresAt, before), lt(userTokens.usedAt, before)))
      .returning({ id: userTokens.id })
  ).length
