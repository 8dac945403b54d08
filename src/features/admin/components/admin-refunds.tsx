import type { AdminRefund } from '@contract/index'
import { useCallback, useId, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { useUser } from '@/shared/auth/current-user'
import { paths } from '@/shared/config/paths'
import { formatDateIn, formatPrice, formatTimeIn, viewerTimeZone } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { useUrlParams } from '@/shared/lib/use-url-params'
import { Button } from '@/shared/ui/button'
import { CardCell, CardRow, CardRowHeader, CardTable } from '@/shared/ui/card-table'
import { LoadError } from '@/shared/ui/load-error'
import { Loading } from '@/shared/ui/loading'
import { Pagination } from '@/shared/ui/pagination'
import { useRefunds } from '../api/get-refunds'
import type { RefundListFilters } from '../api/keys'
import { listParams, readRefundFilters } from '../lib/list-filters'
import { ListRange } from './list-range'

/** The list's range and page in the URL, so the overview's links open it as they count it. */
function useRefundFilters() {
  const [params, setParams] = useUrlParams()
  const filters = useMemo(() => readRefundFilters(params), [params])
  const setFilters = useCallback(
    (change: Partial<RefundListFilters>) =>
      setParams((current) => listParams({ ...readRefundFilters(current), page: 1, ...change })),
    [setParams],
  )
  return { filters, setFilters }
}

function RefundRows({ refunds, timeZone }: { refunds: readonly AdminRefund[]; timeZone: string }) {
  const { t } = useTranslation()
  const language = useLanguage()
  const instant = (value: string) =>
    `${formatDateIn(value, language, timeZone)} ${formatTimeIn(value, timeZone)}`
  const columns = {
    due: t('admin.refunds.columns.due'),
    lesson: t('admin.refunds.columns.lesson'),
    session: t('admin.refunds.columns.session'),
    student: t('admin.refunds.columns.student'),
    amount: t('admin.refunds.columns.amount'),
    reason: t('admin.refunds.columns.reason'),
    status: t('admin.refunds.columns.status'),
  }
  return (
    <CardTable
      caption={t('admin.refunds.caption')}
      columns={Object.values(columns)}
      breakpoint="xl"
    >
      {refunds.map((refund) => (
        <CardRow key={refund.paymentId}>
          <CardRowHeader label={columns.due}>{instant(refund.refundDueAt)}</CardRowHeader>
          <CardCell label={columns.lesson}>
            <Link
              to={paths.lesson.detail.href(refund.lessonId)}
              className="text-brand-700 underline underline-offset-2"
            >
              {refund.lessonTitle}
            </Link>
          </CardCell>
          <CardCell label={columns.session}>
            {refund.sessionStart ? instant(refund.sessionStart) : t('admin.refunds.sessionRemoved')}
          </CardCell>
          <CardCell label={columns.student}>{refund.student.name}</CardCell>
          <CardCell label={columns.amount}>
            <span className="tabular-nums">{formatPrice(refund.amountCents, language)}</span>
          </CardCell>
          <CardCell label={columns.reason}>
            {refund.refundReason
              ? t(`earnings.reasons.${refund.refundReason}`)
              : t('admin.refunds.noReason')}
          </CardCell>
          <CardCell label={columns.status}>{t(`admin.refunds.statuses.${refund.status}`)}</CardCell>
        </CardRow>
      ))}
    </CardTable>
  )
}

/**
 * The refunds that became due in a range, newest first (issue 32): what the overview's refund
 * figures count, in the admin's zone, each marked confirmed by PayPal or still on its way.
 */
export function AdminRefunds() {
  const { t } = useTranslation()
  const headingId = useId()
  const { filters, setFilters } = useRefundFilters()
  const refunds = useRefunds(filters)
  const timeZone = useUser().data?.timezone ?? viewerTimeZone()
  const ranged = filters.from !== null || filters.to !== null

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-col gap-1">
        <h1 id={headingId} className="text-2xl font-semibold text-slate-900">
          {t('admin.refunds.title')}
        </h1>
        <ListRange range={filters} timeZone={timeZone} />
      </div>
      {ranged && (
        <div>
          <Button variant="secondary" onClick={() => setFilters({ from: null, to: null })}>
            {t('admin.lists.allDates')}
          </Button>
        </div>
      )}
      {refunds.isPending ? (
        <Loading />
      ) : refunds.isError ? (
        <LoadError onRetry={() => void refunds.refetch()}>
          {t('admin.refunds.loadFailed')}
        </LoadError>
      ) : refunds.data.data.length === 0 ? (
        <div role="status" className="flex flex-col items-start gap-3 text-slate-700">
          <p>{filters.page > 1 ? t('admin.lists.pastLastPage') : t('admin.refunds.empty')}</p>
          {filters.page > 1 && (
            <Button variant="secondary" onClick={() => setFilters({ page: 1 })}>
              {t('admin.lists.firstPage')}
            </Button>
          )}
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {t('admin.refunds.count', { count: refunds.data.meta.itemCount })}
          </p>
          <div aria-busy={refunds.isPlaceholderData} className="min-w-0">
            <RefundRows refunds={refunds.data.data} timeZone={timeZone} />
          </div>
          <Pagination
            page={filters.page}
            pageCount={refunds.data.meta.pageCount}
            onPageChange={(page) => setFilters({ page })}
            label={t('admin.refunds.pages')}
          />
        </>
      )}
    </section>
  )
}
