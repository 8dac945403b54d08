import type { EarningsTotals } from '@contract/index'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { formatPrice } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'

/** The last three months' totals (this month and the two before): gross, fee and share. */
export function EarningsTotalsPanel({ totals }: { totals: EarningsTotals }) {
  const { t } = useTranslation()
  const language = useLanguage()
  const headingId = useId()
  const figures = [
    { key: 'gross', label: t('earnings.columns.gross'), cents: totals.grossCents },
    { key: 'fee', label: t('earnings.columns.fee'), cents: totals.feeCents },
    { key: 'share', label: t('earnings.columns.share'), cents: totals.shareCents },
  ]
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('earnings.totals.title')}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.key} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
            <dt className="text-sm text-slate-600">{figure.label}</dt>
            <dd
              className={`text-2xl font-semibold tabular-nums ${figure.key === 'share' ? 'text-brand-700' : 'text-slate-900'}`}
            >
              {formatPrice(figure.cents, language)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
