import * as lessonCalls from '@contract/descriptors/lessons'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { overlappingSeats } from '@/features/sessions/lib/overlap'
import { db, nextId, seedIds } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { paths } from '@/shared/config/paths'
import { i18n } from '@/shared/i18n/i18n'
import { formatDate, formatTime, zonedTimes } from '@/shared/i18n/format'
import { renderApp } from '@tests/render-app'
import { resetSdk } from '../payments/paypal-stand-in'

/**
 * Issue 27 item 19: before a student takes (or pays for) a seat in a session that overlaps one
 * they already hold, they are told which (lesson, date, times) and may go on or not.
 */

const { sessions: ids } = seedIds
const MINUTE = 60_000
const TYPESCRIPT = 'TypeScript from Scratch'
const JAPANESE = 'Conversational Japanese for Beginners'
const ALGEBRA = 'Algebra Foundations'

const sessionById = (id: number) => db.sessions.find((row) => row.id === id)!
const cardName = (sessionId: number) => {
  const session = sessionById(sessionId)
  return `Session on ${formatDate(session.start_time, 'en-US')}, ${formatTime(
    session.start_time,
  )} – ${zonedTimes(session.start_time, session.end_time, 'en-US').end}`
}
const card = (sessionId: number) => screen.findByRole('article', { name: cardName(sessionId) })
const seatText = (title: string, sessionId: number) => {
  const session = sessionById(sessionId)
  return `“${title}”, ${formatDate(session.start_time, 'en-US')}, ${formatTime(
    session.start_time,
  )} – ${zonedTimes(session.start_time, session.end_time, 'en-US').end}`
}
const holdsSeat = (sessionId: number) =>
  db.enrollments.some((row) => row.userId === seedIds.student && row.sessionId === sessionId)

/** The TypeScript lesson's upcoming (free) session, moved to start at `start` (epoch ms). */
const typeScriptSessionStartingAt = (start: number, length = 60 * MINUTE) => {
  const session = db.sessions.find(
    (row) => row.lessonId === seedIds.toReviewLesson && Date.parse(row.start_time) > Date.now(),
  )!
  session.start_time = new Date(start).toISOString()
  session.end_time = new Date(start + length).toISOString()
  return session
}

/** The same session, moved to start `startIn` ms from now. */
const typeScriptSessionAt = (startIn: number, length = 60 * MINUTE) =>
  typeScriptSessionStartingAt(Date.now() + startIn, length)

const openLesson = (lessonId: number) =>
  renderApp(undefined, { user: 'student', url: paths.lesson.detail.href(lessonId) })

afterEach(() => {
  resetSdk()
})

describe('enrolling in a session that overlaps a seat the student holds', () => {
  it('says which sessions it overlaps; Cancel takes no seat, "Enroll anyway" does', async () => {
    const user = userEvent.setup()
    // Yuki's seats: the paid lesson's live session (ends in 40 minutes) and the free lesson's
    // (starts in 3 minutes, for an hour). This one starts in 30 minutes: it overlaps both.
    const session = typeScriptSessionAt(30 * MINUTE)
    await openLesson(seedIds.toReviewLesson)
    await user.click(within(await card(session.id)).getByRole('button', { name: 'Enroll' }))

    let dialog = await screen.findByRole('dialog', { name: 'This session overlaps one of yours' })
    expect(dialog).toHaveTextContent(
      `“${TYPESCRIPT}” on ${formatDate(session.start_time, 'en-US')}, ${formatTime(
        session.start_time,
      )} – ${zonedTimes(session.start_time, session.end_time, 'en-US').end} overlaps 2 sessions you already have a seat in:`,
    )
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([seatText(JAPANESE, ids.live), seatText(ALGEBRA, ids.startingSoon)])
    expect(dialog).toHaveTextContent('You can still enroll and keep both seats.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(holdsSeat(session.id)).toBe(false)

    await user.click(within(await card(session.id)).getByRole('button', { name: 'Enroll' }))
    dialog = await screen.findByRole('dialog', { name: 'This session overlaps one of yours' })
    await user.click(within(dialog).getByRole('button', { name: 'Enroll anyway' }))
    expect(await screen.findByText(`You are enrolled in “${TYPESCRIPT}”`)).toBeVisible()
    expect(holdsSeat(session.id)).toBe(true)
  })

  it('does not ask about a session that only touches a held one (one ends as the other starts)', async () => {
    const user = userEvent.setup()
    const soon = sessionById(ids.startingSoon)
    const length = 30 * MINUTE
    // An absolute instant: "ends in x ms" read off two clocks a millisecond apart would not touch.
    const session = typeScriptSessionStartingAt(Date.parse(soon.end_time), length)
    expect(session.start_time).toBe(soon.end_time)
    await openLesson(seedIds.toReviewLesson)
    await user.click(within(await card(session.id)).getByRole('button', { name: 'Enroll' }))
    expect(await screen.findByText(`You are enrolled in “${TYPESCRIPT}”`)).toBeVisible()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('finds an overlap among more seats than one page of upcoming sessions holds', async () => {
    const user = userEvent.setup()
    // 25 short seats of Yuki's in the next hours, none overlapping the target, then the one that
    // does, a page further on (20 a page).
    const template = sessionById(ids.futureFree)
    const target = typeScriptSessionAt(2 * 24 * 60 * MINUTE)
    for (let index = 0; index < 26; index += 1) {
      const start = Date.now() + 2 * 60 * MINUTE + index * 10 * MINUTE
      const overlapping = index === 25
      const row = {
        ...template,
        id: nextId(db.sessions),
        start_time: new Date(overlapping ? Date.parse(target.start_time) : start).toISOString(),
        end_time: new Date(
          overlapping ? Date.parse(target.end_time) + MINUTE : start + 5 * MINUTE,
        ).toISOString(),
      }
      db.sessions.push(row)
      db.enrollments.push({
        id: nextId(db.enrollments),
        userId: seedIds.student,
        lessonId: row.lessonId,
        sessionId: row.id,
        createdAt: new Date().toISOString(),
      })
    }
    const last = db.sessions.at(-1)!
    await openLesson(seedIds.toReviewLesson)
    await user.click(within(await card(target.id)).getByRole('button', { name: 'Enroll' }))
    const dialog = await screen.findByRole('dialog', { name: 'This session overlaps one of yours' })
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([seatText(ALGEBRA, last.id)])
    expect(dialog).toHaveTextContent('overlaps a session you already have a seat in:')
  })

  it('enrolls without asking when the seats cannot be read (the server still decides)', async () => {
    server.use(mockEndpoint(lessonCalls.upcomingLessons, () => errorResponse(500, 'Boom')))
    const user = userEvent.setup()
    const session = typeScriptSessionAt(30 * MINUTE)
    await openLesson(seedIds.toReviewLesson)
    await user.click(within(await card(session.id)).getByRole('button', { name: 'Enroll' }))
    expect(await screen.findByText(`You are enrolled in “${TYPESCRIPT}”`)).toBeVisible()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('reads in Japanese', async () => {
    const user = userEvent.setup()
    const session = typeScriptSessionAt(30 * MINUTE)
    await openLesson(seedIds.toReviewLesson)
    await act(() => i18n.changeLanguage('jp-JP'))
    const article = await screen.findByRole('article', {
      name: new RegExp(formatTime(session.start_time)),
    })
    await user.click(within(article).getByRole('button', { name: '受講登録' }))
    const dialog = await screen.findByRole('dialog', {
      name: '予約済みのセッションと時間が重なっています',
    })
    expect(dialog).toHaveTextContent('すでに予約済みの次の2件のセッションと時間が重なっています。')
    expect(dialog).toHaveTextContent(`「${ALGEBRA}」`)
    expect(dialog).toHaveTextContent('このまま受講登録して、両方の席を持つこともできます。')
    expect(within(dialog).getByRole('button', { name: 'このまま受講登録する' })).toBeVisible()
  })
})

describe('paying for a seat in a session that overlaps a held one', () => {
  it('asks first, then opens the payment on "Continue to payment"', async () => {
    const user = userEvent.setup()
    // Yuki also holds a seat in a TypeScript session at the same time as the paid lesson's.
    const paid = sessionById(ids.futurePaid)
    const typeScript = typeScriptSessionStartingAt(Date.parse(paid.start_time) - 30 * MINUTE)
    db.enrollments.push({
      id: nextId(db.enrollments),
      userId: seedIds.student,
      lessonId: seedIds.toReviewLesson,
      sessionId: typeScript.id,
      createdAt: new Date().toISOString(),
    })
    await openLesson(seedIds.paidLesson)
    await user.click(within(await card(paid.id)).getByRole('button', { name: 'Enroll' }))
    const dialog = await screen.findByRole('dialog', { name: 'This session overlaps one of yours' })
    expect(within(dialog).getByRole('listitem')).toHaveTextContent(
      seatText(TYPESCRIPT, typeScript.id),
    )
    expect(dialog).toHaveTextContent('You can still pay for this seat and keep both.')
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }))
    expect(await screen.findByRole('dialog', { name: 'Pay for your seat' })).toBeVisible()
  })
})

describe('overlappingSeats', () => {
  const seat = (sessionId: number, start: string, end: string) => ({
    sessionId,
    lessonTitle: `Lesson ${sessionId}`,
    start_time: start,
    end_time: end,
  })
  const session = {
    id: 1,
    start_time: '2030-01-01T10:00:00.000Z',
    end_time: '2030-01-01T11:00:00.000Z',
  }

  it('keeps seats that share at least a moment, earliest first', () => {
    const seats = [
      seat(2, '2030-01-01T10:59:59.999Z', '2030-01-01T12:00:00.000Z'),
      seat(3, '2030-01-01T09:00:00.000Z', '2030-01-01T10:00:00.001Z'),
      seat(4, '2030-01-01T10:15:00.000Z', '2030-01-01T10:30:00.000Z'),
      seat(5, '2030-01-01T09:00:00.000Z', '2030-01-01T12:00:00.000Z'),
    ]
    expect(overlappingSeats(session, seats).map((item) => item.sessionId)).toEqual([3, 5, 4, 2])
  })

  it('leaves out seats that only touch it, and the session itself', () => {
    const seats = [
      seat(2, '2030-01-01T11:00:00.000Z', '2030-01-01T12:00:00.000Z'),
      seat(3, '2030-01-01T09:00:00.000Z', '2030-01-01T10:00:00.000Z'),
      seat(1, '2030-01-01T10:00:00.000Z', '2030-01-01T11:00:00.000Z'),
    ]
    expect(overlappingSeats(session, seats)).toEqual([])
  })
})
