import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { users } from '../db/schema.ts'
import type { UserRow } from './users.ts'

/**
 * The account state of the terms' earnings rule (§9): where an educator's periods count from, the
 * period whose warning was decided, and a deactivation.
 */

/** The user, locked until the transaction ends: one run of a rule job judges them at a time. */
export const lockUser = async (tx: Executor, userId: number): Promise<UserRow | undefined> => {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update')
  return row
}

/** Approved educators under the rule (not deactivated): what the sweep plans jobs for. */
export const educatorsUnderRule = (db: Executor) =>
  db
    .select({
      id: users.id,
      role: users.role,
      deactivatedAt: users.deactivatedAt,
      approvedAt: users.approvedAt,
      earningsRuleFrom: users.earningsRuleFrom,
      earningsWarningFor: users.earningsWarningFor,
    })
    .from(users)
    .where(
      and(
        eq(users.role, 'educator'),
        isNotNull(users.approvedAt),
        isNotNull(users.earningsRuleFrom),
        isNull(users.deactivatedAt),
      ),
    )

export const setWarningDecided = (tx: Executor, userId: number, deadline: Date) =>
  tx.update(users).set({ earningsWarningFor: deadline }).where(eq(users.id, userId))

/** Deactivates an active user at `at`; false when already deactivated. */
export const deactivateUser = async (tx: Executor, userId: number, at: Date) => {
  const updated = await tx
    .update(users)
    .set({ deactivatedAt: at, deactivationReason: 'earnings_rule' })
    .where(and(eq(users.id, userId), isNull(users.deactivatedAt)))
    .returning({ id: users.id })
  return updated.length > 0
}

/** Reactivates a deactivated user, their rule counting from `at`; false when not deactivated. */
export const reactivateUser = async (tx: Executor, userId: number, at: Date) => {
  const updated = await tx
    .update(users)
    .set({ deactivatedAt: null, deactivationReason: null, earningsRuleFrom: at })
    .where(and(eq(users.id, userId), isNotNull(users.deactivatedAt)))
    .returning({ id: users.id })
  return updated.length > 0
}
