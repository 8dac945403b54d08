import type { FastifyInstance } from 'fastify'
import {
  cancelPayment,
  capturePayment,
  createOrder,
  getPayment,
  getPaymentConfig,
  listMyPayments,
  paymentWebhook,
} from '../../../contract/endpoints/payments.ts'
import { route } from '../http/route.ts'
import { runPeriodically } from '../periodic.ts'
import * as payments from '../services/payments.ts'
import { settleDueRefunds } from '../services/refunds.ts'
import { seatDeps } from './seat-deps.ts'

/** How often refunds left due (a crash, an unavailable provider) are sent again. */
const REFUND_RETRY_MS = 60_000

export const paymentsRoutes = async (app: FastifyInstance, options: { appOrigin: string }) => {
  const deps = seatDeps(app, new URL(options.appOrigin).host)

  route(app, getPaymentConfig, async () => ({ status: 200, body: app.payments.publicConfig }))

  route(app, listMyPayments, async ({ user, query }) => ({
    status: 200,
    body: await payments.myPayments(app.db, user, query),
  }))

  route(app, createOrder, async ({ user, body }) => ({
    status: 201,
    body: await payments.createOrder(deps, user, body),
  }))

  route(app, capturePayment, async ({ user, params }) => ({
    status: 200,
    body: await payments.capturePayment(deps, user, params.id),
  }))

  route(app, cancelPayment, async ({ user, params }) => ({
    status: 200,
    body: await payments.cancelPayment(deps, user, params.id),
  }))

  route(app, getPayment, async ({ user, params }) => ({
    status: 200,
    body: await payments.getPayment(app.db, user, params.id),
  }))

  route(app, paymentWebhook, async ({ request, body }) => {
    await payments.handleWebhook(deps, request.headers, body)
    return { status: 200, body: { received: true } }
  })

  runPeriodically(app, REFUND_RETRY_MS, () =>
    settleDueRefunds(deps).then(
      () => undefined,
      (error: unknown) => app.log.error({ err: error }, 'Settling due refunds failed'),
    ),
  )
}
