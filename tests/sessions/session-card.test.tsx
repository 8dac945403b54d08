import type { Session } from '@contract/index'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SessionCard, type SessionViewer } from '@/features/sessions/components/session-card'
import { i18n } from '@/shared/i18n/i18n'
import { formatDate, formatTime, zonedTimes } from '@/shared/i18n/format'
import { renderApp } from '@tests/render-app'

const MINUTE = 60_000
const NOW = new Date('2030-03-14T09:00:00.000Z').getTime()
const URL_ZOOM = 'https://zoom.us/j/1234567890'

/** A session of lesson 1 starting `startsIn` ms after NOW and lasting an hour. */
const craft = (startsIn: number, overrides: Partial<Session> = {}): Session => ({
  id: 42,
  lessonId: 1,
  type: 'enrolled',
  start_time: new Date(NOW + startsIn).toISOString(),
  end_time: new Date(NOW + startsIn + 60 * MINUTE).toISOString(),
  timezone: 'Asia/Tokyo',
  url: URL_ZOOM,
  availableSlots: 2,
  enrolledCount: 1,
  fullPrice: 2000,
  paidPrice: null,
  disabled: false,
  decision: 'unconditional',
  decidesAt: null,
  seatsNeeded: 0,
  educatorDeactivated: false,
  waitingCount: 0,
  waitlistPlace: null,
  ...overrides,
})

const renderCard = (
  session: Session,
  viewer: SessionViewer = 'student',
  onOutdated: () => void = () => {},
) =>
  renderApp(
    <SessionCard
      session={session}
      lessonTitle="Conversational Japanese"
      viewer={viewer}
      onOutdated={onOutdated}
    />,
    { url: '/lesson/1', path: '/lesson/:id', waitForLoad: false },
  )

const card = () => screen.getByRole('article')
const joinButton = () => within(card()).queryByRole('button', { name: 'Join' })
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms))
const fakeAllTimers = () => {
  vi.useRealTimers()
  vi.useFakeTimers()
  vi.setSystemTime(NOW)
}

describe('a session card', () => {
  // The clock stands still at NOW; the tests of the join window's edges also drive the timers.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows the date, times, price and seats left, named by its date and times', async () => {
    const session = craft(2 * 24 * 60 * MINUTE, { type: 'open', url: null })
    await renderCard(session)
    const date = formatDate(session.start_time, 'en-US')
    const start = formatTime(session.start_time)
    const end = zonedTimes(session.start_time, session.end_time, 'en-US').end
    expect(
      screen.getByRole('article', { name: `Session on ${date}, ${start} – ${end}` }),
    ).toBeInTheDocument()
    expect(within(card()).getByRole('heading', { name: date })).toBeInTheDocument()
    expect(card()).toHaveTextContent(`${start} – ${end}`)
    expect(card()).toHaveTextContent('Price$20.00')
    expect(card()).toHaveTextContent('Seats left2')
    expect(card()).toHaveTextContent('Open')
  })

  describe('the join window of an enrolled session', () => {
    it('5:01 before the start: no join button, a disabled Enrolled button and the calendar', async () => {
      await renderCard(craft(5 * MINUTE + 1000))
      expect(card()).toHaveTextContent('Enrolled')
      expect(joinButton()).not.toBeInTheDocument()
      expect(within(card()).getByRole('button', { name: 'Enrolled' })).toBeDisabled()
      expect(within(card()).getByRole('button', { name: 'Add to calendar' })).toBeEnabled()
    })

    it('the join button appears at 5:00 before the start without a reload', async () => {
      fakeAllTimers()
      await renderCard(craft(5 * MINUTE + 1000))
      await advance(999)
      expect(joinButton()).not.toBeInTheDocument()
      await advance(1)
      expect(joinButton()).toBeEnabled()
      expect(within(card()).queryByRole('button', { name: 'Enrolled' })).not.toBeInTheDocument()
    })

    it('4:59 before the start: the join button opens the meeting in a new tab', async () => {
      const open = vi.spyOn(window, 'open').mockReturnValue(null)
      await renderCard(craft(5 * MINUTE - 1000))
      const user = userEvent.setup()
      await user.click(joinButton()!)
      expect(open).toHaveBeenCalledWith(URL_ZOOM, '_blank', 'noopener,noreferrer')
    })

    it('adds https:// to a meeting link without a scheme', async () => {
      const open = vi.spyOn(window, 'open').mockReturnValue(null)
      await renderCard(craft(MINUTE, { url: 'zoom.us/j/1234567890' }))
      const user = userEvent.setup()
      await user.click(joinButton()!)
      expect(open).toHaveBeenCalledWith(URL_ZOOM, '_blank', 'noopener,noreferrer')
    })

    it.each([
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(document.cookie)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/j/1',
    ])('never opens a stored meeting link that is not http(s): %j', async (url) => {
      const open = vi.spyOn(window, 'open').mockReturnValue(null)
      await renderCard(craft(MINUTE, { url }))
      expect(joinButton()).toBeDisabled()
      expect(card()).toHaveTextContent(
        'This link is not a web address (only http and https links open), so it is unavailable.',
      )
      const user = userEvent.setup()
      await user.click(joinButton()!)
      expect(open).not.toHaveBeenCalled()
    })

    it('offers Unenroll until the very instant the session starts, then says why not', async () => {
      fakeAllTimers()
      await renderCard(craft(1))
      expect(within(card()).getByRole('button', { name: 'Unenroll' })).toBeEnabled()
      expect(card()).not.toHaveTextContent('Unenrolling and refunds ended')
      await advance(1)
      expect(within(card()).queryByRole('button', { name: 'Unenroll' })).not.toBeInTheDocument()
      expect(card()).toHaveTextContent('Unenrolling and refunds ended when it started.')
    })

    it('no Unenroll for a live session, with the reason', async () => {
      await renderCard(craft(-MINUTE, { type: 'live' }))
      expect(within(card()).queryByRole('button', { name: 'Unenroll' })).not.toBeInTheDocument()
      expect(card()).toHaveTextContent('Unenrolling and refunds ended when it started.')
    })

    it('at the start the join button is still there; just after, the list is asked again', async () => {
      fakeAllTimers()
      const onOutdated = vi.fn()
      await renderCard(craft(0), 'student', onOutdated)
      expect(joinButton()).toBeEnabled()
      expect(onOutdated).not.toHaveBeenCalled()
      await advance(1)
      expect(joinButton()).not.toBeInTheDocument()
      expect(within(card()).getByRole('button', { name: 'Enrolled' })).toBeDisabled()
      expect(onOutdated).toHaveBeenCalledTimes(1)
    })
  })

  it('closed: label and a disabled enroll button; none for educators', async () => {
    // Under way without a seat (one that has ended says so instead: session-notes.test.tsx).
    const session = craft(-10 * MINUTE, { type: 'closed', url: null })
    const { unmount } = await renderCard(session, 'student')
    expect(card()).toHaveTextContent('Closed')
    expect(within(card()).getByRole('button', { name: 'Enroll' })).toBeDisabled()
    unmount()
    await renderCard(session, 'staff')
    expect(card()).toHaveTextContent('Closed')
    expect(within(card()).queryByRole('button')).not.toBeInTheDocument()
  })

  it('open and paid for a student: enroll opens the payment slot, or is disabled without one', async () => {
    const session = craft(60 * MINUTE, { type: 'open', url: null })
    const { unmount } = await renderCard(session, 'student')
    expect(within(card()).getByRole('button', { name: 'Enroll' })).toBeDisabled()
    unmount()
    await renderApp(
      <SessionCard
        session={session}
        lessonTitle="Conversational Japanese"
        viewer="student"
        renderPayment={(paid, close) => (
          <button type="button" onClick={close}>
            {`Pay for ${paid.id}`}
          </button>
        )}
      />,
      { url: '/lesson/1', path: '/lesson/:id', waitForLoad: false },
    )
    expect(screen.queryByRole('button', { name: 'Pay for 42' })).not.toBeInTheDocument()
    vi.useRealTimers()
    await userEvent.click(within(card()).getByRole('button', { name: 'Enroll' }))
    await userEvent.click(screen.getByRole('button', { name: 'Pay for 42' }))
    expect(screen.queryByRole('button', { name: 'Pay for 42' })).not.toBeInTheDocument()
  })

  it('open for an educator or admin: no enroll button', async () => {
    await renderCard(craft(60 * MINUTE, { type: 'open', url: null }), 'staff')
    expect(card()).toHaveTextContent('Open')
    expect(within(card()).queryByRole('button')).not.toBeInTheDocument()
  })

  it('open for a guest: enroll shows an error toast naming the lesson and goes to login', async () => {
    const { router } = await renderCard(craft(60 * MINUTE, { type: 'open', url: null }), 'guest')
    const user = userEvent.setup()
    await user.click(within(card()).getByRole('button', { name: 'Enroll' }))
    expect(router.state.location.pathname).toBe('/auth/login')
    expect(router.state.location.state).toEqual({ from: '/lesson/1' })
    expect(await screen.findByText('Log in to enroll in “Conversational Japanese”')).toBeVisible()
  })

  it('disabled (no seat left): half transparent, out of slots instead of the label; its waitlist at hand', async () => {
    await renderCard(
      craft(60 * MINUTE, { type: 'open', url: null, disabled: true, availableSlots: 0 }),
      'guest',
    )
    // The session's facts fade; the way into its waitlist does not.
    expect(card().firstElementChild).toHaveClass('opacity-50')
    expect(card()).toHaveTextContent('Out of slots')
    expect(card()).not.toHaveTextContent('Open')
    expect(within(card()).getByRole('button', { name: 'Join the waitlist' })).toBeEnabled()
    expect(within(card()).queryByRole('button', { name: 'Enroll' })).not.toBeInTheDocument()
  })

  it('an enabled session is not transparent', async () => {
    await renderCard(craft(60 * MINUTE, { type: 'open', url: null }), 'guest')
    expect(card()).not.toHaveClass('opacity-50')
    expect(card().firstElementChild).not.toHaveClass('opacity-50')
  })

  it('live: join and calendar; join is disabled when there is no meeting link', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const { unmount } = await renderCard(craft(-20 * MINUTE, { type: 'live' }), 'student')
    expect(card()).toHaveTextContent('Live')
    expect(within(card()).getByRole('button', { name: 'Add to calendar' })).toBeEnabled()
    const user = userEvent.setup()
    await user.click(joinButton()!)
    expect(open).toHaveBeenCalledWith(URL_ZOOM, '_blank', 'noopener,noreferrer')
    unmount()
    await renderCard(craft(-20 * MINUTE, { type: 'live', url: null }), 'staff')
    expect(joinButton()).toBeDisabled()
    expect(card()).toHaveTextContent('No session URL provided')
  })

  it('a live session that ends asks the list again', async () => {
    fakeAllTimers()
    const onOutdated = vi.fn()
    await renderCard(craft(-20 * MINUTE, { type: 'live' }), 'student', onOutdated)
    await advance(40 * MINUTE - 1)
    expect(onOutdated).not.toHaveBeenCalled()
    await advance(1)
    expect(onOutdated).toHaveBeenCalledTimes(1)
  })

  it('the calendar button sends a guest to login', async () => {
    const { router } = await renderCard(craft(-20 * MINUTE, { type: 'live' }), 'guest')
    const user = userEvent.setup()
    await user.click(within(card()).getByRole('button', { name: 'Add to calendar' }))
    expect(router.state.location.pathname).toBe('/auth/login')
  })

  it('shows its labels and buttons in Japanese', async () => {
    const session = craft(10 * MINUTE)
    await act(() => i18n.changeLanguage('jp-JP'))
    await renderCard(session)
    const date = formatDate(session.start_time, 'jp-JP')
    expect(within(card()).getByRole('heading', { name: date })).toBeInTheDocument()
    expect(card()).toHaveTextContent('受講登録済み')
    expect(within(card()).getByRole('button', { name: 'カレンダーに追加' })).toBeInTheDocument()
    expect(within(card()).getByRole('button', { name: '受講登録済み' })).toBeDisabled()
    expect(card()).toHaveTextContent('料金$20.00')
  })
})
