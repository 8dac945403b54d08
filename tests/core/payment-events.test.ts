import { describe, expect, it } from 'vitest'
import { paymentEvent } from '@contract/payment-events'

/** What each of PayPal's capture events asks of us (contract/payment-events.ts). */

const related = (ids: Record<string, unknown>) => ({ supplementary_data: { related_ids: ids } })

describe('a payment event', () => {
  it('reconciles a completed capture of an order', () => {
    expect(
      paymentEvent({
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource: { id: 'CAP-1', ...related({ order_id: 'ORDER-1' }) },
      }),
    ).toEqual({ kind: 'captured', orderId: 'ORDER-1', captureId: 'CAP-1' })
  })

  it('declines the pending capture of an order', () => {
    expect(
      paymentEvent({
        event_type: 'PAYMENT.CAPTURE.DENIED',
        resource: { id: 'CAP-1', ...related({ order_id: 'ORDER-1' }) },
      }),
    ).toEqual({ kind: 'denied', orderId: 'ORDER-1' })
  })

  it("refunds the capture its 'up' link names, else its related capture id", () => {
    const up = {
      rel: 'up',
      href: 'https://api-m.paypal.com/v2/payments/captures/CAP-9?x=1#y',
    }
    expect(
      paymentEvent({
        event_type: 'PAYMENT.CAPTURE.REFUNDED',
        resource: {
          id: 'REF-1',
          links: [{ rel: 'self', href: 'https://api-m.paypal.com/v2/payments/refunds/REF-1' }, up],
          ...related({ capture_id: 'CAP-OTHER' }),
        },
      }),
    ).toEqual({ kind: 'refunded', captureId: 'CAP-9', refundId: 'REF-1' })
    expect(
      paymentEvent({
        event_type: 'PAYMENT.CAPTURE.REFUNDED',
        resource: { id: 'REF-1', links: 'not a list', ...related({ capture_id: 'CAP-2' }) },
      }),
    ).toEqual({ kind: 'refunded', captureId: 'CAP-2', refundId: 'REF-1' })
  })

  it('ignores an up link that names no capture rather than reading another id', () => {
    expect(
      paymentEvent({
        event_type: 'PAYMENT.CAPTURE.REFUNDED',
        resource: {
          id: 'REF-1',
          links: [{ rel: 'up', href: 'https://api-m.paypal.com/v2/checkout/orders/O-1' }],
          ...related({ capture_id: 'CAP-2' }),
        },
      }),
    ).toEqual({ kind: 'ignored' })
  })

  it('ignores other event types, and events that name nothing usable', () => {
    const cases = [
      { event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: 'O-1' } },
      { event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'CAP-1' } },
      { event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: related({ order_id: 'O-1' }) },
      {
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource: { id: '', ...related({ order_id: 'O' }) },
      },
      {
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource: { id: 7, ...related({ order_id: 'O' }) },
      },
      { event_type: 'PAYMENT.CAPTURE.DENIED', resource: { id: 'CAP-1', ...related({}) } },
      { event_type: 'PAYMENT.CAPTURE.DENIED', resource: { supplementary_data: null } },
      { event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: { ...related({ capture_id: 'C' }) } },
      { event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: { id: 'REF-1', links: [null, 3] } },
      {
        event_type: 'payment.capture.completed',
        resource: { id: 'C', ...related({ order_id: 'O' }) },
      },
    ]
    for (const event of cases)
      expect(paymentEvent(event), JSON.stringify(event)).toEqual({ kind: 'ignored' })
  })
})
