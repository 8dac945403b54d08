import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import * as payments from '../../contract/descriptors/payments.ts'
import * as sessions from '../../contract/descriptors/sessions.ts'
import { MESSAGES, messageFields } from '../../contract/messages.ts'
import { lessons as lessonRows, payments as paymentRows, webhookEvents } from '../src/db/schema.ts'
import { requestIds as ids } from '../src/payments/request-ids.ts'
import { settleDueRefunds } from '../src/services/refunds.ts'
import {
  cookieFor,
  createLesson,
  createSession,
  DAY,
  enroll,
  HOUR,
  MINUTE,
} from './catalogue-fixtures.ts'
import { APP_ORIGIN, bodyOf, createUser, errorOf } from './helpers.ts'
import {
  activeSeats,
  createStudents,
  mails,
  openApproved,
  paymentRow,
  setupPaymentsApp,
} from './payment-fixtures.ts'

const { context, fake } = setupPaymentsApp()

/** An educator's lesson at $20.00 an hour with one 90-minute session in two days. */
const paidScene = async ({ maxSlots = 3, startsIn = 2 * DAY } = {}) => {
  const educator = await createUser(context.db, { role: 'educator' })
  const lesson = await createLesson(context.db, educator, { priceInCents: 2000, maxSlots })
  const session = await createSession(context.db, lesson, { startsIn, lasts: 90 * MINUTE })
  const [student, other] = await createStudents(context.db, 2)
  if (!student || !other) throw new Error('No students')
  return {
    educator,
    lesson,
    session,
    student,
    other,
    ids: { lessonId: lesson.id, sessionId: session.id },
  }
}

const order = (ids: { lessonId: number; sessionId: number }, cookie: string) =>
  context.call(payments.createOrder, { body: ids, cookie })
const capture = (id: number, cookie: string) =>
  context.call(payments.capturePayment, { params: { id }, cookie })
const unenroll = (ids: { lessonId: number; sessionId: number }, cookie: string) =>
  context.call(sessions.unenroll, {
    params: { id: ids.lessonId, sessionId: ids.sessionId },
    cookie,
  })
const webhook = (event: object, headers = fake.sign(event)) =>
  context.call(payments.paymentWebhook, { body: event, headers })

/** What the services work with, as the app built it for its routes and periodic work. */
const deps = () => context.app.serviceDeps

describe('opening a payment', () => {
  it('holds the seat and opens a PayPal order for the price from the database', async () => {
    const s = await paidScene()
    const before = Date.now()
    const response = await order(s.ids, s.student.cookie)
    expect(response.statusCode).toBe(201)
    const payment = bodyOf(response)
    expect(payment).toMatchObject({
      status: 'processing',
      amount_in_cents: 3000,
      currency: 'USD',
      lessonId: s.lesson.id,
      lessonTitle: s.lesson.title,
      sessionId: s.session.id,
      sessionStart: s.session.startTime.toISOString(),
      transactionId: null,
      refundReason: null,
    })
    const holdEnds = Date.parse(payment.holdExpiresAt ?? '')
    expect(holdEnds).toBeGreaterThanOrEqual(before + 10 * MINUTE)
    expect(holdEnds).toBeLessThanOrEqual(Date.now() + 10 * MINUTE)
    const paypalOrder = fake.orders.get(payment.orderId ?? '')
    expect(paypalOrder).toMatchObject({ amountCents: 3000, status: 'CREATED' })
    const creation = fake.calls.findLast((call) => call.path === '/v2/checkout/orders')
    const row = await paymentRow(context.db, payment.id)
    expect(creation?.requestId).toBe(ids.order(row))
  })

  it('answers the same open payment again while its hold lasts', async () => {
    const s = await paidScene()
    const first = bodyOf(await order(s.ids, s.student.cookie))
    const again = await order(s.ids, s.student.cookie)
    expect(again.statusCode).toBe(201)
    expect(bodyOf(again)).toEqual(first)
  })

  it('replaces a running hold opened at a price the educator changed since, charging the new one', async () => {
    const s = await paidScene()
    const first = bodyOf(await order(s.ids, s.student.cookie))
    expect(first.amount_in_cents).toBe(3000)
    await context.db
      .update(lessonRows)
      .set({ priceInCents: 1000 })
      .where(eq(lessonRows.id, s.lesson.id))

    const again = await order(s.ids, s.student.cookie)
    expect(again.statusCode).toBe(201)
    const second = bodyOf(again)
    expect(second).toMatchObject({ status: 'processing', amount_in_cents: 1500 })
    expect(second.id).not.toBe(first.id)
    expect(fake.orders.get(second.orderId ?? '')).toMatchObject({ amountCents: 1500 })
    expect(await paymentRow(context.db, first.id)).toMatchObject({
      status: 'cancelled',
      holdExpiresAt: null,
    })
    // The old order, approved in another tab, charges nothing.
    fake.approve(first.orderId ?? '')
    expect((await capture(first.id, s.student.cookie)).statusCode).toBe(409)
    expect(fake.orders.get(first.orderId ?? '')?.status).not.toBe('COMPLETED')
    fake.approve(second.orderId ?? '')
    expect(bodyOf(await capture(second.id, s.student.cookie))).toMatchObject({
      status: 'success',
      amount_in_cents: 1500,
    })
  })

  it('keeps a repriced hold at its price when no other seat is left for it', async () => {
    const s = await paidScene({ maxSlots: 1 })
    const first = bodyOf(await order(s.ids, s.student.cookie))
    await context.db
      .update(lessonRows)
      .set({ priceInCents: 1000 })
      .where(eq(lessonRows.id, s.lesson.id))
    // Another student took a seat for free meanwhile (the seat count is over, by the educator).
    await enroll(context.db, s.session, s.other.user)
    expect(bodyOf(await order(s.ids, s.student.cookie))).toEqual(first)
  })

  it('refuses a free session, a started one, a seat already held and a full session', async () => {
    const s = await paidScene({ maxSlots: 1, startsIn: 2 * HOUR })
    const free = await createLesson(context.db, s.educator, { priceInCents: 0 })
    const freeSession = await createSession(context.db, free, { startsIn: 5 * DAY })
    const freeOrder = await order(
      { lessonId: free.id, sessionId: freeSession.id },
      s.student.cookie,
    )
    expect(freeOrder.statusCode).toBe(400)
    expect(errorOf(freeOrder).message).toEqual([MESSAGES.payments.freeSession.text])

    await enroll(context.db, s.session, s.other.user)
    const full = await order(s.ids, s.student.cookie)
    expect(full.statusCode).toBe(409)
    expect(errorOf(full).message).toBe(MESSAGES.enrollments.noSeatsLeft.text)
    const mine = await order(s.ids, s.other.cookie)
    expect(errorOf(mine).message).toBe(MESSAGES.enrollments.alreadyEnrolled.text)

    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(s.session.startTime)
      const started = await order(s.ids, s.student.cookie)
      expect(errorOf(started).message).toBe(MESSAGES.enrollments.alreadyStarted.text)
    } finally {
      vi.useRealTimers()
    }
  })

  it('releases the hold when PayPal cannot open the order (502), so a retry works', async () => {
    const s = await paidScene({ maxSlots: 1 })
    fake.failNext(/^\/v2\/checkout\/orders$/, { status: 503 })
    const failed = await order(s.ids, s.student.cookie)
    expect(failed.statusCode).toBe(502)
    expect(errorOf(failed).message).toBe(MESSAGES.payments.providerUnavailable.text)
    const retried = await order(s.ids, s.student.cookie)
    expect(retried.statusCode).toBe(201)
  })

  it('asks PayPal again, under the same request id, for an opening that died with its server', async () => {
    const s = await paidScene({ maxSlots: 1 })
    // What a server killed while PayPal made the order leaves: a held seat, no order recorded.
    const holdExpiresAt = new Date(Date.now() + 8 * MINUTE)
    const [dead] = await context.db
      .insert(paymentRows)
      .values({
        userId: s.student.user.id,
        lessonId: s.lesson.id,
        sessionId: s.session.id,
        status: 'processing',
        amountInCents: 3000,
        holdExpiresAt,
      })
      .returning()
    const made = await context.app.payments.provider.createOrder({
      requestId: ids.order(dead!),
      amountInCents: 3000,
      referenceId: `payment-${dead!.id}`,
      description: s.lesson.title,
    })
    const ordersBefore = fake.orders.size

    const reopened = await order(s.ids, s.student.cookie)
    expect(reopened.statusCode).toBe(201)
    expect(bodyOf(reopened)).toMatchObject({
      id: dead!.id,
      orderId: made.orderId,
      status: 'processing',
      holdExpiresAt: holdExpiresAt.toISOString(),
    })
    expect(fake.orders.size).toBe(ordersBefore)
    expect(fake.calls.at(-1)).toMatchObject({
      path: '/v2/checkout/orders',
      requestId: ids.order(dead!),
    })
    fake.approve(made.orderId)
    expect(bodyOf(await capture(dead!.id, s.student.cookie)).status).toBe('success')
  })

  it('refuses a second opening while the first is still asking PayPal', async () => {
    const s = await paidScene()
    fake.failNext(/^\/v2\/checkout\/orders$/, 'timeout')
    const calls = fake.calls.length
    const first = order(s.ids, s.student.cookie)
    await vi.waitFor(() => expect(fake.calls.length).toBeGreaterThan(calls))
    const second = await order(s.ids, s.student.cookie)
    expect(second.statusCode).toBe(409)
    expect(errorOf(second).message).toBe(
      MESSAGES.payments.notProcessing({ status: 'processing' }).text,
    )
    // PayPal never answers the first: its hold is released and the student may try again.
    expect((await first).statusCode).toBe(502)
    expect(bodyOf(await order(s.ids, s.student.cookie)).status).toBe('processing')
  })
})

describe('holds', () => {
  it('keeps the held seat from others until the hold expires, then frees it', async () => {
    const s = await paidScene({ maxSlots: 1 })
    const held = bodyOf(await order(s.ids, s.student.cookie))
    const blocked = await order(s.ids, s.other.cookie)
    expect(errorOf(blocked).message).toBe(MESSAGES.enrollments.noSeatsLeft.text)
    const seen = bodyOf(
      await context.call(sessions.listSessions, {
        params: { id: s.lesson.id },
        cookie: s.other.cookie,
      }),
    ).data[0]
    expect(seen).toMatchObject({ availableSlots: 0, disabled: true })
    const own = bodyOf(
      await context.call(sessions.listSessions, {
        params: { id: s.lesson.id },
        cookie: s.student.cookie,
      }),
    ).data[0]
    // The buyer sees the seat they hold taken too, and may still finish paying for it.
    expect(own).toMatchObject({ availableSlots: 0, disabled: false })

    // The hold runs out at this instant: it no longer counts.
    await context.db
      .update(paymentRows)
      .set({ holdExpiresAt: new Date(Date.now() - 1) })
      .where(eq(paymentRows.id, held.id))
    expect((await order(s.ids, s.other.cookie)).statusCode).toBe(201)
  })

  it('charges nothing when the hold expired and the seat went to someone else', async () => {
    const s = await paidScene({ maxSlots: 1 })
    const late = await openApproved(context, fake, s.ids, s.student.cookie)
    await context.db
      .update(paymentRows)
      .set({ holdExpiresAt: new Date(Date.now() - MINUTE) })
      .where(eq(paymentRows.id, late.id))
    const winner = await openApproved(context, fake, s.ids, s.other.cookie)
    expect(bodyOf(await capture(winner.id, s.other.cookie)).status).toBe('success')

    const refused = await capture(late.id, s.student.cookie)
    expect(refused.statusCode).toBe(409)
    expect(errorOf(refused).message).toBe(MESSAGES.payments.holdExpired.text)
    expect((await paymentRow(context.db, late.id)).status).toBe('cancelled')
    expect(fake.orders.get(late.orderId ?? '')?.status).toBe('APPROVED')
  })

  it('captures after an expired hold when a seat is still free', async () => {
    const s = await paidScene({ maxSlots: 2 })
    const payment = await openApproved(context, fake, s.ids, s.student.cookie)
    await context.db
      .update(paymentRows)
      .set({ holdExpiresAt: new Date(Date.now() - MINUTE) })
      .where(eq(paymentRows.id, payment.id))
    expect(bodyOf(await capture(payment.id, s.student.cookie)).status).toBe('success')
  })
})

describe('capturing', () => {
  it('seats the student with the payment, its fee and share, and mails the calendar file', async () => {
    const s = await paidScene()
    const student = await createUser(context.db, { role: 'student', language: 'jp-JP' })
    const cookie = await cookieFor(context.db, student)
    const payment = await openApproved(context, fake, s.ids, cookie)
    const response = await capture(payment.id, cookie)
    expect(response.statusCode).toBe(200)
    const captured = bodyOf(response)
    const paypalCapture = [...fake.captures.values()].find((row) => row.orderId === payment.orderId)
    expect(captured).toMatchObject({
      status: 'success',
      transactionId: paypalCapture?.id,
      holdExpiresAt: null,
    })
    expect(payment.paidAt).toBeNull()
    const row = await paymentRow(context.db, payment.id)
    // Dated by its capture, which the history shows as the day paid.
    expect(captured.paidAt).toBe(row.capturedAt?.toISOString())
    expect(row).toMatchObject({
      platformFeeBasisPoints: 1000,
      platformFeeInCents: 300,
      educatorShareInCents: 2700,
    })
    const seats = await activeSeats(context.db, s.session.id)
    expect(seats).toEqual([expect.objectContaining({ userId: student.id, paymentId: payment.id })])
    const mail = (await mails(context.db)).find((row) => row.to === student.email)
    expect(mail?.subject).toContain('受講が確定しました')
    expect(mail?.attachments).toEqual([
      expect.objectContaining({ filename: `session-${s.session.id}.ics` }),
    ])
    expect(mail?.attachments[0]?.content).toContain('BEGIN:VEVENT')
  })

  it('refuses an order the buyer has not approved, and keeps it open', async () => {
    const s = await paidScene()
    const payment = bodyOf(await order(s.ids, s.student.cookie))
    const early = await capture(payment.id, s.student.cookie)
    expect(early.statusCode).toBe(409)
    expect(errorOf(early).message).toBe(MESSAGES.payments.notApproved.text)
    expect((await paymentRow(context.db, payment.id)).status).toBe('processing')
  })

  it('answers a retried capture with the same payment, charging once', async () => {
    const s = await paidScene()
    const payment = await openApproved(context, fake, s.ids, s.student.cookie)
    const first = bodyOf(await capture(payment.id, s.student.cookie))
    const second = bodyOf(await capture(payment.id, s.student.cookie))
    expect(second).toEqual(first)
    expect(
      [...fake.captures.values()].filter((row) => row.orderId === payment.orderId),
    ).toHaveLength(1)
  })

  it.each([
    ['a time-out', 'timeout' as const],
    ['a 500', { status: 500 }],
    ['a duplicate request id in flight', { status: 422, issue: 'DUPLICATE_REQUEST_ID' }],
  ])('answers %s with 502, and the retry captures once', async (_, failure) => {
    const s = await paidScene()
    const payment = await openApproved(context, fake, s.ids, s.student.cookie)
    fake.failNext(/\/capture$/, failure)
    const failed = await capture(payment.id, s.student.cookie)
    expect(failed.statusCode).toBe(502)
    expect(errorOf(failed).message).toBe(MESSAGES.payments.providerUnavailable.text)
    expect((await paymentRow(context.db, payment.id)).status).toBe('processing')
    expect(bodyOf(await capture(payment.id, s.student.cookie)).status).toBe('success')
    expect(
      [...fake.captures.values()].filter((row) => row.orderId === payment.orderId),
    ).toHaveLength(1)
    const requestIds = fake.calls.filter((call) => call.path.endsWith(`${payment.orderId}/capture`))
    const row = await paymentRow(context.db, payment.id)
    expect(new Set(requestIds.map((call) => call.requestId))).toEqual(new Set([ids.capture(row)]))
  })

  it('marks a declined payment failed and frees its seat', async () => {
    const s = await paidScene({ maxSlots: 1 })
    const payment = await openApproved(context, fake, s.ids, s.student.cookie)
    fake.declineNextCapture()
    const declined = await capture(payment.id, s.student.cookie)
    expect(declined.statusCode).toBe(409)
    expect(errorOf(declined).message).toBe(MESSAGES.payments.declined.text)
    expect((await paymentRow(context.db, payment.id)).status).toBe('error')
    expect((await order(s.ids, s.other.cookie)).statusCode).toBe(201)
  })

  it("refuses someone else's payment and a cancelled one", async () => {
    const s = await paidScene()
    const payment = await openApproved(context, fake, s.ids, s.student.cookie)
    const foreign = await capture(payment.id, s.other.cookie)
    expect(foreign.statusCode).toBe(403)
    expect(errorOf(foreign).message).toBe(MESSAGES.payments.someoneElses.text)
    const cancelled = await context.call(payments.cancelPayment, {
      params: { id: payment.id },
      cookie: s.student.cookie,
    })
    expect(bodyOf(cancelled).status).toBe('cancelled')
    const late = await capture(payment.id, s.student.cookie)
    expect(errorOf(late).message).toBe(
      MESSAGES.payments.notProcessing({ status: 'cancelled' }).text,
    )
  })
})

describe('the webhook', () => {
  const completed = (orderId: string, captureId: string, id = `WH-${captureId}`) => ({
    id,
    event_type: 'PAYMENT.CAPTURE.COMPLETED',
    resource: {
      id: captureId,
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '30.00' },
      supplementary_data: { related_ids: { order_id: orderId } },
    },
  })

  /** The buyer approved and PayPal captured, but the browser never told us. */
  const capturedBehindOurBack = async (orderId: string) => {
    fake.approve(orderId)
    const result = await context.app.payments.provider.captureOrder(orderId, `elsewhere-${orderId}`)
    if (result.kind !== 'completed') throw new Error('Not captured')
    return result.captureId
  }

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const s = await paidScene()
    const payment = bodyOf(await order(s.ids, s.student.cookie))
    const captureId = await capturedBehindOurBack(payment.orderId ?? '')
    const event = completed(payment.orderId ?? '', captureId)
    const forged = { ...fake.sign(event), 'paypal-transmission-sig': 'forged' }
    for (const headers of [
      forged,
      {},
      fake.sign(event, 'WH-OTHER'),
      fake.sign({ ...event, id: 'other' }),
    ]) {
      const response = await webhook(event, headers)
      expect(response.statusCode).toBe(400)
      expect(errorOf(response).message).toEqual([MESSAGES.payments.invalidSignature.text])
    }
    expect((await paymentRow(context.db, payment.id)).status).toBe('processing')
    expect(await context.db.select().from(webhookEvents)).toEqual([])
  })

  it('seats the student for a capture the browser never reported, once however often replayed', async () => {
    const s = await paidScene()
    const payment = bodyOf(await order(s.ids, s.student.cookie))
    const captureId = await capturedBehindOurBack(payment.orderId ?? '')
    const event = completed(payment.orderId ?? '', captureId)
    for (let replay = 0; replay < 3; replay += 1) {
      const response = await webhook(event)
      expect(response.statusCode).toBe(200)
      expect(bodyOf(response)).toEqual({ received: true })
    }
    expect(await paymentRow(context.db, payment.id)).toMatchObject({
      status: 'success',
      transactionId: captureId,
    })
    expect(await activeSeats(context.db, s.session.id)).toHaveLength(1)
    expect(await context.db.select().from(webhookEvents)).toHaveLength(1)
    // The browser's late capture call now answers the recorded payment.
    expect(bodyOf(await capture(payment.id, s.student.cookie)).transactionId).toBe(captureId)
  })

  it('refunds at once a capture that arrives after the seat went to someone else', async () => {
    const s = await paidScene({ maxSlots: 1 })
    const late = bodyOf(await order(s.ids, s.student.cookie))
    await context.db
      .update(paymentRows)
      .set({ holdExpiresAt: new Date(Date.now() - MINUTE) })
      .where(eq(paymentRows.id, late.id))
    const winner = await openApproved(context, fake, s.ids, s.other.cookie)
    await capture(winner.id, s.other.cookie)
    const captureId = await capturedBehindOurBack(late.orderId ?? '')
    expect((await webhook(completed(late.orderId ?? '', captureId))).statusCode).toBe(200)
    expect(await paymentRow(context.db, late.id)).toMatchObject({
      status: 'refunded',
      refundReason: 'seatTaken',
      transactionId: captureId,
    })
    expect(fake.captures.get(captureId)?.refundedCents).toBe(3000)
    expect(await activeSeats(context.db, s.session.id)).toEqual([
      expect.objectContaining({ userId: s.other.user.id }),
    ])
    const mail = (await mails(context.db)).find((row) => row.to === s.student.user.email)
    expect(mail?.subject).toContain('was taken')
  })

  it('refunds a capture for a session deleted meanwhile, naming the lesson in the e-mail', async () => {
    const s = await paidScene()
    const payment = bodyOf(await order(s.ids, s.student.cookie))
    const deleted = await context.call(sessions.deleteSession, {
      params: { id: s.lesson.id, sessionId: s.session.id },
      cookie: await cookieFor(context.db, s.educator),
    })
    expect(deleted.statusCode).toBe(200)
    const captureId = await capturedBehindOurBack(payment.orderId ?? '')
    expect((await webhook(completed(payment.orderId ?? '', captureId))).statusCode).toBe(200)
    expect(await paymentRow(context.db, payment.id)).toMatchObject({
      status: 'refunded',
      refundReason: 'seatTaken',
      sessionId: null,
    })
    // First told of the deletion as the payment was stopped, then of the refund.
    const [stopped, mail] = (await mails(context.db)).filter(
      (row) => row.to === s.student.user.email,
    )
    expect(stopped?.text).toContain('you have not been charged')
    expect(mail?.subject).toBe(`Manabi: the session of ${s.lesson.title} was cancelled`)
    expect(mail?.text.split('\n').slice(2)).toEqual([
      `The session of "${s.lesson.title}" you were paying for was cancelled before the payment arrived.`,
      'Your payment of $30.00 is refunded in full.',
      '',
      `Open the lesson page: ${APP_ORIGIN}/lesson/${s.lesson.id}`,
    ])
  })

  it('marks a denied capture failed, and a refund made at PayPal gives the seat back', async () => {
    const s = await paidScene()
    const denied = bodyOf(await order(s.ids, s.student.cookie))
    const deniedEvent = {
      id: 'WH-DENIED',
      event_type: 'PAYMENT.CAPTURE.DENIED',
      resource: {
        id: 'CAPTURE-DENIED',
        supplementary_data: { related_ids: { order_id: denied.orderId } },
      },
    }
    expect((await webhook(deniedEvent)).statusCode).toBe(200)
    expect((await paymentRow(context.db, denied.id)).status).toBe('error')

    const paid = await openApproved(context, fake, s.ids, s.other.cookie)
    const { transactionId } = bodyOf(await capture(paid.id, s.other.cookie))
    const refundEvent = {
      id: 'WH-REFUNDED',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: {
        id: 'REFUND-AT-PAYPAL',
        status: 'COMPLETED',
        links: [
          { rel: 'up', href: `https://api.paypal.com/v2/payments/captures/${transactionId}` },
        ],
      },
    }
    expect((await webhook(refundEvent)).statusCode).toBe(200)
    expect(await paymentRow(context.db, paid.id)).toMatchObject({
      status: 'refunded',
      refundReason: 'provider',
      refundId: 'REFUND-AT-PAYPAL',
    })
    expect(await activeSeats(context.db, s.session.id)).toEqual([])
    // The student learns that the seat is gone, once, whatever the redeliveries.
    expect((await webhook({ ...refundEvent, id: 'WH-REFUNDED-AGAIN' })).statusCode).toBe(200)
    const told = (await mails(context.db)).filter(
      (row) => row.to === s.other.user.email && row.subject.includes('was refunded'),
    )
    expect(told).toHaveLength(1)
    expect(told[0]?.text).toContain(s.lesson.title)
  })
})

describe('unenrolling and refunds', () => {
  const paidSeat = async () => {
    const s = await paidScene({ startsIn: 3 * HOUR })
    const payment = await openApproved(context, fake, s.ids, s.student.cookie)
    const captured = bodyOf(await capture(payment.id, s.student.cookie))
    return { ...s, payment: captured }
  }

  it('tells the seat holder what unenrolling refunds: what was paid, whatever the price now', async () => {
    const s = await paidSeat()
    const paidPriceFor = async (cookie: string) => {
      const list = bodyOf(
        await context.call(sessions.listSessions, { params: { id: s.lesson.id }, cookie }),
      )
      return list.data.find((row) => row.id === s.session.id)?.paidPrice
    }
    await context.db
      .update(lessonRows)
      .set({ priceInCents: 1000 })
      .where(eq(lessonRows.id, s.lesson.id))
    expect(await paidPriceFor(s.student.cookie)).toBe(3000)
    expect(await paidPriceFor(s.other.cookie)).toBeNull()
    expect(await paidPriceFor(await cookieFor(context.db, s.educator))).toBeNull()
    expect(bodyOf(await unenroll(s.ids, s.student.cookie)).code).toBe(
      'enrollments.unenrolledRefund',
    )
    expect(fake.captures.get(s.payment.transactionId ?? '')?.refundedCents).toBe(3000)
    expect(await paidPriceFor(s.student.cookie)).toBeNull()
  })

  it('refunds a paid seat in full before the start, tells the educator, and ends joining', async () => {
    const s = await paidSeat()
    const response = await unenroll(s.ids, s.student.cookie)
    expect(response.statusCode).toBe(200)
    expect(bodyOf(response)).toEqual({
      message: MESSAGES.enrollments.unenrolledRefund.text,
      code: 'enrollments.unenrolledRefund',
    })
    expect(await paymentRow(context.db, s.payment.id)).toMatchObject({
      status: 'refunded',
      refundReason: 'unenrolled',
    })
    expect(fake.captures.get(s.payment.transactionId ?? '')?.refundedCents).toBe(3000)
    expect(await activeSeats(context.db, s.session.id)).toEqual([])
    const educatorMail = (await mails(context.db)).find((row) => row.to === s.educator.email)
    expect(educatorMail?.text).toContain(s.student.user.name)
    const join = await context.call(sessions.joinSession, {
      params: { id: s.lesson.id, sessionId: s.session.id },
      cookie: s.student.cookie,
    })
    expect(join.statusCode).toBe(403)
    const again = await unenroll(s.ids, s.student.cookie)
    expect(again.statusCode).toBe(404)
  })

  it('keeps the refund due while PayPal is down and sends it once when it is back', async () => {
    const s = await paidSeat()
    fake.failNext(/\/refund$/, 'timeout')
    expect(bodyOf(await unenroll(s.ids, s.student.cookie)).message).toBe(
      MESSAGES.enrollments.unenrolledRefund.text,
    )
    expect((await paymentRow(context.db, s.payment.id)).status).toBe('refunding')
    const listed = bodyOf(
      await context.call(payments.listMyPayments, { cookie: s.student.cookie }),
    ).data
    expect(listed.map((payment) => payment.status)).toEqual(['refunding'])
    await Promise.all([settleDueRefunds(deps()), settleDueRefunds(deps())])
    expect((await paymentRow(context.db, s.payment.id)).status).toBe('refunded')
    expect(
      [...fake.refunds.values()].filter((row) => row.captureId === s.payment.transactionId),
    ).toHaveLength(1)
  })

  it('refuses from the instant the session starts, and frees a free seat without refund', async () => {
    const s = await paidSeat()
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(s.session.startTime)
      const late = await unenroll(s.ids, s.student.cookie)
      expect(late.statusCode).toBe(409)
      expect(errorOf(late).message).toBe(MESSAGES.enrollments.unenrollTooLate.text)
      vi.setSystemTime(s.session.startTime.getTime() - 1)
      expect((await unenroll(s.ids, s.student.cookie)).statusCode).toBe(200)
    } finally {
      vi.useRealTimers()
    }
    const free = await createLesson(context.db, s.educator)
    const freeSession = await createSession(context.db, free, { startsIn: 9 * DAY })
    await enroll(context.db, freeSession, s.other.user)
    const left = await unenroll({ lessonId: free.id, sessionId: freeSession.id }, s.other.cookie)
    expect(bodyOf(left)).toEqual({
      message: MESSAGES.enrollments.unenrolled.text,
      code: 'enrollments.unenrolled',
    })
  })

  it('refunds and mails every student when the educator deletes the session', async () => {
    const s = await paidSeat()
    await enroll(context.db, s.session, s.other.user)
    const response = await context.call(sessions.deleteSession, {
      params: { id: s.lesson.id, sessionId: s.session.id },
      cookie: await cookieFor(context.db, s.educator),
    })
    expect(bodyOf(response)).toEqual({
      ...messageFields(MESSAGES.sessions.deletedWithRefunds({ count: 2 })),
      enrolledCount: 2,
    })
    expect(await paymentRow(context.db, s.payment.id)).toMatchObject({
      status: 'refunded',
      refundReason: 'sessionCancelled',
      sessionId: null,
    })
    const told = (await mails(context.db)).filter((row) => row.subject.includes('cancelled'))
    expect(told.map((row) => row.to).sort()).toEqual(
      [s.student.user.email, s.other.user.email].sort(),
    )
    const shown = bodyOf(
      await context.call(payments.getPayment, {
        params: { id: s.payment.id },
        cookie: s.student.cookie,
      }),
    )
    expect(shown).toMatchObject({ status: 'refunded', sessionId: null, sessionStart: null })
  })
})

describe('a session deleted while a student pays for a seat', () => {
  it('stops the payment and tells the student nothing was charged, in their language', async () => {
    const s = await paidScene()
    const [payer] = await createStudents(context.db, 1, 'jp-JP')
    const open = await openApproved(context, fake, s.ids, payer!.cookie)
    const response = await context.call(sessions.deleteSession, {
      params: { id: s.lesson.id, sessionId: s.session.id },
      cookie: await cookieFor(context.db, s.educator),
    })
    expect(bodyOf(response)).toEqual({
      ...messageFields(MESSAGES.sessions.deleted),
      enrolledCount: 0,
    })
    expect(await paymentRow(context.db, open.id)).toMatchObject({ status: 'cancelled' })
    const told = (await mails(context.db)).filter((row) => row.to === payer!.user.email)
    expect(told).toHaveLength(1)
    expect(told[0]?.subject).toContain('中止になりました')
    expect(told[0]?.text).toContain('料金は請求されていません')
    expect((await capture(open.id, payer!.cookie)).statusCode).toBe(409)
  })
})

describe('reading payments', () => {
  it("lists the student's captured payments newest first, and shows one to its owner or an admin", async () => {
    const s = await paidScene()
    const open = bodyOf(await order(s.ids, s.other.cookie))
    const payment = await openApproved(context, fake, s.ids, s.student.cookie)
    await capture(payment.id, s.student.cookie)
    const second = await createSession(context.db, s.lesson, { startsIn: 4 * DAY, lasts: HOUR })
    const later = await openApproved(
      context,
      fake,
      { lessonId: s.lesson.id, sessionId: second.id },
      s.student.cookie,
    )
    await capture(later.id, s.student.cookie)
    const list = bodyOf(await context.call(payments.listMyPayments, { cookie: s.student.cookie }))
    expect(list.data.map((row) => [row.id, row.amount_in_cents, row.status])).toEqual([
      [later.id, 2000, 'success'],
      [payment.id, 3000, 'success'],
    ])
    expect(list.meta.itemCount).toBe(2)
    expect(
      bodyOf(await context.call(payments.listMyPayments, { cookie: s.other.cookie })).data,
    ).toEqual([])

    const admin = await createUser(context.db, { role: 'admin' })
    const adminView = await context.call(payments.getPayment, {
      params: { id: open.id },
      cookie: await cookieFor(context.db, admin),
    })
    expect(bodyOf(adminView).status).toBe('processing')
    const foreign = await context.call(payments.getPayment, {
      params: { id: open.id },
      cookie: s.student.cookie,
    })
    expect(foreign.statusCode).toBe(403)
    const unknown = await context.call(payments.getPayment, {
      params: { id: 2 ** 31 - 1 },
      cookie: s.student.cookie,
    })
    expect(unknown.statusCode).toBe(404)
  })

  it('tells the SPA how to load the PayPal SDK: the client id, sandbox, test mode', async () => {
    const config = bodyOf(await context.call(payments.getPaymentConfig))
    expect(config).toEqual({
      clientId: 'test-client',
      environment: 'sandbox',
      sdkBaseUrl: null,
      testMode: true,
      currency: 'USD',
      holdMinutes: 10,
    })
  })
})
