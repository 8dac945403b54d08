import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import type { CurrentUser } from '@contract/index'
import { paths } from '@/shared/config/paths'
import { Button } from '@/shared/ui/button'
import { LoadError } from '@/shared/ui/load-error'
import { Skeleton, SkeletonLine } from '@/shared/ui/skeleton'
import { WaitsForAbove } from '@/shared/ui/waits-for-above'
import { useDownloadEarningsCsv } from '../api/download-earnings-csv'
import { useEarningsSummary } from '../api/get-earnings-summary'
import { EarningsLines } from './earnings-lines'
import { EarningsRulePanel } from './earnings-rule-panel'
import { EarningsTotalsPanel } from './earnings-totals'
import { MonthlyEarnings } from './monthly-earnings'

/**
 * The educator's earnings (issue 32): where they stand against the terms' earnings rule, the
 * last three months' totals, the twelve months as a chart
 * and a table, every payment and refund, and the same lines as a CSV file. Amounts are USD; months
 * and instants are the educator's own zone's, as the server sums them.
 */
export function EarningsScreen({ user }: { user: CurrentUser }) {
  const { t } = useTranslation()
  const headingId = useId()
  const summary = useEarningsSummary()
  const download = useDownloadEarningsCsv()

  let sums
  if (summary.isPending) {
    sums = (
      <Skeleton>
        <div className="flex flex-col gap-3">
          <SkeletonLine className="h-24 w-full" />
          <SkeletonLine className="h-64 w-full" />
        </div>
      </Skeleton>
    )
  } else if (!summary.data) {
    sums = (
      <LoadError onRetry={() => void summary.refetch()}>
        {t('earnings.summaryLoadFailed')}
      </LoadError>
    )
  } else {
    sums = (
      <>
        <EarningsRulePanel rule={summary.data.rule} user={user} />
        <EarningsTotalsPanel totals={summary.data.lastThreeMonths} />
        <MonthlyEarnings summary={summary.data} />
      </>
    )
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-8 p-4 sm:p-6 xl:p-8">
      <section aria-labelledby={headingId} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 id={headingId} className="text-2xl font-semibold text-slate-900">
            {t('earnings.title')}
          </h1>
          <Button
            variant="secondary"
            pending={download.isPending}
            onClick={() => download.mutate()}
          >
            {t('earnings.download.button')}
          </Button>
        </div>
        <p className="text-slate-600">
          {t('earnings.subtitle', { zone: user.timezone })}{' '}
          <Link to={paths.settings.href()} className="text-brand-700 underline underline-offset-2">
            {t('earnings.changeZone')}
          </Link>
        </p>
      </section>
      {sums}
      <WaitsForAbove aboveLoading={summary.isPending}>
        <EarningsLines timeZone={user.timezone} />
      </WaitsForAbove>
    </div>
  )
}
