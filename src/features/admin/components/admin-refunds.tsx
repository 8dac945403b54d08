import type { AdminRefund } from '@contract/index'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { useUser } from '@/shared/auth/current-user'
import { paths } from '@/shared/config/paths'
import { formatDateIn, formatPrice, formatTimeIn, viewerTimeZone } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { CardCell, CardRow, CardRowHeader, CardTable } from '@/shared/ui/card-table'
import { useRefunds } from '../api/get-refunds'
import { readRefundFilters, useListFilters } from '../lib/list-filters'
import { RangedList } from './ranged-list'

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
  const { filters, setFilters } = useListFilters(readRefundFilters)
  const refunds = useRefunds(filters)
  const timeZone = useUser().data?.timezone ?? viewerTimeZone()
  return (
    <RangedList
      list="refunds"
      filters={filters}
      setFilters={setFilters}
      rows={refunds}
      timeZone={timeZone}
    >
      {(rows) => <RefundRows refunds={rows} timeZone={timeZone} />}
    </RangedList>
  )
}
