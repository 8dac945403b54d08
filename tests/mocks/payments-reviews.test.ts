import { describe, expect, it } from 'vitest'
import * as guest from '@contract/descriptors/guest'
import * as payments from '@contract/descriptors/payments'
import * as user from '@contract/descriptors/user'
import { db, seedIds } from '@/mocks/db'
import { call } from './helpers'

/**
 * Payments and reviews are compared with the server's in server/tests/contract-parity.test.ts.
 * What is left here is the mock's alone: the SDK settings it hands the SPA, its webhook (the
 * server's takes only events its provider signed, which the parity test cannot sign), and the
 * reviews of its demo, which keep one without a date and leave out the server's showcase ones.
 */

const { student } = seedIds
const order = { lessonId: seedIds.paidLesson, sessionId: seedIds.sessions.futurePaid }

describe('mock payments', () => {
  it('tells the SPA how to load the payment SDK, guests included', async () => {
    const config = await call(payments.getPaymentConfig, { as: null })
    expect(config.body).toEqual({
      clientId: 'test',
      environment: 'sandbox',
      sdkBaseUrl: expect.stringMatching(/\/paypal-standin\/sdk\/js$/) as string,
      testMode: true,
      currency: 'USD',
      holdMinutes: 10,
    })
  })

  it('captures a processing order from the provider webhook', async () => {
    const created = await call(payments.createOrder, { as: student, json: order })
    db.signOut()
    const hook = await call(payments.paymentWebhook, {
      json: {
        id: 'WH-2',
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource: {
          id: 'CAP-1',
          supplementary_data: { related_ids: { order_id: created.body.orderId } },
        },
      },
    })
    expect(hook.body).toEqual({ received: true })
    expect(db.payments.find((row) => row.id === created.body.id)).toMatchObject({
      status: 'success',
      transactionId: 'CAP-1',
    })
    expect(
      db.enrollments.some((row) => row.userId === student && row.sessionId === order.sessionId),
    ).toBe(true)
  })

  it('seats a buyer whose hold runs though every other seat went meanwhile, as the server does', async () => {
    const created = await call(payments.createOrder, { as: student, json: order })
    // The others take every seat the lesson has (its educator lowered max_slots, say).
    const lesson = db.lessons.find((row) => row.id === order.lessonId)!
    const others = db.users.filter((row) => row.role === 'student' && row.id !== student)
    db.enrollments = db.enrollments.filter((row) => row.sessionId !== order.sessionId)
    lesson.max_slots = 1
    db.enrollments.push({
      id: 9000,
      userId: others[0]!.id,
      lessonId: order.lessonId,
      sessionId: order.sessionId,
      createdAt: new Date().toISOString(),
    })
    db.signOut()
    await call(payments.paymentWebhook, {
      json: {
        id: 'WH-3',
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource: {
          id: 'CAP-2',
          supplementary_data: { related_ids: { order_id: created.body.orderId } },
        },
      },
    })
    expect(db.payments.find((row) => row.id === created.body.id)).toMatchObject({
      status: 'success',
      refundReason: null,
    })
  })
})

describe('mock reviews', () => {
  it("lists an educator's reviews newest first, the undated one without createdAt, and the average", async () => {
    const emily = await call(guest.guestReviews, { params: { id: seedIds.educator2 }, as: null })
    expect(emily.body.data).toHaveLength(1)
    expect(emily.body.data[0]).not.toHaveProperty('createdAt')

    const kenji = await call(user.userReviews, {
      params: { id: seedIds.educator },
      as: student,
    })
    expect(kenji.body.data.map((row) => row.id)).toEqual([2, 1])
    expect(
      (await call(guest.guestAverageScore, { params: { id: seedIds.educator } })).body,
    ).toEqual({
      average: 4.5,
      count: 2,
    })
  })
})
