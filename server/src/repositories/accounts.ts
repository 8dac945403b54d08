import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import { MESSAGES } from '../../../contract/messages.ts'
import { hashToken, newToken } from '../crypto/tokens.ts'
import type { Executor } from '../db/client.ts'
import { PG, pgErrorCode } from '../db/errors.ts'
import { authSessions, users, userTokens } from '../db/schema.ts'
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

/** Creates a single-use token; only its hash is stored, the plain token goes into the e-mail. */
export const issueToken = async (
  db: Executor,
  userId: number,
  kind: TokenKind,
  lifetimeMs: number,
) => {
  const token = newToken()
  await db.insert(userTokens).values({
    userId,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + lifetimeMs),
  })
  return token
}

/**
 * Uses a token: the one conditional update both checks it (right kind, unused, unexpired) and
 * marks it used, so two requests racing with the same token cannot both succeed. The user's other
 * open tokens of the same kind are retired too: once the e-mail is confirmed or the password
 * changed, an older link must not work either. Returns the token's user id, or undefined.
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
    .returning({ userId: userTokens.userId })
  if (!used) return undefined
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(eq(userTokens.userId, used.userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt)),
    )
  return used.userId
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
