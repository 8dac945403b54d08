import type { Payment } from '@contract/index'
import { type ReactNode, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router-dom'
import { NotFoundPage } from '@/app/components/error-page'
import { usePayment } from '@/features/payments/api/get-payment'
import { PaymentOutcome } from '@/features/payments/components/payment-outcome'
import { apiMessages, toApiError } from '@/shared/api/errors'
import { parseId } from '@/shared/config/paths'
import { LoadError } from '@/shared/ui/load-error'
import { Loading } from '@/shared/ui/loading'
import AccessDenied from './access-denied'
import { useRefreshSeats } from './use-refresh-seats'

function Screen({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-6 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t('payments.result.title')}</h1>
      {children}
    </section>
  )
}

/** /payments/:paymentId: what became of one of the student's payments (§2). */
export default function PaymentResult() {
  const { t } = useTranslation()
  const paymentId = parseId(useParams().paymentId)
  if (paymentId === null) {
    return <NotFoundPage description={t('payments.errors.idIsMissingOrNotValid')} />
  }
  return <PaymentResultBody key={paymentId} paymentId={paymentId} />
}

/**
 * While the screen shows a payment that has not settled (processing, refunding), it asks again;
 * when the provider settles it (captured, cancelled, refunded), the seat it pays for changed with
 * it: the lesson's sessions and materials, the dashboard and the history are refreshed.
 */
const useRefreshWhenSettled = (payment: Payment | undefined) => {
  const refreshSeats = useRefreshSeats()
  const seen = useRef<Payment['status'] | null>(null)
  const status = payment?.status ?? null
  const lessonId = payment?.lessonId ?? null
  useEffect(() => {
    if (status === null || lessonId === null) return
    if (seen.current !== null && seen.current !== status) void refreshSeats(lessonId)
    seen.current = status
  }, [status, lessonId, refreshSeats])
}

/**
 * A payment that does not exist is the not-found page, and someone else's the access-denied page
 * with the API's reason (asking again cannot change either); any other failure can be retried.
 */
function PaymentResultBody({ paymentId }: { paymentId: number }) {
  const { t } = useTranslation()
  const payment = usePayment(paymentId)
  useRefreshWhenSettled(payment.data)
  if (payment.isPending) return <Loading />
  if (payment.isError) {
    const error = toApiError(payment.error)
    if (error.status === 404) return <NotFoundPage />
    if (error.status === 403) return <AccessDenied description={apiMessages(error)[0]} />
    return (
      <Screen>
        <LoadError onRetry={() => void payment.refetch()}>{t('payments.errors.load')}</LoadError>
      </Screen>
    )
  }
  return (
    <Screen>
      <PaymentOutcome payment={payment.data} />
    </Screen>
  )
}
