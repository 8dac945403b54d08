import { describe, expect, it, vi } from 'vitest'
import * as guest from '@contract/descriptors/guest'
import * as lessons from '@contract/descriptors/lessons'
import * as payments from '@contract/descriptors/payments'
import * as reviews from '@contract/descriptors/reviews'
import * as sessions from '@contract/descriptors/sessions'
import * as user from '@contract/descriptors/user'
import { MESSAGES } from '@contract/messages'
import { db, seedIds } from '@/mocks/db'
import { call, fieldsOf, refused } from './helpers'

const { admin, student, student2 } = seedIds
const order = { lessonId: seedIds.paidLesson, sessionId: seedIds.sessions.futurePaid }

describe('payments', () => {
  it('opens an order for a paid session; capture enrolls the student', async () => {
    const created = await call(payments.createOrder, { as: student, json: order })
    expect(created.body).toMatchObject({
      status: 'processing',
      amount_in_cents: 2000,
      currency: 'USD',
      transactionId: null,
      ...order,
    })
    const captured = await call(payments.capturePayment, { params: { id: created.body.id } })
    expect(captured.body.status).toBe('success')
    expect(captured.body.transactionId).toMatch(/^CAPTURE-/)
    expect(
      db.enrollments.some((row) => row.userId === student && row.sessionId === order.sessionId),
    ).toBe(true)
    expect((await call(payments.capturePayment, { params: { id: created.body.id } })).status).toBe(
      409,
    )
    expect((await call(payments.createOrder, { json: order })).status).toBe(409)

    // Unenrolling before the start refunds the seat.
    await call(sessions.unenroll, { params: { id: order.lessonId, sessionId: order.sessionId } })
    expect((await call(payments.getPayment, { params: { id: created.body.id } })).body.status).toBe(
      'refunded',
    )
  })

  it('cancels a processing order, which can then not be captured', async () => {
    const created = await call(payments.createOrder, { as: student, json: order })
    expect(
      (await call(payments.cancelPayment, { params: { id: created.body.id } })).body.status,
    ).toBe('cancelled')
    expect((await call(payments.capturePayment, { params: { id: created.body.id } })).status).toBe(
      409,
    )
  })

  it("refuses free sessions and someone else's payment; admins may read any", async () => {
    const free = await call(payments.createOrder, {
      as: student,
      json: { lessonId: seedIds.freeLesson, sessionId: seedIds.sessions.futureFree },
    })
    expect(free.status).toBe(400)
    expect(
      (await call(payments.getPayment, { params: { id: seedIds.payment }, as: student2 })).status,
    ).toBe(403)
    expect(
      (await call(payments.cancelPayment, { params: { id: seedIds.payment }, as: student2 }))
        .status,
    ).toBe(403)
    expect(
      (await call(payments.getPayment, { params: { id: seedIds.payment }, as: admin })).body
        .transactionId,
    ).toBe('CAPTURE-SEED-1')
    expect((await call(payments.getPayment, { params: { id: 999 }, as: admin })).status).toBe(404)
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
    expect(db.payments.find((row) => row.id === created.body.id)?.status).toBe('success')
  })
})

describe('reviews', () => {
  const review = { lessonId: seedIds.toReviewLesson, body: 'Very practical', rating: 5 }

  it('reviews an attended lesson once', async () => {
    const created = await call(reviews.createReview, { as: student, json: review })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      author: { id: student, name: 'Yuki Yamamoto' },
      lessonTitle: 'TypeScript from Scratch',
      rating: 5,
    })
    expect((await call(reviews.createReview, { json: review })).body).toMatchObject({
      statusCode: 409,
      message: 'You have already reviewed this lesson',
    })
    const history = await call(lessons.lessonHistory)
    expect(history.body.data.map((entry) => entry.status)).toEqual(['reviewed', 'reviewed'])
  })

  it('refuses lessons not attended and invalid ratings', async () => {
    const notAttended = await call(reviews.createReview, {
      as: student,
      json: { ...review, lessonId: seedIds.pianoLesson },
    })
    expect(notAttended.status).toBe(403)
    for (const rating of [0, 6, 4.5]) {
      const { status, body } = await refused(reviews.createReview, {
        json: { ...review, rating },
      })
      expect(status).toBe(400)
      expect(fieldsOf(body)).toEqual(['rating'])
    }
    expect((await call(reviews.createReview, { json: { ...review, body: '' } })).status).toBe(400)
  })

  it('checks like the server: lesson, attendance, previous review, then the trimmed text', async () => {
    const blank = { ...review, body: ' \n ' }
    expect(
      (await call(reviews.createReview, { as: student, json: { ...blank, lessonId: 999 } })).status,
    ).toBe(404)
    // Student 2 holds a seat in the full free session, which has not started.
    const unattended = await refused(reviews.createReview, {
      as: student2,
      json: { ...blank, lessonId: seedIds.freeLesson },
    })
    expect(unattended.status).toBe(403)
    const blankRefused = await refused(reviews.createReview, { as: student, json: blank })
    expect(blankRefused.status).toBe(400)
    expect(blankRefused.body.message).toEqual([MESSAGES.reviews.blank])
    const nul = await refused(reviews.createReview, { json: { ...review, body: 'Good\u0000' } })
    expect(nul.body.message).toEqual([MESSAGES.validation.invalidFormat('body')])
    const created = await call(reviews.createReview, { json: { ...review, body: '  Trimmed  ' } })
    expect(created.body).toMatchObject({ body: 'Trimmed' })
    expect((await call(reviews.createReview, { json: blank })).status).toBe(409)
  })

  it('counts a session as ended from the exact instant of its end', async () => {
    const startingSoon = db.sessions.find((row) => row.id === seedIds.sessions.startingSoon)!
    const end = Date.parse(startingSoon.end_time)
    const json = { ...review, lessonId: seedIds.freeLesson }
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(end - 1)
      expect((await call(reviews.createReview, { as: student, json })).status).toBe(403)
      vi.setSystemTime(end)
      expect((await call(reviews.createReview, { as: student, json })).status).toBe(201)
    } finally {
      vi.useRealTimers()
    }
  })

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
    expect(
      (await call(guest.guestAverageScore, { params: { id: seedIds.educatorWithoutLicence } }))
        .body,
    ).toEqual({
      average: 0,
      count: 0,
    })
    expect((await call(guest.guestReviews, { params: { id: 999 } })).status).toBe(404)
  })
})
