import * as sessionCalls from '@contract/descriptors/sessions'
import { MESSAGES } from '@contract/messages'
import { utcToZoned } from '@contract/rules'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { db, seedIds } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { paths } from '@/shared/config/paths'
import { i18n } from '@/shared/i18n/i18n'
import { recordBodies } from '@tests/request-log'
import { renderApp, type TestUser } from '@tests/render-app'
import {
  button,
  cardName,
  dayAhead,
  editor,
  field,
  fill,
  firstSelect,
  groupValue,
  lessonRow,
  pinViewerZoneToUtc,
  sessionRow,
} from './sessions-editor-helpers'

const { sessions: ids } = seedIds
pinViewerZoneToUtc()

const userRow = (id: number) => db.users.find((user) => user.id === id)!

/** The lesson page at /lesson/:id, signed in as `user` (a seeded account key or an id). */
const openLesson = async (lessonId: number, user: TestUser | number = 'educator') => {
  if (typeof user === 'number') db.signIn(user)
  const result = await renderApp(undefined, {
    url: paths.lesson.detail.href(lessonId),
    user: typeof user === 'number' ? null : user,
  })
  await screen.findByRole('heading', { level: 1, name: lessonRow(lessonId).title })
  return result
}

/** The owner's cards, once its list is there. */
const waitForCards = () =>
  waitFor(() => expect(within(editor()).getAllByRole('article')).not.toHaveLength(0))

/** The card of a session, by its accessible name (date and times in the viewer's zone). */
const cardOf = (sessionId: number) =>
  within(editor()).getByRole('article', { name: cardName(sessionId) })

const addDialog = () => screen.getByRole('dialog', { name: 'Add session' })

/** Fills the whole form; the zone stays the default unless given. */
const fillForm = async (
  user: UserEvent,
  dialog: HTMLElement,
  values: { date: string; start: string; end: string; url: string; zone?: string },
) => {
  await fill(user, dialog, 'Date', values.date)
  await fill(user, dialog, 'Start time', values.start)
  await fill(user, dialog, 'End time', values.end)
  if (values.zone) await user.selectOptions(field(dialog, 'Time zone'), values.zone)
  await fill(user, dialog, 'Meeting link', values.url)
}
const submit = (user: UserEvent, dialog: HTMLElement, name = 'Add session') =>
  user.click(within(dialog).getByRole('button', { name }))

/** The error text tied to a field (aria-describedby). */
const errorOf = (input: HTMLElement) => {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids
    .map((id) => document.getElementById(id))
    .filter((node) => node?.id.endsWith('-error'))
    .map((node) => node?.textContent)
    .join(' ')
}

/**
 * Half an hour into a taken session, in its zone: demo sessions start on the hour relative to
 * now, so their end can fall on the next day there (23:00 – 00:00), which a one-day form cannot
 * hold; half an hour in always overlaps and stays on the same day.
 */
const halfHourInto = (taken: { start_time: string; timezone: string }) =>
  utcToZoned(new Date(Date.parse(taken.start_time) + 30 * 60_000).toISOString(), taken.timezone)

describe('the lesson page of its owner', () => {
  it('shows an Edit lesson link and the sessions with date, times, zone, seats and link', async () => {
    await openLesson(seedIds.paidLesson)
    expect(screen.getByRole('link', { name: 'Edit lesson' })).toHaveAttribute(
      'href',
      paths.lesson.edit.href(seedIds.paidLesson),
    )
    await waitForCards()
    // Upcoming ones first, soonest first: the live one, the future one; the past one after them.
    expect(within(editor()).getAllByRole('article')).toEqual([
      cardOf(ids.live),
      cardOf(ids.futurePaid),
    ])
    await userEvent.click(button(editor(), 'Past sessions (1)'))
    expect(
      screen.getByText("Times are shown in this browser's time zone (UTC)."),
    ).toBeInTheDocument()

    const future = cardOf(ids.futurePaid)
    expect(future).toHaveTextContent(/\d\d:\d\d – \d\d:\d\d UTC/)
    expect(future).toHaveTextContent('Scheduled in Japan Standard Time (Tokyo)')
    expect(future).toHaveTextContent('Seats taken1 of 5')
    expect(
      within(future).getByRole('link', { name: 'https://zoom.us/j/1234567890' }),
    ).toHaveAttribute('target', '_blank')
    expect(button(future, 'Edit')).toBeEnabled()
    expect(button(future, 'Delete')).toBeEnabled()
    expect(cardOf(ids.past)).toHaveTextContent('Seats taken2 of 5')
    expect(cardOf(ids.live)).toHaveTextContent('In progress')
    expect(cardOf(ids.past)).toHaveTextContent('Ended')
    expect(future).toHaveTextContent('Upcoming')
  })

  it('never renders a stored meeting url that is not http(s) as a link', async () => {
    sessionRow(ids.futurePaid).url = 'javascript:alert(1)'
    await openLesson(seedIds.paidLesson)
    await waitForCards()
    const future = cardOf(ids.futurePaid)
    expect(future).toHaveTextContent('javascript:alert(1)')
    expect(future).toHaveTextContent(
      'This link is not a web address (only http and https links open), so it is unavailable.',
    )
    expect(within(future).queryByRole('link')).not.toBeInTheDocument()
  })

  it('cannot edit or delete a session that has started, and says why', async () => {
    await openLesson(seedIds.paidLesson)
    await waitForCards()
    await userEvent.click(button(editor(), 'Past sessions (1)'))
    for (const [id, reason] of [
      [ids.past, 'This session has ended: it can no longer be changed or deleted.'],
      [ids.live, 'This session has started: it can no longer be changed or deleted.'],
    ] as const) {
      const card = cardOf(id)
      expect(button(card, 'Edit')).toBeDisabled()
      expect(button(card, 'Delete')).toBeDisabled()
      expect(button(card, 'Edit')).toHaveAccessibleDescription(reason)
      expect(button(card, 'Delete')).toHaveAccessibleDescription(reason)
    }
  })

  it('says that a lesson without sessions is not listed to students', async () => {
    await openLesson(seedIds.lessonWithoutSessions)
    const title = lessonRow(seedIds.lessonWithoutSessions).title
    expect(
      await within(editor()).findByText(
        `“${title}” is not listed to students until it has at least one session.`,
      ),
    ).toBeInTheDocument()
    expect(button(editor(), 'Add session')).toBeEnabled()
  })

  it('tells an educator without a video licence why it cannot add or move sessions', async () => {
    userRow(seedIds.educator).videoLicenceId = null
    await openLesson(seedIds.paidLesson)
    await waitForCards()
    const add = button(editor(), 'Add session')
    expect(add).toBeDisabled()
    expect(add).toHaveAccessibleDescription(/An admin must assign you a licence/)
    expect(within(editor()).getByRole('link', { name: 'Open settings' })).toHaveAttribute(
      'href',
      paths.settings.href(),
    )
    const future = cardOf(ids.futurePaid)
    expect(button(future, 'Edit')).toBeDisabled()
    expect(button(future, 'Edit')).toHaveAccessibleDescription(
      'Changing a session needs a video-conference licence.',
    )
    // Deleting needs no licence.
    expect(button(future, 'Delete')).toBeEnabled()
  })

  it('shows the common error with a retry when the sessions cannot load', async () => {
    server.use(
      mockEndpoint(sessionCalls.listSessions, () => errorResponse(500, 'x'), { once: true }),
    )
    await openLesson(seedIds.paidLesson)
    const alert = await within(editor()).findByRole('alert')
    expect(alert).toHaveTextContent('Something went wrong. Please try again.')
    await userEvent.click(button(alert, 'Try again'))
    await waitForCards()
  })
})

describe('the lesson page of anyone else', () => {
  it('a student sees the plain sessions list, no Edit lesson link and no session buttons', async () => {
    await openLesson(seedIds.paidLesson, 'student')
    await screen.findByRole('list', { name: 'Sessions' })
    expect(screen.queryByRole('link', { name: 'Edit lesson' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add session' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument()
  })

  it('another educator does not get the owner’s tools', async () => {
    await openLesson(seedIds.paidLesson, seedIds.educator2)
    await screen.findByRole('list', { name: 'Sessions' })
    expect(screen.queryByRole('link', { name: 'Edit lesson' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add session' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument()
  })
})

describe('adding a session', () => {
  it('creates it, says so, shows it in the list and gives focus back to Add session', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.paidLesson)
    await waitForCards()
    const bodies = recordBodies(sessionCalls.createSession)
    const add = button(editor(), 'Add session')
    await user.click(add)
    const dialog = addDialog()
    // The browser's zone is the default.
    expect(field(dialog, 'Time zone')).toHaveValue('UTC')
    const date = dayAhead(40)
    await fillForm(user, dialog, {
      date,
      start: '10:00',
      end: '11:30',
      url: '  https://zoom.us/j/5550001  ',
    })
    await submit(user, dialog)

    expect(await screen.findByText('Session added')).toBeVisible()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(bodies).toEqual([
      {
        date,
        startHour: '10:00',
        endHour: '11:30',
        timezone: 'UTC',
        url: 'https://zoom.us/j/5550001',
      },
    ])
    const created = db.sessions.at(-1)!
    expect(created.start_time).toBe(`${date}T10:00:00.000Z`)
    const card = await waitFor(() => cardOf(created.id))
    expect(card).toHaveTextContent('https://zoom.us/j/5550001')
    // With the live and the future one; the past one is folded away.
    expect(within(editor()).getAllByRole('article')).toHaveLength(3)
    expect(add).toHaveFocus()
  })

  it('asks for every field, each message tied to its field', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.lessonWithoutSessions)
    const bodies = recordBodies(sessionCalls.createSession)
    await user.click(await within(editor()).findByRole('button', { name: 'Add session' }))
    const dialog = addDialog()
    await submit(user, dialog)
    expect(errorOf(firstSelect(dialog, 'Date'))).toBe('Date is required')
    expect(errorOf(firstSelect(dialog, 'Start time'))).toBe('Required')
    expect(errorOf(firstSelect(dialog, 'End time'))).toBe('Required')
    expect(errorOf(field(dialog, 'Meeting link'))).toBe('Link is required')
    expect(firstSelect(dialog, 'Date')).toHaveAttribute('aria-invalid', 'true')
    expect(field(dialog, 'Time zone')).not.toHaveAttribute('aria-invalid')
    expect(bodies).toEqual([])
  })

  it('refuses an end at or before the start', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.lessonWithoutSessions)
    await user.click(await within(editor()).findByRole('button', { name: 'Add session' }))
    const dialog = addDialog()
    const url = 'https://meet.google.com/abc-defg-hij'
    await fillForm(user, dialog, { date: dayAhead(40), start: '10:00', end: '09:00', url })
    await submit(user, dialog)
    expect(errorOf(firstSelect(dialog, 'End time'))).toBe('End time must be after start time')
    await fill(user, dialog, 'End time', '10:00')
    await submit(user, dialog)
    expect(errorOf(firstSelect(dialog, 'End time'))).toBe('End time must be after start time')
    await fill(user, dialog, 'End time', '10:01')
    await submit(user, dialog)
    expect(await screen.findByText('Session added')).toBeVisible()
  })

  it('refuses a start in the past', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.lessonWithoutSessions)
    await user.click(await within(editor()).findByRole('button', { name: 'Add session' }))
    const dialog = addDialog()
    const url = 'https://zoom.us/j/1'
    // Today at midnight (yesterday may be last year, which the date field does not offer).
    await fillForm(user, dialog, { date: dayAhead(0), start: '00:00', end: '01:00', url })
    await submit(user, dialog)
    expect(errorOf(firstSelect(dialog, 'Start time'))).toBe('The session must start in the future')
  })

  it.each([
    ['a look-alike host', 'https://zoom.us.evil.example/j/123'],
    ['a Zoom link in the query string', 'https://evil.example/?next=https://zoom.us/j/123'],
    ['a user-info trick', 'https://zoom.us@evil.example/j/123'],
    ['plain http', 'http://zoom.us/j/123'],
    ['another provider', 'https://teams.microsoft.com/l/meetup-join/1'],
    ['a malformed Meet code', 'https://meet.google.com/abcdefghij'],
    ['not a link', 'zoom meeting tomorrow'],
  ])('refuses %s as the meeting link', async (_case, url) => {
    const user = userEvent.setup()
    await openLesson(seedIds.lessonWithoutSessions)
    const bodies = recordBodies(sessionCalls.createSession)
    await user.click(await within(editor()).findByRole('button', { name: 'Add session' }))
    const dialog = addDialog()
    await fillForm(user, dialog, { date: dayAhead(40), start: '10:00', end: '11:00', url })
    await submit(user, dialog)
    expect(errorOf(field(dialog, 'Meeting link'))).toBe(
      'Only Zoom or Google Meet meeting links are accepted',
    )
    expect(bodies).toEqual([])
  })

  it('shows its messages in Japanese', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.lessonWithoutSessions)
    await user.selectOptions(screen.getByLabelText('Language'), 'jp-JP')
    await user.click(await screen.findByRole('button', { name: 'セッションを追加' }))
    const dialog = screen.getByRole('dialog', { name: 'セッションを追加' })
    await user.click(within(dialog).getByRole('button', { name: 'セッションを追加' }))
    expect(errorOf(firstSelect(dialog, '日付'))).toBe('日付は必須です')
    expect(errorOf(field(dialog, 'ミーティングリンク'))).toBe('リンクは必須です')
  })

  it('shows the overlap message on a 409 and keeps the dialog open with its values', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.paidLesson)
    await waitForCards()
    // When the future session already is, in the zone it was scheduled in.
    const taken = sessionRow(ids.futurePaid)
    const from = utcToZoned(taken.start_time, taken.timezone)
    const to = halfHourInto(taken)
    await user.click(button(editor(), 'Add session'))
    const dialog = addDialog()
    await fillForm(user, dialog, {
      date: from.date,
      start: from.time,
      end: to.time,
      url: 'https://zoom.us/j/42',
      zone: taken.timezone,
    })
    await submit(user, dialog)
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent(
      'Probably, sessions overlap. Please check the session date again',
    )
    // Where the educator is when sending it, the end of the form: after the link, before the buttons.
    const following = (from: Node, to: Node) =>
      Boolean(from.compareDocumentPosition(to) & Node.DOCUMENT_POSITION_FOLLOWING)
    expect(following(field(dialog, 'Meeting link'), alert)).toBe(true)
    expect(following(alert, within(dialog).getByRole('button', { name: 'Cancel' }))).toBe(true)
    expect(groupValue(dialog, 'Date')).toBe(from.date)
    expect(groupValue(dialog, 'Start time')).toBe(from.time)
    expect(field(dialog, 'Time zone')).toHaveValue(taken.timezone)
    expect(field(dialog, 'Meeting link')).toHaveValue('https://zoom.us/j/42')
    expect(within(editor()).getAllByRole('article')).toHaveLength(2)
  })

  it('shows the overlap message in Japanese too', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.paidLesson)
    await waitForCards()
    await user.selectOptions(screen.getByLabelText('Language'), 'jp-JP')
    const taken = sessionRow(ids.futurePaid)
    const from = utcToZoned(taken.start_time, taken.timezone)
    const to = halfHourInto(taken)
    await user.click(await screen.findByRole('button', { name: 'セッションを追加' }))
    const dialog = screen.getByRole('dialog', { name: 'セッションを追加' })
    await fill(user, dialog, '日付', from.date)
    await fill(user, dialog, '開始時刻', from.time)
    await fill(user, dialog, '終了時刻', to.time)
    await user.selectOptions(field(dialog, 'タイムゾーン'), taken.timezone)
    await fill(user, dialog, 'ミーティングリンク', 'https://zoom.us/j/42')
    await user.click(within(dialog).getByRole('button', { name: 'セッションを追加' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'セッションが重複している可能性があります。セッションの日付をもう一度確認してください',
    )
  })

  it('shows the generic error with the server’s reason otherwise', async () => {
    const user = userEvent.setup()
    server.use(
      mockEndpoint(sessionCalls.createSession, () =>
        errorResponse(403, MESSAGES.sessions.noVideoLicence),
      ),
    )
    await openLesson(seedIds.lessonWithoutSessions)
    await user.click(await within(editor()).findByRole('button', { name: 'Add session' }))
    const dialog = addDialog()
    await fillForm(user, dialog, {
      date: dayAhead(40),
      start: '08:00',
      end: '09:00',
      url: 'https://zoom.us/j/7',
    })
    await submit(user, dialog)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `Error creating, updating and deleting session: ${i18n.t('api.sessions.noVideoLicence')}`,
    )
    expect(groupValue(dialog, 'End time')).toBe('09:00')

    server.use(mockEndpoint(sessionCalls.createSession, () => new Response(null, { status: 500 })))
    await submit(user, dialog)
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        /^Error creating, updating and deleting session$/,
      ),
    )
  })

  it('closes on Escape and on Cancel, giving focus back to Add session', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.paidLesson)
    await waitForCards()
    const add = button(editor(), 'Add session')
    await user.click(add)
    expect(addDialog()).toBeVisible()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(add).toHaveFocus()

    await user.click(add)
    await fill(user, addDialog(), 'Meeting link', 'https://zoom.us/j/1')
    await user.click(button(addDialog(), 'Cancel'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(add).toHaveFocus()
    // The next opening starts empty.
    await user.click(add)
    expect(field(addDialog(), 'Meeting link')).toHaveValue('')
  })
})

describe('choosing the time zone', () => {
  it('finds zones by a search, keeps the chosen one offered, and Enter submits nothing', async () => {
    const user = userEvent.setup()
    await openLesson(seedIds.paidLesson)
    await waitForCards()
    await user.click(button(editor(), 'Add session'))
    const dialog = addDialog()
    const zones = field(dialog, 'Time zone')
    const offered = () =>
      within(zones)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value'))
    // The viewer's zone comes first, read by its offset and its name.
    expect(within(zones).getAllByRole('option')[0]).toHaveTextContent(
      'UTC+00:00 Coordinated Universal Time',
    )
    expect(offered().length).toBeGreaterThan(300)
    expect(within(dialog).getByRole('status')).toBeEmptyDOMElement()

    await user.type(field(dialog, 'Find a time zone'), 'tokyo{Enter}')
    expect(firstSelect(dialog, 'Date')).not.toHaveAttribute('aria-invalid')
    expect(within(dialog).getByRole('status')).toHaveTextContent('1 time zone matches')
    expect(offered()).toEqual(['UTC', 'Asia/Tokyo'])
    await user.selectOptions(zones, 'Asia/Tokyo')
    expect(zones).toHaveValue('Asia/Tokyo')
    expect(within(zones).getByRole('option', { selected: true })).toHaveTextContent(
      'UTC+09:00 Japan Standard Time (Tokyo)',
    )

    await user.clear(field(dialog, 'Find a time zone'))
    await user.type(field(dialog, 'Find a time zone'), 'nowhere')
    expect(within(dialog).getByRole('status')).toHaveTextContent('0 time zones match')
    expect(offered()).toEqual(['Asia/Tokyo'])
    expect(zones).toHaveValue('Asia/Tokyo')
  })
})
