import { describe, expect, it } from 'vitest'
import * as payments from '../../contract/descriptors/payments.ts'
import * as sessions from '../../contract/descriptors/sessions.ts'
import { MESSAGES } from '../../contract/messages.ts'
import { createLesson, createSession, DAY } from './catalogue-fixtures.ts'
import { bodyOf, createUser, errorOf } from './helpers.ts'
import { activeSeats, createStudents, openApproved, setupPaymentsApp } from './payment-fixtures.ts'

// PayPal answers within seconds here: the machine is busy with the racers.
const { context, fake } = setupPaymentsApp({}, 10_000)

/** A lesson of `maxSlots` seats with one session in two days, free or at $20.00 an hour. */
const scene = async (maxSlots: number, priceInCents = 0) => {
  const educator = await createUser(context.db, { role: 'educator' })
  const lesson = await createLesson(context.db, educator, { maxSlots, priceInCents })
  const session = await createSession(context.db, lesson, { startsIn: 2 * DAY })
  return { lesson, session }
}

describe('seats under a race', () => {
  it('seats exactly 3 of 200 students enrolling at once in a 3-seat session', async () => {
    const { lesson, session } = await scene(3)
    const racers = await createStudents(context.db, 200)
    const answers = await Promise.all(
      racers.map(({ cookie }) =>
        context.call(sessions.enroll, { params: { id: lesson.id, sessionId: session.id }, cookie }),
      ),
    )
    const statuses = answers.map((answer) => answer.statusCode)
    expect(statuses.filter((status) => status === 201)).toHaveLength(3)
    expect(statuses.filter((status) => status === 409)).toHaveLength(197)
    for (const answer of answers.filter((item) => item.statusCode === 409)) {
      expect(errorOf(answer).message).toBe(MESSAGES.enrollments.noSeatsLeft.text)
    }
    const seats = await activeSeats(context.db, session.id)
    expect(seats).toHaveLength(3)
    expect(new Set(seats.map((seat) => seat.userId)).size).toBe(3)

    const [late] = await createStudents(context.db, 1)
    const seen = bodyOf(
      await context.call(sessions.listSessions, {
        params: { id: lesson.id },
        cookie: late?.cookie,
      }),
    ).data[0]
    expect(seen).toMatchObject({
      availableSlots: 0,
      disabled: true,
      type: 'open',
      enrolledCount: 3,
    })
  })

  it('seats one student once however many times they enroll at once', async () => {
    const { lesson, session } = await scene(5)
    const [student] = await createStudents(context.db, 1)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        context.call(sessions.enroll, {
          params: { id: lesson.id, sessionId: session.id },
          cookie: student?.cookie,
        }),
      ),
    )
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1)
    for (const answer of answers.filter((item) => item.statusCode !== 201)) {
      expect(errorOf(answer).message).toBe(MESSAGES.enrollments.alreadyEnrolled.text)
    }
    expect(await activeSeats(context.db, session.id)).toHaveLength(1)
  })

  it('holds exactly 2 seats for 60 students opening payments at once in a 2-seat session', async () => {
    const { lesson, session } = await scene(2, 2000)
    const racers = await createStudents(context.db, 60)
    const answers = await Promise.all(
      racers.map(({ cookie }) =>
        context.call(payments.createOrder, {
          body: { lessonId: lesson.id, sessionId: session.id },
          cookie,
        }),
      ),
    )
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(2)
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(58)
    // With both seats held, a free-seat enrollment is refused as well.
    const [late] = await createStudents(context.db, 1)
    const seen = bodyOf(
      await context.call(sessions.listSessions, {
        params: { id: lesson.id },
        cookie: late?.cookie,
      }),
    ).data[0]
    expect(seen).toMatchObject({ availableSlots: 0, disabled: true })
  })

  it('charges once and seats once under ten parallel captures of one payment', async () => {
    const { lesson, session } = await scene(3, 2000)
    const [student] = await createStudents(context.db, 1)
    if (!student) throw new Error('No student')
    const payment = await openApproved(
      context,
      fake,
      { lessonId: lesson.id, sessionId: session.id },
      student.cookie,
    )
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        context.call(payments.capturePayment, {
          params: { id: payment.id },
          cookie: student.cookie,
        }),
      ),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200))
    expect(new Set(answers.map((answer) => bodyOf(answer).transactionId)).size).toBe(1)
    expect(
      [...fake.captures.values()].filter((row) => row.orderId === payment.orderId),
    ).toHaveLength(1)
    expect(await activeSeats(context.db, session.id)).toHaveLength(1)
  })
})
