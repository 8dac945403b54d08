import type { FastifyInstance } from 'fastify'
import * as endpoints from '../../../contract/endpoints/payments.ts'
import { route } from '../http/route.ts'
import * as payments from '../services/payments.ts'

/**
 * Paying for a seat. Refunds left due are sent again by a scheduled job (plugins/job-work.ts),
 * not from here.
 */
export const paymentsRoutes = async (app: FastifyInstance) => {
  route(app, endpoints.getPaymentConfig, async () => ({
    status: 200,
    body: app.payments.publicConfig,
  }))

  route(app, endpoints.listMyPayments, async ({ deps, user, query }) => ({
    status: 200,
    body: await payments.myPayments(deps, user, query),
  }))

  route(app, endpoints.createOrder, async ({ deps, user, body }) => ({
    status: 201,
    body: await payments.createOrder(deps, user, body),
  }))

  route(app, endpoints.capturePayment, async ({ deps, user, params }) => ({
    status: 200,
    body: await payments.capturePayment(deps, user, params.id),
  }))

  route(app, endpoints.cancelPayment, async ({ deps, user, params }) => ({
    status: 200,
    body: await payments.cancelPayment(deps, user, params.id),
  }))

  route(app, endpoints.getPayment, async ({ deps, user, params }) => ({
    status: 200,
    body: await payments.getPayment(deps, user, params.id),
  }))

  route(app, endpoints.paymentWebhook, async ({ deps, request, body }) => {
    await payments.handleWebhook(deps, request.headers, body)
    return { status: 200, body: { received: true } }
  })
}
