import type { Paginated } from '../../../contract/common.ts'
import type { EarningsLine, EarningsSummary } from '../../../contract/entities.ts'
import type { EarningsQuery } from '../../../contract/endpoints/user.ts'
import { pageRequest, toPage } from '../../../contract/paging.ts'
import { PAGE_SIZE } from '../../../contract/rules.ts'
import { firstNameOf, sumEarnings } from '../../../contract/users.ts'
import { earningsByMonth, listEarningsLines } from '../repositories/earnings.ts'
import type { UserRow } from '../repositories/users.ts'
import type { ServiceDeps } from './deps.ts'

/** What an educator earned from their lessons (issue 32): the lines, and their sums by month. */

/** Months the summary covers, the current one included. */
const SUMMARY_MONTHS = 12

export const earningsPage = async (
  { db }: Pick<ServiceDeps, 'db'>,
  educator: UserRow,
  query: EarningsQuery,
): Promise<Paginated<EarningsLine>> => {
  const page = pageRequest(query, PAGE_SIZE.default)
  const { records, itemCount } = await listEarningsLines(db, educator.id, page)
  const lines = records.map(({ studentName, at, sessionStart, ...line }) => ({
    ...line,
    at: at.toISOString(),
    sessionStart: sessionStart?.toISOString() ?? null,
    studentFirstName: firstNameOf(studentName),
  }))
  return toPage(lines, page, itemCount)
}

export const earningsSummary = async (
  { db }: Pick<ServiceDeps, 'db'>,
  educator: UserRow,
): Promise<EarningsSummary> => {
  const months = await earningsByMonth(
    db,
    educator.id,
    educator.timezone,
    new Date(),
    SUMMARY_MONTHS,
  )
  return {
    timezone: educator.timezone,
    months,
    lastThreeMonths: sumEarnings(months.slice(-3)),
  }
}
