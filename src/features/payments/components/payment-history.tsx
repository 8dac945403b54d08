import type { Payment } from '@contract/index'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { formatDate, formatDateTime, formatPrice } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { Button } from '@/shared/ui/button'
import { LoadError } from '@/shared/ui/load-error'
import { Loading } from '@/shared/ui/loading'
import { useMyPayments } from '../api/get-my-payments'

/** Only captured payments are listed: paid, refund in progress, refunded. */
const statusClass: Partial<Record<Payment['status'], string>> = {
  success: 'bg-green-100 text-green-800',
  refunding: 'bg-amber-100 text-amber-900',
  refunded: 'bg-slate-200 text-slate-800',
}

function PaymentRow({ payment }: { payment: Payment }) {
  const { t } = useTranslation()
  const language = useLanguage()
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Link
          to={paths.payment.result.href(payment.id)}
          className="font-semibold text-brand-700 hover:underline"
        >
          {payment.lessonTitle}
        </Link>
        <span
          className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            statusClass[payment.status] ?? 'bg-slate-100 text-slate-700'
          }`}
        >
          {t(`payments.history.status.${payment.status}`)}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{t('payments.history.session')}</dt>
        <dd className="text-slate-900">
          {payment.sessionStart
            ? formatDateTime(payment.sessionStart, language)
            : t('payments.result.sessionGone')}
        </dd>
        <dt className="text-slate-600">{t('payments.history.amount')}</dt>
        <dd className="text-slate-900">{formatPrice(payment.amount_in_cents, language)}</dd>
        <dt className="text-slate-600">{t('payments.history.paidOn')}</dt>
        {/* The capture's day; the order may have been opened the day before (near midnight). */}
        <dd className="text-slate-900">
          {formatDate(payment.paidAt ?? payment.createdAt, language)}
        </dd>
        <dt className="text-slate-600">{t('payments.history.transactionId')}</dt>
        <dd className="font-mono break-all text-slate-900">{payment.transactionId ?? '—'}</dd>
      </dl>
      {payment.status !== 'success' && payment.refundReason && (
        <p className="text-sm text-slate-700">
          {t(`payments.result.reasons.${payment.refundReason}`)}
        </p>
      )}
    </li>
  )
}

/**
 * The student's captured payments, newest first: lesson, session date, amount, the day paid, the
 * status (paid, refund in progress, refunded), the transaction id and why a refund was made; 20
 * at a time with "Load more".
 */
export function PaymentHistory() {
  const { t } = useTranslation()
  const headingId = useId()
  const payments = useMyPayments()
  const items = payments.data?.pages.flatMap((page) => page.data) ?? []

  let body
  if (payments.isPending) body = <Loading />
  else if (payments.isError && items.length === 0) {
    body = (
      <LoadError onRetry={() => void payments.refetch()}>{t('payments.history.error')}</LoadError>
    )
  } else if (items.length === 0) {
    body = <p className="text-slate-600">{t('payments.history.empty')}</p>
  } else {
    body = (
      <>
        <ul aria-labelledby={headingId} className="flex flex-col gap-3">
          {items.map((payment) => (
            <PaymentRow key={payment.id} payment={payment} />
          ))}
        </ul>
        {payments.isFetchNextPageError && (
          <p role="alert" className="text-red-700">
            {t('payments.history.error')}
          </p>
        )}
        {payments.hasNextPage && (
          <div>
            <Button
              variant="secondary"
              onClick={() => void payments.fetchNextPage()}
              pending={payments.isFetchingNextPage}
            >
              {payments.isFetchingNextPage
                ? t('payments.history.loadingMore')
                : t('payments.history.loadMore')}
            </Button>
          </div>
        )}
      </>
    )
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {t('payments.history.title')}
      </h2>
      {body}
    </section>
  )
}
