import type { Payment, Session } from '@contract/index'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { toast } from 'react-toastify'
import { serverMessage } from '@/shared/api/errors'
import { paths } from '@/shared/config/paths'
import { formatDate, formatPrice, zonedTimes } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { Button } from '@/shared/ui/button'
import { Dialog } from '@/shared/ui/dialog'
import { LoadError } from '@/shared/ui/load-error'
import { useCancelPayment } from '../api/cancel-payment'
import { useCapturePayment } from '../api/capture-payment'
import { useCreateOrder } from '../api/create-order'
import { usePaymentConfig } from '../api/get-payment-config'
import { HoldCountdown } from './hold-countdown'
import { PayPalCheckout } from './paypal-checkout'

type PayDialogProps = {
  lessonTitle: string
  session: Pick<Session, 'id' | 'lessonId' | 'start_time' | 'end_time' | 'fullPrice'>
  onClose: () => void
  /**
   * When the seat's state changed: held (the order opened), freed again (the hold expired),
   * captured or cancelled. Seat counts and the student's lists change with it.
   */
  onSeatChanged?: (() => void) | undefined
}

/**
 * Paying for a seat in one paid session: what is bought and the refund rule before any button,
 * the test-mode notice, then the wallet buttons. Opening the order holds the seat for a while
 * (the countdown); approving captures the payment and cancelling frees the seat, each ending on
 * the payment's result screen.
 */
export function PayDialog({ lessonTitle, session, onClose, onSeatChanged }: PayDialogProps) {
  const { t } = useTranslation()
  const language = useLanguage()
  const navigate = useNavigate()
  const config = usePaymentConfig()
  const createOrder = useCreateOrder()
  const capture = useCapturePayment()
  const cancel = useCancelPayment()
  const [payment, setPayment] = useState<Payment | null>(null)
  // The wallet calls back before React re-renders: the open payment is read from here.
  const paymentRef = useRef<Payment | null>(null)
  // An order that could not be opened was already reported; the wallet's error follows it.
  const reported = useRef(false)

  const showResult = (paymentId: number) => {
    onSeatChanged?.()
    void navigate(paths.payment.result.href(paymentId))
  }

  const openOrder = async () => {
    reported.current = false
    try {
      const opened = await createOrder.mutateAsync({
        lessonId: session.lessonId,
        sessionId: session.id,
      })
      paymentRef.current = opened
      setPayment(opened)
      // The order holds a seat: the seat counts behind the dialog change.
      onSeatChanged?.()
      if (opened.orderId === null) throw new Error('The provider opened no order')
      return opened.orderId
    } catch (error) {
      reported.current = true
      toast.error(
        t('payments.errors.enrollFailed', {
          reason: serverMessage(error, t('payments.errors.paymentError')),
        }),
      )
      throw error
    }
  }

  const onApprove = async () => {
    const open = paymentRef.current
    if (!open) return
    try {
      await capture.mutateAsync(open.id)
    } catch (error) {
      toast.error(
        t('payments.errors.enrollFailed', {
          reason: serverMessage(error, t('payments.errors.paymentError')),
        }),
      )
    }
    showResult(open.id)
  }

  const onCancel = async () => {
    const open = paymentRef.current
    if (!open) return
    try {
      await cancel.mutateAsync(open.id)
    } catch {
      // Already settled another way: the result screen shows how.
    }
    showResult(open.id)
  }

  const onError = () => {
    const open = paymentRef.current
    if (open) showResult(open.id)
    else if (!reported.current) toast.error(t('payments.errors.paymentError'))
  }

  const when = t('payments.dialog.whenValue', {
    date: formatDate(session.start_time, language),
    ...zonedTimes(session.start_time, session.end_time, language),
  })

  return (
    <Dialog open onClose={onClose} title={t('payments.dialog.title')}>
      <div className="flex flex-col gap-4 text-sm text-slate-700">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-slate-600">{t('payments.dialog.lesson')}</dt>
          <dd className="font-medium text-slate-900">{lessonTitle}</dd>
          <dt className="text-slate-600">{t('payments.dialog.when')}</dt>
          <dd className="font-medium text-slate-900">{when}</dd>
          <dt className="text-slate-600">{t('payments.dialog.price')}</dt>
          {/* Once the order is open, what it charges: the price when the seat was held. */}
          <dd className="font-medium text-slate-900">
            {formatPrice(payment?.amount_in_cents ?? session.fullPrice, language)}
          </dd>
        </dl>
        <p>{t('payments.dialog.refundRule')}</p>
        {config.isPending && (
          <p role="status" className="text-slate-600">
            {t('common.loading')}
          </p>
        )}
        {config.isError && (
          <LoadError onRetry={() => void config.refetch()}>
            {t('payments.dialog.configFailed')}
          </LoadError>
        )}
        {config.data && (
          <>
            {config.data.testMode && (
              <p className="rounded-md border border-amber-300 bg-amber-50 p-3 font-medium text-amber-900">
                {t('payments.dialog.testMode')}
              </p>
            )}
            {payment?.holdExpiresAt && (
              <HoldCountdown holdExpiresAt={payment.holdExpiresAt} onExpired={onSeatChanged} />
            )}
            <PayPalCheckout
              config={config.data}
              createOrder={openOrder}
              onApprove={onApprove}
              onCancel={() => void onCancel()}
              onError={onError}
            />
          </>
        )}
        <div className="flex justify-end">
          <Button variant="ghost" onClick={onClose}>
            {t('payments.dialog.close')}
          </Button>
        </div>
      </div>
    </Dialog>
  )
}
