import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import * as guest from '../../contract/descriptors/guest.ts'
import * as payments from '../../contract/descriptors/payments.ts'
import * as sessions from '../../contract/descriptors/sessions.ts'
import { MESSAGES } from '../../contract/messages.ts'
import { loadConfig } from '../src/config.ts'
import { jobId } from '../src/jobs/queues.ts'
import { lessonSessions } from '../src/db/schema.ts'
import { settleDueRefunds } from '../src/services/refunds.ts'
import { recordCapture } from '../src/services/seats.ts'
import { planMissingSessionJobs } from '../src/services/session-jobs.ts'
import { cookieFor, createLesson, DAY, HOUR, MINUTE } from './catalogue-fixtures.ts'
import {
  activeSeats,
  createStudents,
  mails,
  openApproved,
  paymentRow,
  setupPaymentsApp,
} from './payment-fixtures.ts'
import { bodyOf, errorOf, testClock } from './helpers.ts'
import {
  at,
  DUE,
  licensedEducator,
  SECOND,
  sessionForm,
  startOfSession,
  waitingJobs,
} from './session-job-fixtures.ts'

/**
 * The minimum-seat decision (issue 31): at its cutoff (24 hours before the start by default) a
 * pending session is confirmed when its seated students reach the lesson's minimum, and cancelled
 * otherwise: seats given back, paid ones refunded through PayPal (a local fake) with the reason,
 * open payments cancelled, its other jobs cancelled, everyone told, enrollments refused. A session
 * scheduled after its cutoff takes place with whoever enrolls. Time is the test clock.
 */
const { context, fake } = setupPaymentsApp()
const clock = testClock(context)

afterEach(async () => {
  await clock.reset()
})

/** An educator with a video licence and a lesson of theirs needing `minSlots` students. */
const scene = async ({ minSlots = 2, priceInCents = 2000, maxSlots = 5 } = {}) => {
  const educator = await licensedEducator(context.db, { name: 'Emi Educator' })
  const lesson = await createLesson(context.db, educator, {
    title: 'Tea Ceremony',
    minSlots,
    maxSlots,
    priceInCents,
  })
  return { educator, lesson, cookie: await cookieFor(context.db, educator) }
}

type Scene = Awaited<ReturnType<typeof scene>>

// The educator signs in again at each call: the test clock may have run past a sign-in's life.
const create = async (s: Scene, start: Date) => {
  const response = await context.call(sessions.createSession, {
    params: { id: s.lesson.id },
    cookie: await cookieFor(context.db, s.educator),
    body: sessionForm(start),
  })
  expect(response.statusCode).toBe(201)
  return bodyOf(response)
}

const move = async (s: Scene, sessionId: number, to: Date) =>
  context.call(sessions.updateSession, {
    params: { id: s.lesson.id, sessionId },
    cookie: await cookieFor(context.db, s.educator),
    body: sessionForm(to),
  })

/** The session as a guest sees it. */
const seen = async (s: Scene, sessionId: number) => {
  const page = bodyOf(
    await context.call(guest.guestSessions, { params: { id: s.lesson.id }, query: {} }),
  )
  const session = page.data.find((item) => item.id === sessionId)
  if (!session) throw new Error(`Session ${sessionId} not listed`)
  return session
}

/** A paid seat, through the payment dialog's calls (order, approval at PayPal, capture). */
const paidSeat = async (s: Scene, sessionId: number, cookie: string) => {
  const ids = { lessonId: s.lesson.id, sessionId }
  const payment = await openApproved(context, fake, ids, cookie)
  const captured = await context.call(payments.capturePayment, {
    params: { id: payment.id },
    cookie,
  })
  expect(bodyOf(captured).status).toBe('success')
  return payment
}

/** The refunds PayPal made of a capture, as their amounts. */
const refundsOf = (captureId: string | null) =>
  [...fake.refunds.values()]
    .filter((refund) => refund.captureId === captureId)
    .map((refund) => refund.amountCents)

const freeSeat = async (s: Scene, sessionId: number, cookie: string) => {
  const response = await context.call(sessions.enroll, {
    params: { id: s.lesson.id, sessionId },
    cookie,
  })
  expect(response.statusCode).toBe(201)
}

/** The decision jobs waiting, as (session, due instant). */
const decisionJobs = async () =>
  (await waitingJobs(context.db, 'seatDecision')).map((job) => ({
    sessionId: job.data.sessionId,
    at: job.at,
  }))

const jobStates = async (name: string) => {
  const result = await context.db.execute(
    sql`select state from pgboss.job where name = ${name} order by start_after`,
  )
  return (result as { rows: { state: string }[] }).rows.map((row) => row.state)
}

const subjectsSince = async (count: number) =>
  (await mails(context.db)).slice(count).map((mail) => [mail.to, mail.subject])

const decide = () => context.app.runDueJobs(['seatDecision'])

describe('a new session and its cutoff', () => {
  it('is pending until exactly 24 hours before its start, with its decision job at that instant', async () => {
    const s = await scene({ minSlots: 3 })
    const start = startOfSession()
    const session = await create(s, start)
    expect(session).toMatchObject({
      decision: 'pending',
      decidesAt: at(start, -DAY).toISOString(),
      seatsNeeded: 3,
    })
    expect(await decisionJobs()).toEqual([
      { sessionId: session.id, at: at(start, -DAY).toISOString() },
    ])
  })

  it('scheduled one second before its cutoff, is pending; at its cutoff, takes place with whoever enrolls', async () => {
    const s = await scene()
    const start = startOfSession()
    await clock.set(at(start, -DAY - SECOND))
    const before = await create(s, start)
    expect(before.decision).toBe('pending')
    const later = at(start, 2 * HOUR)
    await clock.set(at(later, -DAY))
    const atCutoff = await create(s, later)
    expect(atCutoff).toMatchObject({ decision: 'unconditional', decidesAt: null, seatsNeeded: 0 })
    expect((await decisionJobs()).map((job) => job.sessionId)).toEqual([before.id])
  })

  it('counts down the students needed as they enroll, to 0 once the minimum is reached', async () => {
    const s = await scene({ minSlots: 2, priceInCents: 0 })
    const session = await create(s, startOfSession())
    const [first, second, third] = await createStudents(context.db, 3)
    await freeSeat(s, session.id, first!.cookie)
    expect((await seen(s, session.id)).seatsNeeded).toBe(1)
    await freeSeat(s, session.id, second!.cookie)
    await freeSeat(s, session.id, third!.cookie)
    expect(await seen(s, session.id)).toMatchObject({ decision: 'pending', seatsNeeded: 0 })
  })

  it('answers the cutoff in force to everyone', async () => {
    const response = await context.call(guest.guestSessionRules, {})
    expect(bodyOf(response)).toEqual({ decisionHoursBeforeStart: 24, waitlistOfferMinutes: 30 })
  })
})

describe('the decision at the cutoff', () => {
  it('confirms a session with its minimum once its cutoff comes, not a second before, and tells everyone', async () => {
    const s = await scene({ minSlots: 2, priceInCents: 0 })
    const start = startOfSession()
    const session = await create(s, start)
    const [first, second] = await createStudents(context.db, 2)
    await freeSeat(s, session.id, first!.cookie)
    await freeSeat(s, session.id, second!.cookie)
    const sent = (await mails(context.db)).length

    await clock.set(at(start, -DAY - SECOND))
    expect(await decide()).toBe(0)
    expect((await seen(s, session.id)).decision).toBe('pending')
    await clock.set(at(start, -DAY + DUE))
    expect(await decide()).toBe(1)

    expect(await seen(s, session.id)).toMatchObject({
      decision: 'confirmed',
      decidesAt: null,
      seatsNeeded: 0,
      disabled: false,
    })
    expect(await subjectsSince(sent)).toEqual([
      [first!.user.email, expect.stringMatching(/^Manabi: Tea Ceremony on .+ will take place$/)],
      [second!.user.email, expect.stringMatching(/will take place$/)],
      [s.educator.email, expect.stringMatching(/will take place$/)],
    ])
    const educatorMail = (await mails(context.db)).at(-1)!
    expect(educatorMail.text).toContain('reached its minimum with 2 students enrolled')
    // Still open to enroll until the start; the reminders stay planned.
    const [late] = await createStudents(context.db, 1)
    await freeSeat(s, session.id, late!.cookie)
    expect(await jobStates('sessionReminder')).toEqual(['created', 'created'])
  })

  it('cancels a session below its minimum: seats given back, the paid one refunded through PayPal, everyone told', async () => {
    const s = await scene({ minSlots: 3 })
    const start = startOfSession()
    const session = await create(s, start)
    const [paying, holding] = await createStudents(context.db, 2)
    const paid = await paidSeat(s, session.id, paying!.cookie)
    // A seat held by a payment not yet captured at the cutoff.
    const open = await openApproved(
      context,
      fake,
      { lessonId: s.lesson.id, sessionId: session.id },
      holding!.cookie,
    )
    const sent = (await mails(context.db)).length

    await clock.set(at(start, -DAY + DUE))
    expect(await decide()).toBe(1)

    expect(await seen(s, session.id)).toMatchObject({
      decision: 'cancelled',
      availableSlots: 0,
      enrolledCount: 0,
      disabled: true,
      seatsNeeded: 0,
    })
    expect(await activeSeats(context.db, session.id)).toEqual([])
    const refunded = await paymentRow(context.db, paid.id)
    expect(refunded).toMatchObject({ status: 'refunded', refundReason: 'tooFewStudents' })
    expect(refundsOf(refunded.transactionId)).toEqual([refunded.amountInCents])
    expect((await paymentRow(context.db, open.id)).status).toBe('cancelled')
    expect(await subjectsSince(sent)).toEqual([
      [
        paying!.user.email,
        expect.stringMatching(/^Manabi: Tea Ceremony on .+ was cancelled: too few students$/),
      ],
      // The student still paying is told the payment was stopped, uncharged.
      [holding!.user.email, expect.stringMatching(/^Manabi: Tea Ceremony on .+ was cancelled$/)],
      [s.educator.email, expect.stringMatching(/was cancelled: too few students$/)],
    ])
    const [student, payer, educator] = (await mails(context.db)).slice(sent)
    expect(student!.text).toContain('Your payment of $20.00 is refunded in full.')
    expect(payer!.text).toContain('you have not been charged')
    expect(educator!.text).toContain('had 1 student enrolled of the 3 it needs')
    expect(educator!.text).toContain('every paid seat is refunded in full')
    // Its reminders and review requests will not go out; its decision job is done.
    expect(await jobStates('sessionReminder')).toEqual(['cancelled', 'cancelled'])
    expect(await jobStates('reviewRequest')).toEqual(['cancelled'])
    expect(await jobStates('seatDecision')).toEqual(['completed'])
  })

  it('tells the educator of a free session its students were told, and promises no refund', async () => {
    const s = await scene({ minSlots: 3, priceInCents: 0 })
    const start = startOfSession()
    const session = await create(s, start)
    const [seated] = await createStudents(context.db, 1)
    await freeSeat(s, session.id, seated!.cookie)
    const sent = (await mails(context.db)).length

    await clock.set(at(start, -DAY + DUE))
    expect(await decide()).toBe(1)
    const educator = (await mails(context.db)).slice(sent).at(-1)!
    expect(educator.to).toBe(s.educator.email)
    expect(educator.text).toContain('Its students were told.')
    expect(educator.text).not.toContain('refunded')
  })

  it('closes the waitlist of a session it cancels, telling each student in line', async () => {
    // Full with a hold not yet captured, one student waiting, one seated of the two needed.
    const s = await scene({ minSlots: 2, maxSlots: 2 })
    const start = startOfSession()
    const session = await create(s, start)
    const [paying, holding, waiting] = await createStudents(context.db, 3)
    await paidSeat(s, session.id, paying!.cookie)
    await openApproved(
      context,
      fake,
      { lessonId: s.lesson.id, sessionId: session.id },
      holding!.cookie,
    )
    const joined = await context.call(sessions.joinWaitlist, {
      params: { id: s.lesson.id, sessionId: session.id },
      cookie: waiting!.cookie,
    })
    expect(joined.statusCode).toBe(201)
    const sent = (await mails(context.db)).length

    await clock.set(at(start, -DAY + DUE))
    expect(await decide()).toBe(1)

    expect(await seen(s, session.id)).toMatchObject({ decision: 'cancelled', waitingCount: 0 })
    expect(await subjectsSince(sent)).toContainEqual([
      waiting!.user.email,
      expect.stringMatching(
        /^Manabi: the session of Tea Ceremony on .+ you were waiting for was cancelled$/,
      ),
    ])
  })

  it('refuses seats, payments, captures and changes once cancelled; it can still be deleted', async () => {
    const s = await scene({ minSlots: 2 })
    const start = startOfSession()
    const session = await create(s, start)
    const [holding] = await createStudents(context.db, 1)
    const ids = { lessonId: s.lesson.id, sessionId: session.id }
    const open = await openApproved(context, fake, ids, holding!.cookie)
    await clock.set(at(start, -DAY + DUE))
    await decide()
    const [late] = await createStudents(context.db, 1)

    const ordered = await context.call(payments.createOrder, { body: ids, cookie: late!.cookie })
    expect(ordered.statusCode).toBe(409)
    expect(errorOf(ordered).message).toBe(MESSAGES.enrollments.tooFewStudents.text)
    const captured = await context.call(payments.capturePayment, {
      params: { id: open.id },
      cookie: await cookieFor(context.db, holding!.user),
    })
    expect(captured.statusCode).toBe(409)
    expect(errorOf(captured).message).toBe(
      MESSAGES.payments.notProcessing({ status: 'cancelled' }).text,
    )
    expect([...fake.captures.values()].filter((row) => row.orderId === open.orderId)).toEqual([])
    const moved = await move(s, session.id, at(start, HOUR))
    expect(moved.statusCode).toBe(409)
    expect(errorOf(moved).message).toBe(MESSAGES.sessions.cancelledCannotChange.text)
    const deleted = await context.call(sessions.deleteSession, {
      params: { id: s.lesson.id, sessionId: session.id },
      cookie: await cookieFor(context.db, s.educator),
    })
    expect(deleted.statusCode).toBe(200)
  })

  it('holds back the 24-hour reminder due with the decision until it is made', async () => {
    const s = await scene({ minSlots: 2, priceInCents: 0 })
    const start = startOfSession()
    const session = await create(s, start)
    const [student] = await createStudents(context.db, 1)
    await freeSeat(s, session.id, student!.cookie)
    const sent = (await mails(context.db)).length
    await clock.set(at(start, -DAY + DUE))
    // A worker takes the reminder first: it waits for the decision (tried again later).
    await expect(context.app.runDueJobs(['sessionReminder'])).rejects.toThrow(
      'The session is being decided',
    )
    expect(await subjectsSince(sent)).toEqual([])
    await decide()
    // Cancelled: the reminder waiting to be tried again is cancelled with it, never sent.
    expect(await jobStates('sessionReminder')).toEqual(['cancelled', 'cancelled'])
    expect((await subjectsSince(sent)).map(([, subject]) => subject)).toEqual([
      expect.stringMatching(/too few students$/),
      expect.stringMatching(/too few students$/),
    ])
  })

  it('sends no reminder of a cancelled session, even one whose job was under way', async () => {
    const s = await scene({ minSlots: 2, priceInCents: 0 })
    const start = startOfSession()
    const session = await create(s, start)
    await clock.set(at(start, -DAY + DUE))
    await decide()
    const sent = (await mails(context.db)).length
    // The 24-hour reminder, fetched by a worker before the decision cancelled it.
    await context.app.boss.send(
      'sessionReminder',
      { sessionId: session.id, startsAt: start.toISOString(), leadMinutes: 24 * 60 },
      { id: jobId('reminder-under-way'), startAfter: at(start, -DAY) },
    )
    expect(await context.app.runDueJobs(['sessionReminder'])).toBe(1)
    expect(await subjectsSince(sent)).toEqual([])
  })

  it('refuses a free seat in a cancelled session with its reason', async () => {
    const s = await scene({ minSlots: 2, priceInCents: 0 })
    const start = startOfSession()
    const session = await create(s, start)
    await clock.set(at(start, -DAY + DUE))
    await decide()
    const [student] = await createStudents(context.db, 1)
    const refused = await context.call(sessions.enroll, {
      params: { id: s.lesson.id, sessionId: session.id },
      cookie: student!.cookie,
    })
    expect(refused.statusCode).toBe(409)
    expect(errorOf(refused).message).toBe(MESSAGES.enrollments.tooFewStudents.text)
    const lesson = bodyOf(await context.call(guest.guestLesson, { params: { id: s.lesson.id } }))
    expect(lesson.availableSessions).toBe(0)
  })

  it('refunds a capture that lands after the cancellation, saying why', async () => {
    const s = await scene({ minSlots: 2 })
    const start = startOfSession()
    const session = await create(s, start)
    const [late] = await createStudents(context.db, 1)
    const ids = { lessonId: s.lesson.id, sessionId: session.id }
    const open = await openApproved(context, fake, ids, late!.cookie)
    await clock.set(at(start, -DAY + DUE))
    await decide()
    const sent = (await mails(context.db)).length
    // PayPal captured it while the decision cancelled the payment: the capture is recorded now.
    const captured = await context.app.payments.provider.captureOrder(open.orderId!, 'in-flight')
    if (captured.kind !== 'completed') throw new Error('Not captured')
    expect(await recordCapture(context.app.serviceDeps, open.id, captured.captureId)).toBe(
      'refunding',
    )
    expect((await paymentRow(context.db, open.id)).refundReason).toBe('tooFewStudents')
    expect(await subjectsSince(sent)).toEqual([
      [late!.user.email, expect.stringMatching(/was cancelled: too few students$/)],
    ])
    expect(await activeSeats(context.db, session.id)).toEqual([])
  })

  it('keeps a refund the provider did not confirm due, and the refund retry sends it once', async () => {
    const s = await scene({ minSlots: 2 })
    const start = startOfSession()
    const session = await create(s, start)
    const [paying] = await createStudents(context.db, 1)
    const paid = await paidSeat(s, session.id, paying!.cookie)
    fake.failNext(/\/refund$/, { status: 503 })
    await clock.set(at(start, -DAY + DUE))
    expect(await decide()).toBe(1)
    expect(await paymentRow(context.db, paid.id)).toMatchObject({
      status: 'refunding',
      refundReason: 'tooFewStudents',
    })
    await settleDueRefunds(context.app.serviceDeps)
    const refunded = await paymentRow(context.db, paid.id)
    expect(refunded.status).toBe('refunded')
    expect(refundsOf(refunded.transactionId)).toEqual([refunded.amountInCents])
  })

  it('writes to each reader in their language', async () => {
    const s = await scene({ minSlots: 2 })
    const start = startOfSession()
    const session = await create(s, start)
    const [japanese] = await createStudents(context.db, 1, 'jp-JP')
    await paidSeat(s, session.id, japanese!.cookie)
    const sent = (await mails(context.db)).length
    await clock.set(at(start, -DAY + DUE))
    await decide()
    const [mail] = (await mails(context.db)).slice(sent)
    expect(mail!.subject).toMatch(/^まなび: .+「Tea Ceremony」は受講者不足のため中止になりました$/)
    expect(mail!.text).toContain('全額返金されます')
  })

  it('decides once however often its job runs: a second run, or a job of a moved cutoff, changes nothing', async () => {
    const s = await scene({ minSlots: 2, priceInCents: 0 })
    const start = startOfSession()
    const session = await create(s, start)
    const [student] = await createStudents(context.db, 1)
    await freeSeat(s, session.id, student!.cookie)
    // A job of another cutoff of this session still waiting (as one left from before a move).
    await context.app.boss.send(
      'seatDecision',
      { sessionId: session.id, decidesAt: at(start, -2 * DAY).toISOString() },
      { id: jobId('stale-decision') },
    )
    await clock.set(at(start, -DAY + DUE))
    expect(await decide()).toBe(2)
    expect(await decide()).toBe(0)
    const cancelled = (await mails(context.db)).filter((mail) =>
      mail.subject.includes('too few students'),
    )
    expect(cancelled.map((mail) => mail.to)).toEqual([student!.user.email, s.educator.email])
  })
})

describe('a changed session', () => {
  it('keeps its cutoff when its start stays (a new meeting link)', async () => {
    const s = await scene()
    const start = startOfSession()
    const session = await create(s, start)
    const relinked = await context.call(sessions.updateSession, {
      params: { id: s.lesson.id, sessionId: session.id },
      cookie: await cookieFor(context.db, s.educator),
      body: sessionForm(start, { url: 'https://zoom.us/j/5559999' }),
    })
    expect(bodyOf(relinked)).toMatchObject({
      decision: 'pending',
      decidesAt: at(start, -DAY).toISOString(),
    })
    expect(await decisionJobs()).toEqual([
      { sessionId: session.id, at: at(start, -DAY).toISOString() },
    ])
  })

  it('moved once its cutoff has come but before its job ran, is still decided by that job', async () => {
    const s = await scene({ minSlots: 2, priceInCents: 0 })
    const start = startOfSession()
    const session = await create(s, start)
    await clock.set(at(start, -DAY + DUE))
    expect((await move(s, session.id, at(start, HOUR))).statusCode).toBe(200)
    expect((await seen(s, session.id)).decision).toBe('pending')
    expect(await decide()).toBe(1)
    expect((await seen(s, session.id)).decision).toBe('cancelled')
  })

  it('cancelled, frees its hour: another session may be scheduled in it', async () => {
    const s = await scene({ minSlots: 2, priceInCents: 0 })
    const start = startOfSession()
    await create(s, start)
    await clock.set(at(start, -DAY + DUE))
    await decide()
    await create(s, start)
  })
})

describe('a moved session', () => {
  it('is decided at its new cutoff; moved past its cutoff, it takes place with whoever enrolls', async () => {
    const s = await scene()
    const start = startOfSession()
    const session = await create(s, start)
    const later = at(start, DAY)
    expect((await move(s, session.id, later)).statusCode).toBe(200)
    expect(await decisionJobs()).toEqual([
      { sessionId: session.id, at: at(later, -DAY).toISOString() },
    ])
    expect((await seen(s, session.id)).decidesAt).toBe(at(later, -DAY).toISOString())
    // The day before its new start, it moves to an hour later: inside its cutoff.
    await clock.set(at(later, -DAY - MINUTE))
    expect((await move(s, session.id, at(later, -DAY + HOUR))).statusCode).toBe(200)
    expect((await seen(s, session.id)).decision).toBe('unconditional')
    expect(await decisionJobs()).toEqual([])
  })

  it('keeps a decision made: a confirmed session moved later stays confirmed', async () => {
    const s = await scene({ minSlots: 1, priceInCents: 0 })
    const start = startOfSession()
    const session = await create(s, start)
    const [student] = await createStudents(context.db, 1)
    await freeSeat(s, session.id, student!.cookie)
    await clock.set(at(start, -DAY + DUE))
    await decide()
    expect((await move(s, session.id, at(start, 3 * DAY))).statusCode).toBe(200)
    expect((await seen(s, session.id)).decision).toBe('confirmed')
    expect(await decisionJobs()).toEqual([])
  })

  it('cancels its decision job with a deleted session', async () => {
    const s = await scene()
    const session = await create(s, startOfSession())
    await context.call(sessions.deleteSession, {
      params: { id: s.lesson.id, sessionId: session.id },
      cookie: s.cookie,
    })
    expect(await jobStates('seatDecision')).toEqual(['cancelled'])
  })
})

describe('sessions written without their jobs (the demo seed, rows from before the engine)', () => {
  it('gets its decision planned by the sweep once its cutoff is near, and made at once when missed', async () => {
    const s = await scene({ minSlots: 1, priceInCents: 0 })
    const start = startOfSession()
    const [row] = await context.db
      .insert(lessonSessions)
      .values({
        lessonId: s.lesson.id,
        ownerId: s.educator.id,
        startTime: start,
        endTime: at(start, HOUR),
        timezone: 'Asia/Tokyo',
        url: 'https://zoom.us/j/5551234',
        decision: 'pending',
        decisionAt: at(start, -DAY),
      })
      .returning()
    // Two days before the start, its cutoff is past the sweep's reach.
    await clock.set(at(start, -2 * DAY - HOUR))
    await planMissingSessionJobs(context.app.serviceDeps)
    expect(await decisionJobs()).toEqual([])
    await clock.set(at(start, -DAY + MINUTE))
    await planMissingSessionJobs(context.app.serviceDeps)
    expect(await decide()).toBe(1)
    expect((await seen(s, row!.id)).decision).toBe('cancelled')
  })
})

describe('a decision missed until the start (no instance ran)', () => {
  it('is not made: the session takes place with whoever enrolled', async () => {
    const s = await scene({ minSlots: 3, priceInCents: 0 })
    const start = startOfSession()
    const session = await create(s, start)
    const [student] = await createStudents(context.db, 1)
    await freeSeat(s, session.id, student!.cookie)
    const sent = (await mails(context.db)).length
    await clock.set(at(start, MINUTE))
    expect(await decide()).toBe(1)
    expect(await seen(s, session.id)).toMatchObject({ decision: 'unconditional', enrolledCount: 1 })
    expect(await subjectsSince(sent)).toEqual([])
  })
})

describe('MIN_SEATS_CUTOFF_HOURS', () => {
  const base = { NODE_ENV: 'test', SEED_DEMO: 'false' }

  it('takes 1 to 720 hours, 24 by default', () => {
    expect(loadConfig(base).MIN_SEATS_CUTOFF_HOURS).toBe(24)
    expect(loadConfig({ ...base, MIN_SEATS_CUTOFF_HOURS: '1' }).MIN_SEATS_CUTOFF_HOURS).toBe(1)
    expect(loadConfig({ ...base, MIN_SEATS_CUTOFF_HOURS: '720' }).MIN_SEATS_CUTOFF_HOURS).toBe(720)
  })

  it.each(['0', '721', '1.5', 'a day'])('refuses %j, naming the variable', (value) => {
    expect(() => loadConfig({ ...base, MIN_SEATS_CUTOFF_HOURS: value })).toThrow(
      /MIN_SEATS_CUTOFF_HOURS/,
    )
  })

  it('is read as every whole-number setting is: a fraction is refused, not cut short', () => {
    expect(() => loadConfig({ ...base, PAYMENT_HOLD_MINUTES: '2.5' })).toThrow(
      'Invalid configuration: PAYMENT_HOLD_MINUTES must be a whole number',
    )
    expect(loadConfig({ ...base, PAYMENT_HOLD_MINUTES: ' 15 ' }).PAYMENT_HOLD_MINUTES).toBe(15)
  })
})
