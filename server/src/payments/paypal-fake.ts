import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { centsToValue, valueToCents } from './paypal.ts'
import { STANDIN_SDK_SCRIPT } from './standin-sdk.ts'

/**
 * A local imitation of the parts of PayPal's REST API the server uses: the OAuth token, Orders v2
 * (create, read, capture), capture refunds and the webhook signature check, with PayPal's
 * idempotency (`PayPal-Request-Id` answers the first result again) and its error bodies. It is
 * the built-in stand-in of `npm start` without credentials (with a buyer-approval step and the
 * Buttons script, `withBuyer`) and the fake the server tests run the real client against, where
 * `failNext` injects PayPal's failures: declines, time-outs, 5xx, duplicate request ids.
 */

export interface PayPalFakeOptions {
  clientId: string
  clientSecret: string
  webhookId: string
  /** Serve the Buttons script and the buyer's approval call (the stand-in). */
  withBuyer?: boolean
}

type Failure = 'timeout' | { status: number; issue?: string }

interface FakeOrder {
  id: string
  status: 'CREATED' | 'APPROVED' | 'COMPLETED'
  amountCents: number
  referenceId: string
  captureId: string | null
}

interface FakeCapture {
  id: string
  orderId: string
  amountCents: number
  refundedCents: number
}

interface Answer {
  status: number
  body: unknown
}

const error = (status: number, name: string, issue?: string): Answer => ({
  status,
  body: {
    name,
    message: issue ?? name,
    debug_id: randomBytes(6).toString('hex'),
    ...(issue ? { details: [{ issue, description: issue }] } : {}),
  },
})

const unprocessable = (issue: string) => error(422, 'UNPROCESSABLE_ENTITY', issue)
const notFound = () => error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID')

const newId = (prefix: string) =>
  `${prefix}${randomBytes(8).toString('hex').toUpperCase()}`.slice(0, 17)

export const createPayPalFake = (options: PayPalFakeOptions) => {
  const signingKey = randomBytes(32)
  const tokens = new Set<string>()
  const orders = new Map<string, FakeOrder>()
  const captures = new Map<string, FakeCapture>()
  const refunds = new Map<string, { id: string; captureId: string; amountCents: number }>()
  /** First answers by `route + PayPal-Request-Id`. */
  const answered = new Map<string, Answer>()
  const failures: { path: RegExp; failure: Failure }[] = []
  const declines: string[] = []
  /** Every call received: method, path and request id, for tests to count. */
  const calls: { method: string; path: string; requestId: string | undefined }[] = []

  const signature = (id: string, time: string, webhookId: string, event: unknown) =>
    createHmac('sha256', signingKey)
      .update(`${id}|${time}|${webhookId}|${JSON.stringify(event)}`)
      .digest('base64')

  const orderView = (order: FakeOrder) => {
    const capture = order.captureId ? captures.get(order.captureId) : undefined
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      purchase_units: [
        {
          reference_id: order.referenceId,
          amount: { currency_code: 'USD', value: centsToValue(order.amountCents) },
          ...(capture
            ? {
                payments: {
                  captures: [
                    {
                      id: capture.id,
                      status: capture.refundedCents > 0 ? 'REFUNDED' : 'COMPLETED',
                      amount: { currency_code: 'USD', value: centsToValue(capture.amountCents) },
                    },
                  ],
                },
              }
            : {}),
        },
      ],
    }
  }

  const authorised = (request: FastifyRequest) => {
    const header = request.headers.authorization ?? ''
    return header.startsWith('Bearer ') && tokens.has(header.slice(7))
  }

  /**
   * Runs one API call: an injected failure first, then the bearer token, then the answer, a
   * success kept under the request id so a retry gets it again. A time-out still acts, as PayPal may have
   * done the work when the answer is lost on the way.
   */
  const serve =
    (handler: (request: FastifyRequest) => Answer, { idempotent = false } = {}) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? request.url
      const requestId = request.headers['paypal-request-id']
      const id = typeof requestId === 'string' ? requestId : undefined
      calls.push({ method: request.method, path, requestId: id })
      const injected = failures.findIndex((entry) => entry.path.test(path))
      const failure = injected >= 0 ? failures.splice(injected, 1)[0]?.failure : undefined
      if (failure && failure !== 'timeout') {
        const answer =
          failure.status === 422 && failure.issue
            ? unprocessable(failure.issue)
            : error(failure.status, 'INTERNAL_SERVER_ERROR', failure.issue)
        return reply.status(answer.status).send(answer.body)
      }
      let answer: Answer
      if (!authorised(request)) answer = error(401, 'AUTHENTICATION_FAILURE')
      else {
        const key = id && idempotent ? `${path}#${id}` : undefined
        const earlier = key ? answered.get(key) : undefined
        answer = earlier ?? handler(request)
        // Only what succeeded is answered again: a refused call may be retried once fixed.
        if (key && !earlier && answer.status < 300) answered.set(key, answer)
      }
      if (failure === 'timeout') {
        // The work is done, the answer never arrives: the client gives up first.
        await new Promise((resolve) => setTimeout(resolve, 30_000).unref())
        return reply.status(504).send({})
      }
      return reply.status(answer.status).send(answer.body)
    }

  const plugin = async (app: FastifyInstance) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )
    const hidden = { schema: { hide: true } }

    app.post('/v1/oauth2/token', hidden, async (request, reply) => {
      const expected = Buffer.from(`${options.clientId}:${options.clientSecret}`)
      const given = Buffer.from(
        (request.headers.authorization ?? '').replace(/^Basic /, ''),
        'base64',
      )
      const body = request.body as Record<string, string> | undefined
      if (
        given.length !== expected.length ||
        !timingSafeEqual(given, expected) ||
        body?.['grant_type'] !== 'client_credentials'
      ) {
        return reply.status(401).send({ error: 'invalid_client' })
      }
      const token = randomUUID()
      tokens.add(token)
      return { scope: 'openid', access_token: token, token_type: 'Bearer', expires_in: 32400 }
    })

    app.post(
      '/v2/checkout/orders',
      hidden,
      serve(
        (request) => {
          const body = request.body as {
            intent?: string
            purchase_units?: {
              reference_id?: string
              amount?: { value?: string; currency_code?: string }
            }[]
          }
          const unit = body?.purchase_units?.[0]
          const amountCents = valueToCents(unit?.amount?.value)
          if (
            body?.intent !== 'CAPTURE' ||
            unit?.amount?.currency_code !== 'USD' ||
            !(amountCents > 0)
          ) {
            return error(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE')
          }
          const order: FakeOrder = {
            id: newId('ORDER'),
            status: 'CREATED',
            amountCents,
            referenceId: unit.reference_id ?? 'default',
            captureId: null,
          }
          orders.set(order.id, order)
          return { status: 201, body: orderView(order) }
        },
        { idempotent: true },
      ),
    )

    app.get(
      '/v2/checkout/orders/:id',
      hidden,
      serve((request) => {
        const order = orders.get((request.params as { id: string }).id)
        return order ? { status: 200, body: orderView(order) } : notFound()
      }),
    )

    app.post(
      '/v2/checkout/orders/:id/capture',
      hidden,
      serve(
        (request) => {
          const order = orders.get((request.params as { id: string }).id)
          if (!order) return notFound()
          if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED')
          if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED')
          const decline = declines.shift()
          if (decline) return unprocessable(decline)
          const capture: FakeCapture = {
            id: newId('CAPTURE'),
            orderId: order.id,
            amountCents: order.amountCents,
            refundedCents: 0,
          }
          captures.set(capture.id, capture)
          order.status = 'COMPLETED'
          order.captureId = capture.id
          return { status: 201, body: orderView(order) }
        },
        { idempotent: true },
      ),
    )

    app.post(
      '/v2/payments/captures/:id/refund',
      hidden,
      serve(
        (request) => {
          const capture = captures.get((request.params as { id: string }).id)
          if (!capture) return notFound()
          const body = request.body as { amount?: { value?: string } } | undefined
          const amountCents = body?.amount
            ? valueToCents(body.amount.value)
            : capture.amountCents - capture.refundedCents
          if (capture.refundedCents >= capture.amountCents) {
            return unprocessable('CAPTURE_FULLY_REFUNDED')
          }
          if (!(amountCents > 0) || amountCents > capture.amountCents - capture.refundedCents) {
            return unprocessable('REFUND_AMOUNT_EXCEEDED')
          }
          capture.refundedCents += amountCents
          const refund = { id: newId('REFUND'), captureId: capture.id, amountCents }
          refunds.set(refund.id, refund)
          return {
            status: 201,
            body: {
              id: refund.id,
              status: 'COMPLETED',
              amount: { currency_code: 'USD', value: centsToValue(amountCents) },
            },
          }
        },
        { idempotent: true },
      ),
    )

    app.post(
      '/v1/notifications/verify-webhook-signature',
      hidden,
      serve((request) => {
        const body = request.body as Record<string, unknown> | undefined
        const fields = ['transmission_id', 'transmission_time', 'transmission_sig', 'webhook_id']
        if (!body || fields.some((field) => typeof body[field] !== 'string')) {
          return error(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER')
        }
        const expected = signature(
          String(body['transmission_id']),
          String(body['transmission_time']),
          String(body['webhook_id']),
          body['webhook_event'],
        )
        const valid =
          body['webhook_id'] === options.webhookId && body['transmission_sig'] === expected
        return { status: 200, body: { verification_status: valid ? 'SUCCESS' : 'FAILURE' } }
      }),
    )

    if (options.withBuyer) {
      // Not PayPal's API: what the buyer does in PayPal's window, done by the stand-in's buttons.
      app.post('/v2/checkout/orders/:id/approve', hidden, async (request, reply) => {
        const order = orders.get((request.params as { id: string }).id)
        if (!order) return reply.status(404).send(notFound().body)
        if (order.status === 'CREATED') order.status = 'APPROVED'
        return orderView(order)
      })
      app.get('/sdk/js', hidden, async (_request, reply) =>
        reply
          .header('Content-Type', 'application/javascript; charset=utf-8')
          .header('Cache-Control', 'no-cache')
          .send(STANDIN_SDK_SCRIPT),
      )
    }
  }

  return {
    plugin,
    orders,
    captures,
    refunds,
    calls,
    /** The next call whose path matches fails so (once). */
    failNext(path: RegExp, failure: Failure) {
      failures.push({ path, failure })
    },
    /** The next capture is declined with this issue. */
    declineNextCapture(issue = 'INSTRUMENT_DECLINED') {
      declines.push(issue)
    },
    /** The buyer approves the order in PayPal's window. */
    approve(orderId: string) {
      const order = orders.get(orderId)
      if (!order) throw new Error(`No order ${orderId}`)
      if (order.status === 'CREATED') order.status = 'APPROVED'
    },
    /** The transmission headers PayPal sends with a webhook event, signed for `webhookId`. */
    sign(event: unknown, webhookId = options.webhookId): Record<string, string> {
      const id = randomUUID()
      const time = new Date().toISOString()
      return {
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-FAKE',
        'paypal-transmission-id': id,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': signature(id, time, webhookId, event),
      }
    },
  }
}

export type PayPalFake = ReturnType<typeof createPayPalFake>
