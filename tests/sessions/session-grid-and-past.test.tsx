import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SessionList } from '@/features/sessions/components/session-list'
import { db, type DbSession, seedIds } from '@/mocks/db'
import { i18n } from '@/shared/i18n/i18n'
import { paths } from '@/shared/config/paths'
import { renderApp, type TestUser } from '@tests/render-app'
import { cardName, editor, lessonRow, pinViewerZoneToUtc } from './sessions-editor-helpers'

/**
 * A lesson's sessions: the upcoming ones first, soonest first, in a grid whose columns follow the
 * space it has (beside the booking panel, not the window); the past ones after them, behind a
 * "Past sessions" button, without seat counts. The owner's editor lists them the same way.
 */
const { sessions: ids } = seedIds
const HOUR = 3_600_000
const DAY = 24 * HOUR
pinViewerZoneToUtc()

const addSession = (lessonId: number, startsIn: number, overrides: Partial<DbSession> = {}) => {
  const id = Math.max(...db.sessions.map((row) => row.id)) + 1
  db.sessions.push({
    id,
    lessonId,
    start_time: new Date(Date.now() + startsIn).toISOString(),
    end_time: new Date(Date.now() + startsIn + HOUR).toISOString(),
    timezone: 'UTC',
    url: 'https://zoom.us/j/1234567890',
    decision: 'unconditional',
    decisionAt: null,
    ...overrides,
  })
  return id
}

const renderList = (lessonId: number, user: TestUser | null = null) =>
  renderApp(<SessionList lessonId={lessonId} lessonTitle={lessonRow(lessonId).title} />, {
    user,
    url: `/lesson/${lessonId}`,
    path: '/lesson/:id',
  })

const upcomingList = () => screen.getByRole('list', { name: 'Sessions' })
const pastToggle = () => screen.getByRole('button', { name: /^Past sessions/ })
const pastList = () => screen.getByRole('list', { name: 'Past sessions' })
const namesIn = (list: HTMLElement) =>
  within(list)
    .getAllByRole('article', { hidden: true })
    .map((card) => card.getAttribute('aria-label'))

describe("a lesson's sessions grid", () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('lists the upcoming sessions first, soonest first, the past ones behind a toggle', async () => {
    const user = userEvent.setup()
    const older = addSession(seedIds.paidLesson, -10 * DAY)
    await renderList(seedIds.paidLesson)
    await waitFor(() => expect(namesIn(upcomingList())).toHaveLength(2))
    expect(namesIn(upcomingList())).toEqual([cardName(ids.live), cardName(ids.futurePaid)])
    // Collapsed at first: a real button that says so.
    const toggle = pastToggle()
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(toggle).toHaveAccessibleName('Past sessions (2)')
    expect(screen.queryByRole('list', { name: 'Past sessions' })).not.toBeInTheDocument()
    expect(screen.queryByRole('article', { name: cardName(ids.past) })).not.toBeInTheDocument()

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(toggle).toHaveAttribute('aria-controls', pastList().id)
    // Latest first.
    expect(namesIn(pastList())).toEqual([cardName(ids.past), cardName(older)])
    const past = within(pastList()).getByRole('article', { name: cardName(ids.past) })
    expect(past).toHaveTextContent('Ended')
    expect(past).not.toHaveTextContent('Closed')
    expect(past).not.toHaveTextContent('Seats left')
    expect(past).toHaveTextContent('This session has ended.')

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('list', { name: 'Past sessions' })).not.toBeInTheDocument()
  })

  it('keeps the seat counts on the upcoming sessions', async () => {
    await renderList(seedIds.paidLesson, 'student')
    await waitFor(() => expect(namesIn(upcomingList())).toHaveLength(2))
    const future = screen.getByRole('article', { name: cardName(ids.futurePaid) })
    expect(future).toHaveTextContent('Seats left')
  })

  it('says when no session is upcoming, and still offers the past ones', async () => {
    const user = userEvent.setup()
    const lessonId = seedIds.paidLesson
    // Only its ended session is left.
    db.sessions = db.sessions.filter(
      (row) => row.lessonId !== lessonId || Date.parse(row.end_time) <= Date.now(),
    )
    await renderList(lessonId)
    expect(await screen.findByText('No session of this lesson is coming up.')).toBeVisible()
    expect(screen.queryByRole('list', { name: 'Sessions' })).not.toBeInTheDocument()
    await user.click(pastToggle())
    expect(namesIn(pastList())).toEqual([cardName(ids.past)])
  })

  it('moves a session to the past ones at the instant it ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const live = db.sessions.find((row) => row.id === ids.live)!
    const endsIn = Date.parse(live.end_time) - Date.now()
    await renderList(seedIds.paidLesson)
    await waitFor(() => expect(namesIn(upcomingList())).toHaveLength(2))
    expect(pastToggle()).toHaveAccessibleName('Past sessions (1)')
    await act(() => vi.advanceTimersByTime(endsIn + 1))
    await waitFor(() => expect(pastToggle()).toHaveAccessibleName('Past sessions (2)'))
    expect(namesIn(upcomingList())).toEqual([cardName(ids.futurePaid)])
  })

  it('lays out its columns by the space it has, not by the window', async () => {
    await renderList(seedIds.freeLesson)
    await waitFor(() => expect(namesIn(upcomingList())).toHaveLength(3))
    const grid = upcomingList()
    expect(grid).toHaveClass(
      'grid-cols-1',
      '@xl:grid-cols-2',
      '@4xl:grid-cols-3',
      '@6xl:grid-cols-4',
    )
    expect(grid.className).not.toMatch(/(^|\s)(sm|md|lg|xl|xxl):grid-cols/)
    expect(grid.parentElement?.closest('.\\@container')).not.toBeNull()
  })

  it('says it in Japanese', async () => {
    await renderList(seedIds.paidLesson)
    await waitFor(() => expect(namesIn(upcomingList())).toHaveLength(2))
    await act(() => i18n.changeLanguage('jp-JP'))
    expect(screen.getByRole('button', { name: '過去のセッション（1）' })).toBeInTheDocument()
  })
})

describe("the owner's sessions editor", () => {
  const openAsOwner = async () => {
    await renderApp(undefined, {
      url: paths.lesson.detail.href(seedIds.paidLesson),
      user: 'educator',
    })
    await screen.findByRole('heading', { level: 1, name: lessonRow(seedIds.paidLesson).title })
    await waitFor(() => expect(within(editor()).getAllByRole('article')).not.toHaveLength(0))
  }

  it('lists the upcoming sessions first and the past ones behind the same toggle', async () => {
    const user = userEvent.setup()
    await openAsOwner()
    const upcoming = within(editor()).getByRole('list', { name: 'Sessions' })
    expect(namesIn(upcoming)).toEqual([cardName(ids.live), cardName(ids.futurePaid)])
    const toggle = within(editor()).getByRole('button', { name: 'Past sessions (1)' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    const past = within(editor()).getByRole('list', { name: 'Past sessions' })
    const card = within(past).getByRole('article', { name: cardName(ids.past) })
    expect(card).toHaveTextContent('Ended')
    expect(within(card).getByRole('button', { name: 'Edit' })).toHaveAccessibleDescription(
      'This session has ended: it can no longer be changed or deleted.',
    )
  })

  it('uses the same grid by its space', async () => {
    await openAsOwner()
    const upcoming = within(editor()).getByRole('list', { name: 'Sessions' })
    expect(upcoming).toHaveClass('@xl:grid-cols-2')
    expect(upcoming.parentElement?.closest('.\\@container')).not.toBeNull()
  })
})

describe("the owner's session card", () => {
  beforeEach(() => {
    const long = `https://zoom.us/j/${'9'.repeat(11)}?pwd=${'a1B2c3D4e5'.repeat(6)}`
    db.sessions.find((row) => row.id === ids.futurePaid)!.url = long
  })

  it('cuts a long meeting link short, with the whole link on hover and as its name', async () => {
    await renderApp(undefined, {
      url: paths.lesson.detail.href(seedIds.paidLesson),
      user: 'educator',
    })
    await waitFor(() => expect(within(editor()).getAllByRole('article')).not.toHaveLength(0))
    const url = db.sessions.find((row) => row.id === ids.futurePaid)!.url
    const card = within(editor()).getByRole('article', { name: cardName(ids.futurePaid) })
    const link = within(card).getByRole('link', { name: url })
    expect(link).toHaveAttribute('title', url)
    expect(link).toHaveAttribute('href', url)
    // One line with an ellipsis, not broken letter by letter; whole again on keyboard focus.
    expect(link).toHaveClass('truncate')
    expect(link.className).not.toMatch(/break-all/)
    expect(link.closest('dd')?.className ?? '').not.toMatch(/break-all/)
    // "30 min", "1 hr": a length never wraps inside.
    expect(within(card).getByText(/\d+\s*(min|hr)/)).toHaveClass('whitespace-nowrap')
  })
})
