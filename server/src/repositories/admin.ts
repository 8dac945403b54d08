import { and, count, desc, eq, ilike, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm'
import type { AdminUsersQuery } from '../../../contract/endpoints/admin.ts'
import type { PageRequest } from '../../../contract/paging.ts'
import type { Executor } from '../db/client.ts'
import { lessonSessions, users, videoLicences } from '../db/schema.ts'

/** `%` and `_` (and the escape character itself) match literally in a LIKE pattern. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`)

/** Students and admins need no approval, so only educators awaiting it count as not validated. */
const validatedIs = (validated: boolean): SQL | undefined =>
  validated
    ? or(ne(users.role, 'educator'), isNotNull(users.approvedAt))
    : and(eq(users.role, 'educator'), isNull(users.approvedAt))

/** The educator states of the admin list; each one selects educators only. */
const stateIs = (state: NonNullable<AdminUsersQuery['state']>): SQL | undefined =>
  and(
    eq(users.role, 'educator'),
    state === 'awaiting_approval'
      ? isNull(users.approvedAt)
      : state === 'approved'
        ? isNotNull(users.approvedAt)
        : isNull(users.videoLicenceId),
  )

/** Sessions of the user's lessons that have not ended yet. */
const upcomingSessionCount = sql<number>`(
  select count(*) from ${lessonSessions}
  where ${lessonSessions.ownerId} = ${users.id} and ${lessonSessions.endTime} > now()
)`.mapWith(Number)

const filtersOf = (query: AdminUsersQuery) => {
  const search = query.search?.trim()
  const pattern = search ? `%${escapeLike(search)}%` : undefined
  return and(
    query.role ? eq(users.role, query.role) : undefined,
    query.isValidated === undefined ? undefined : validatedIs(query.isValidated),
    query.state ? stateIs(query.state) : undefined,
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
  )
}

/** One page of users with their licences, newest first, and how many match in all. */
export const listUsersPage = async (db: Executor, query: AdminUsersQuery, page: PageRequest) => {
  const rows = await db
    .select({ user: users, licence: videoLicences, upcomingSessionCount })
    .from(users)
    .leftJoin(videoLicences, eq(videoLicences.id, users.videoLicenceId))
    .where(filtersOf(query))
    .orderBy(desc(users.createdAt), desc(users.id))
    .offset(page.offset)
    .limit(page.take)
  return { rows, itemCount: await countUsers(db, query) }
}

/** How many users the list selects with the query, whatever the page. */
export const countUsers = async (db: Executor, query: AdminUsersQuery) => {
  const [total] = await db.select({ count: count() }).from(users).where(filtersOf(query))
  return total?.count ?? 0
}

/** One user with its licence and upcoming session count, as the admin list shows it. */
export const findAdminUserRow = async (db: Executor, userId: number) => {
  const [row] = await db
    .select({ user: users, licence: videoLicences, upcomingSessionCount })
    .from(users)
    .leftJoin(videoLicences, eq(videoLicences.id, users.videoLicenceId))
    .where(eq(users.id, userId))
    .limit(1)
  return row
}

/**
 * Approves an educator awaiting approval at `at`, where their earnings rule counts from; false
 * when it was already approved (date kept).
 */
export const approveEducator = async (db: Executor, userId: number, at: Date) => {
  const updated = await db
    .update(users)
    .set({ approvedAt: at, earningsRuleFrom: at })
    .where(and(eq(users.id, userId), isNull(users.approvedAt)))
    .returning({ id: users.id })
  return updated.length > 0
}

export const licenceExists = async (db: Executor, licenceId: number) => {
  const [row] = await db
    .select({ id: videoLicences.id })
    .from(videoLicences)
    .where(eq(videoLicences.id, licenceId))
  return row !== undefined
}
