import type { EarningsSummary } from '@contract/index'
import { lazy, Suspense, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { formatPrice } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { OptionalPart } from '@/shared/ui/optional-part'
import { SkeletonLine } from '@/shared/ui/skeleton'
import { monthLabel } from '../lib/months'

const StackedBarChart = lazy(() => import('@/shared/ui/stacked-bar-chart'))

const SHARE_COLOUR = '#2159d4' // brand-600
const FEE_COLOUR = '#94a3b8' // slate-400

const cellClass = 'px-3 py-2 text-right tabular-nums'

/**
 * The last twelve months: a chart for the eye, and the same figures as a table, which is what
 * screen readers read (the chart is hidden from them), newest month first.
 */
export function MonthlyEarnings({ summary }: { summary: EarningsSummary }) {
  const { t } = useTranslation()
  const language = useLanguage()
  const headingId = useId()
  const money = (cents: number) => formatPrice(cents, language)
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('earnings.months.title')}
      </h2>
      <OptionalPart
        fallback={<p className="text-sm text-slate-600">{t('earnings.months.chartFailed')}</p>}
      >
        <Suspense fallback={<SkeletonLine className="h-64 w-full" />}>
          {/* The educator's share under the platform fee: together, the gross. */}
          <StackedBarChart
            labels={summary.months.map(({ month }) => monthLabel(month, language))}
            series={[
              {
                label: t('earnings.columns.share'),
                values: summary.months.map(({ shareCents }) => shareCents),
                colour: SHARE_COLOUR,
              },
              {
                label: t('earnings.columns.fee'),
                values: summary.months.map(({ feeCents }) => feeCents),
                colour: FEE_COLOUR,
              },
            ]}
            formatValue={money}
          />
        </Suspense>
      </OptionalPart>
      <div className="overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
        <table className="w-full border-collapse text-sm">
          <caption className="px-3 py-2 text-left text-slate-600">
            {t('earnings.months.caption')}
          </caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
              <th scope="col" className="px-3 py-2 text-left font-semibold">
                {t('earnings.columns.month')}
              </th>
              <th scope="col" className={`${cellClass} font-semibold`}>
                {t('earnings.columns.gross')}
              </th>
              <th scope="col" className={`${cellClass} font-semibold`}>
                {t('earnings.columns.fee')}
              </th>
              <th scope="col" className={`${cellClass} font-semibold`}>
                {t('earnings.columns.share')}
              </th>
            </tr>
          </thead>
          <tbody>
            {[...summary.months].reverse().map((month) => (
              <tr key={month.month} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                  {monthLabel(month.month, language)}
                </th>
                <td className={cellClass}>{money(month.grossCents)}</td>
                <td className={cellClass}>{money(month.feeCents)}</td>
                <td className={`${cellClass} font-semibold`}>{money(month.shareCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
