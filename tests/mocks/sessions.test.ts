import { describe, expect, it, vi } from 'vitest'
import * as guest from '@contract/descriptors/guest'
import * as lessons from '@contract/descriptors/lessons'
import * as payments from '@contract/descriptors/payments'
import * as sessions from '@contract/descriptors/sessions'
import { MESSAGES } from '@contract/messages'
import { db, seedIds } from '@/mocks/db'
import { call, dayFromNow, refused, unchecked, uploadedCover } from './helpers'

const { educator, educator2, student, student2, student3 } = seedIds
const { paidLesson, freeLesson } = seedIds
const S = seedIds.sessions
const OVERLAP = 'Probably, sessions overlap. Please check the session date again'

const sessionsAs = async (as: number | null, lessonId: number) => {
  const list = as === null ? guest.guestSessions : sessions.listSessions
  const { body } = await call(list, { params: { id: lessonId }, as })
  return new Map(body.data.map((session) => [session.id, session]))
}

const slot = (days: number, startHour: string, endHour: string, extra: object = {}) => ({
  date: dayFromNow(days),
  startHour,
  endHour,
  timezone: 'UTC',
  url: 'https://zoom.us/j/5551234',
  ...extra,
})

describe('sessions as each viewer sees them', () => {
  it('computes type, link and seats for an enrolled student', async () => {
    const lesson2 = await sessionsAs(student, freeLesson)
    expect(lesson2.get(S.startingSoon)).toMatchObject({
      type: 'enrolled',
      url: 'https://meet.google.com/abc-defg-hij',
      availableSlots: 1,
      disabled: false,
    })
    expect(lesson2.get(S.futureFree)).toMatchObject({ type: 'open', url: null, availableSlots: 1 })
    expect(lesson2.get(S.full)).toMatchObject({ type: 'open', availableSlots: 0, disabled: true })

    const lesson1 = await sessionsAs(student, paidLesson)
    expect(lesson1.get(S.live)).toMatchObject({ type: 'live', url: 'https://zoom.us/j/1234567890' })
    expect(lesson1.get(S.past)?.type).toBe('closed')
    // Upcoming first (the live one leads), the ended one after them.
    expect([...lesson1.keys()]).toEqual([S.live, S.futurePaid, S.past])
  })

  it('shows a full session enabled to a student holding a seat, and every link to the owner', async () => {
    expect((await sessionsAs(student2, freeLesson)).get(S.full)).toMatchObject({
      type: 'enrolled',
      disabled: false,
      url: null,
    })
    const owner = await sessionsAs(educator2, freeLesson)
    expect([...owner.values()].every((session) => session.url !== null)).toBe(true)
  })

  it('never shows a guest a meeting link', async () => {
    const guest = await sessionsAs(null, paidLesson)
    expect([...guest.values()].map((session) => [session.type, session.url])).toEqual([
      ['closed', null], // live, but not the guest's
      ['open', null],
      ['closed', null], // ended
    ])
  })
})

describe('session writes', () => {
  it('rejects an overlapping session of the same educator with 409 Conflict', async () => {
    const first = await call(sessions.createSession, {
      params: { id: paidLesson },
      as: educator,
      json: slot(20, '10:00', '11:00'),
    })
    expect(first.status).toBe(201)
    const overlapping = await call(sessions.createSession, {
      params: { id: seedIds.toReviewLesson },
      json: slot(20, '10:30', '11:30'),
    })
    // It names the session it clashes with, of the educator's other lesson (issue 27).
    expect(overlapping.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: OVERLAP,
      overlap: {
        lessonId: paidLesson,
        lessonTitle: db.lessons.find((lesson) => lesson.id === paidLesson)!.title,
        sessionId: first.body.id,
        start_time: first.body.start_time,
        end_time: first.body.end_time,
      },
    })

    const touching = await call(sessions.createSession, {
      params: { id: seedIds.toReviewLesson },
      json: slot(20, '11:00', '12:00'),
    })
    expect(touching.status).toBe(201)
    const otherEducator = await call(sessions.createSession, {
      params: { id: freeLesson },
      as: educator2,
      json: slot(20, '10:00', '11:00', { url: 'https://meet.google.com/xyz-abcd-efg' }),
    })
    expect(otherEducator.status).toBe(201)
  })

  it('converts the wall-clock time of the given time zone to UTC', async () => {
    const { body } = await call(sessions.createSession, {
      params: { id: paidLesson },
      as: educator,
      json: slot(30, '09:00', '10:30', { timezone: 'Asia/Tokyo' }),
    })
    expect(body.start_time).toBe(`${dayFromNow(30)}T00:00:00.000Z`)
    expect(body.end_time).toBe(`${dayFromNow(30)}T01:30:00.000Z`)
    expect(body).toMatchObject({ timezone: 'Asia/Tokyo', fullPrice: 3000, type: 'open' })
  })

  it('checks times, meeting provider and time zone', async () => {
    const backwards = await call(sessions.createSession, {
      params: { id: paidLesson },
      as: educator,
      json: slot(20, '11:00', '10:00'),
    })
    expect(backwards.body).toMatchObject({
      statusCode: 400,
      message: ['End time must be after start time'],
    })

    const otherProvider = await refused(sessions.createSession, {
      params: { id: paidLesson },
      json: slot(20, '10:00', '11:00', {
        url: 'https://example.com/meeting',
        timezone: 'Mars/Base',
      }),
    })
    expect(otherProvider.body.message).toEqual([
      'Unknown time zone',
      'Meeting link must be a Zoom or Google Meet URL',
    ])

    const malformed = await refused(sessions.createSession, {
      params: { id: paidLesson },
      json: unchecked({ date: 'tomorrow', startHour: '25:00' }),
    })
    expect(malformed.status).toBe(400)
    expect(malformed.body.message).toEqual([
      'endHour is required',
      'timezone is required',
      'url is required',
      'date has an invalid format',
      'startHour has an invalid format',
    ])
  })

  it('requires a connected video account and lesson ownership', async () => {
    const lesson = await call(lessons.createLesson, {
      as: seedIds.educatorWithoutLicence,
      json: {
        title: 'Fresco',
        categoryId: 6,
        price_in_cents: 0,
        min_slots: 1,
        max_slots: 3,
        imageId: await uploadedCover(seedIds.educatorWithoutLicence),
      },
    })
    const noLicence = await call(sessions.createSession, {
      params: { id: lesson.body.id },
      json: slot(20, '10:00', '11:00'),
    })
    expect(noLicence.body).toMatchObject({
      statusCode: 403,
      message: 'Connect a video-conference account before creating sessions',
    })
    const notOwner = await call(sessions.createSession, {
      params: { id: paidLesson },
      as: educator2,
      json: slot(20, '10:00', '11:00'),
    })
    expect(notOwner.status).toBe(403)
  })

  it('changes or deletes only sessions that have not started', async () => {
    const started = await call(sessions.updateSession, {
      params: { id: paidLesson, sessionId: S.live },
      as: educator,
      json: slot(20, '10:00', '11:00'),
    })
    expect(started.status).toBe(409)
    expect(
      (await call(sessions.deleteSession, { params: { id: paidLesson, sessionId: S.live } }))
        .status,
    ).toBe(409)

    const moved = await call(sessions.updateSession, {
      params: { id: paidLesson, sessionId: S.futurePaid },
      json: slot(22, '07:00', '08:00'),
    })
    expect(moved.body.start_time).toBe(`${dayFromNow(22)}T07:00:00.000Z`)
    const wrongLesson = await call(sessions.updateSession, {
      params: { id: paidLesson, sessionId: S.futureFree },
      json: slot(22, '07:00', '08:00'),
    })
    expect(wrongLesson.status).toBe(404)
  })

  it('deletes a session with students, refunding and e-mailing each; one without just goes', async () => {
    const deleted = await call(sessions.deleteSession, {
      params: { id: freeLesson, sessionId: S.full },
      as: educator2,
    })
    expect(deleted.body).toEqual({
      message: 'Session deleted; 2 enrolled students refunded and notified',
      enrolledCount: 2,
    })
    expect(db.enrollments.filter((row) => row.sessionId === S.full)).toEqual([])
    expect(db.outbox.map((mail) => mail.to).sort()).toEqual([
      'mai@manabi.example',
      'tom@manabi.example',
    ])
    expect((await sessionsAs(student, freeLesson)).has(S.full)).toBe(false)

    // Mai's paid seat is refunded in full, the session named no more.
    const paid = await call(sessions.deleteSession, {
      params: { id: paidLesson, sessionId: S.futurePaid },
      as: educator,
    })
    expect(paid.body).toEqual({
      message: 'Session deleted; 1 enrolled student refunded and notified',
      enrolledCount: 1,
    })
    const refunded = await call(payments.listMyPayments, { as: student3 })
    expect(refunded.body.data[0]).toMatchObject({
      orderId: 'ORDER-SEED-2',
      status: 'refunded',
      refundReason: 'sessionCancelled',
      sessionId: null,
      sessionStart: null,
    })

    db.outbox.length = 0
    const empty = await call(sessions.createSession, {
      params: { id: freeLesson },
      as: educator2,
      json: slot(25, '10:00', '11:00'),
    })
    const plain = await call(sessions.deleteSession, {
      params: { id: freeLesson, sessionId: empty.body.id },
    })
    expect(plain.body).toEqual({ message: 'Session deleted', enrolledCount: 0 })
    expect(db.outbox).toEqual([])
  })

  it('refuses an educator awaiting approval before looking at the licence or the body', async () => {
    const owner = db.users.find((row) => row.id === educator)!
    owner.isValidated = false
    owner.videoLicenceId = null
    const answer = await refused(sessions.createSession, {
      params: { id: paidLesson },
      as: educator,
      json: slot(20, '11:00', '10:00'),
    })
    expect(answer.body).toMatchObject({
      statusCode: 403,
      message: 'Your account has not been approved yet',
    })
    const deleteAnswer = await refused(sessions.deleteSession, {
      params: { id: paidLesson, sessionId: S.futurePaid },
    })
    expect(deleteAnswer.status).toBe(403)
  })
})

describe('enrolment', () => {
  const enroll = (as: number, lessonId: number, sessionId: number) =>
    call(sessions.enroll, { params: { id: lessonId, sessionId }, as })
  const unenroll = (as: number, lessonId: number, sessionId: number) =>
    call(sessions.unenroll, { params: { id: lessonId, sessionId }, as })

  it('enrolls a student in an open free session once', async () => {
    const first = await enroll(student, freeLesson, S.futureFree)
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ lessonId: freeLesson, sessionId: S.futureFree })
    expect((await sessionsAs(student, freeLesson)).get(S.futureFree)).toMatchObject({
      type: 'enrolled',
      availableSlots: 0,
      disabled: false,
    })
    expect(db.outbox.map((mail) => [mail.to, mail.subject])).toEqual([
      ['yuki@manabi.example', 'You are enrolled'],
    ])
    expect(await enroll(student, freeLesson, S.futureFree)).toMatchObject({
      status: 409,
      body: { message: 'You are already enrolled in this session' },
    })
  })

  it('refuses full (409), started (409), paid (402) and mismatched (404) sessions', async () => {
    expect((await enroll(student, freeLesson, S.full)).body).toMatchObject({
      statusCode: 409,
      message: 'No seats left in this session',
    })
    expect((await enroll(student3, paidLesson, S.live)).status).toBe(409)
    expect((await enroll(student, paidLesson, S.futurePaid)).body).toEqual({
      statusCode: 402,
      error: 'Payment Required',
      message: 'Payment required',
    })
    expect((await enroll(student, paidLesson, S.futureFree)).status).toBe(404)
  })

  it('unenrolls before the start only, notifies the educator, and closes the join link', async () => {
    expect((await unenroll(student, paidLesson, S.live)).status).toBe(409)
    expect((await unenroll(student3, freeLesson, S.startingSoon)).status).toBe(404)

    const join = { id: freeLesson, sessionId: S.startingSoon }
    expect((await call(sessions.joinSession, { params: join, as: student })).body).toEqual({
      url: 'https://meet.google.com/abc-defg-hij',
    })
    expect((await unenroll(student, freeLesson, S.startingSoon)).status).toBe(200)
    expect(db.outbox.map((mail) => mail.to)).toEqual(['emily@manabi.example'])
    expect((await call(sessions.joinSession, { params: join, as: student })).status).toBe(403)
    expect((await sessionsAs(student, freeLesson)).get(S.startingSoon)?.type).toBe('open')
  })

  it('gives the meeting link to the owner always and to a student only in the join window', async () => {
    await enroll(student, freeLesson, S.futureFree)
    const early = await call(sessions.joinSession, {
      params: { id: freeLesson, sessionId: S.futureFree },
      as: student,
    })
    expect(early.status).toBe(403)
    const owner = await call(sessions.joinSession, {
      params: { id: freeLesson, sessionId: S.futureFree },
      as: educator2,
    })
    expect(owner.body.url).toBe('https://meet.google.com/abc-defg-hij')
  })

  it('counts a session starting this very instant as started for enrolling and unenrolling', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const start = db.sessions.find((row) => row.id === S.futureFree)!.start_time
      vi.setSystemTime(new Date(Date.parse(start) - 1))
      expect((await enroll(student, freeLesson, S.futureFree)).status).toBe(201)
      expect((await unenroll(student, freeLesson, S.futureFree)).status).toBe(200)
      vi.setSystemTime(new Date(start))
      expect((await enroll(student, freeLesson, S.futureFree)).body).toMatchObject({
        statusCode: 409,
        message: MESSAGES.enrollments.alreadyStarted,
      })
      // Mai holds the other seat: too late to give it back.
      expect((await unenroll(student3, freeLesson, S.futureFree)).body).toMatchObject({
        statusCode: 409,
        message: MESSAGES.enrollments.unenrollTooLate,
      })
    } finally {
      vi.useRealTimers()
    }
  })

  it('counts seats held by open payments of others when enrolling, until the hold runs out', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      // The free lesson's open session has one seat left; Tom holds it through a payment.
      db.payments.push({
        id: 90,
        userId: student2,
        lessonId: freeLesson,
        sessionId: S.futureFree,
        orderId: 'ORDER-HOLD',
        transactionId: null,
        status: 'processing',
        amount_in_cents: 0,
        holdExpiresAt: new Date(Date.now() + 60_000).toISOString(),
        refundReason: null,
        createdAt: new Date().toISOString(),
      })
      expect((await sessionsAs(student, freeLesson)).get(S.futureFree)).toMatchObject({
        availableSlots: 0,
        disabled: true,
      })
      expect((await sessionsAs(student2, freeLesson)).get(S.futureFree)).toMatchObject({
        availableSlots: 0,
        disabled: false,
      })
      expect((await enroll(student, freeLesson, S.futureFree)).body).toMatchObject({
        statusCode: 409,
        message: MESSAGES.enrollments.noSeatsLeft,
      })
      // A hold ending this very instant holds nothing.
      vi.setSystemTime(new Date(Date.now() + 60_000))
      expect((await enroll(student, freeLesson, S.futureFree)).status).toBe(201)
    } finally {
      vi.useRealTimers()
    }
  })

  it('gives the calendar file to seat holders and the owner only', async () => {
    const params = { id: paidLesson, sessionId: S.futurePaid }
    expect(await call(sessions.sessionIcs, { params, as: student })).toMatchObject({
      status: 403,
      body: { message: 'Only enrolled students and the educator get the calendar file' },
    })
    expect((await call(sessions.sessionIcs, { params, as: educator })).status).toBe(200)
    expect((await call(sessions.sessionIcs, { params, as: educator2 })).status).toBe(403)
  })

  it('exports a session as an iCalendar event', async () => {
    const session = db.sessions.find((row) => row.id === S.futurePaid)
    const { headers, body } = await call(sessions.sessionIcs, {
      params: { id: paidLesson, sessionId: S.futurePaid },
      as: student3,
    })
    expect(headers.get('content-type')).toMatch(/^text\/calendar/)
    const compact = (iso = '') => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '')
    expect(body).toContain(`DTSTART:${compact(session?.start_time)}\r\n`)
    expect(body).toContain('SUMMARY:Conversational Japanese for Beginners\r\n')
  })
})
