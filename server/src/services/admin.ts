import { normaliseAccountEmail } from '../../../contract/checks.ts'
import type { Paginated } from '../../../contract/common.ts'
import type { AdminUser, EarningsRule, PoolLicence } from '../../../contract/entities.ts'
import type { AddLicenceBody, AdminUsersQuery } from '../../../contract/endpoints/admin.ts'
import { MESSAGES, messageFields } from '../../../contract/messages.ts'
import { pageRequest, toPage } from '../../../contract/paging.ts'
import { earningsRuleJudgedPeriod, PAGE_SIZE } from '../../../contract/rules.ts'
import type { Executor } from '../db/client.ts'
import { ConflictError, found, NotFoundError } from '../domain/errors.ts'
import { earningsPageUrl } from '../mail/links.ts'
import { withMails } from '../mail/mailer.ts'
import { emails } from '../mail/templates.ts'
import {
  approveEducator,
  countUsers,
  findAdminUserRow,
  licenceExists,
  listUsersPage,
} from '../repositories/admin.ts'
import {
  assignLicence,
  deleteFreeLicence,
  insertLicence,
  listPool,
  releaseLicence,
} from '../repositories/licences.ts'
import { toLicenceFacts, toPoolLicence } from '../serializers/licences.ts'
import { reactivateUser } from '../repositories/earnings-rule.ts'
import { toAdminUser } from '../serializers/users.ts'
import type { ServiceDeps } from './deps.ts'
import { educatorsBelowRule, earningsRulesNow, planEarningsRuleJobs } from './earnings-rule.ts'

/** Admins list users, verify educators and lend them video-conference licences. */

/**
 * What the admin calls need: the database, the mailer to tell educators what changed, and the
 * earnings rule's settings each row's rule is weighed with.
 */
type AdminDeps = Pick<ServiceDeps, 'db' | 'mailer' | 'earningsRule'>
/** Approving and reactivating also plan the earnings rule's jobs. */
type RuleAdminDeps = AdminDeps & Pick<ServiceDeps, 'jobs' | 'appOrigin'>
type ListDeps = Pick<ServiceDeps, 'db' | 'earningsRule'>

type AdminUserRow = NonNullable<Awaited<ReturnType<typeof findAdminUserRow>>>

/** The user named in the path with its licence: not found when missing. */
const adminUserRow = async (db: Executor, userId: number) =>
  found(await findAdminUserRow(db, userId), 'User')

/** Approval and video licences concern educators only; anyone else is a conflict. */
const educatorRow = async (db: Executor, userId: number) => {
  const row = await adminUserRow(db, userId)
  if (row.user.role !== 'educator') throw new ConflictError(MESSAGES.licences.notAnEducator)
  return row
}

/** A row as the admin list shows it, with its educator's rule among `rules` (by user id). */
const toAdmin = (row: AdminUserRow, rules: ReadonlyMap<number, EarningsRule>): AdminUser =>
  toAdminUser(row.user, row.licence, row.upcomingSessionCount, rules.get(row.user.id) ?? null)

/** The rules of the rows' educators at `now`, weighed in one query. */
const rulesOf = (deps: ListDeps, db: Executor, rows: readonly AdminUserRow[], now: Date) =>
  earningsRulesNow(
    deps,
    db,
    rows.map(({ user }) => user),
    now,
  )

/** One row with its educator's rule at `now`, read in `db` (the transaction that changed it). */
const adminOf = async (deps: ListDeps, db: Executor, row: AdminUserRow, now: Date) =>
  toAdmin(row, await rulesOf(deps, db, [row], now))

/**
 * The list's filter for the query at `now`. Asked for the educators below the earnings rule, it
 * judges them, and gives the rule of each.
 */
const judgedFilter = async (deps: ListDeps, query: AdminUsersQuery, now: Date) => {
  if (query.state !== 'below_earnings_rule') return { filter: query, rules: undefined }
  const rules = await educatorsBelowRule(deps, now)
  return { filter: { ...query, belowEarningsRule: [...rules.keys()] }, rules }
}

/** How many users the list selects with the query at `now`: its `meta.itemCount`. */
export const usersCount = async (deps: ListDeps, query: AdminUsersQuery, now: Date) =>
  countUsers(deps.db, (await judgedFilter(deps, query, now)).filter)

/** One page of the list, each row with its rule: the page's rules weighed in one query. */
export const usersPage = async (
  deps: ListDeps,
  query: AdminUsersQuery,
): Promise<Paginated<AdminUser>> => {
  // The app's clock, as every rule of time reads it (a test moves it).
  const now = new Date()
  const page = pageRequest(query, PAGE_SIZE.default)
  const judged = await judgedFilter(deps, query, now)
  const { rows, itemCount } = await listUsersPage(deps.db, judged.filter, page)
  // The list of the educators below the rule weighed its rows already.
  const rules = judged.rules ?? (await rulesOf(deps, deps.db, rows, now))
  return toPage(
    rows.map((row) => toAdmin(row, rules)),
    page,
    itemCount,
  )
}

/**
 * Approves an educator awaiting approval. Approving twice is a conflict, so of two admins
 * approving at once exactly one succeeds and the educator is told once.
 */
export const approveUser = (deps: RuleAdminDeps, userId: number) =>
  withMails(deps.db, deps.mailer, async (tx, mail) => {
    await educatorRow(tx, userId)
    const now = new Date()
    if (!(await approveEducator(tx, userId, now))) {
      throw new ConflictError(MESSAGES.accounts.alreadyApproved)
    }
    const approved = await adminUserRow(tx, userId)
    await planEarningsRuleJobs(deps, tx, approved.user, now)
    await mail(approved.user.email, emails.approved(approved.user))
    return adminOf(deps, tx, approved, now)
  })

/**
 * Reactivates an educator deactivated by the earnings rule: their lessons return to the catalogue
 * (the catalogue's version follows the column), and a new period counts from now, not exempt, its
 * jobs planned; the educator is told its deadline. Reactivating an active account is a conflict,
 * so of two admins at once one succeeds and the educator is told once.
 */
export const reactivateEducator = (deps: RuleAdminDeps, userId: number) =>
  withMails(deps.db, deps.mailer, async (tx, mail) => {
    await adminUserRow(tx, userId)
    const now = new Date()
    if (!(await reactivateUser(tx, userId, now))) {
      throw new ConflictError(MESSAGES.accounts.notDeactivated)
    }
    const reactivated = await adminUserRow(tx, userId)
    const { user } = reactivated
    await planEarningsRuleJobs(deps, tx, user, now)
    const period = user.approvedAt
      ? earningsRuleJudgedPeriod(
          { ruleFrom: now.getTime(), approvedAt: user.approvedAt.getTime() },
          now.getTime(),
        )
      : undefined
    if (period) {
      await mail(
        user.email,
        emails.reactivated(user, {
          deadline: new Date(period.deadline),
          minJpy: deps.earningsRule.minJpy,
          earningsUrl: earningsPageUrl(deps.appOrigin),
        }),
      )
    }
    return adminOf(deps, tx, reactivated, now)
  })

export const assignVideoLicence = (deps: AdminDeps, userId: number, licenceId?: number) =>
  withMails(deps.db, deps.mailer, async (tx, mail) => {
    await educatorRow(tx, userId)
    if (licenceId !== undefined && !(await licenceExists(tx, licenceId))) {
      throw new NotFoundError('Licence')
    }
    await assignLicence(tx, userId, licenceId)
    const assigned = await adminUserRow(tx, userId)
    if (assigned.licence) {
      await mail(
        assigned.user.email,
        emails.licenceAssigned(assigned.user, toLicenceFacts(assigned.licence)),
      )
    }
    return adminOf(deps, tx, assigned, new Date())
  })

export const removeVideoLicence = (deps: AdminDeps, userId: number) =>
  withMails(deps.db, deps.mailer, async (tx, mail) => {
    const { licence: held } = await educatorRow(tx, userId)
    await releaseLicence(tx, userId)
    const released = await adminUserRow(tx, userId)
    if (held) {
      await mail(released.user.email, emails.licenceRemoved(released.user, toLicenceFacts(held)))
    }
    return adminOf(deps, tx, released, new Date())
  })

export const licencePool = async ({ db }: Pick<ServiceDeps, 'db'>): Promise<PoolLicence[]> =>
  (await listPool(db)).map(toPoolLicence)

export const addLicence = async (
  { db }: Pick<ServiceDeps, 'db'>,
  body: AddLicenceBody,
): Promise<PoolLicence> => {
  const licence = await insertLicence(db, {
    provider: body.provider,
    accountEmail: normaliseAccountEmail(body.accountEmail),
  })
  return toPoolLicence({ licence, holder: null })
}

export const retireLicence = async ({ db }: Pick<ServiceDeps, 'db'>, licenceId: number) => {
  await db.transaction((tx) => deleteFreeLicence(tx, licenceId))
  return messageFields(MESSAGES.licences.retired)
}
