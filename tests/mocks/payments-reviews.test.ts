import { afterEach, describe, expect, it, vi } from 'vitest'
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

const MINUTE = 60_000
const { student3 } = seedIds
const freeOrder = { lessonId: seedIds.freeLesson, sessionId: seedIds.sessions.futureFree }
const startOf = (sessionId: number) => db.sessions.find((row) => row.id === sessionId)!.start_time
const rowOf = (id: number) => db.payments.find((row) => row.id === id)!
/** Makes a payment's hold run out a moment ago. */
const expireHold = (id: number) => {
  rowOf(id).holdExpiresAt = new Date(Date.now() - 1).toISOString()
}
/** Lesson 1 gets one seat, so a single hold or enrolment fills its upcoming session. */
const oneSeatLeft = () => {
  db.lessons.find((row) => row.id === order.lessonId)!.max_slots = 2
}

describe('payments', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

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

  it('opens an order for a paid session, holding the seat; capture enrolls the student', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const now = new Date('2030-01-01T00:00:00.000Z')
    vi.setSystemTime(now)
    // The seeded sessions were placed around the real clock: move the paid one after "now".
    db.sessions.find((row) => row.id === order.sessionId)!.start_time = '2030-01-03T00:00:00.000Z'
    db.sessions.find((row) => row.id === order.sessionId)!.end_time = '2030-01-03T01:00:00.000Z'
    const created = await call(payments.createOrder, { as: student, json: order })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      status: 'processing',
      amount_in_cents: 2000,
      currency: 'USD',
      transactionId: null,
      orderId: expect.stringMatching(/^ORDER-/) as string,
      lessonTitle: 'Conversational Japanese for Beginners',
      holdExpiresAt: '2030-01-01T00:10:00.000Z',
      refundReason: null,
      ...order,
    })
    const captured = await call(payments.capturePayment, { params: { id: created.body.id } })
    expect(captured.status).toBe(200)
    expect(captured.body).toMatchObject({ status: 'success', holdExpiresAt: null })
    expect(captured.body.transactionId).toMatch(/^CAPTURE-/)
    expect(
      db.enrollments.some((row) => row.userId === student && row.sessionId === order.sessionId),
    ).toBe(true)
    // A retried capture answers the same payment; a new order is refused.
    const retried = await call(payments.capturePayment, { params: { id: created.body.id } })
    expect(retried).toMatchObject({ status: 200, body: captured.body })
    expect(await call(payments.createOrder, { json: order })).toMatchObject({
      status: 409,
      body: { message: MESSAGES.enrollments.alreadyEnrolled },
    })
    expect(db.enrollments.filter((row) => row.sessionId === order.sessionId)).toHaveLength(2)

    // Unenrolling before the start refunds the seat in full.
    const left = await call(sessions.unenroll, {
      params: { id: order.lessonId, sessionId: order.sessionId },
    })
    expect(left.body).toEqual({ message: MESSAGES.enrollments.unenrolledRefund })
    expect(
      (await call(payments.getPayment, { params: { id: created.body.id } })).body,
    ).toMatchObject({ status: 'refunded', refundReason: 'unenrolled' })
  })

  it('answers the same open payment while its hold lasts, a new one once it expired', async () => {
    const first = await call(payments.createOrder, { as: student, json: order })
    const again = await call(payments.createOrder, { json: order })
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    expect(db.payments.filter((row) => row.status === 'processing')).toHaveLength(1)

    expireHold(first.body.id)
    const fresh = await call(payments.createOrder, { json: order })
    expect(fresh.status).toBe(201)
    expect(fresh.body.id).not.toBe(first.body.id)
    expect(rowOf(first.body.id).status).toBe('cancelled')
  })

  it('counts every active hold as a taken seat, and keeps the session open to its holder', async () => {
    oneSeatLeft()
    const seatsAs = async (as: number) => {
      const { body } = await call(sessions.listSessions, { params: { id: order.lessonId }, as })
      const session = body.data.find((row) => row.id === order.sessionId)!
      return [session.availableSlots, session.disabled]
    }
    expect(await seatsAs(student)).toEqual([1, false])
    const held = await call(payments.createOrder, { as: student, json: order })
    expect(await seatsAs(student)).toEqual([0, false])
    expect(await seatsAs(student2)).toEqual([0, true])
    expect(await call(payments.createOrder, { as: student2, json: order })).toMatchObject({
      status: 409,
      body: { message: MESSAGES.enrollments.noSeatsLeft },
    })

    // The hold runs out: the seat is free for others again.
    expireHold(held.body.id)
    expect(await seatsAs(student2)).toEqual([1, false])
    const other = await call(payments.createOrder, { as: student2, json: order })
    expect(other.status).toBe(201)

    // Cancelling frees a hold at once.
    expect(await seatsAs(student)).toEqual([0, true])
    await call(payments.cancelPayment, { as: student2, params: { id: other.body.id } })
    expect(await seatsAs(student)).toEqual([1, false])
  })

  it('refuses free sessions, seated buyers, started and unknown sessions', async () => {
    const free = await call(payments.createOrder, { as: student, json: freeOrder })
    expect(free.body).toMatchObject({ statusCode: 400, message: [MESSAGES.payments.freeSession] })
    expect(
      await call(payments.createOrder, {
        json: { lessonId: order.lessonId, sessionId: seedIds.sessions.live },
      }),
    ).toMatchObject({ status: 409, body: { message: MESSAGES.enrollments.alreadyEnrolled } })
    expect(
      await call(payments.createOrder, {
        as: student3,
        json: { lessonId: order.lessonId, sessionId: seedIds.sessions.live },
      }),
    ).toMatchObject({ status: 409, body: { message: MESSAGES.enrollments.alreadyStarted } })
    expect(
      (await call(payments.createOrder, { json: { lessonId: order.lessonId, sessionId: 999 } }))
        .status,
    ).toBe(404)
  })

  it('counts a session starting this very instant as started', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const created = await call(payments.createOrder, { as: student, json: order })
    vi.setSystemTime(new Date(startOf(order.sessionId)))
    expect(await call(payments.createOrder, { as: student2, json: order })).toMatchObject({
      status: 409,
      body: { message: MESSAGES.enrollments.alreadyStarted },
    })
    const late = await call(payments.capturePayment, {
      as: student,
      params: { id: created.body.id },
    })
    expect(late).toMatchObject({
      status: 409,
      body: { message: MESSAGES.enrollments.alreadyStarted },
    })
    expect(rowOf(created.body.id).status).toBe('cancelled')
    expect(isSeated(student)).toBe(false)
  })

  it('captures after the hold expired while a seat is left; cancels it, uncharged, when not', async () => {
    oneSeatLeft()
    const kept = await call(payments.createOrder, { as: student, json: order })
    expireHold(kept.body.id)
    const late = await call(payments.capturePayment, { params: { id: kept.body.id } })
    expect(late.body.status).toBe('success')

    // Yuki gives her seat back; Tom's hold runs out and Yuki takes the seat again before he pays.
    await call(sessions.unenroll, { params: { id: order.lessonId, sessionId: order.sessionId } })
    const tom = await call(payments.createOrder, { as: student2, json: order })
    expireHold(tom.body.id)
    db.enrollments.push({
      id: 500,
      userId: student,
      lessonId: order.lessonId,
      sessionId: order.sessionId,
      createdAt: new Date().toISOString(),
    })
    const refusedCapture = await call(payments.capturePayment, {
      as: student2,
      params: { id: tom.body.id },
    })
    expect(refusedCapture).toMatchObject({
      status: 409,
      body: { message: MESSAGES.payments.holdExpired },
    })
    expect(rowOf(tom.body.id)).toMatchObject({ status: 'cancelled', transactionId: null })
    expect(isSeated(student2)).toBe(false)
  })

  it('refuses to capture for a buyer already seated (cancelling the payment, as the server does), and payments that are not processing', async () => {
    const created = await call(payments.createOrder, { as: student, json: order })
    db.enrollments.push({
      id: 500,
      userId: student,
      lessonId: order.lessonId,
      sessionId: order.sessionId,
      createdAt: new Date().toISOString(),
    })
    expect(await call(payments.capturePayment, { params: { id: created.body.id } })).toMatchObject({
      status: 409,
      body: { message: MESSAGES.enrollments.alreadyEnrolled },
    })
    expect(rowOf(created.body.id).status).toBe('cancelled')

    rowOf(created.body.id).status = 'refunded'
    expect(await call(payments.capturePayment, { params: { id: created.body.id } })).toMatchObject({
      status: 409,
      body: { message: MESSAGES.payments.notProcessing('refunded') },
    })
  })

  it('cancels a processing order, which can then be neither captured nor cancelled', async () => {
    const created = await call(payments.createOrder, { as: student, json: order })
    const cancelled = await call(payments.cancelPayment, { params: { id: created.body.id } })
    expect(cancelled.body).toMatchObject({ status: 'cancelled', holdExpiresAt: null })
    expect(await call(payments.capturePayment, { params: { id: created.body.id } })).toMatchObject({
      status: 409,
      body: { message: 'The payment is cancelled' },
    })
    expect(await call(payments.cancelPayment, { params: { id: created.body.id } })).toMatchObject({
      status: 409,
      body: { message: 'The payment is cancelled' },
    })
  })

  it("refuses someone else's payment; admins may read any", async () => {
    expect(
      await call(payments.getPayment, { params: { id: seedIds.payment }, as: student2 }),
    ).toMatchObject({ status: 403, body: { message: MESSAGES.payments.someoneElses } })
    expect(
      (await call(payments.cancelPayment, { params: { id: seedIds.payment }, as: student2 }))
        .status,
    ).toBe(403)
    expect(
      (await call(payments.capturePayment, { params: { id: seedIds.payment }, as: student2 }))
        .status,
    ).toBe(403)
    expect(
      (await call(payments.getPayment, { params: { id: seedIds.payment }, as: admin })).body
        .transactionId,
    ).toBe('CAPTURE-SEED-1')
    expect((await call(payments.getPayment, { params: { id: 999 }, as: admin })).status).toBe(404)
  })

  it("lists the student's captured payments newest first, paged", async () => {
    const tom = await call(payments.listMyPayments, { as: student2 })
    expect(tom.body.data.map((row) => [row.orderId, row.status, row.refundReason])).toEqual([
      ['ORDER-SEED-3', 'refunded', 'unenrolled'],
    ])
    // Open, cancelled and failed payments are not listed.
    const open = await call(payments.createOrder, { as: student, json: order })
    const gaveUp = await call(payments.createOrder, {
      as: student3,
      json: { lessonId: seedIds.pianoLesson, sessionId: pianoSessionAfter(2) },
    })
    await call(payments.cancelPayment, { params: { id: gaveUp.body.id } })
    const yuki = await call(payments.listMyPayments, { as: student })
    expect(yuki.body.data.map((row) => row.id)).toEqual([seedIds.payment])
    expect(yuki.body.data.map((row) => row.id)).not.toContain(open.body.id)

    // Newest first, ties by id; a page of one.
    for (const row of db.payments) row.createdAt = '2030-01-01T00:00:00.000Z'
    rowOf(open.body.id).status = 'success'
    const both = await call(payments.listMyPayments, { as: student })
    expect(both.body.data.map((row) => row.id)).toEqual([open.body.id, seedIds.payment])
    const second = await call(payments.listMyPayments, { query: { page: 2, take: 1 } })
    expect(second.body).toMatchObject({
      data: [{ id: seedIds.payment }],
      meta: { page: 2, itemCount: 2, hasNextPage: false },
    })
    expect((await call(payments.listMyPayments, { as: seedIds.educator })).status).toBe(403)
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
    expect(rowOf(created.body.id).status).toBe('success')
    expect(isSeated(student)).toBe(true)
  })
})

/** Whether the student holds a seat in the paid lesson's upcoming session. */
const isSeated = (userId: number) =>
  db.enrollments.some((row) => row.userId === userId && row.sessionId === order.sessionId)

/** The piano lesson's session at least `days` days ahead. */
const pianoSessionAfter = (days: number) =>
  db.sessions.find(
    (row) =>
      row.lessonId === seedIds.pianoLesson &&
      Date.parse(row.start_time) > Date.now() + days * 24 * 60 * MINUTE,
  )!.id

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
    expect(nul.body.message).toEqual([MESSAGES.validation.unstorableText('body')])
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
