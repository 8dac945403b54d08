import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { type Config, ConfigError, STANDIN_REFUSED } from '../config.ts'
import { randomBytes } from 'node:crypto'
import { paymentWebhook } from '../../../contract/descriptors/payments.ts'
import { createPayPalFake } from '../payments/paypal-fake.ts'
import {
  createPayPalClient,
  type Fetch,
  PAYPAL_API_URLS,
  type PaymentProvider,
} from '../payments/paypal.ts'
import type { PaymentsRuntime } from '../payments/runtime.ts'
import { createDatabaseStore } from '../repositories/paypal-standin.ts'
import { findPaymentBy } from '../repositories/seats.ts'

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsRuntime
  }
}

export interface PaymentsPluginOptions {
  config: Pick<
    Config,
    | 'APP_ORIGIN'
    | 'NODE_ENV'
    | 'PAYPAL_STANDIN'
    | 'PAYPAL_CLIENT_ID'
    | 'PAYPAL_CLIENT_SECRET'
    | 'PAYPAL_WEBHOOK_ID'
    | 'PAYPAL_ENV'
    | 'PAYPAL_API_URL'
    | 'PAYMENT_HOLD_MINUTES'
    | 'PLATFORM_FEE_PERCENT'
  >
  /** Where the API is mounted; the stand-in lives beside it. */
  apiPrefix: string
  /** Tests: how long one PayPal call may take. */
  providerTimeoutMs?: number
}

/**
 * The stand-in's client id is public (the SPA loads its script with it). Its secret is this
 * process's own, known to nothing but the server's client, which reaches the stand-in in-process:
 * nobody else gets a token for the stand-in's REST API (orders, captures, refunds).
 */
const standinCredentials = () => ({
  clientId: 'manabi-standin',
  clientSecret: randomBytes(32).toString('base64url'),
  webhookId: 'standin',
})

/** A fetch answered by the app itself, so the stand-in needs no network and no known port. */
const injectFetch =
  (app: FastifyInstance): Fetch =>
  async (url, init) => {
    const { pathname, search } = new URL(url)
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: `${pathname}${search}`,
      headers: init.headers as Record<string, string>,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    })
    return new Response(answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    })
  }

/**
 * The payment provider: PayPal's REST API with the configured credentials, or, without any (never
 * in the live environment, and in production only with PAYPAL_STANDIN), the built-in stand-in for
 * PayPal served under `{apiPrefix}/paypal-standin`, reached through the same client code.
 */
export const paymentsPlugin = fp<PaymentsPluginOptions>(
  async (app, { config, apiPrefix, providerTimeoutMs }) => {
    const standIn = !config.PAYPAL_CLIENT_ID
    if (standIn && config.PAYPAL_ENV === 'live') {
      throw new Error('The PayPal stand-in never runs in the live environment')
    }
    if (standIn && config.NODE_ENV === 'production' && !config.PAYPAL_STANDIN) {
      throw new ConfigError(STANDIN_REFUSED)
    }
    const standinPrefix = `${apiPrefix}/paypal-standin`
    let provider: PaymentProvider
    const standin = standinCredentials()
    if (standIn) {
      const fake = createPayPalFake({
        ...standin,
        // Its orders live in the database: they outlast a restart and every instance has them.
        store: createDatabaseStore(app.db),
        withBuyer: {
          // Only the signed-in buyer of the payment the order was opened for approves it.
          mayApprove: async (request, orderId) => {
            const payment = request.user ? await findPaymentBy(app.db, { orderId }) : undefined
            return payment !== undefined && payment.userId === request.user?.id
          },
        },
        // As PayPal does, a refund made at the stand-in is told to our webhook.
        deliverEvent: async (event, headers) => {
          const answer = await app.inject({
            method: 'POST',
            url: `${apiPrefix}${paymentWebhook.path}`,
            headers,
            payload: event,
          })
          if (answer.statusCode !== 200) {
            throw new Error(`The webhook answered ${answer.statusCode}: ${answer.body}`)
          }
        },
      })
      await app.register(fake.plugin, { prefix: standinPrefix })
      provider = createPayPalClient({
        ...standin,
        baseUrl: `http://standin.invalid${standinPrefix}`,
        fetch: injectFetch(app),
      })
      app.log.info('No PayPal credentials: payments run on the built-in test stand-in')
    } else {
      provider = createPayPalClient({
        baseUrl: config.PAYPAL_API_URL ?? PAYPAL_API_URLS[config.PAYPAL_ENV],
        clientId: config.PAYPAL_CLIENT_ID ?? '',
        clientSecret: config.PAYPAL_CLIENT_SECRET ?? '',
        webhookId: config.PAYPAL_WEBHOOK_ID ?? '',
        ...(providerTimeoutMs ? { timeoutMs: providerTimeoutMs } : {}),
      })
    }
    app.decorate('payments', {
      provider,
      holdMs: config.PAYMENT_HOLD_MINUTES * 60_000,
      feeBasisPoints: Math.round(config.PLATFORM_FEE_PERCENT * 100),
      publicConfig: {
        clientId: standIn ? standin.clientId : (config.PAYPAL_CLIENT_ID ?? ''),
        environment: config.PAYPAL_ENV === 'live' ? 'production' : 'sandbox',
        // On the page's own origin, whichever name the browser uses for it.
        sdkBaseUrl: standIn ? `${standinPrefix}/sdk/js` : null,
        testMode: config.PAYPAL_ENV !== 'live',
        currency: 'USD',
        holdMinutes: config.PAYMENT_HOLD_MINUTES,
      },
      opening: new Set<number>(),
    })
  },
  { name: 'payments' },
)
