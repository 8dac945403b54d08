import { ProviderUnavailableError } from '../domain/errors.ts'

/**
 * A client of PayPal's REST API: Orders v2 (create, capture), Payments v2 (refund) and the
 * webhook signature check, authenticated with an OAuth client-credentials token. Every call that
 * moves money carries a `PayPal-Request-Id` the caller derives from our own payment, so a retry
 * (ours, or a browser's) is answered with the first result instead of charging twice.
 */

export type Fetch = (url: string, init: RequestInit) => Promise<Response>

export interface PayPalClientOptions {
  /** https://api-m.sandbox.paypal.com, https://api-m.paypal.com, or a stand-in's address. */
  baseUrl: string
  clientId: string
  clientSecret: string
  webhookId: string
  fetch?: Fetch
  /** How long one call may take before the provider counts as unavailable. */
  timeoutMs?: number
}

export type CaptureResult =
  | { kind: 'completed'; captureId: string; amountInCents: number }
  /** Captured but not settled yet (e.g. an eCheck): the webhook reports the outcome. */
  | { kind: 'pending'; captureId: string }
  | { kind: 'declined' }
  /** The buyer has not approved the order (yet). */
  | { kind: 'notApproved' }

export interface PaymentProvider {
  createOrder: (input: {
    requestId: string
    amountInCents: number
    referenceId: string
    description: string
  }) => Promise<{ orderId: string }>
  captureOrder: (orderId: string, requestId: string) => Promise<CaptureResult>
  refundCapture: (
    captureId: string,
    requestId: string,
    amountInCents: number,
  ) => Promise<{ refundId: string }>
  verifyWebhook: (
    headers: Readonly<Record<string, string | string[] | undefined>>,
    event: unknown,
  ) => Promise<boolean>
}

export const PAYPAL_API_URLS = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
} as const

/** Cents as PayPal's decimal string: 1234 → "12.34". */
export const centsToValue = (cents: number) => (cents / 100).toFixed(2)

/** PayPal's decimal string as cents: "12.34" → 1234; anything else → NaN. */
export const valueToCents = (value: unknown) =>
  typeof value === 'string' && /^\d+(\.\d{1,2})?$/.test(value)
    ? Math.round(Number(value) * 100)
    : Number.NaN

interface ApiAnswer {
  status: number
  body: Record<string, unknown>
}

const issueOf = (body: Record<string, unknown>) => {
  const details = body['details']
  const first = Array.isArray(details) ? (details[0] as { issue?: unknown } | undefined) : undefined
  return typeof first?.issue === 'string' ? first.issue : undefined
}

const captureIn = (order: Record<string, unknown>) => {
  const units = order['purchase_units'] as
    | {
        payments?: { captures?: { id?: string; status?: string; amount?: { value?: string } }[] }
      }[]
    | undefined
  return units?.[0]?.payments?.captures?.[0]
}

/** The issues with which PayPal declines a capture: the buyer's instrument was refused. */
const DECLINES = new Set([
  'INSTRUMENT_DECLINED',
  'TRANSACTION_REFUSED',
  'PAYER_CANNOT_PAY',
  'PAYEE_BLOCKED_TRANSACTION',
  'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED',
])

const WEBHOOK_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const

export const createPayPalClient = (options: PayPalClientOptions): PaymentProvider => {
  const fetchImpl: Fetch = options.fetch ?? ((url, init) => fetch(url, init))
  const timeoutMs = options.timeoutMs ?? 15_000
  let token: { value: string; expiresAt: number } | null = null
  /** A token request in flight, shared by the calls that need one meanwhile. */
  let pendingToken: Promise<string> | null = null

  /** One HTTP call; a network error, a time-out or a 5xx is the provider being unavailable. */
  const send = async (path: string, init: RequestInit): Promise<ApiAnswer> => {
    let response: Response
    try {
      response = await fetchImpl(`${options.baseUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      throw new ProviderUnavailableError(`PayPal ${path}: ${String(error)}`)
    }
    const text = await response.text().catch(() => '')
    if (response.status >= 500 || response.status === 429) {
      throw new ProviderUnavailableError(`PayPal ${path} answered ${response.status}`)
    }
    let body: Record<string, unknown> = {}
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {}
    } catch {
      throw new ProviderUnavailableError(`PayPal ${path} answered no JSON`)
    }
    return { status: response.status, body }
  }

  const accessToken = async () => {
    if (token && token.expiresAt > Date.now()) return token.value
    pendingToken ??= requestToken().finally(() => {
      pendingToken = null
    })
    return pendingToken
  }

  const requestToken = async () => {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')
    const answer = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    })
    const value = answer.body['access_token']
    if (answer.status !== 200 || typeof value !== 'string') {
      throw new ProviderUnavailableError(`PayPal refused the credentials (${answer.status})`)
    }
    const lifetime = Number(answer.body['expires_in'] ?? 0)
    // Renewed a minute early, so a token never expires between our check and PayPal's.
    token = { value, expiresAt: Date.now() + Math.max(0, lifetime - 60) * 1000 }
    return value
  }

  /** A call with the bearer token; a 401 (token revoked early) is retried once with a new one. */
  const call = async (
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    requestId?: string,
  ): Promise<ApiAnswer> => {
    for (let attempt = 0; ; attempt += 1) {
      const answer = await send(path, {
        method,
        headers: {
          Authorization: `Bearer ${await accessToken()}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
          Prefer: 'return=representation',
          ...(requestId ? { 'PayPal-Request-Id': requestId } : {}),
        },
        ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
      })
      if (answer.status !== 401 || attempt > 0) return answer
      token = null
    }
  }

  const unexpected = (what: string, answer: ApiAnswer) =>
    new ProviderUnavailableError(
      `PayPal ${what} answered ${answer.status} ${issueOf(answer.body) ?? ''}`,
    )

  /** The capture of an order PayPal says was captured already (by a request we lost). */
  const capturedEarlier = async (orderId: string): Promise<CaptureResult> => {
    const answer = await call('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`, null)
    const capture = answer.status === 200 ? captureIn(answer.body) : undefined
    if (!capture?.id) throw unexpected('order lookup', answer)
    return toCaptureResult(capture)
  }

  const toCaptureResult = (capture: NonNullable<ReturnType<typeof captureIn>>): CaptureResult => {
    if (!capture.id) throw new ProviderUnavailableError('PayPal answered a capture without id')
    if (capture.status === 'COMPLETED') {
      const amountInCents = valueToCents(capture.amount?.value)
      if (Number.isNaN(amountInCents)) {
        throw new ProviderUnavailableError('PayPal answered a capture without amount')
      }
      return { kind: 'completed', captureId: capture.id, amountInCents }
    }
    if (capture.status === 'PENDING') return { kind: 'pending', captureId: capture.id }
    return { kind: 'declined' }
  }

  return {
    async createOrder({ requestId, amountInCents, referenceId, description }) {
      const answer = await call(
        'POST',
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: referenceId,
              custom_id: referenceId,
              description: description.slice(0, 127),
              amount: { currency_code: 'USD', value: centsToValue(amountInCents) },
            },
          ],
        },
        requestId,
      )
      const id = answer.body['id']
      if ((answer.status !== 200 && answer.status !== 201) || typeof id !== 'string') {
        throw unexpected('order creation', answer)
      }
      return { orderId: id }
    },

    async captureOrder(orderId, requestId) {
      const answer = await call(
        'POST',
        `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
        {},
        requestId,
      )
      if (answer.status === 200 || answer.status === 201) {
        const capture = captureIn(answer.body)
        if (!capture) throw unexpected('capture', answer)
        return toCaptureResult(capture)
      }
      const issue = issueOf(answer.body)
      if (issue === 'ORDER_NOT_APPROVED') return { kind: 'notApproved' }
      if (issue === 'ORDER_ALREADY_CAPTURED') return capturedEarlier(orderId)
      if (issue !== undefined && DECLINES.has(issue)) return { kind: 'declined' }
      // Anything else (DUPLICATE_REQUEST_ID while the first is in flight, an order PayPal no
      // longer knows) decides nothing: the caller may try again.
      throw unexpected('capture', answer)
    },

    async refundCapture(captureId, requestId, amountInCents) {
      const answer = await call(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        { amount: { currency_code: 'USD', value: centsToValue(amountInCents) } },
        requestId,
      )
      const id = answer.body['id']
      if ((answer.status === 200 || answer.status === 201) && typeof id === 'string') {
        return { refundId: id }
      }
      // Refunded already (by a request whose answer we lost, or at PayPal directly).
      if (issueOf(answer.body) === 'CAPTURE_FULLY_REFUNDED') return { refundId: `${captureId}-R` }
      throw unexpected('refund', answer)
    },

    async verifyWebhook(headers, event) {
      const fields: Record<string, string> = {}
      for (const [field, header] of Object.entries(WEBHOOK_HEADERS)) {
        const value = headers[header]
        if (typeof value !== 'string' || value === '') return false
        fields[field] = value
      }
      const answer = await call('POST', '/v1/notifications/verify-webhook-signature', {
        ...fields,
        webhook_id: options.webhookId,
        webhook_event: event,
      })
      return answer.status === 200 && answer.body['verification_status'] === 'SUCCESS'
    },
  }
}
