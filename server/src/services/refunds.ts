import { ProviderUnavailableError } from '../domain/errors.ts'
import { requestIds } from '../payments/request-ids.ts'
import { dueRefunds, findPayment, updatePayment } from '../repositories/seats.ts'
import type { ServiceDeps } from './deps.ts'

/** What sending refunds needs: the database, the provider and the log. */
type RefundDeps = Pick<ServiceDeps, 'db' | 'payments' | 'log'>

/**
 * Sends a due refund to the provider and records its confirmation. The request id makes a repeat
 * (this call retried, or racing the sweeper) refund once; a provider that does not answer leaves
 * the refund due for the next try.
 */
export const settleRefund = async (deps: RefundDeps, paymentId: number) => {
  const payment = await findPayment(deps.db, paymentId)
  if (payment?.status !== 'refunding' || payment.transactionId === null) return
  try {
    const { refundId } = await deps.payments.provider.refundCapture(
      payment.transactionId,
      requestIds.refund(payment),
      payment.amountInCents,
    )
    await updatePayment(
      deps.db,
      payment.id,
      { status: 'refunded', refundId, refundedAt: new Date() },
      ['refunding'],
    )
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error
    deps.log.warn({ paymentId, detail: error.detail }, 'Refund not confirmed yet; it stays due')
  }
}

/** Every refund still due (a crash or an unavailable provider came between); run periodically. */
export const settleDueRefunds = async (deps: RefundDeps) => {
  for (const { id } of await dueRefunds(deps.db)) await settleRefund(deps, id)
}
