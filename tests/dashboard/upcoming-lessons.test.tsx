import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as lessons from '@contract/descriptors/lessons'
import { JOIN_WINDOW_MS } from '@contract/rules'
import { db, seedIds } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { paths } from '@/shared/config/paths'
import { formatDate, formatTime, zonedTimes } from '@/shared/i18n/format'
import { holdCalls } from '@tests/hold-calls'
import { renderApp } from '@tests/render-app'
import { isCallOf } from '@tests/request-log'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const URL = paths.upcomingLessons.href()

const rows = () =>
  within(screen.getByRole('list', { name: 'Upcoming sessions' })).getAllByRole('listitem')
const lessonOf = (lessonId: number) => db.lessons.find((lesson) => lesson.id === lessonId)!
const sessionById = (id: number) => db.sessions.find((session) => session.id === id)!
const isMine = (session: { lessonId: number }) =>
  lessonOf(session.lessonId).ownerId === seedIds.educator
/** The educator's sessions that have not ended, soonest first, as the screen should list them. */
const expectedSessions = () =>
  db.sessions
    .filter((session) => isMine(session) && Date.parse(session.end_time) > Date.now())
    .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time))

/** Moves a session to start `startIn` ms from now and last `length` ms. */
const schedule = (sessionId: number, startIn: number, length = HOUR) => {
  const session = sessionById(sessionId)
  session.start_time = new Date(Date.now() + startIn).toISOString()
  session.end_time = new Date(Date.now() + startIn + length).toISOString()
}

/** Moves the fake clock inside an async act, so React settles every update it causes. */
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms)
    return Promise.resolve()
  })

const originalZone = process.env.TZ

afterEach(() => {
  server.events.removeAllListeners()
  vi.useRealTimers()
  process.env.TZ = originalZone
})

describe("the educator's upcoming lessons (§2 /upcoming-lessons)", () => {
  it('lists the sessions the educator teaches, soonest first, with date, times and seats', async () => {
    await renderApp(undefined, { user: 'educator', url: URL })
    expect(screen.getByRole('heading', { name: 'Upcoming lessons', level: 1 })).toBeVisible()
    await waitFor(() => expect(rows()).toHaveLength(6))
    const expected = expectedSessions()
    expect(expected).toHaveLength(6)
    rows().forEach((row, index) => {
      const session = expected[index]!
      const lesson = lessonOf(session.lessonId)
      expect(within(row).getByRole('link', { name: lesson.title })).toHaveAttribute(
        'href',
        `/lesson/${lesson.id}`,
      )
      expect(row).toHaveTextContent(formatDate(session.start_time, 'en-US'))
      expect(row).toHaveTextContent(
        `${formatTime(session.start_time)} – ${zonedTimes(session.start_time, session.end_time, 'en-US').end}`,
      )
      const taken = db.enrollments.filter((seat) => seat.sessionId === session.id).length
      expect(row).toHaveTextContent(`Seats taken: ${taken} / ${lesson.max_slots}`)
    })
    expect(rows().map((row) => within(row).getAllByRole('link')[0]!.textContent)).toEqual([
      'Conversational Japanese for Beginners',
      'Conversational Japanese for Beginners',
      'TypeScript from Scratch',
      'Introduction to Physics',
      'Geometry Puzzles',
      'Sushi Workshop',
    ])
    // The live session: 1 of 5 seats taken, joinable; the others not yet.
    expect(rows()[0]).toHaveTextContent('Seats taken: 1 / 5')
    expect(within(rows()[0]!).getByText('Live now')).toBeVisible()
    expect(
      within(rows()[0]!).getByRole('link', {
        name: 'Join Conversational Japanese for Beginners (opens in a new tab)',
      }),
    ).toHaveAttribute('href', sessionById(seedIds.sessions.live).url)
    const later = within(rows()[1]!).getByRole('button', { name: 'Join' })
    expect(later).toBeDisabled()
    expect(later).toHaveAccessibleDescription('You can join from 5 minutes before the start.')
    // Another educator's sessions and ended ones are not there.
    expect(screen.queryByRole('link', { name: 'Algebra Basics' })).not.toBeInTheDocument()
  })

  it('never links a session to a stored meeting url that is not http(s), and says why', async () => {
    sessionById(seedIds.sessions.live).url = 'data:text/html,<script>alert(1)</script>'
    await renderApp(undefined, { user: 'educator', url: URL })
    await waitFor(() => expect(rows()).toHaveLength(6))
    const live = rows()[0]!
    expect(within(live).getByText('Live now')).toBeVisible()
    expect(within(live).queryByRole('link', { name: /^Join/ })).not.toBeInTheDocument()
    const join = within(live).getByRole('button', { name: 'Join' })
    expect(join).toBeDisabled()
    expect(join).toHaveAccessibleDescription(
      'This link is not a web address (only http and https links open), so it is unavailable.',
    )
  })

  it("shows dates and times in the viewer's time zone, and says whose: the browser's", async () => {
    const sushi = db.sessions.find(
      (session) => isMine(session) && lessonOf(session.lessonId).title === 'Sushi Workshop',
    )!
    // A summer evening in UTC two years ahead (after every other session, whatever today is):
    // already the next morning in Tokyo, summer time in Los Angeles.
    const year = new Date().getUTCFullYear() + 2
    sushi.start_time = `${year}-07-01T20:00:00.000Z`
    sushi.end_time = `${year}-07-01T21:30:00.000Z`
    process.env.TZ = 'Asia/Tokyo'
    const first = await renderApp(undefined, { user: 'educator', url: URL })
    await waitFor(() => expect(rows()).toHaveLength(6))
    expect(rows()[5]).toHaveTextContent(`2 July ${year}`)
    expect(rows()[5]).toHaveTextContent('05:00 – 06:30 Japan Time(1 hr 30 min)')
    // Not the account's time zone (the one Settings changes and the earnings use).
    expect(
      screen.getByText(
        "Your sessions that have not ended yet, soonest first, in this browser's time zone.",
      ),
    ).toBeVisible()
    first.unmount()

    process.env.TZ = 'America/Los_Angeles'
    await renderApp(undefined, { user: 'educator', url: URL })
    await waitFor(() => expect(rows()).toHaveLength(6))
    expect(rows()[5]).toHaveTextContent(`1 July ${year}`)
    expect(rows()[5]).toHaveTextContent('13:00 – 14:30 PDT(1 hr 30 min)')
  })

  it('offers the join button from exactly 5 minutes before the start, and at the start', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    // Only one session soon: the live one has ended, the next starts in 10 minutes.
    schedule(seedIds.sessions.live, -3 * HOUR)
    schedule(seedIds.sessions.futurePaid, 10 * MINUTE)
    const soon = sessionById(seedIds.sessions.futurePaid)
    const start = Date.parse(soon.start_time)
    const joinName = 'Join Conversational Japanese for Beginners (opens in a new tab)'
    await renderApp(undefined, { user: 'educator', url: URL })
    await waitFor(() => expect(rows()).toHaveLength(5))
    const row = () => rows()[0]!
    expect(within(row()).getByRole('button', { name: 'Join' })).toBeDisabled()

    // A second before the window opens: still closed.
    await advance(start - JOIN_WINDOW_MS - 1_000 - Date.now())
    expect(within(row()).getByRole('button', { name: 'Join' })).toBeDisabled()
    expect(within(row()).queryByRole('link', { name: joinName })).not.toBeInTheDocument()

    // Exactly 5:00 before the start the window opens.
    await advance(start - JOIN_WINDOW_MS - Date.now())
    const join = within(row()).getByRole('link', { name: joinName })
    expect(join).toHaveAttribute('href', soon.url)
    expect(join).toHaveAttribute('target', '_blank')
    expect(join).toHaveAttribute('rel', expect.stringContaining('noopener'))
    expect(within(row()).queryByRole('button', { name: 'Join' })).not.toBeInTheDocument()
    expect(within(row()).queryByText('Live now')).not.toBeInTheDocument()

    // At the start: live, still joinable.
    await advance(start - Date.now())
    expect(within(row()).getByText('Live now')).toBeVisible()
    expect(within(row()).getByRole('link', { name: joinName })).toHaveAttribute('href', soon.url)

    // After its end it leaves the list.
    await advance(Date.parse(soon.end_time) - Date.now())
    await waitFor(() => expect(rows()).toHaveLength(4))
    expect(within(rows()[0]!).getByRole('link', { name: 'TypeScript from Scratch' })).toBeVisible()
  })

  it('asks the API again when a session changes phase', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    schedule(seedIds.sessions.live, -3 * HOUR)
    schedule(seedIds.sessions.futurePaid, 10 * MINUTE)
    let calls = 0
    server.events.on('request:start', ({ request }) => {
      if (isCallOf(lessons.upcomingLessons, request)) calls += 1
    })
    await renderApp(undefined, { user: 'educator', url: URL })
    await waitFor(() => expect(rows()).toHaveLength(5))
    expect(calls).toBe(1)
    await advance(5 * MINUTE)
    await waitFor(() => expect(calls).toBe(2))
    // No loop: the fresh answer does not cause another request.
    await advance(1_000)
    expect(calls).toBe(2)
  })

  it('pages through more sessions than fit on a page, keeping the page in the URL', async () => {
    const lessonId = seedIds.lessonWithoutSessions
    for (let index = 1; index <= 20; index += 1) {
      db.sessions.push({
        id: 700 + index,
        lessonId,
        start_time: new Date(Date.now() + (40 + index) * DAY).toISOString(),
        end_time: new Date(Date.now() + (40 + index) * DAY + HOUR).toISOString(),
        timezone: 'Asia/Tokyo',
        url: 'https://zoom.us/j/1234567890',
        decision: 'unconditional',
        decisionAt: null,
      })
    }
    const { router } = await renderApp(undefined, { user: 'educator', url: URL })
    await waitFor(() => expect(rows()).toHaveLength(20))
    const pages = screen.getByRole('navigation', { name: 'Pages of upcoming sessions' })
    expect(pages).toHaveTextContent('Page 1 of 2')
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(rows()).toHaveLength(6))
    expect(router.state.location.search).toBe('?page=2')
    const last = sessionById(720)
    expect(rows()[5]).toHaveTextContent(formatDate(last.start_time, 'en-US'))
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }))
    await waitFor(() => expect(rows()).toHaveLength(20))
    expect(router.state.location.search).toBe('')
  })

  it('says so when nothing is coming up, with a way to the lessons', async () => {
    db.sessions = db.sessions.filter((session) => !isMine(session))
    await renderApp(undefined, { user: 'educator', url: URL })
    expect(await screen.findByText('No upcoming sessions.')).toBeVisible()
    expect(screen.queryByRole('list', { name: 'Upcoming sessions' })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('link', { name: 'Go to my lessons' }))
    expect(await screen.findByRole('heading', { name: 'My lessons', level: 1 })).toBeVisible()
  })

  it('says it is loading while the sessions are on their way', async () => {
    const held = holdCalls(lessons.upcomingLessons)
    await renderApp(undefined, { user: 'educator', url: URL, waitForLoad: false })
    await screen.findByRole('heading', { name: 'Upcoming lessons', level: 1 })
    expect(screen.getByRole('status')).toHaveTextContent('Loading…')
    await held.release()
    await waitFor(() => expect(rows()).toHaveLength(6))
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('says so when the sessions cannot load, and loads them again on retry', async () => {
    server.use(
      mockEndpoint(lessons.upcomingLessons, () => errorResponse(500, 'down'), { once: true }),
    )
    await renderApp(undefined, { user: 'educator', url: URL })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Your upcoming sessions could not be loaded.')
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(rows()).toHaveLength(6))
  })

  it('reads in Japanese, with Japanese dates, under jp-JP', async () => {
    await renderApp(undefined, { user: 'educator', url: URL })
    await waitFor(() => expect(rows()).toHaveLength(6))
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'jp-JP')
    expect(await screen.findByRole('heading', { name: '今後のレッスン', level: 1 })).toBeVisible()
    const list = screen.getByRole('list', { name: '今後のセッション' })
    const [live, next] = within(list).getAllByRole('listitem')
    const session = expectedSessions()[1]!
    const date = formatDate(session.start_time, 'jp-JP')
    expect(date).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日$/)
    expect(next).toHaveTextContent(date)
    expect(next).toHaveTextContent('予約済みの席：')
    expect(within(next!).getByRole('button', { name: '参加する' })).toBeDisabled()
    expect(live).toHaveTextContent('ただいま開催中')
  })

  it('is for educators: a student is sent to the unauthorized page', async () => {
    await renderApp(undefined, { user: 'student', url: URL })
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeVisible()
  })

  it('is reached from the navigation', async () => {
    const { router } = await renderApp(undefined, { user: 'educator' })
    await userEvent.click(screen.getByRole('link', { name: 'Upcoming lessons' }))
    expect(await screen.findByRole('heading', { name: 'Upcoming lessons', level: 1 })).toBeVisible()
    expect(router.state.location.pathname).toBe(URL)
    await waitFor(() => expect(rows()).toHaveLength(6))
  })
})
