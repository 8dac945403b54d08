import * as sessionCalls from '@contract/descriptors/sessions'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { db, nextId, seedIds } from '@/mocks/db'
import { paths } from '@/shared/config/paths'
import { i18n } from '@/shared/i18n/i18n'
import { formatDate, formatTime, zonedTimes } from '@/shared/i18n/format'
import { recordBodies } from '@tests/request-log'
import { renderApp } from '@tests/render-app'
import {
  button,
  cardName,
  dayAhead,
  editor,
  field,
  fill,
  groupValue,
  lessonRow,
  pinViewerZoneToUtc,
  sessionRow,
} from './sessions-editor-helpers'

const { sessions: ids } = seedIds
pinViewerZoneToUtc()

/** The lesson page of its owner (Kenji by default, Emily for her lessons). */
const openLesson = async (lessonId: number, ownerId: number = seedIds.educator) => {
  db.signIn(ownerId)
  await renderApp(undefined, { url: paths.lesson.detail.href(lessonId) })
  await screen.findByRole('heading', { level: 1, name: lessonRow(lessonId).title })
}

const findCard = (sessionId: number) =>
  within(editor()).findByRole('article', { name: cardName(sessionId) })

// Many steps each: on a loaded two-core machine they need more than the default 15 s.
describe('a quick session', { timeout: 40_000 }, () => {
  it('fills the date and times from now in the chosen zone, rounded up to the minute', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.lessonWithoutSessions)
    await user.click(await within(editor()).findByRole('button', { name: 'Add session' }))
    const dialog = screen.getByRole('dialog', { name: 'Add session' })
    const day = dayAhead(25)
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse(`${day}T10:00:30Z`))

    await user.selectOptions(field(dialog, 'Start in'), '15 min')
    await user.selectOptions(field(dialog, 'Length'), '90 min')
    await user.click(button(dialog, 'Fill in the times'))
    expect(groupValue(dialog, 'Date')).toBe(day)
    expect(groupValue(dialog, 'Start time')).toBe('10:16')
    expect(groupValue(dialog, 'End time')).toBe('11:46')

    // Tokyo is 9 hours ahead: 19:00:30 there, so an hour from now is 20:01.
    await user.selectOptions(field(dialog, 'Time zone'), 'Asia/Tokyo')
    await user.selectOptions(field(dialog, 'Start in'), '60 min')
    await user.selectOptions(field(dialog, 'Length'), '30 min')
    await user.click(button(dialog, 'Fill in the times'))
    expect(groupValue(dialog, 'Date')).toBe(day)
    expect(groupValue(dialog, 'Start time')).toBe('20:01')
    expect(groupValue(dialog, 'End time')).toBe('20:31')

    const bodies = recordBodies(sessionCalls.createSession)
    await fill(user, dialog, 'Meeting link', 'https://meet.google.com/abc-defg-hij')
    await user.click(button(dialog, 'Add session'))
    expect(await screen.findByText('Session added')).toBeVisible()
    expect(bodies).toEqual([
      {
        date: day,
        startHour: '20:01',
        endHour: '20:31',
        timezone: 'Asia/Tokyo',
        url: 'https://meet.google.com/abc-defg-hij',
      },
    ])
    expect(db.sessions.at(-1)!.start_time).toBe(`${day}T11:01:00.000Z`)
  })

  it('says so instead of filling when it would end after midnight', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.lessonWithoutSessions)
    await user.click(await within(editor()).findByRole('button', { name: 'Add session' }))
    const dialog = screen.getByRole('dialog', { name: 'Add session' })
    const day = dayAhead(25)
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse(`${day}T23:00:30Z`))

    // 23:06 – 23:36 fits in the day.
    await user.selectOptions(field(dialog, 'Length'), '30 min')
    await user.click(button(dialog, 'Fill in the times'))
    expect(groupValue(dialog, 'Start time')).toBe('23:06')
    expect(groupValue(dialog, 'End time')).toBe('23:36')

    // 23:31 – 00:31 does not: the fields keep what they had.
    await user.selectOptions(field(dialog, 'Start in'), '30 min')
    await user.selectOptions(field(dialog, 'Length'), '60 min')
    await user.click(button(dialog, 'Fill in the times'))
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'This quick session would end after midnight.',
    )
    expect(groupValue(dialog, 'Start time')).toBe('23:06')
    expect(groupValue(dialog, 'End time')).toBe('23:36')

    // A choice that fits clears the message.
    await user.selectOptions(field(dialog, 'Start in'), '5 min')
    await user.selectOptions(field(dialog, 'Length'), '30 min')
    await user.click(button(dialog, 'Fill in the times'))
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('editing a session', () => {
  /** Kenji's future session at 10:00–11:00 Tokyo time, 20 days ahead. */
  const placeFutureSession = () => {
    const day = dayAhead(20)
    const session = sessionRow(ids.futurePaid)
    session.start_time = `${day}T01:00:00.000Z`
    session.end_time = `${day}T02:00:00.000Z`
    expect(session.timezone).toBe('Asia/Tokyo')
    return day
  }

  it('fills the form in the session’s own zone while the list shows the viewer’s', async () => {
    process.env.TZ = 'America/New_York'
    const day = placeFutureSession()
    const user = userEvent.setup()
    await openLesson(seedIds.paidLesson)
    const card = await findCard(ids.futurePaid)
    // 01:00 UTC is 21:00 the evening before in New York (or 20:00 in winter).
    const nyStart = formatTime(sessionRow(ids.futurePaid).start_time)
    expect(['20:00', '21:00']).toContain(nyStart)
    expect(card).toHaveTextContent(/\d\d:\d\d – \d\d:\d\d E[DS]T/)
    expect(card).toHaveTextContent('Scheduled in Japan Standard Time (Tokyo)')

    const edit = button(card, 'Edit')
    await user.click(edit)
    const dialog = screen.getByRole('dialog', { name: 'Edit session' })
    expect(groupValue(dialog, 'Date')).toBe(day)
    expect(groupValue(dialog, 'Start time')).toBe('10:00')
    expect(groupValue(dialog, 'End time')).toBe('11:00')
    expect(field(dialog, 'Time zone')).toHaveValue('Asia/Tokyo')
    expect(field(dialog, 'Meeting link')).toHaveValue('https://zoom.us/j/1234567890')

    const bodies = recordBodies(sessionCalls.updateSession)
    await fill(user, dialog, 'End time', '11:30')
    await user.click(button(dialog, 'Save changes'))
    expect(await screen.findByText('Session updated')).toBeVisible()
    expect(bodies).toEqual([
      {
        date: day,
        startHour: '10:00',
        endHour: '11:30',
        timezone: 'Asia/Tokyo',
        url: 'https://zoom.us/j/1234567890',
      },
    ])
    expect(sessionRow(ids.futurePaid).end_time).toBe(`${day}T02:30:00.000Z`)
    const updated = await findCard(ids.futurePaid)
    expect(updated).toHaveTextContent(`${nyStart} – ${formatTime(`${day}T02:30:00.000Z`)}`)
    await waitFor(() => expect(button(updated, 'Edit')).toHaveFocus())
  })

  it('says the students holding seats will be e-mailed a new time, in both languages', async () => {
    placeFutureSession()
    const seated = db.enrollments.filter((row) => row.sessionId === ids.futurePaid).length
    expect(seated).toBe(1)
    const user = userEvent.setup()
    await openLesson(seedIds.paidLesson)
    await user.click(button(await findCard(ids.futurePaid), 'Edit'))
    const dialog = screen.getByRole('dialog', { name: 'Edit session' })
    expect(dialog).toHaveTextContent(
      '1 student holds a seat: if you change the time, they are e-mailed the new one.',
    )
    await act(() => i18n.changeLanguage('jp-JP'))
    expect(screen.getByRole('dialog')).toHaveTextContent(
      '1人の受講者が席を確保しています。日時を変更すると、新しい日時をメールでお知らせします。',
    )
  })

  it('says nothing of e-mails when editing a session no one holds a seat in', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.toReviewLesson)
    const future = db.sessions.find(
      (row) => row.lessonId === seedIds.toReviewLesson && Date.parse(row.start_time) > Date.now(),
    )!
    expect(db.enrollments.some((row) => row.sessionId === future.id)).toBe(false)
    await user.click(button(await findCard(future.id), 'Edit'))
    expect(screen.getByRole('dialog', { name: 'Edit session' })).not.toHaveTextContent('e-mailed')
  })

  it('shows the overlap message when moved onto another session of the educator', async () => {
    const day = placeFutureSession()
    const other = dayAhead(21)
    db.sessions.push({
      ...sessionRow(ids.futurePaid),
      id: nextId(db.sessions),
      lessonId: seedIds.toReviewLesson,
      start_time: `${other}T01:00:00.000Z`,
      end_time: `${other}T02:00:00.000Z`,
    })
    const user = userEvent.setup()
    await openLesson(seedIds.paidLesson)
    await user.click(button(await findCard(ids.futurePaid), 'Edit'))
    const dialog = screen.getByRole('dialog', { name: 'Edit session' })
    await fill(user, dialog, 'Date', other)
    await user.click(button(dialog, 'Save changes'))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Probably, sessions overlap. Please check the session date again',
    )
    expect(groupValue(dialog, 'Date')).toBe(other)
    expect(sessionRow(ids.futurePaid).start_time).toBe(`${day}T01:00:00.000Z`)
  })
})

describe('a session starting while the owner looks', () => {
  it('locks its Edit and Delete buttons at its start, with the reason', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    try {
      const session = sessionRow(ids.futurePaid)
      session.start_time = new Date(Date.now() + 60 * 60_000).toISOString()
      session.end_time = new Date(Date.now() + 120 * 60_000).toISOString()
      await openLesson(seedIds.paidLesson)
      const card = await findCard(ids.futurePaid)
      expect(button(card, 'Edit')).toBeEnabled()
      await act(() => vi.advanceTimersByTimeAsync(60 * 60_000 + 1000))
      expect(button(card, 'Edit')).toBeDisabled()
      expect(button(card, 'Delete')).toHaveAccessibleDescription(
        'This session has started: it can no longer be changed or deleted.',
      )
      expect(card).toHaveTextContent('In progress')
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('deleting a session', () => {
  it('asks in red, naming the session and its students, then deletes it and focuses the list heading', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.paidLesson)
    const card = await findCard(ids.futurePaid)
    const session = sessionRow(ids.futurePaid)
    await user.click(button(card, 'Delete'))
    const dialog = screen.getByRole('dialog', { name: 'Delete session' })
    const date = formatDate(session.start_time, 'en-US')
    expect(dialog).toHaveTextContent(
      `Delete the session on ${date}, ${formatTime(session.start_time)} – ${zonedTimes(session.start_time, session.end_time, 'en-US').end}?`,
    )
    // Mai paid for her seat here.
    expect(dialog).toHaveTextContent('1 enrolled student will be refunded in full and e-mailed.')
    const confirm = button(dialog, 'Delete session')
    expect(confirm).toHaveClass('bg-red-600')
    await user.click(confirm)
    expect(
      await screen.findByText('Session deleted: 1 enrolled student was refunded and e-mailed.'),
    ).toBeVisible()
    expect(db.sessions.some((row) => row.id === ids.futurePaid)).toBe(false)
    expect(db.payments.find((row) => row.orderId === 'ORDER-SEED-2')).toMatchObject({
      status: 'refunded',
      refundReason: 'sessionCancelled',
    })
    expect(db.outbox.map((mail) => mail.to)).toEqual(['mai@manabi.example'])
    // The live one is left among the upcoming ones (the past one stays folded away).
    await waitFor(() => expect(within(editor()).getAllByRole('article')).toHaveLength(1))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Sessions' })).toHaveFocus()
  })

  it('closes on Escape without deleting, focus back on Delete', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.paidLesson)
    const remove = button(await findCard(ids.futurePaid), 'Delete')
    await user.click(remove)
    expect(screen.getByRole('dialog', { name: 'Delete session' })).toBeVisible()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(remove).toHaveFocus()
    expect(db.sessions.some((row) => row.id === ids.futurePaid)).toBe(true)
  })

  it('is enabled for a full session and counts its students, in both languages', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.freeLesson, seedIds.educator2)
    const full = await findCard(ids.full)
    expect(full).toHaveTextContent('Seats taken2 of 2')
    expect(button(full, 'Delete')).toBeEnabled()
    expect(button(full, 'Delete')).not.toHaveAccessibleDescription()
    await user.click(button(full, 'Delete'))
    expect(screen.getByRole('dialog', { name: 'Delete session' })).toHaveTextContent(
      '2 enrolled students will be refunded in full and e-mailed.',
    )
    await act(() => i18n.changeLanguage('jp-JP'))
    expect(screen.getByRole('dialog')).toHaveTextContent(
      '受講登録している2名の受講者に全額返金し、メールでお知らせします。',
    )
  })

  it('says nothing about refunds for a session without students', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.toReviewLesson)
    const future = db.sessions.find(
      (row) => row.lessonId === seedIds.toReviewLesson && Date.parse(row.start_time) > Date.now(),
    )!
    await user.click(button(await findCard(future.id), 'Delete'))
    const dialog = screen.getByRole('dialog', { name: 'Delete session' })
    expect(dialog).not.toHaveTextContent('refunded')
    await user.click(button(dialog, 'Delete session'))
    expect(await screen.findByText('Session deleted')).toBeVisible()
  })

  it('keeps the dialog open with the server’s reason when the session started meanwhile', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.freeLesson, seedIds.educator2)
    const card = await findCard(ids.futureFree)
    const remove = button(card, 'Delete')
    expect(remove).toBeEnabled()
    sessionRow(ids.futureFree).start_time = new Date(Date.now() - 60_000).toISOString()
    await user.click(remove)
    const dialog = screen.getByRole('dialog', { name: 'Delete session' })
    await user.click(button(dialog, 'Delete session'))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `Error creating, updating and deleting session: ${i18n.t('api.sessions.startedCannotDelete')}`,
    )
    expect(db.sessions.some((row) => row.id === ids.futureFree)).toBe(true)
    await user.click(button(dialog, 'Cancel'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(remove).toHaveFocus()
  })
})
