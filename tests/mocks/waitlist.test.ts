import { describe, expect, it } from 'vitest'
import * as lessons from '@contract/descriptors/lessons'
import * as payments from '@contract/descriptors/payments'
import * as sessions from '@contract/descriptors/sessions'
import { db, seedIds } from '@/mocks/db'
import { call } from './helpers'

/**
 * The mock's waitlist, as the server keeps it (server/tests/waitlist.test.ts holds the server's
 * side, at its exact instants): a freed seat offered to the first in line, kept for them when
 * their payment fails or is given up while the offer lasts, passed on when a hold runs out, and
 * the line closed, each student told, when the session goes.
 */

const { futurePaid } = seedIds.sessions
const lessonId = seedIds.paidLesson
const params = { id: lessonId, sessionId: futurePaid }
const student = seedIds.student

/** The seeded paid session made full: its one seat is Mai's (student3). */
const fullPaidSession = () => {
  const seats = db.enrollments.filter((row) => row.sessionId === futurePaid).length
  db.lessons.find((row) => row.id === lessonId)!.max_slots = seats
}

const place = async (as: number) => {
  const page = await call(lessons.waitlistLessons, { as })
  return page.body.data.find((item) => item.session.id === futurePaid)?.session.waitlistPlace
}

describe('mock waitlist', () => {
  it('offers a freed seat, and keeps it for the student while the offer lasts if their payment is given up', async () => {
    fullPaidSession()
    expect((await call(sessions.joinWaitlist, { as: student, params })).body).toMatchObject({
      position: 1,
      offeredUntil: null,
    })
    expect((await call(sessions.unenroll, { as: seedIds.student3, params })).status).toBe(200)
    const offered = await place(student)
    expect(offered?.offeredUntil).not.toBeNull()

    const order = await call(payments.createOrder, {
      as: student,
      json: { lessonId, sessionId: futurePaid },
    })
    expect(order.status).toBe(201)
    expect(await place(student)).toBeUndefined()
    await call(payments.cancelPayment, { as: student, params: { id: order.body.id } })
    expect(await place(student)).toEqual(offered)
  })

  it('passes the seat of a hold that ran out to the first in line', async () => {
    fullPaidSession()
    db.lessons.find((row) => row.id === lessonId)!.max_slots += 1
    const order = await call(payments.createOrder, {
      as: seedIds.student2,
      json: { lessonId, sessionId: futurePaid },
    })
    expect(order.status).toBe(201)
    expect((await call(sessions.joinWaitlist, { as: student, params })).status).toBe(201)
    db.payments.find((row) => row.id === order.body.id)!.holdExpiresAt = new Date(
      Date.now() - 1,
    ).toISOString()
    expect((await place(student))?.offeredUntil).not.toBeNull()
  })

  it('closes the line of a removed session, telling each student in it', async () => {
    fullPaidSession()
    await call(sessions.joinWaitlist, { as: student, params })
    const removed = await call(sessions.deleteSession, { as: seedIds.educator, params })
    expect(removed.status).toBe(200)
    const yuki = db.users.find((row) => row.id === student)!
    expect(db.outbox.map((mail) => [mail.to, mail.subject])).toContainEqual([
      yuki.email,
      'The session you were waiting for was cancelled',
    ])
    expect((await call(lessons.waitlistLessons, { as: student })).body.data).toEqual([])
  })
})
