/**
 * What a payment provider's webhook event (PayPal's `PAYMENT.CAPTURE.*`) asks of us, read from its
 * resource: shared by the server and the mock catalogue so both reconcile the same events alike.
 */

export type PaymentEvent =
  /** A capture completed that the buyer's browser may never have reported. */
  | { readonly kind: 'captured'; readonly orderId: string; readonly captureId: string }
  /** The provider declined a capture it had left pending. */
  | { readonly kind: 'denied'; readonly orderId: string }
  /** A capture was refunded (ours confirmed, or one made at the provider). */
  | { readonly kind: 'refunded'; readonly captureId: string; readonly refundId: string }
  /** Nothing for us: another event type, or one that names nothing we can find. */
  | { readonly kind: 'ignored' }

const stringAt = (value: unknown, ...path: string[]): string | undefined => {
  let current = value
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return typeof current === 'string' && current !== '' ? current : undefined
}

/** The capture a refund is of: its `up` link (…/captures/{id}), else its related capture id. */
const refundedCaptureId = (resource: Readonly<Record<string, unknown>>) => {
  const links = Array.isArray(resource['links']) ? (resource['links'] as unknown[]) : []
  for (const link of links) {
    const href = stringAt(link, 'href')
    if (stringAt(link, 'rel') === 'up' && href) return /\/captures\/([^/?#]+)/.exec(href)?.[1]
  }
  return stringAt(resource, 'supplementary_data', 'related_ids', 'capture_id')
}

export const paymentEvent = (event: {
  readonly event_type: string
  readonly resource: Readonly<Record<string, unknown>>
}): PaymentEvent => {
  const { resource } = event
  const orderId = stringAt(resource, 'supplementary_data', 'related_ids', 'order_id')
  const resourceId = stringAt(resource, 'id')
  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
      return orderId && resourceId
        ? { kind: 'captured', orderId, captureId: resourceId }
        : { kind: 'ignored' }
    case 'PAYMENT.CAPTURE.DENIED':
      return orderId ? { kind: 'denied', orderId } : { kind: 'ignored' }
    case 'PAYMENT.CAPTURE.REFUNDED': {
      const captureId = refundedCaptureId(resource)
      return captureId && resourceId
        ? { kind: 'refunded', captureId, refundId: resourceId }
        : { kind: 'ignored' }
    }
    default:
      return { kind: 'ignored' }
  }
}
