import { and, count, desc, eq, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm'
import type { AdminUsersQuery } from '../../../contract/endpoints/admin.ts'
import type { PageRequest } from '../../../contract/paging.ts'
import type { Executor } from '../db/client.ts'
import { lessonSessions, users, videoLicences } from '../db/schema.ts'
import { anyContainsText } from './text-search.ts'
import { countedPage, countOf } from './counted-page.ts'

/** Students and admins need no approval, so only educators awaiting it count as not validated. */
const validatedIs = (validated: boolean): SQL | undefined =>
  validated
    ? or(ne(users.role, 'educator'), isNotNull(users.approvedAt))
    : and(eq(users.role, 'educator'), isNull(users.approvedAt))

/**
 * What the admin list selects by: the query and, when it asks for the educators below the
 * earnings rule, their ids, judged by the service (the rule's periods are counted in TypeScript,
 * contract/rules.ts, not here).
 */
export type UsersFilter = AdminUsersQuery & { belowEarningsRule?: readonly number[] }

/** The user is one of `ids`, sent as one JSON parameter whatever their number. */
const idIn = (ids: readonly number[]) => {
  const list = JSON.stringify(ids)
  return sql`${users.id} in (select value::integer from jsonb_array_elements_text(${list}::jsonb))`
}

/** What sets an educator in each state of the admin list. */
const stateCondition = (filter: UsersFilter, state: NonNullable<AdminUsersQuery['state']>) => {
  switch (state) {
    case 'awaiting_approval':
      return isNull(users.approvedAt)
    case 'approved':
      return isNotNull(users.approvedAt)
    case 'no_licence':
      return isNull(users.videoLicenceId)
    case 'deactivated':
      return isNotNull(users.deactivatedAt)
    case 'below_earnings_rule':
      if (!filter.belowEarningsRule) throw new Error('The educators below the rule were not judged')
      return idIn(filter.belowEarningsRule)
  }
}

/** The educator states of the admin list; each one selects educators only. */
const stateIs = (filter: UsersFilter, state: NonNullable<AdminUsersQuery['state']>) =>
  and(eq(users.role, 'educator'), stateCondition(filter, state))

/** Sessions of the user's lessons that have not ended yet. */
const upcomingSessionCount = sql<number>`(
  select count(*) from ${lessonSessions}
  where ${lessonSessions.ownerId} = ${users.id} and ${lessonSessions.endTime} > now()
)`.mapWith(Number)

/** The name or the e-mail contains `search`, through the index over both (migration 0014). */
const nameOrEmailContains = (search: string) =>
  anyContainsText(
    sql`(${users.name} || ' ' || ${users.email})`,
    [sql`${users.name}`, sql`${users.email}`],
    search,
  )

const filtersOf = (query: UsersFilter) => {
  const search = query.search?.trim()
  return and(
    query.role ? eq(users.role, query.role) : undefined,
    query.isValidated === undefined ? undefined : validatedIs(query.isValidated),
    query.state ? stateIs(query, query.state) : undefined,
    search ? nameOrEmailContains(search) : undefined,
  )
}

/** One page of users with their licences, newest first, and how many match in all. */
export const listUsersPage = async (db: Executor, query: UsersFilter, page: PageRequest) => {
  const rows = db
    .select({ user: users, licence: videoLicences, upcomingSessionCount })
    .from(users)
    .leftJoin(videoLicences, eq(videoLicences.id, users.videoLicenceId))
    .where(filtersOf(query))
    .orderBy(desc(users.createdAt), desc(users.id))
    .offset(page.offset)
    .limit(page.take)
  const { records, itemCount } = await countedPage(page, rows.execute(), () =>
    countUsers(db, query),
  )
  return { rows: records, itemCount }
}

/** How many users the list selects with the query, whatever the page. */
export const countUsers = (db: Executor, query: UsersFilter) =>
  countOf(db.select({ count: count() }).from(users).where(filtersOf(query)))

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
