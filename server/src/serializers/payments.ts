import type { Payment } from '../../../contract/entities.ts'
import type { PaymentRecord } from '../repositories/seats.ts'

/** A payment as its student sees it; the hold is shown only while the payment is open. */
export const toPayment = ({ payment, lessonTitle, sessionStart }: PaymentRecord): Payment => ({
  id: payment.id,
  transactionId: payment.transactionId,
  orderId: payment.orderId,
  status: payment.status,
  amount_in_cents: payment.amountInCents,
  currency: 'USD',
  lessonId: payment.lessonId,
  lessonTitle,
  sessionId: payment.sessionId,
  sessionStart: sessionStart?.toISOString() ?? null,
  holdExpiresAt:
    payment.status === 'processing' ? (payment.holdExpiresAt?.toISOString() ?? null) : null,
  refundReason: payment.refundReason,
  createdAt: payment.createdAt.toISOString(),
  paidAt: payment.capturedAt?.toISOString() ?? null,
})
