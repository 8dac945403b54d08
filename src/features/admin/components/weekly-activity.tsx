import type { AdminOverview } from '@contract/index'
import { lazy, Suspense, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { formatDate, formatPrice } from '@/shared/i18n/format'
import { formatCount } from '@/shared/i18n/format-figures'
import type { AppLanguage } from '@/shared/i18n/languages'
import { useLanguage } from '@/shared/i18n/use-language'
import { OptionalPart } from '@/shared/ui/optional-part'
import { SkeletonLine } from '@/shared/ui/skeleton'

const StackedBarChart = lazy(() => import('@/shared/ui/stacked-bar-chart'))

const EDUCATORS_COLOUR = '#2159d4' // brand-600
const FEE_COLOUR = '#94a3b8' // slate-400
const ENROLLMENTS_COLOUR = '#0f766e' // teal-700

const cellClass = 'px-3 py-2 text-right tabular-nums'

/** A week's Monday ('2026-11-23') as every date is written (§1): "23 November 2026". */
const weekLabel = (weekStart: string, language: AppLanguage) => {
  const [year, month, day] = weekStart.split('-').map(Number)
  // A local midnight, formatted in the viewer's zone: the calendar date itself.
  return formatDate(new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1), language)
}

/**
 * The last twelve weeks: two charts for the eye (money, stacked as the platform's fees over what
 * went to educators, together the gross; and seats taken) and one table of the same figures,
 * which is what screen readers read, newest week first, each week's refunds a link to their list.
 */
export function WeeklyActivity({ overview }: { overview: AdminOverview }) {
  const { t } = useTranslation()
  const language = useLanguage()
  const headingId = useId()
  const money = (cents: number) => formatPrice(cents, language)
  const labels = overview.weeks.map(({ weekStart }) => weekLabel(weekStart, language))
  const chartFailed = (
    <p className="text-sm text-slate-600">{t('admin.overview.weeks.chartFailed')}</p>
  )
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('admin.overview.weeks.title')}
      </h2>
      <OptionalPart fallback={chartFailed}>
        <Suspense fallback={<SkeletonLine className="h-64 w-full" />}>
          <div className="grid gap-4 lg:grid-cols-2">
            <StackedBarChart
              labels={labels}
              series={[
                {
                  label: t('admin.overview.weeks.toEducators'),
                  values: overview.weeks.map((week) => week.grossCents - week.feeCents),
                  colour: EDUCATORS_COLOUR,
                },
                {
                  label: t('admin.overview.weeks.fees'),
                  values: overview.weeks.map((week) => week.feeCents),
                  colour: FEE_COLOUR,
                },
              ]}
              formatValue={money}
            />
            <StackedBarChart
              labels={labels}
              series={[
                {
                  label: t('admin.overview.weeks.enrollments'),
                  values: overview.weeks.map((week) => week.enrollments),
                  colour: ENROLLMENTS_COLOUR,
                },
              ]}
              formatValue={(value) => formatCount(value, language)}
            />
          </div>
        </Suspense>
      </OptionalPart>
      <div className="overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
        <table className="w-full border-collapse text-sm">
          <caption className="px-3 py-2 text-left text-slate-600">
            {t('admin.overview.weeks.caption', { zone: overview.timezone })}
          </caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
              <th scope="col" className="px-3 py-2 text-left font-semibold">
                {t('admin.overview.weeks.week')}
              </th>
              <th scope="col" className={`${cellClass} font-semibold`}>
                {t('admin.overview.weeks.enrollments')}
              </th>
              <th scope="col" className={`${cellClass} font-semibold`}>
                {t('admin.overview.weeks.gross')}
              </th>
              <th scope="col" className={`${cellClass} font-semibold`}>
                {t('admin.overview.weeks.fees')}
              </th>
              <th scope="col" className={`${cellClass} font-semibold`}>
                {t('admin.overview.weeks.refunded')}
              </th>
            </tr>
          </thead>
          <tbody>
            {overview.weeks
              .map((week, index) => ({ week, label: labels[index] }))
              .reverse()
              .map(({ week, label }) => (
                <tr key={week.weekStart} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                    {label}
                  </th>
                  <td className={cellClass}>{formatCount(week.enrollments, language)}</td>
                  <td className={cellClass}>{money(week.grossCents)}</td>
                  <td className={cellClass}>{money(week.feeCents)}</td>
                  <td className={cellClass}>
                    {week.refundedCents > 0 ? (
                      <Link
                        // The week's bounds as the server counted them, so the list shows its sum.
                        to={paths.admin.refunds.href({ from: week.from, to: week.to })}
                        aria-label={t('admin.overview.weeks.refundsOf', {
                          week: label,
                          sum: money(week.refundedCents),
                        })}
                        className="text-brand-700 underline underline-offset-2"
                      >
                        {money(week.refundedCents)}
                      </Link>
                    ) : (
                      money(week.refundedCents)
                    )}
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
