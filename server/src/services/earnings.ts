import type { Paginated } from '../../../contract/common.ts'
import { earningsCsv } from '../../../contract/earnings-csv.ts'
import type { EarningsLine, EarningsSummary } from '../../../contract/entities.ts'
import type { EarningsQuery } from '../../../contract/endpoints/user.ts'
import { pageRequest, toPage } from '../../../contract/paging.ts'
import { PAGE_SIZE } from '../../../contract/rules.ts'
import { firstNameOf, sumEarnings } from '../../../contract/users.ts'
import {
  earningsByMonth,
  type EarningsLineRow,
  listEarningsLines,
} from '../repositories/earnings.ts'
import type { UserRow } from '../repositories/users.ts'
import type { ServiceDeps } from './deps.ts'
import { earningsRuleNow } from './earnings-rule.ts'

/** What an educator earned from their lessons (issue 32): the lines, and their sums by month. */

/** Months the summary covers, the current one included. */
const SUMMARY_MONTHS = 12

/** A line as the API shows it: the student by their first name. */
const toEarningsLine = ({
  studentName,
  at,
  sessionStart,
  ...line
}: EarningsLineRow): EarningsLine => ({
  ...line,
  at: at.toISOString(),
  sessionStart: sessionStart?.toISOString() ?? null,
  studentFirstName: firstNameOf(studentName),
})

export const earningsPage = async (
  { db }: Pick<ServiceDeps, 'db'>,
  educator: UserRow,
  query: EarningsQuery,
): Promise<Paginated<EarningsLine>> => {
  const page = pageRequest(query, PAGE_SIZE.default)
  const { records, itemCount } = await listEarningsLines(db, educator.id, page)
  return toPage(records.map(toEarningsLine), page, itemCount)
}

/** Every line as a CSV file, in the educator's language and time zone. */
export const earningsFile = async ({ db }: Pick<ServiceDeps, 'db'>, educator: UserRow) => {
  const { records } = await listEarningsLines(db, educator.id, null)
  return earningsCsv(records.map(toEarningsLine), {
    language: educator.language,
    timeZone: educator.timezone,
  })
}

export const earningsSummary = async (
  deps: Pick<ServiceDeps, 'db' | 'earningsRule'>,
  educator: UserRow,
): Promise<EarningsSummary> => {
  const now = new Date()
  const months = await earningsByMonth(deps.db, educator.id, educator.timezone, now, SUMMARY_MONTHS)
  return {
    timezone: educator.timezone,
    months,
    lastThreeMonths: sumEarnings(months.slice(-3)),
    rule: await earningsRuleNow(deps, educator, now),
  }
}
