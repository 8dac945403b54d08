import { describe, expect, it } from 'vitest'
import * as guest from '@contract/descriptors/guest'
import * as payments from '@contract/descriptors/payments'
import * as sessions from '@contract/descriptors/sessions'
import { MESSAGES } from '@contract/messages'
import { db, seedIds } from '@/mocks/db'
import { call } from './helpers'

/**
 * The mock's minimum-seat decisions, made before it answers as the server's job makes them at each
 * cutoff (server/tests/seat-decisions.test.ts holds the server's side, at its exact instants).
 */

const HOUR = 3_600_000
const { futurePaid } = seedIds.sessions
const lessonId = seedIds.paidLesson

/** The seeded paid session (student3 holds a paid seat), pending with its cutoff just passed. */
const cutoffPassed = (minSlots: number) => {
  const session = db.sessions.find((row) => row.id === futurePaid)!
  session.decision = 'pending'
  session.decisionAt = new Date(Date.now() - 1).toISOString()
  db.lessons.find((row) => row.id === lessonId)!.min_slots = minSlots
}

const seen = async () => {
  const page = await call(guest.guestSessions, { params: { id: lessonId }, as: null })
  return page.body.data.find((row) => row.id === futurePaid)!
}

describe('mock minimum-seat decisions', () => {
  it('answers the cutoff in force, 24 hours', async () => {
    const rules = await call(guest.guestSessionRules, { as: null })
    expect(rules.body).toEqual({ decisionHoursBeforeStart: 24, waitlistOfferMinutes: 30 })
  })

  it('schedules a session pending until 24 hours before it, needing the lesson’s minimum', async () => {
    // Three days ahead, 10:00 to 11:00 in Tokyo, whatever the hour now.
    const day = new Date(Date.now() + 72 * HOUR).toISOString().slice(0, 10)
    const created = await call(sessions.createSession, {
      as: seedIds.educator,
      params: { id: seedIds.lessonWithoutSessions },
      json: {
        date: day,
        startHour: '10:00',
        endHour: '11:00',
        timezone: 'Asia/Tokyo',
        url: 'https://zoom.us/j/5551234',
      },
    })
    expect(created.status).toBe(201)
    const startsAt = Date.parse(created.body.start_time)
    expect(created.body).toMatchObject({
      decision: 'pending',
      decidesAt: new Date(startsAt - 24 * HOUR).toISOString(),
      seatsNeeded: 1,
    })
  })

  it('confirms a session whose seats reach the minimum once its cutoff has passed', async () => {
    cutoffPassed(1)
    expect(await seen()).toMatchObject({ decision: 'confirmed', decidesAt: null, seatsNeeded: 0 })
  })

  it('cancels one below it: the paid seat refunded with its reason, enrollments refused', async () => {
    cutoffPassed(2)
    expect(await seen()).toMatchObject({
      decision: 'cancelled',
      availableSlots: 0,
      enrolledCount: 0,
      disabled: true,
    })
    const refunded = db.payments.filter((row) => row.sessionId === futurePaid)
    expect(refunded.map((row) => [row.status, row.refundReason])).toEqual([
      ['refunded', 'tooFewStudents'],
    ])
    const mine = await call(payments.listMyPayments, { as: seedIds.student3 })
    expect(mine.body.data.find((row) => row.sessionId === futurePaid)).toMatchObject({
      status: 'refunded',
      refundReason: 'tooFewStudents',
    })
    const order = await call(payments.createOrder, {
      as: seedIds.student,
      json: { lessonId, sessionId: futurePaid },
    })
    expect(order.status).toBe(409)
    expect(order.body).toMatchObject({ message: MESSAGES.enrollments.tooFewStudents.text })
    const moved = await call(sessions.updateSession, {
      as: seedIds.educator,
      params: { id: lessonId, sessionId: futurePaid },
      json: {
        date: '2031-01-10',
        startHour: '10:00',
        endHour: '11:00',
        timezone: 'Asia/Tokyo',
        url: 'https://zoom.us/j/5551234',
      },
    })
    expect(moved.status).toBe(409)
    expect(moved.body).toMatchObject({ message: MESSAGES.sessions.cancelledCannotChange.text })
  })
})
