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
  /**
   * Serve the Buttons script and the buyer's approval call (the stand-in), which the buyer may
   * make only when this says the order is theirs.
   */
  withBuyer?: { mayApprove: (request: FastifyRequest, orderId: string) => Promise<boolean> }
  /** Where the orders live; by default in this process's memory. */
  store?: PayPalFakeStore
  /**
   * Delivers a webhook event with its signed transmission headers, as PayPal does after a change
   * made at PayPal (a refund); without it no event is sent.
   */
  deliverEvent?: (event: WebhookEvent, headers: Record<string, string>) => Promise<void>
}

/** An order as the fake keeps it, with its capture (one at most, as for intent CAPTURE). */
export interface StoredOrder {
  id: string
  status: 'CREATED' | 'APPROVED' | 'COMPLETED'
  amountCents: number
  referenceId: string
  captureId: string | null
  refundedCents: number
}

/** A webhook event as PayPal posts it. */
export interface WebhookEvent {
  id: string
  event_type: string
  resource_type: string
  create_time: string
  resource: Record<string, unknown>
}

/**
 * Where the fake's orders and its first answers live. Each change is one atomic step, so two
 * processes on one store (the stand-in on several instances) never capture or refund twice.
 */
export interface PayPalFakeStore {
  insertOrder: (order: StoredOrder) => Promise<void>
  findOrder: (id: string) => Promise<StoredOrder | undefined>
  findOrderByCapture: (captureId: string) => Promise<StoredOrder | undefined>
  /** CREATED → APPROVED; an order approved or captured already stays as it is. */
  approveOrder: (id: string) => Promise<void>
  /** APPROVED → COMPLETED with this capture; false when the order was not APPROVED. */
  completeOrder: (id: string, captureId: string) => Promise<boolean>
  /** Adds a refund to a capture; false when it would refund more than was captured. */
  addRefund: (captureId: string, refundId: string, amountCents: number) => Promise<boolean>
  /** The first answer kept under this key. */
  answer: (key: string) => Promise<Answer | undefined>
  /** Keeps an answer under its key unless one is kept already; answers the one kept. */
  keepAnswer: (key: string, answer: Answer) => Promise<Answer>
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

interface FakeRefund {
  id: string
  captureId: string
  amountCents: number
}

export interface Answer {
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

/** The fake's state in this process's memory, with its maps for tests to read. */
export const createMemoryStore = () => {
  const orders = new Map<string, FakeOrder>()
  const captures = new Map<string, FakeCapture>()
  const refunds = new Map<string, FakeRefund>()
  const answered = new Map<string, Answer>()
  const stored = (order: FakeOrder | undefined): StoredOrder | undefined => {
    if (!order) return undefined
    const capture = order.captureId ? captures.get(order.captureId) : undefined
    return { ...order, refundedCents: capture?.refundedCents ?? 0 }
  }
  const store: PayPalFakeStore = {
    async insertOrder(order) {
      const { id, status, amountCents, referenceId, captureId } = order
      orders.set(id, { id, status, amountCents, referenceId, captureId })
    },
    async findOrder(id) {
      return stored(orders.get(id))
    },
    async findOrderByCapture(captureId) {
      return stored(orders.get(captures.get(captureId)?.orderId ?? ''))
    },
    async approveOrder(id) {
      const order = orders.get(id)
      if (order?.status === 'CREATED') order.status = 'APPROVED'
    },
    async completeOrder(id, captureId) {
      const order = orders.get(id)
      if (order?.status !== 'APPROVED') return false
      captures.set(captureId, {
        id: captureId,
        orderId: order.id,
        amountCents: order.amountCents,
        refundedCents: 0,
      })
      order.status = 'COMPLETED'
      order.captureId = captureId
      return true
    },
    async addRefund(captureId, refundId, amountCents) {
      const capture = captures.get(captureId)
      if (!capture || capture.refundedCents + amountCents > capture.amountCents) return false
      capture.refundedCents += amountCents
      refunds.set(refundId, { id: refundId, captureId, amountCents })
      return true
    },
    async answer(key) {
      return answered.get(key)
    },
    async keepAnswer(key, answer) {
      const kept = answered.get(key)
      if (kept) return kept
      answered.set(key, answer)
      return answer
    },
  }
  return { store, orders, captures, refunds }
}

export const createPayPalFake = (options: PayPalFakeOptions) => {
  const signingKey = randomBytes(32)
  const tokens = new Set<string>()
  const memory = createMemoryStore()
  const store = options.store ?? memory.store
  const failures: { path: RegExp; failure: Failure }[] = []
  const declines: string[] = []
  /** Every call received: method, path and request id, for tests to count. */
  const calls: { method: string; path: string; requestId: string | undefined }[] = []

  const signature = (id: string, time: string, webhookId: string, event: unknown) =>
    createHmac('sha256', signingKey)
      .update(`${id}|${time}|${webhookId}|${JSON.stringify(event)}`)
      .digest('base64')

  /** The transmission headers PayPal sends with a webhook event, signed for `webhookId`. */
  const sign = (event: unknown, webhookId = options.webhookId): Record<string, string> => {
    const id = randomUUID()
    const time = new Date().toISOString()
    return {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-FAKE',
      'paypal-transmission-id': id,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': signature(id, time, webhookId, event),
    }
  }

  const orderView = (order: StoredOrder) => ({
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    purchase_units: [
      {
        reference_id: order.referenceId,
        amount: { currency_code: 'USD', value: centsToValue(order.amountCents) },
        ...(order.captureId
          ? {
              payments: {
                captures: [
                  {
                    id: order.captureId,
                    status: order.refundedCents > 0 ? 'REFUNDED' : 'COMPLETED',
                    amount: { currency_code: 'USD', value: centsToValue(order.amountCents) },
                  },
                ],
              },
            }
          : {}),
      },
    ],
  })

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
    (
      handler: (request: FastifyRequest) => Promise<Answer>,
      {
        idempotent = false,
        acted,
      }: {
        idempotent?: boolean
        /** What follows a call that acted (not a repeat), before it is answered. */
        acted?: (request: FastifyRequest, answer: Answer) => Promise<void>
      } = {},
    ) =>
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
        const earlier = key ? await store.answer(key) : undefined
        answer = earlier ?? (await handler(request))
        // Only what succeeded is answered again: a refused call may be retried once fixed.
        if (key && !earlier && answer.status < 300) answer = await store.keepAnswer(key, answer)
        if (!earlier && answer.status < 300) await acted?.(request, answer)
      }
      if (failure === 'timeout') {
        // The work is done, the answer never arrives: the client gives up first.
        await new Promise((resolve) => setTimeout(resolve, 30_000).unref())
        return reply.status(504).send({})
      }
      return reply.status(answer.status).send(answer.body)
    }

  /** PayPal's PAYMENT.CAPTURE.REFUNDED event, sent after a refund made at PayPal. */
  const refundedEvent = (request: FastifyRequest, captureId: string, refund: Answer) => {
    const base = `${request.protocol}://${request.host}${request.url.replace(/\/v2\/payments\/.*$/, '')}`
    return {
      id: newId('WH-'),
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource_type: 'refund',
      create_time: new Date().toISOString(),
      resource: {
        ...(refund.body as Record<string, unknown>),
        links: [{ rel: 'up', method: 'GET', href: `${base}/v2/payments/captures/${captureId}` }],
      },
    }
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
        async (request) => {
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
          const order: StoredOrder = {
            id: newId('ORDER'),
            status: 'CREATED',
            amountCents,
            referenceId: unit.reference_id ?? 'default',
            captureId: null,
            refundedCents: 0,
          }
          await store.insertOrder(order)
          return { status: 201, body: orderView(order) }
        },
        { idempotent: true },
      ),
    )

    app.get(
      '/v2/checkout/orders/:id',
      hidden,
      serve(async (request) => {
        const order = await store.findOrder((request.params as { id: string }).id)
        return order ? { status: 200, body: orderView(order) } : notFound()
      }),
    )

    app.post(
      '/v2/checkout/orders/:id/capture',
      hidden,
      serve(
        async (request) => {
          const order = await store.findOrder((request.params as { id: string }).id)
          if (!order) return notFound()
          if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED')
          if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED')
          const decline = declines.shift()
          if (decline) return unprocessable(decline)
          const captureId = newId('CAPTURE')
          // A parallel capture (another instance) completed it first.
          if (!(await store.completeOrder(order.id, captureId))) {
            return unprocessable('ORDER_ALREADY_CAPTURED')
          }
          return {
            status: 201,
            body: orderView({ ...order, status: 'COMPLETED', captureId, refundedCents: 0 }),
          }
        },
        { idempotent: true },
      ),
    )

    app.post(
      '/v2/payments/captures/:id/refund',
      hidden,
      serve(
        async (request) => {
          const captureId = (request.params as { id: string }).id
          const order = await store.findOrderByCapture(captureId)
          if (!order) return notFound()
          const body = request.body as { amount?: { value?: string } } | undefined
          const left = order.amountCents - order.refundedCents
          const amountCents = body?.amount ? valueToCents(body.amount.value) : left
          if (left <= 0) return unprocessable('CAPTURE_FULLY_REFUNDED')
          if (!(amountCents > 0) || amountCents > left) {
            return unprocessable('REFUND_AMOUNT_EXCEEDED')
          }
          const refundId = newId('REFUND')
          // A parallel refund (another instance) took what was left first.
          if (!(await store.addRefund(captureId, refundId, amountCents))) {
            return unprocessable('CAPTURE_FULLY_REFUNDED')
          }
          return {
            status: 201,
            body: {
              id: refundId,
              status: 'COMPLETED',
              amount: { currency_code: 'USD', value: centsToValue(amountCents) },
            },
          }
        },
        {
          idempotent: true,
          // PayPal tells the merchant's webhook of a refund, whoever asked for it.
          acted: async (request, answer) => {
            if (!options.deliverEvent) return
            const captureId = (request.params as { id: string }).id
            const event = refundedEvent(request, captureId, answer)
            await options.deliverEvent(event, sign(event)).catch((failure: unknown) => {
              request.log.warn({ err: failure }, 'The stand-in could not deliver its webhook event')
            })
          },
        },
      ),
    )

    app.post(
      '/v1/notifications/verify-webhook-signature',
      hidden,
      serve(async (request) => {
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
      const { mayApprove } = options.withBuyer
      // Not PayPal's API: what the buyer does in PayPal's window, done by the stand-in's buttons,
      // for an order of the buyer's own payment only.
      app.post('/v2/checkout/orders/:id/approve', hidden, async (request, reply) => {
        const orderId = (request.params as { id: string }).id
        const order = (await mayApprove(request, orderId))
          ? await store.findOrder(orderId)
          : undefined
        if (!order) return reply.status(404).send(notFound().body)
        await store.approveOrder(order.id)
        return orderView((await store.findOrder(order.id)) ?? order)
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
    orders: memory.orders,
    captures: memory.captures,
    refunds: memory.refunds,
    calls,
    /** The next call whose path matches fails so (once). */
    failNext(path: RegExp, failure: Failure) {
      failures.push({ path, failure })
    },
    /** The next capture is declined with this issue. */
    declineNextCapture(issue = 'INSTRUMENT_DECLINED') {
      declines.push(issue)
    },
    /** The buyer approves the order in PayPal's window (the fake's own memory). */
    approve(orderId: string) {
      const order = memory.orders.get(orderId)
      if (!order) throw new Error(`No order ${orderId}`)
      if (order.status === 'CREATED') order.status = 'APPROVED'
    },
    sign,
  }
}

export type PayPalFake = ReturnType<typeof createPayPalFake>
