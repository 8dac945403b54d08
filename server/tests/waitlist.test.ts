import { and, eq, isNotNull } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import * as lessons from '../../contract/descriptors/lessons.ts'
import * as payments from '../../contract/descriptors/payments.ts'
import * as sessions from '../../contract/descriptors/sessions.ts'
import { MESSAGES } from '../../contract/messages.ts'
import { loadConfig } from '../src/config.ts'
import { waitlistEntries } from '../src/db/schema.ts'
import { findPlace } from '../src/repositories/waitlist.ts'
import {
  cookieFor,
  createLesson,
  createSession,
  DAY,
  MINUTE,
  multipartFile,
  PNG_BYTES,
} from './catalogue-fixtures.ts'
import {
  activeSeats,
  createStudents,
  mails,
  openApproved,
  setupPaymentsApp,
} from './payment-fixtures.ts'
import { bodyOf, createUser, errorOf, testClock } from './helpers.ts'
import { at, BEFORE_DUE, DUE, SECOND, waitingJobs } from './session-job-fixtures.ts'

/**
 * The waitlist of a full session (issue 31): a seat freed (an unenroll, a hold that lapses or
 * fails, a refund, a raised maximum, an offer not taken) is offered to the first in line and held
 * for them for 30 minutes, then offered on. Payments go to a local fake of PayPal; time is the
 * test clock.
 */
const { context, fake } = setupPaymentsApp()
const clock = testClock(context)

afterEach(async () => {
  await clock.reset()
})

type Student = Awaited<ReturnType<typeof createStudents>>[number]

/** A one-seat session (free unless priced), its seat taken by the first of `students` students. */
const fullSession = async ({ priceInCents = 0, maxSlots = 1, students = 4 } = {}) => {
  const educator = await createUser(context.db, { role: 'educator' })
  const lesson = await createLesson(context.db, educator, { maxSlots, priceInCents })
  const session = await createSession(context.db, lesson, { startsIn: 2 * DAY })
  const [seated, ...others] = await createStudents(context.db, students)
  const params = { id: lesson.id, sessionId: session.id }
  const ids = { lessonId: lesson.id, sessionId: session.id }
  const s = { educator, lesson, session, params, ids, seated: seated!, others }
  if (priceInCents === 0) {
    expect((await enroll(s, seated!)).statusCode).toBe(201)
    return { ...s, captureId: null }
  }
  const payment = await openApproved(context, fake, ids, seated!.cookie)
  const captured = await context.call(payments.capturePayment, {
    params: { id: payment.id },
    cookie: seated!.cookie,
  })
  expect(bodyOf(captured).status).toBe('success')
  return { ...s, captureId: bodyOf(captured).transactionId }
}

type Scene = Awaited<ReturnType<typeof fullSession>>

const enroll = (s: Pick<Scene, 'params'>, student: Student) =>
  context.call(sessions.enroll, { params: s.params, cookie: student.cookie })
const unenroll = (s: Scene, student: Student) =>
  context.call(sessions.unenroll, { params: s.params, cookie: student.cookie })
const join = (s: Scene, student: Student) =>
  context.call(sessions.joinWaitlist, { params: s.params, cookie: student.cookie })
const leave = (s: Scene, student: Student) =>
  context.call(sessions.leaveWaitlist, { params: s.params, cookie: student.cookie })
const placeOf = async (s: Scene, student: Student) =>
  findPlace(context.db, s.session.id, student.user.id)
const offerSubjects = async (since: number) =>
  (await mails(context.db))
    .slice(since)
    .filter((mail) => mail.subject.includes('is held for you'))
    .map((mail) => mail.to)

describe('joining and leaving the waitlist', () => {
  it('takes students in order, and refuses one already in line, enrolled, or finding a seat free', async () => {
    const s = await fullSession()
    const [first, second] = s.others
    const joined = await join(s, first!)
    expect(joined.statusCode).toBe(201)
    expect(bodyOf(joined)).toEqual({ sessionId: s.session.id, position: 1, offeredUntil: null })
    expect(bodyOf(await join(s, second!))).toMatchObject({ position: 2 })
    const listed = await context.call(sessions.listSessions, {
      params: { id: s.lesson.id },
      cookie: second!.cookie,
    })
    expect(bodyOf(listed).data[0]).toMatchObject({
      waitingCount: 2,
      waitlistPlace: { sessionId: s.session.id, position: 2, offeredUntil: null },
      disabled: true,
    })
    const again = await join(s, first!)
    expect(again.statusCode).toBe(409)
    expect(errorOf(again).message).toBe(MESSAGES.waitlist.alreadyWaiting.text)
    const enrolled = await join(s, s.seated)
    expect(errorOf(enrolled).message).toBe(MESSAGES.enrollments.alreadyEnrolled.text)
    // A seat free: enroll instead.
    const roomy = await fullSession({ maxSlots: 2 })
    const free = await join(roomy, roomy.others[0]!)
    expect(free.statusCode).toBe(409)
    expect(errorOf(free).message).toBe(MESSAGES.waitlist.seatsFree.text)
  })

  it('is for students: a guest must sign in, an educator is refused', async () => {
    const s = await fullSession()
    expect((await context.call(sessions.joinWaitlist, { params: s.params })).statusCode).toBe(401)
    const educator = await createUser(context.db, { role: 'educator' })
    const refused = await context.call(sessions.joinWaitlist, {
      params: s.params,
      cookie: await cookieFor(context.db, educator),
    })
    expect(refused.statusCode).toBe(403)
  })

  it('lets a student leave; leaving a line one is not in is not found; those behind move up', async () => {
    const s = await fullSession()
    const [first, second] = s.others
    await join(s, first!)
    await join(s, second!)
    const left = await leave(s, first!)
    expect(left.statusCode).toBe(200)
    expect(await placeOf(s, first!)).toBeUndefined()
    expect((await leave(s, first!)).statusCode).toBe(404)
    const listed = await context.call(sessions.listSessions, {
      params: { id: s.lesson.id },
      cookie: second!.cookie,
    })
    expect(bodyOf(listed).data[0]).toMatchObject({
      waitingCount: 1,
      waitlistPlace: { position: 1 },
    })
  })

  it('gives every one of fifty students joining at once a place of their own, in one line', async () => {
    const s = await fullSession({ students: 51 })
    const answers = await Promise.all(s.others.map((student) => join(s, student)))
    expect(answers.map((answer) => answer.statusCode)).toEqual(s.others.map(() => 201))
    const positions = answers.map((answer) => bodyOf(answer).position).sort((a, b) => a - b)
    expect(positions).toEqual(s.others.map((_, index) => index + 1))
  })
})

describe('a freed seat offered to the first in line', () => {
  it('holds it for them alone after an unenroll; they take it by enrolling', async () => {
    const s = await fullSession()
    const [first, second, late] = s.others
    await join(s, first!)
    await join(s, second!)
    const sent = (await mails(context.db)).length
    expect((await unenroll(s, s.seated)).statusCode).toBe(200)
    const offered = await placeOf(s, first!)
    expect(offered?.status).toBe('offered')
    expect(await offerSubjects(sent)).toEqual([first!.user.email])
    const asFirst = await context.call(sessions.listSessions, {
      params: { id: s.lesson.id },
      cookie: first!.cookie,
    })
    expect(bodyOf(asFirst).data[0]).toMatchObject({
      disabled: false,
      waitlistPlace: { position: 1, offeredUntil: offered!.offerExpiresAt!.toISOString() },
    })
    // Held: a student not in line finds no seat, nor does the second in line.
    const refused = await enroll(s, late!)
    expect(refused.statusCode).toBe(409)
    expect(errorOf(refused).message).toBe(MESSAGES.enrollments.noSeatsLeft.text)
    expect((await enroll(s, second!)).statusCode).toBe(409)
    expect((await enroll(s, first!)).statusCode).toBe(201)
    expect(await placeOf(s, first!)).toBeUndefined()
    expect((await placeOf(s, second!))?.status).toBe('waiting')
  })

  it('offers it to the next in line at the instant the offer ends, not a second before', async () => {
    const s = await fullSession()
    const [first, second] = s.others
    await join(s, first!)
    await join(s, second!)
    await unenroll(s, s.seated)
    const offer = await placeOf(s, first!)
    const ends = offer!.offerExpiresAt!
    expect(ends.getTime() - offer!.offeredAt!.getTime()).toBe(30 * MINUTE)
    expect(await waitingJobs(context.db, 'waitlistOfferEnd')).toEqual([
      {
        data: { sessionId: s.session.id, placeId: offer!.id, endsAt: ends.toISOString() },
        at: ends.toISOString(),
      },
    ])
    await clock.set(at(ends, BEFORE_DUE))
    expect(await context.app.runDueJobs(['waitlistOfferEnd'])).toBe(0)
    expect((await placeOf(s, first!))?.status).toBe('offered')
    await clock.set(at(ends, DUE))
    expect(await context.app.runDueJobs(['waitlistOfferEnd'])).toBe(1)
    const [ended] = await context.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.id, offer!.id))
    expect(ended).toMatchObject({ status: 'expired' })
    expect((await placeOf(s, second!))?.status).toBe('offered')
  })

  it('passes the offer on at once when its student leaves the line', async () => {
    const s = await fullSession()
    const [first, second] = s.others
    await join(s, first!)
    await join(s, second!)
    await unenroll(s, s.seated)
    await leave(s, first!)
    expect((await placeOf(s, second!))?.status).toBe('offered')
  })

  it('lists the places of a student on their dashboard, soonest first, offers with their end', async () => {
    const s = await fullSession()
    const other = await fullSession()
    const [first] = s.others
    const student = first!
    await join(s, student)
    await context.call(sessions.joinWaitlist, { params: other.params, cookie: student.cookie })
    await join(other, other.others[0]!)
    await unenroll(s, s.seated)
    const page = bodyOf(
      await context.call(lessons.waitlistLessons, { query: {}, cookie: student.cookie }),
    )
    expect(page.meta.itemCount).toBe(2)
    const places = page.data.map((item) => [item.session.id, item.session.waitlistPlace])
    const offer = await placeOf(s, student)
    expect(places).toEqual(
      expect.arrayContaining([
        [
          s.session.id,
          {
            sessionId: s.session.id,
            position: 1,
            offeredUntil: offer!.offerExpiresAt!.toISOString(),
          },
        ],
        [other.session.id, { sessionId: other.session.id, position: 1, offeredUntil: null }],
      ]),
    )
    // Once the seat is taken the place is gone from the list.
    await enroll(s, student)
    const after = bodyOf(
      await context.call(lessons.waitlistLessons, { query: {}, cookie: student.cookie }),
    )
    expect(after.data.map((item) => item.session.id)).toEqual([other.session.id])
    const educator = await createUser(context.db, { role: 'educator' })
    const refused = await context.call(lessons.waitlistLessons, {
      query: {},
      cookie: await cookieFor(context.db, educator),
    })
    expect(refused.statusCode).toBe(403)
  })

  it('offers the seats a raised maximum adds to the first in line, one each', async () => {
    const s = await fullSession()
    const [first, second, third] = s.others
    for (const student of [first!, second!, third!]) await join(s, student)
    const cookie = await cookieFor(context.db, s.educator)
    const cover = multipartFile('image', 'cover.png', PNG_BYTES, 'image/png')
    const image = await context.call(lessons.uploadLessonImage, {
      cookie,
      body: cover.body,
      headers: cover.headers,
    })
    const raised = await context.call(lessons.updateLesson, {
      params: { id: s.lesson.id },
      cookie,
      body: {
        title: s.lesson.title,
        categoryId: s.lesson.categoryId,
        price_in_cents: 0,
        min_slots: 1,
        max_slots: 3,
        about: s.lesson.about,
        details: s.lesson.details,
        imageId: bodyOf(image).id,
      },
    })
    expect(raised.statusCode).toBe(200)
    expect((await placeOf(s, first!))?.status).toBe('offered')
    expect((await placeOf(s, second!))?.status).toBe('offered')
    expect((await placeOf(s, third!))?.status).toBe('waiting')
  })

  it('tells those waiting, in their language, when the educator removes the session', async () => {
    const s = await fullSession()
    const [first] = s.others
    const [japanese] = await createStudents(context.db, 1, 'jp-JP')
    await join(s, first!)
    await join(s, japanese!)
    const sent = (await mails(context.db)).length
    const removed = await context.call(sessions.deleteSession, {
      params: s.params,
      cookie: await cookieFor(context.db, s.educator),
    })
    expect(removed.statusCode).toBe(200)
    const told = (await mails(context.db)).slice(sent).map((mail) => [mail.to, mail.subject])
    expect(told).toEqual(
      expect.arrayContaining([
        [first!.user.email, expect.stringContaining('you were waiting for was cancelled')],
        [japanese!.user.email, expect.stringContaining('キャンセル待ちをしていた')],
      ]),
    )
  })
})

describe('a held seat of a payment, and the waitlist', () => {
  it('ends the place of the one offered when they open a payment: the hold replaces the offer', async () => {
    const s = await fullSession({ priceInCents: 1500 })
    const [first] = s.others
    await join(s, first!)
    await unenroll(s, s.seated)
    expect((await placeOf(s, first!))?.status).toBe('offered')
    const opened = await context.call(payments.createOrder, { body: s.ids, cookie: first!.cookie })
    expect(opened.statusCode).toBe(201)
    expect(await placeOf(s, first!)).toBeUndefined()
  })

  it('offers the seat of a hold that lapses to the first in line at the hold end, not before', async () => {
    const s = await fullSession({ priceInCents: 1500, maxSlots: 2 })
    const [holder, first] = s.others
    const opened = bodyOf(
      await context.call(payments.createOrder, { body: s.ids, cookie: holder!.cookie }),
    )
    await join(s, first!)
    const ends = new Date(opened.holdExpiresAt!)
    expect(
      (await waitingJobs(context.db, 'seatHoldEnd')).filter(
        (job) => job.data.paymentId === opened.id,
      ),
    ).toEqual([
      {
        data: { sessionId: s.session.id, paymentId: opened.id, endsAt: ends.toISOString() },
        at: ends.toISOString(),
      },
    ])
    await clock.set(at(ends, BEFORE_DUE))
    expect(await context.app.runDueJobs(['seatHoldEnd'])).toBe(0)
    await clock.set(at(ends, DUE))
    const sent = (await mails(context.db)).length
    expect(await context.app.runDueJobs(['seatHoldEnd'])).toBeGreaterThanOrEqual(1)
    expect((await placeOf(s, first!))?.status).toBe('offered')
    expect(await offerSubjects(sent)).toEqual([first!.user.email])
  })

  it('offers nothing when the hold ends captured: the seat is taken', async () => {
    const s = await fullSession({ priceInCents: 1500, maxSlots: 2 })
    const [buyer, first] = s.others
    const payment = await openApproved(context, fake, s.ids, buyer!.cookie)
    await join(s, first!)
    await context.call(payments.capturePayment, {
      params: { id: payment.id },
      cookie: buyer!.cookie,
    })
    await clock.set(at(new Date(payment.holdExpiresAt!), DUE))
    await context.app.runDueJobs(['seatHoldEnd'])
    expect((await placeOf(s, first!))?.status).toBe('waiting')
  })

  it('offers the seat at once when a capture is declined; an order PayPal cannot open keeps the offer', async () => {
    const s = await fullSession({ priceInCents: 1500, maxSlots: 2, students: 5 })
    const [buyer, first, second] = s.others
    // The buyer's hold fills the session; two wait.
    const payment = await openApproved(context, fake, s.ids, buyer!.cookie)
    await join(s, first!)
    await join(s, second!)
    fake.declineNextCapture()
    const declined = await context.call(payments.capturePayment, {
      params: { id: payment.id },
      cookie: buyer!.cookie,
    })
    expect(errorOf(declined).message).toBe(MESSAGES.payments.declined.text)
    const offer = await placeOf(s, first!)
    expect(offer?.status).toBe('offered')
    // The first opens an order PayPal fails to make: their hold is released and the seat is theirs
    // again until the offer's own end; the second still waits.
    fake.failNext(/^\/v2\/checkout\/orders$/, { status: 503 })
    const failed = await context.call(payments.createOrder, { body: s.ids, cookie: first!.cookie })
    expect(failed.statusCode).toBe(502)
    expect(await placeOf(s, first!)).toMatchObject({
      id: offer!.id,
      status: 'offered',
      offerExpiresAt: offer!.offerExpiresAt,
    })
    expect((await placeOf(s, second!))?.status).toBe('waiting')
    // Trying again works; giving up the payment keeps the offer too, until it ends.
    const opened = await context.call(payments.createOrder, { body: s.ids, cookie: first!.cookie })
    expect(opened.statusCode).toBe(201)
    expect(await placeOf(s, first!)).toBeUndefined()
    await context.call(payments.cancelPayment, {
      params: { id: bodyOf(opened).id },
      cookie: first!.cookie,
    })
    expect((await placeOf(s, first!))?.status).toBe('offered')
    expect((await placeOf(s, second!))?.status).toBe('waiting')
    // Past the offer's end, giving up a payment passes the seat on.
    await clock.set(at(offer!.offerExpiresAt!, -SECOND))
    const late = await context.call(payments.createOrder, {
      body: s.ids,
      cookie: await cookieFor(context.db, first!.user),
    })
    expect(late.statusCode).toBe(201)
    await clock.set(at(offer!.offerExpiresAt!, DUE))
    await context.call(payments.cancelPayment, {
      params: { id: bodyOf(late).id },
      cookie: await cookieFor(context.db, first!.user),
    })
    expect(await placeOf(s, first!)).toBeUndefined()
    expect((await placeOf(s, second!))?.status).toBe('offered')
  })

  it('ends the place of a student in line whose capture seats them', async () => {
    const s = await fullSession({ priceInCents: 1500, maxSlots: 2 })
    const [buyer] = s.others
    const payment = await openApproved(context, fake, s.ids, buyer!.cookie)
    // In line as well (as after a hold that ran out while PayPal was still capturing).
    await context.db
      .insert(waitlistEntries)
      .values({ sessionId: s.session.id, userId: buyer!.user.id })
    await context.call(payments.capturePayment, {
      params: { id: payment.id },
      cookie: buyer!.cookie,
    })
    expect(await placeOf(s, buyer!)).toBeUndefined()
  })

  it('offers the seat a refund made at PayPal gives back', async () => {
    const s = await fullSession({ priceInCents: 1500 })
    const [first] = s.others
    await join(s, first!)
    const event = {
      id: 'WH-WAITLIST-REFUND',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: {
        id: 'REFUND-WAITLIST',
        status: 'COMPLETED',
        links: [{ rel: 'up', href: `https://api.paypal.com/v2/payments/captures/${s.captureId}` }],
      },
    }
    const answered = await context.call(payments.paymentWebhook, {
      body: event,
      headers: fake.sign(event),
    })
    expect(answered.statusCode).toBe(200)
    expect(await activeSeats(context.db, s.session.id)).toHaveLength(0)
    expect((await placeOf(s, first!))?.status).toBe('offered')
  })
})

describe('a seat run free before its job', () => {
  it('goes to the first in line, not to whoever asks first, when a hold has run out', async () => {
    const s = await fullSession({ priceInCents: 1500, maxSlots: 2 })
    const [holder, first, outsider] = s.others
    const opened = bodyOf(
      await context.call(payments.createOrder, { body: s.ids, cookie: holder!.cookie }),
    )
    await join(s, first!)
    // The hold has run out; its job has not run yet.
    await clock.set(at(new Date(opened.holdExpiresAt!), DUE))
    const refused = await context.call(payments.createOrder, {
      body: s.ids,
      cookie: await cookieFor(context.db, outsider!.user),
    })
    expect(refused.statusCode).toBe(409)
    expect(errorOf(refused).message).toBe(MESSAGES.enrollments.noSeatsLeft.text)
    expect((await placeOf(s, first!))?.status).toBe('offered')
  })

  it('goes to the next in line when an offer has run out, though the second asks first', async () => {
    const s = await fullSession()
    const [first, second, third] = s.others
    for (const student of [first!, second!, third!]) await join(s, student)
    await unenroll(s, s.seated)
    const offer = await placeOf(s, first!)
    await clock.set(at(offer!.offerExpiresAt!, DUE))
    // The list no longer counts the first, before any job: the second is first now.
    const listed = await context.call(sessions.listSessions, {
      params: { id: s.lesson.id },
      cookie: await cookieFor(context.db, second!.user),
    })
    expect(bodyOf(listed).data[0]).toMatchObject({
      waitingCount: 2,
      waitlistPlace: { position: 1, offeredUntil: null },
    })
    // The third asks for the seat: refused, and the second is offered it.
    const refused = await context.call(sessions.enroll, {
      params: s.params,
      cookie: await cookieFor(context.db, third!.user),
    })
    expect(refused.statusCode).toBe(409)
    expect((await placeOf(s, second!))?.status).toBe('offered')
    expect((await placeOf(s, third!))?.status).toBe('waiting')
  })
})

describe('fifty students and one freed seat', () => {
  it('makes one offer and seats one student, however the requests interleave', async () => {
    const s = await fullSession({ students: 51 })
    for (const student of s.others) await join(s, student)
    const sent = (await mails(context.db)).length
    // The seat frees while every student in line tries to enroll and to join again.
    const answers = await Promise.all([
      unenroll(s, s.seated),
      ...s.others.map((student) => enroll(s, student)),
      ...s.others.map((student) => join(s, student)),
    ])
    expect(answers[0]?.statusCode).toBe(200)
    const offers = await context.db
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.sessionId, s.session.id), isNotNull(waitlistEntries.offeredAt)))
    expect(offers).toHaveLength(1)
    expect(offers[0]!.userId).toBe(s.others[0]!.user.id)
    expect(await offerSubjects(sent)).toEqual([s.others[0]!.user.email])
    // One seat in all: the first took it in the race, or takes it now.
    const seats = await activeSeats(context.db, s.session.id)
    expect(seats.length).toBeLessThanOrEqual(1)
    if (seats.length === 0) expect((await enroll(s, s.others[0]!)).statusCode).toBe(201)
    expect((await activeSeats(context.db, s.session.id)).map((seat) => seat.userId)).toEqual([
      s.others[0]!.user.id,
    ])
    expect((await enroll(s, s.others[1]!)).statusCode).toBe(409)
  }, 60_000)
})

describe('WAITLIST_OFFER_MINUTES', () => {
  const base = { NODE_ENV: 'test', SEED_DEMO: 'false' }

  it('takes 1 to 1440 minutes, 30 by default', () => {
    expect(loadConfig(base).WAITLIST_OFFER_MINUTES).toBe(30)
    expect(loadConfig({ ...base, WAITLIST_OFFER_MINUTES: '1' }).WAITLIST_OFFER_MINUTES).toBe(1)
    expect(loadConfig({ ...base, WAITLIST_OFFER_MINUTES: '1440' }).WAITLIST_OFFER_MINUTES).toBe(
      1440,
    )
  })

  it.each(['0', '1441', '2.5', 'half an hour'])('refuses %j, naming the variable', (value) => {
    expect(() => loadConfig({ ...base, WAITLIST_OFFER_MINUTES: value })).toThrow(
      /WAITLIST_OFFER_MINUTES/,
    )
  })
})
