import type { PaymentRow } from '../repositories/seats.ts'

/**
 * Request ids derived from our payment: PayPal answers a repeated one with its first result. The
 * creation instant is part of it, so a database started afresh (or another environment on the
 * same PayPal account) never reuses the id of an older payment.
 */
const requestKey = (payment: Pick<PaymentRow, 'id' | 'createdAt'>) =>
  `${payment.id}-${payment.createdAt.getTime().toString(36)}`

export const requestIds = {
  order: (payment: Pick<PaymentRow, 'id' | 'createdAt'>) => `manabi-order-${requestKey(payment)}`,
  capture: (payment: Pick<PaymentRow, 'id' | 'createdAt'>) =>
    `manabi-capture-${requestKey(payment)}`,
  refund: (payment: Pick<PaymentRow, 'id' | 'createdAt'>) => `manabi-refund-${requestKey(payment)}`,
}
