import type { Session } from '@contract/index'
import { act, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SessionCard, type SessionViewer } from '@/features/sessions/components/session-card'
import { i18n } from '@/shared/i18n/i18n'
import { renderApp } from '@tests/render-app'

/**
 * What a session card says of a session under way or over: never the future "Unenrolling and
 * refunds end when the session starts" once it has started. Tested at the exact instants: the
 * start and the end.
 */
const MINUTE = 60_000
const NOW = new Date('2030-03-14T09:00:00.000Z').getTime()
const LIVE = 'This session is live: join it now. Unenrolling and refunds ended when it started.'
const STARTED = 'This session has started, so enrollment has closed.'
const ENDED = 'This session has ended.'
const FUTURE_TENSE = 'end when the session starts'

/** A session starting `startsIn` ms after NOW, lasting `lasts` ms. */
const craft = (startsIn: number, lasts: number, overrides: Partial<Session> = {}): Session => ({
  id: 42,
  lessonId: 1,
  type: 'enrolled',
  start_time: new Date(NOW + startsIn).toISOString(),
  end_time: new Date(NOW + startsIn + lasts).toISOString(),
  timezone: 'Asia/Tokyo',
  url: 'https://zoom.us/j/1234567890',
  availableSlots: 2,
  enrolledCount: 1,
  fullPrice: 0,
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

const renderCard = (session: Session, viewer: SessionViewer = 'student') =>
  renderApp(<SessionCard session={session} lessonTitle="Algebra" viewer={viewer} />, {
    url: '/lesson/1',
    path: '/lesson/:id',
    waitForLoad: false,
  })

const card = () => screen.getByRole('article')
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms))

describe('the note of a session card', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(NOW)
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('an enrolled student: Unenroll until the start; at the start, live and joinable', async () => {
    await renderCard(craft(1, 60 * MINUTE))
    expect(within(card()).getByRole('button', { name: 'Unenroll' })).toBeEnabled()
    expect(card()).not.toHaveTextContent(LIVE)
    await advance(1)
    // The very instant it starts.
    expect(within(card()).queryByRole('button', { name: 'Unenroll' })).not.toBeInTheDocument()
    expect(within(card()).getByRole('button', { name: 'Join' })).toBeEnabled()
    expect(card()).toHaveTextContent(LIVE)
    expect(card()).not.toHaveTextContent(FUTURE_TENSE)
  })

  it('a live session: live until the end; at the end, ended', async () => {
    await renderCard(craft(-20 * MINUTE, 20 * MINUTE + 1, { type: 'live' }))
    expect(card()).toHaveTextContent(LIVE)
    expect(card()).not.toHaveTextContent(FUTURE_TENSE)
    await advance(1)
    // The very instant it ends.
    expect(card()).toHaveTextContent(ENDED)
    expect(card()).not.toHaveTextContent(LIVE)
  })

  it.each<SessionViewer>(['student', 'guest'])(
    'a session under way without a seat (%s): started, enrollment closed; then ended',
    async (viewer) => {
      await renderCard(craft(-MINUTE, MINUTE + 1, { type: 'closed', url: null }), viewer)
      expect(within(card()).getByRole('button', { name: 'Enroll' })).toBeDisabled()
      expect(card()).toHaveTextContent(STARTED)
      await advance(1)
      expect(card()).toHaveTextContent(ENDED)
      expect(card()).not.toHaveTextContent(STARTED)
    },
  )

  it('a past session says it has ended, to any viewer', async () => {
    for (const viewer of ['student', 'guest', 'staff'] as const) {
      const { unmount } = await renderCard(
        craft(-3 * 24 * 60 * MINUTE, 60 * MINUTE, { type: 'closed', url: null }),
        viewer,
      )
      expect(card()).toHaveTextContent(ENDED)
      expect(card()).not.toHaveTextContent(FUTURE_TENSE)
      unmount()
    }
  })

  it('an upcoming open session has no note', async () => {
    await renderCard(craft(60 * MINUTE, 60 * MINUTE, { type: 'open', url: null }))
    expect(card()).not.toHaveTextContent(ENDED)
    expect(card()).not.toHaveTextContent(STARTED)
  })

  it('says it in Japanese', async () => {
    await act(() => i18n.changeLanguage('jp-JP'))
    const { unmount } = await renderCard(craft(-MINUTE, 60 * MINUTE, { type: 'live' }))
    expect(card()).toHaveTextContent('このセッションは開催中です')
    unmount()
    await renderCard(craft(-2 * 60 * MINUTE, 60 * MINUTE, { type: 'closed', url: null }))
    expect(card()).toHaveTextContent('このセッションは終了しました。')
  })
})
