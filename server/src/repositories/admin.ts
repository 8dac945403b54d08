import { and, count, desc, eq, ilike, isNotNull, isNull, ne, or, type SQL } from 'drizzle-orm'
import type { AdminUsersQuery } from '../../../contract/endpoints/admin.ts'
import type { PageRequest } from '../../../contract/paging.ts'
import type { Executor } from '../db/client.ts'
import { users, videoLicences } from '../db/schema.ts'

/** `%` and `_` (and the escape character itself) match literally in a LIKE pattern. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`)

/** Students and admins need no approval, so only educators awaiting it count as not validated. */
const validatedIs = (validated: boolean): SQL | undefined =>
  validated
    ? or(ne(users.role, 'educator'), isNotNull(users.approvedAt))
    : and(eq(users.role, 'educator'), isNull(users.approvedAt))

const filtersOf = (query: AdminUsersQuery) => {
  const search = query.search?.trim()
  const pattern = search ? `%${escapeLike(search)}%` : undefined
  return and(
    query.role ? eq(users.role, query.role) : undefined,
    query.isValidated === undefined ? undefined : validatedIs(query.isValidated),
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
  )
}

/** One page of users with their licences, newest first, and how many match in all. */
export const listUsersPage = async (db: Executor, query: AdminUsersQuery, page: PageRequest) => {
  const where = filtersOf(query)
  const rows = await db
    .select({ user: users, licence: videoLicences })
    .from(users)
    .leftJoin(videoLicences, eq(videoLicences.id, users.videoLicenceId))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .offset(page.offset)
    .limit(page.take)
  const [total] = await db.select({ count: count() }).from(users).where(where)
  return { rows, itemCount: total?.count ?? 0 }
}

/** Approves an educator; an earlier approval keeps its date, so approving twice changes nothing. */
export const approveEducator = async (db: Executor, userId: number) => {
  await db
    .update(users)
    .set({ approvedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.approvedAt)))
}

export const licenceExists = async (db: Executor, licenceId: number) => {
  const [row] = await db
    .select({ id: videoLicences.id })
    .from(videoLicences)
    .where(eq(videoLicences.id, licenceId))
  return row !== undefined
}
