import { describe, expect, it } from 'vitest'
import * as payments from '../../contract/descriptors/payments.ts'
import { ConfigError, loadConfig } from '../src/config.ts'
import { createLesson, createSession, DAY } from './catalogue-fixtures.ts'
import { APP_ORIGIN, bodyOf, createUser, setupTestApp } from './helpers.ts'
import { activeSeats, createStudents } from './payment-fixtures.ts'

// No PayPal credentials: the server runs its built-in stand-in for PayPal.
const context = setupTestApp()

describe('the built-in PayPal stand-in (no credentials)', () => {
  it('tells the SPA to load the stand-in script, in test mode', async () => {
    expect(bodyOf(await context.call(payments.getPaymentConfig))).toEqual({
      clientId: 'manabi-standin',
      environment: 'sandbox',
      sdkBaseUrl: '/api/paypal-standin/sdk/js',
      testMode: true,
      currency: 'USD',
      holdMinutes: 10,
    })
    const script = await context.app.inject({ url: '/api/paypal-standin/sdk/js?client-id=x' })
    expect(script.statusCode).toBe(200)
    expect(script.headers['content-type']).toContain('javascript')
    expect(script.body).toContain('window.paypal = { Buttons: Buttons')
  })

  it('takes a payment end to end through the same client code: order, approval, capture', async () => {
    const educator = await createUser(context.db, { role: 'educator' })
    const lesson = await createLesson(context.db, educator, { priceInCents: 1500 })
    const session = await createSession(context.db, lesson, { startsIn: DAY })
    const [student] = await createStudents(context.db, 1)
    const cookie = student?.cookie
    const opened = bodyOf(
      await context.call(payments.createOrder, {
        body: { lessonId: lesson.id, sessionId: session.id },
        cookie,
      }),
    )
    expect(opened.orderId).toMatch(/^ORDER/)
    const early = await context.call(payments.capturePayment, { params: { id: opened.id }, cookie })
    expect(early.statusCode).toBe(409)
    // What the stand-in's buttons do when the buyer approves (in the buyer's signed-in page).
    const approval = await context.callPath({
      method: 'POST',
      url: `/paypal-standin/v2/checkout/orders/${opened.orderId}/approve`,
      body: {},
      cookie,
    })
    expect(approval.statusCode).toBe(200)
    const captured = bodyOf(
      await context.call(payments.capturePayment, { params: { id: opened.id }, cookie }),
    )
    expect(captured).toMatchObject({ status: 'success', amount_in_cents: 1500 })
    expect(captured.transactionId).toMatch(/^CAPTURE/)
    expect(await activeSeats(context.db, session.id)).toHaveLength(1)
  })

  it('keeps the stand-in out of the OpenAPI document', async () => {
    const document = await context.app.inject({ url: '/api/docs/json' })
    expect(document.body).not.toContain('paypal-standin')
  })
})

describe('PayPal configuration', () => {
  const base = { APP_ORIGIN, SEED_DEMO: 'false' }

  it('never runs the stand-in in the live environment', () => {
    expect(() => loadConfig({ ...base, PAYPAL_ENV: 'live' })).toThrow(
      /live needs PayPal credentials/,
    )
  })

  it('wants both the client id and the secret, and the webhook id with them', () => {
    expect(() => loadConfig({ ...base, PAYPAL_CLIENT_ID: 'id' })).toThrow(/both/)
    expect(() => loadConfig({ ...base, PAYPAL_CLIENT_SECRET: 'secret' })).toThrow(/both/)
    expect(() =>
      loadConfig({ ...base, PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }),
    ).toThrow(/PAYPAL_WEBHOOK_ID/)
  })

  it('reads the hold and the platform fee', () => {
    const config = loadConfig({ ...base, PAYMENT_HOLD_MINUTES: '15', PLATFORM_FEE_PERCENT: '12.5' })
    expect(config.PAYMENT_HOLD_MINUTES).toBe(15)
    expect(config.PLATFORM_FEE_PERCENT).toBe(12.5)
    expect(() => loadConfig({ ...base, PLATFORM_FEE_PERCENT: '101' })).toThrow()
    // Kept in basis points: two decimals at most, never rounded in silence.
    expect(loadConfig({ ...base, PLATFORM_FEE_PERCENT: '14.35' }).PLATFORM_FEE_PERCENT).toBe(14.35)
    expect(loadConfig({ ...base, PLATFORM_FEE_PERCENT: '0.01' }).PLATFORM_FEE_PERCENT).toBe(0.01)
    expect(() => loadConfig({ ...base, PLATFORM_FEE_PERCENT: '12.345' })).toThrow(
      'PLATFORM_FEE_PERCENT takes at most 2 decimals',
    )
    expect(() => loadConfig({ ...base, PLATFORM_FEE_PERCENT: '0.001' })).toThrow(ConfigError)
    expect(() => loadConfig({ ...base, PAYMENT_HOLD_MINUTES: '0' })).toThrow()
  })
})
