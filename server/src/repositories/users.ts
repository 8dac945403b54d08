import { eq } from 'drizzle-orm'
import type { Executor } from '../db/client.ts'
import { users, videoLicences } from '../db/schema.ts'

export type UserRow = typeof users.$inferSelect
export type LicenceRow = typeof videoLicences.$inferSelect

/** A user with the video licence it holds, if any. */
export const findUserWithLicence = async (db: Executor, userId: number) => {
  const [row] = await db
    .select({ user: users, licence: videoLicences })
    .from(users)
    .leftJoin(videoLicences, eq(videoLicences.id, users.videoLicenceId))
    .where(eq(users.id, userId))
    .limit(1)
  return row
}

export const findUserById = async (db: Executor, userId: number): Promise<UserRow | undefined> => {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1)
  return row
}

/** Whether the user's account is deactivated (an educator below the earnings rule, §9). */
export const isDeactivated = async (db: Executor, userId: number) => {
  const [row] = await db
    .select({ at: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  return row !== undefined && row.at !== null
}
