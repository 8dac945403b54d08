import type { EarningsRule } from '../../../contract/entities.ts'
import {
  type EarningsRuleAnchor,
  type EarningsRulePeriod,
  earningsRuleJudgedPeriod,
  earningsRulePeriod,
  earningsRulePeriodAt,
  earningsRulePeriodEndingAt,
  earningsRuleStanding,
  isBelowEarningsRule,
} from '../../../contract/rules.ts'
import type { Executor } from '../db/client.ts'
import { type EarningsRuleJob, jobId, JobNotDue } from '../jobs/queues.ts'
import { earningsPageUrl } from '../mail/links.ts'
import { emails } from '../mail/templates.ts'
import {
  deactivateUser,
  educatorsUnderRule,
  lockUser,
  setWarningDecided,
} from '../repositories/earnings-rule.ts'
import { shareBetween, sharesIn } from '../repositories/earnings.ts'
import type { UserRow } from '../repositories/users.ts'
import type { ServiceDeps } from './deps.ts'
import { jobEffectOnce } from './job-effects.ts'

/**
 * The terms' earnings rule (§9), its arithmetic in contract/rules.ts: an approved educator earns
 * at least EARNINGS_MIN_JPY yen in each period of three months counted from their anchor (the
 * approval, the first period exempt, or the last reactivation), or the account is deactivated at
 * the period's deadline. Each judged period has two jobs, planned when the anchor is set and by an
 * hourly sweep: a warning 14 days before the deadline, sent once when the educator is below, and
 * the judgement at the deadline, which deactivates (and tells why) or plans the next period's
 * jobs. Each job names the anchor and deadline it was planned for, and is moot once they changed.
 */

type RuleUser = Pick<UserRow, 'id' | 'approvedAt' | 'earningsRuleFrom'>

/** The user's anchor, while they are an approved educator with one. */
const anchorOf = (user: RuleUser): EarningsRuleAnchor | undefined =>
  user.approvedAt && user.earningsRuleFrom
    ? { ruleFrom: user.earningsRuleFrom.getTime(), approvedAt: user.approvedAt.getTime() }
    : undefined

const jobDataOf = (userId: number, anchor: EarningsRuleAnchor, period: EarningsRulePeriod) => ({
  userId,
  ruleFrom: new Date(anchor.ruleFrom).toISOString(),
  deadline: new Date(period.deadline).toISOString(),
})

/** Unique per educator, anchor and deadline, so planning again adds nothing. */
const ruleJobId = (kind: 'warning' | 'deadline', data: EarningsRuleJob) =>
  jobId(`earnings-rule-${kind}:${data.userId}:${data.ruleFrom}:${data.deadline}`)

/** The period's warning (unless already decided) and its judgement at the deadline. */
const planPeriodJobs = async (
  deps: Pick<ServiceDeps, 'jobs'>,
  tx: Executor,
  user: RuleUser & { earningsWarningFor: Date | null },
  anchor: EarningsRuleAnchor,
  period: EarningsRulePeriod,
) => {
  const data = jobDataOf(user.id, anchor, period)
  if (user.earningsWarningFor?.getTime() !== period.deadline) {
    await deps.jobs.send(tx, 'earningsRuleWarning', data, {
      id: ruleJobId('warning', data),
      startAfter: new Date(period.warningAt),
    })
  }
  await deps.jobs.send(tx, 'earningsRuleDeadline', data, {
    id: ruleJobId('deadline', data),
    startAfter: new Date(period.deadline),
  })
}

/**
 * Plans the jobs of the period the rule judges next at `now` (the one after an exempt first
 * period), in the transaction that sets the anchor (an approval, a reactivation).
 */
export const planEarningsRuleJobs = async (
  deps: Pick<ServiceDeps, 'jobs'>,
  tx: Executor,
  user: RuleUser & { earningsWarningFor: Date | null },
  now: Date,
) => {
  const anchor = anchorOf(user)
  if (!anchor) return
  await planPeriodJobs(deps, tx, user, anchor, earningsRuleJudgedPeriod(anchor, now.getTime()))
}

/**
 * Plans the rule's jobs of every approved, active educator: those approved before the rule came,
 * or seeded with rows written directly. Jobs already there are left as they are (their ids are
 * fixed); a warning already decided is not planned again. Answers how many educators it planned.
 */
export const planMissingEarningsRuleJobs = async (
  deps: Pick<ServiceDeps, 'db' | 'jobs'>,
  now = new Date(),
) => {
  const educators = await educatorsUnderRule(deps.db)
  if (educators.length === 0) return 0
  await deps.db.transaction(async (tx) => {
    for (const educator of educators) await planEarningsRuleJobs(deps, tx, educator, now)
  })
  return educators.length
}

/** The educator's earnings in the period, weighed against the rule. */
const standingIn = async (
  deps: Pick<ServiceDeps, 'earningsRule'>,
  db: Executor,
  educatorId: number,
  period: EarningsRulePeriod,
): Promise<EarningsRule> =>
  earningsRuleStanding(
    period,
    await shareBetween(db, educatorId, new Date(period.start), new Date(period.deadline)),
    deps.earningsRule,
  )

/** What the rule reads of a user to tell whether it applies to them now. */
type RuleStateUser = RuleUser & Pick<UserRow, 'role' | 'deactivatedAt'>

/**
 * The rule as it stands for the current period of each approved, active educator among `users`,
 * by id (the others have none): the periods are counted here (contract/rules.ts), their shares
 * summed by one query.
 */
export const earningsRulesNow = async (
  deps: Pick<ServiceDeps, 'earningsRule'>,
  db: Executor,
  users: readonly RuleStateUser[],
  now: Date,
): Promise<Map<number, EarningsRule>> => {
  const periods = users.flatMap((user) => {
    const anchor = anchorOf(user)
    if (!anchor || user.role !== 'educator' || user.deactivatedAt !== null) return []
    return [{ educatorId: user.id, period: earningsRulePeriodAt(anchor, now.getTime()) }]
  })
  const shares = await sharesIn(
    db,
    periods.map(({ educatorId, period }) => ({
      educatorId,
      from: new Date(period.start),
      to: new Date(period.deadline),
    })),
  )
  return new Map(
    periods.map(({ educatorId, period }) => [
      educatorId,
      earningsRuleStanding(period, shares.get(educatorId) ?? 0, deps.earningsRule),
    ]),
  )
}

/** The rule as it stands for the educator's current period; null unless approved and active. */
export const earningsRuleNow = async (
  deps: Pick<ServiceDeps, 'db' | 'earningsRule'>,
  educator: UserRow,
  now: Date,
): Promise<EarningsRule | null> =>
  (await earningsRulesNow(deps, deps.db, [educator], now)).get(educator.id) ?? null

/**
 * The approved, active educators below the rule at `now` (contract/rules.ts isBelowEarningsRule),
 * with the rule of each: what the admin's list of that state shows and its overview counts.
 */
export const educatorsBelowRule = async (
  deps: Pick<ServiceDeps, 'db' | 'earningsRule'>,
  now: Date,
): Promise<Map<number, EarningsRule>> => {
  const rules = await earningsRulesNow(deps, deps.db, await educatorsUnderRule(deps.db), now)
  return new Map([...rules].filter(([, rule]) => isBelowEarningsRule(rule)))
}

/**
 * The educator a rule job is about, locked, and the period it judges; undefined when the job is
 * moot: the account is gone, deactivated or reactivated since (another anchor), or the deadline is
 * not one of a judged period of its anchor.
 */
const judgedEducator = async (tx: Executor, data: EarningsRuleJob) => {
  const user = await lockUser(tx, data.userId)
  if (!user || user.role !== 'educator' || user.deactivatedAt !== null) return undefined
  const anchor = anchorOf(user)
  if (!anchor || user.earningsRuleFrom?.toISOString() !== data.ruleFrom) return undefined
  const period = earningsRulePeriodEndingAt(anchor, Date.parse(data.deadline))
  if (!period || period.exempt) return undefined
  return { user, anchor, period }
}

/** What the rule's e-mails tell of a period. */
const ruleFacts = (deps: Pick<ServiceDeps, 'appOrigin'>, rule: EarningsRule) => ({
  periodStart: new Date(rule.periodStart),
  deadline: new Date(rule.deadline),
  earnedJpy: rule.earnedJpy,
  minJpy: rule.minJpy,
  usdJpy: rule.usdJpy,
  earningsUrl: earningsPageUrl(deps.appOrigin),
})

/**
 * The warning 14 days before a deadline: an educator below the rule then is told, in their
 * language and zone, what they earned, what is needed and by when. Decided once per period (the
 * user's row records it), whatever the retries and instances.
 */
export const warnBelowEarningsRule = (
  deps: ServiceDeps,
  job: { id: string; data: EarningsRuleJob },
) =>
  jobEffectOnce(deps, { queue: 'earningsRuleWarning', id: job.id }, async (tx, mail) => {
    const judged = await judgedEducator(tx, job.data)
    if (!judged) return
    const { user, period } = judged
    if (user.earningsWarningFor?.getTime() === period.deadline) return
    const now = Date.now()
    // Due by the database's clock but not yet by this one's: tried again later, not dropped.
    if (period.warningAt > now) throw new JobNotDue('The warning time has not come')
    // Past the deadline the judgement tells the educator, not a warning.
    if (now >= period.deadline) return
    await setWarningDecided(tx, user.id, new Date(period.deadline))
    const rule = await standingIn(deps, tx, user.id, period)
    if (rule.met) return
    await mail(user.email, emails.earningsRuleWarning(user, ruleFacts(deps, rule)))
  })

/**
 * The judgement at a deadline: below the rule, the account is deactivated as of the deadline and
 * the educator told why and how to reach support, in one transaction; otherwise the next period's
 * jobs are planned. The user's row is locked, so of several runs one judges.
 */
export const judgeEarningsRule = (deps: ServiceDeps, job: { id: string; data: EarningsRuleJob }) =>
  jobEffectOnce(deps, { queue: 'earningsRuleDeadline', id: job.id }, async (tx, mail) => {
    const judged = await judgedEducator(tx, job.data)
    if (!judged) return
    const { user, anchor, period } = judged
    if (period.deadline > Date.now()) throw new JobNotDue('The deadline has not come')
    const rule = await standingIn(deps, tx, user.id, period)
    if (rule.met) {
      const next = earningsRulePeriod(anchor, period.index + 1)
      await planPeriodJobs(deps, tx, user, anchor, next)
      return
    }
    if (!(await deactivateUser(tx, user.id, new Date(period.deadline)))) return
    await mail(
      user.email,
      emails.earningsRuleDeactivated(user, {
        ...ruleFacts(deps, rule),
        supportEmail: deps.supportEmail,
      }),
    )
  })
