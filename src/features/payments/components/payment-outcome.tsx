import type { Payment } from '@contract/index'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { formatDateTime, formatPrice } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { buttonClass } from '@/shared/ui/button'
import { useTimeLeft } from '../lib/hold-countdown'

const tone: Record<Payment['status'], string> = {
  processing: 'border-slate-300 bg-slate-50 text-slate-900',
  success: 'border-green-300 bg-green-50 text-green-900',
  cancelled: 'border-slate-300 bg-slate-50 text-slate-900',
  error: 'border-red-300 bg-red-50 text-red-900',
  refunding: 'border-amber-300 bg-amber-50 text-amber-900',
  refunded: 'border-amber-300 bg-amber-50 text-amber-900',
}

/**
 * What became of one payment (§2 payment result screen): success with the transaction id,
 * processing (the screen asks again until it settles, or says the seat's hold ran out), cancelled,
 * error with the way back to the lesson to try again, or refunding/refunded with the reason. Links
 * to the lesson and the history.
 */
export function PaymentOutcome({ payment }: { payment: Payment }) {
  const { t } = useTranslation()
  const language = useLanguage()
  // A payment left open past its seat's hold (the wallet never approved) stays processing until
  // housekeeping closes it: the screen says what that means instead of "being processed".
  const holdLeft = useTimeLeft(payment.status === 'processing' ? payment.holdExpiresAt : null)
  const lapsed = holdLeft === 0
  const { status } = payment

  let detail: ReactNode = null
  if (lapsed) detail = <p>{t('payments.result.holdLapsedDetail')}</p>
  if (status === 'success' && payment.transactionId) {
    detail = (
      <p>
        {t('payments.result.transactionId')}:{' '}
        <span className="font-mono font-semibold">{payment.transactionId}</span>
      </p>
    )
  }
  if ((status === 'refunding' || status === 'refunded') && payment.refundReason) {
    detail = <p>{t(`payments.result.reasons.${payment.refundReason}`)}</p>
  }

  return (
    <div className="flex flex-col gap-6">
      <div
        role={status === 'error' ? 'alert' : 'status'}
        className={`flex flex-col gap-2 rounded-lg border p-4 ${tone[status]}`}
      >
        <p className="text-lg font-semibold">
          {lapsed ? t('payments.result.holdLapsed') : t(`payments.result.status.${status}`)}
        </p>
        {detail}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-600">{t('payments.result.lesson')}</dt>
        <dd className="font-medium text-slate-900">{payment.lessonTitle}</dd>
        <dt className="text-slate-600">{t('payments.result.session')}</dt>
        <dd className="font-medium text-slate-900">
          {payment.sessionStart
            ? formatDateTime(payment.sessionStart, language)
            : t('payments.result.sessionGone')}
        </dd>
        <dt className="text-slate-600">{t('payments.result.amount')}</dt>
        <dd className="font-medium text-slate-900">
          {formatPrice(payment.amount_in_cents, language)}
        </dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Link to={paths.lesson.detail.href(payment.lessonId)} className={buttonClass('primary')}>
          {status === 'error' || status === 'cancelled' || lapsed
            ? t('payments.result.tryAgain')
            : t('payments.result.toLesson')}
        </Link>
        <Link to={paths.history.href()} className={buttonClass('secondary')}>
          {t('payments.result.toHistory')}
        </Link>
      </div>
    </div>
  )
}
