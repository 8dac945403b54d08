import { describe, expect, it } from 'vitest'
import type { ErrorBody, HistoryEntry, Paginated, Payment, Review } from '@contract/index'
import { db, seedIds } from '@/mocks/db'
import { call, fieldsOf } from './helpers'

const { admin, student, student2 } = seedIds
const order = { lessonId: seedIds.paidLesson, sessionId: seedIds.sessions.futurePaid }

describe('payments', () => {
  it('opens an order for a paid session; capture enrolls the student', async () => {
    const created = await call<Payment>('POST', '/payments/orders', { as: student, json: order })
    expect(created.body).toMatchObject({
      status: 'processing',
      amount_in_cents: 2000,
      currency: 'USD',
      transactionId: null,
      ...order,
    })
    const captured = await call<Payment>('POST', `/payments/${created.body.id}/capture`)
    expect(captured.body.status).toBe('success')
    expect(captured.body.transactionId).toMatch(/^CAPTURE-/)
    expect(
      db.enrollments.some((row) => row.userId === student && row.sessionId === order.sessionId),
    ).toBe(true)
    expect((await call('POST', `/payments/${created.body.id}/capture`)).status).toBe(409)
    expect((await call('POST', '/payments/orders', { json: order })).status).toBe(409)

    // Unenrolling before the start refunds the seat.
    await call('DELETE', `/lessons/${order.lessonId}/sessions/${order.sessionId}/unenroll`)
    expect((await call<Payment>('GET', `/payments/${created.body.id}`)).body.status).toBe(
      'refunded',
    )
  })

  it('cancels a processing order, which can then not be captured', async () => {
    const created = await call<Payment>('POST', '/payments/orders', { as: student, json: order })
    expect((await call<Payment>('POST', `/payments/${created.body.id}/cancel`)).body.status).toBe(
      'cancelled',
    )
    expect((await call('POST', `/payments/${created.body.id}/capture`)).status).toBe(409)
  })

  it("refuses free sessions and someone else's payment; admins may read any", async () => {
    const free = await call('POST', '/payments/orders', {
      as: student,
      json: { lessonId: seedIds.freeLesson, sessionId: seedIds.sessions.futureFree },
    })
    expect(free.status).toBe(400)
    expect((await call('GET', `/payments/${seedIds.payment}`, { as: student2 })).status).toBe(403)
    expect(
      (await call('POST', `/payments/${seedIds.payment}/cancel`, { as: student2 })).status,
    ).toBe(403)
    expect(
      (await call<Payment>('GET', `/payments/${seedIds.payment}`, { as: admin })).body
        .transactionId,
    ).toBe('CAPTURE-SEED-1')
    expect((await call('GET', '/payments/999', { as: admin })).status).toBe(404)
  })

  it('captures a processing order from the provider webhook', async () => {
    const created = await call<Payment>('POST', '/payments/orders', { as: student, json: order })
    db.signOut()
    const hook = await call('POST', '/payments/webhook/paypal', {
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
    expect(db.payments.find((row) => row.id === created.body.id)?.status).toBe('success')
  })
})

describe('reviews', () => {
  const review = { lessonId: seedIds.toReviewLesson, body: 'Very practical', rating: 5 }

  it('reviews an attended lesson once', async () => {
    const created = await call('POST', '/reviews', { as: student, json: review })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      author: { id: student, name: 'Yuki Yamamoto' },
      lessonTitle: 'TypeScript from Scratch',
      rating: 5,
    })
    expect((await call('POST', '/reviews', { json: review })).body).toMatchObject({
      statusCode: 409,
      message: 'You have already reviewed this lesson',
    })
    const history = await call<Paginated<HistoryEntry>>('GET', '/lessons/history')
    expect(history.body.data.map((entry) => entry.status)).toEqual(['reviewed', 'reviewed'])
  })

  it('refuses lessons not attended and invalid ratings', async () => {
    const notAttended = await call('POST', '/reviews', {
      as: student,
      json: { ...review, lessonId: seedIds.pianoLesson },
    })
    expect(notAttended.status).toBe(403)
    for (const rating of [0, 6, 4.5]) {
      const { status, body } = await call<ErrorBody>('POST', '/reviews', {
        json: { ...review, rating },
      })
      expect(status).toBe(400)
      expect(fieldsOf(body)).toEqual(['rating'])
    }
    expect((await call('POST', '/reviews', { json: { ...review, body: '' } })).status).toBe(400)
  })

  it("lists an educator's reviews newest first, the undated one without createdAt, and the average", async () => {
    const emily = await call<Paginated<Review>>(
      'GET',
      `/guest/users/${seedIds.educator2}/reviews`,
      { as: null },
    )
    expect(emily.body.data).toHaveLength(1)
    expect(emily.body.data[0]).not.toHaveProperty('createdAt')

    const kenji = await call<Paginated<Review>>('GET', `/user/${seedIds.educator}/reviews`, {
      as: student,
    })
    expect(kenji.body.data.map((row) => row.id)).toEqual([2, 1])
    expect((await call('GET', `/guest/users/${seedIds.educator}/average_score`)).body).toEqual({
      average: 4.5,
      count: 2,
    })
    expect(
      (await call('GET', `/guest/users/${seedIds.educatorWithoutLicence}/average_score`)).body,
    ).toEqual({
      average: 0,
      count: 0,
    })
    expect((await call('GET', '/guest/users/999/reviews')).status).toBe(404)
  })
})
