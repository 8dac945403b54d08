import type { Session } from '@contract/index'
import { act, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { OwnerSessionCard } from '@/features/sessions/components/owner-session-card'
import { SessionCard } from '@/features/sessions/components/session-card'
import { isTypeOutdated, nextBoundary } from '@/features/sessions/lib/join-window'
import { nextBookableSession, nextOwnSession } from '@/features/sessions/lib/next-session'
import { paths } from '@/shared/config/paths'
import { i18n } from '@/shared/i18n/i18n'
import { formatDateTime } from '@/shared/i18n/format'
import { renderApp } from '@tests/render-app'

/**
 * Where a session stands with its lesson's minimum seats, as its cards say it (issue 31): how
 * many more students it needs by its cutoff, confirmed, "Cancelled: too few students", or taking
 * place with whoever enrolls; and the rule, with the cutoff in force, beside the lesson's seats.
 */

const HOUR = 3_600_000
const NOW = new Date('2030-03-14T09:00:00.000Z').getTime()
const START = NOW + 48 * HOUR
const CUTOFF = new Date(START - 24 * HOUR).toISOString()

const craft = (overrides: Partial<Session> = {}): Session => ({
  id: 42,
  lessonId: 1,
  type: 'open',
  start_time: new Date(START).toISOString(),
  end_time: new Date(START + HOUR).toISOString(),
  timezone: 'UTC',
  url: null,
  availableSlots: 4,
  enrolledCount: 1,
  fullPrice: 0,
  paidPrice: null,
  disabled: false,
  decision: 'pending',
  decidesAt: CUTOFF,
  seatsNeeded: 2,
  educatorDeactivated: false,
  waitingCount: 0,
  waitlistPlace: null,
  ...overrides,
})

const renderStudentCard = (session: Session) =>
  renderApp(
    <SessionCard
      session={session}
      lessonTitle="Conversational Japanese"
      viewer="student"
      onOutdated={() => {}}
    />,
    { url: '/lesson/1', path: '/lesson/:id', waitForLoad: false },
  )

const renderOwnerCard = (session: Session) =>
  renderApp(
    <OwnerSessionCard
      session={{ ...session, url: 'https://zoom.us/j/1234567890' }}
      viewerZone="UTC"
      editBlockedReason={null}
      onEdit={() => {}}
      onDelete={() => {}}
    />,
    { url: '/lesson/1/edit', path: '/lesson/:id/edit', waitForLoad: false },
  )

const card = () => screen.getByRole('article')

describe('a session card and the minimum seats', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
  })
  afterEach(async () => {
    vi.useRealTimers()
    await act(() => i18n.changeLanguage('en-US'))
  })

  it('says how many more students a pending session needs, and by when', async () => {
    await renderStudentCard(craft())
    const when = formatDateTime(CUTOFF, 'en-US')
    expect(card()).toHaveTextContent(`Needs 2 more students by ${when} to take place`)
    expect(within(card()).getByRole('button', { name: 'Enroll' })).toBeEnabled()
  })

  it('says one student in the singular, and that the minimum is reached once it is', async () => {
    const { unmount } = await renderStudentCard(craft({ seatsNeeded: 1 }))
    expect(card()).toHaveTextContent('Needs 1 more student by')
    unmount()
    await renderStudentCard(craft({ seatsNeeded: 0 }))
    expect(card()).toHaveTextContent(
      `Minimum reached; decided at ${formatDateTime(CUTOFF, 'en-US')}`,
    )
  })

  it('says a confirmed session will take place, and one scheduled late takes place regardless', async () => {
    const { unmount } = await renderStudentCard(
      craft({ decision: 'confirmed', decidesAt: null, seatsNeeded: 0 }),
    )
    expect(card()).toHaveTextContent('Confirmed: it will take place')
    unmount()
    await renderStudentCard(craft({ decision: 'unconditional', decidesAt: null, seatsNeeded: 0 }))
    expect(card()).toHaveTextContent('Takes place with whoever enrolls')
  })

  it('labels a cancelled session, says why, and offers no seat', async () => {
    await renderStudentCard(
      craft({
        decision: 'cancelled',
        decidesAt: null,
        seatsNeeded: 0,
        availableSlots: 0,
        enrolledCount: 0,
        disabled: true,
      }),
    )
    expect(card()).toHaveTextContent('Cancelled: too few students')
    expect(within(card()).getByText('Cancelled')).toBeInTheDocument()
    expect(card()).not.toHaveTextContent('Seats left')
    expect(within(card()).getByRole('button', { name: 'Enroll' })).toBeDisabled()
  })

  it('says it in Japanese', async () => {
    await act(() => i18n.changeLanguage('jp-JP'))
    const { unmount } = await renderStudentCard(craft())
    expect(card()).toHaveTextContent('開催にはあと2人の受講者が必要です')
    unmount()
    await renderStudentCard(
      craft({ decision: 'cancelled', decidesAt: null, seatsNeeded: 0, disabled: true }),
    )
    expect(card()).toHaveTextContent('中止：受講者不足')
  })

  it('shows the owner the same line; a cancelled session cannot be edited, and says why', async () => {
    await renderOwnerCard(
      craft({ decision: 'cancelled', decidesAt: null, seatsNeeded: 0, availableSlots: 0 }),
    )
    expect(card()).toHaveTextContent('Cancelled: too few students')
    expect(card()).not.toHaveTextContent('Seats taken')
    const edit = within(card()).getByRole('button', { name: 'Edit' })
    expect(edit).toBeDisabled()
    expect(edit).toHaveAccessibleDescription(
      'This session was cancelled for too few students: it can no longer be changed.',
    )
    expect(within(card()).getByRole('button', { name: 'Delete' })).toBeEnabled()
  })

  it('says nothing of the minimum once a session is over, unless it was cancelled', async () => {
    vi.setSystemTime(START + 2 * HOUR)
    const { unmount } = await renderStudentCard(craft({ type: 'closed' }))
    expect(card()).not.toHaveTextContent('Needs')
    unmount()
    await renderStudentCard(
      craft({ type: 'closed', decision: 'cancelled', decidesAt: null, seatsNeeded: 0 }),
    )
    expect(card()).toHaveTextContent('Cancelled: too few students')
  })
})

describe('the lesson form’s seats', () => {
  it('state the minimum’s rule with the cutoff the server has', async () => {
    await renderApp(undefined, { url: paths.lesson.create.href(), user: 'educator' })
    const seats = await screen.findByRole('group', { name: 'Seats per session' })
    const rule =
      'If fewer students than the minimum have enrolled 24 hours before a session starts, it is cancelled and every paid seat is refunded in full; a session scheduled later than that takes place with whoever enrolls.'
    expect(await within(seats).findByText(rule)).toBeInTheDocument()
    expect(seats).toHaveAccessibleDescription(expect.stringContaining(rule))
  })
})

describe('a cancelled or pending session in the lists’ logic', () => {
  const cancelled = craft({
    id: 1,
    decision: 'cancelled',
    decidesAt: null,
    seatsNeeded: 0,
    availableSlots: 0,
    disabled: true,
  })
  const later = craft({
    id: 2,
    start_time: new Date(START + 2 * HOUR).toISOString(),
    end_time: new Date(START + 3 * HOUR).toISOString(),
    availableSlots: 0,
    disabled: true,
  })

  it('is never the session the booking panel offers, nor the owner’s next one', () => {
    expect(nextBookableSession([cancelled], NOW)).toBeNull()
    // Full rather than cancelled: the panel offers the full one, to say so.
    expect(nextBookableSession([cancelled, later], NOW)?.id).toBe(2)
    expect(nextOwnSession([cancelled, later], NOW)?.id).toBe(2)
  })

  it('asks the list again just after a pending session’s cutoff, when it is decided', () => {
    const pending = craft()
    const cutoff = Date.parse(CUTOFF)
    expect(nextBoundary(pending, cutoff - 1)).toBe(cutoff + 1)
    expect(isTypeOutdated(pending, cutoff)).toBe(false)
    expect(isTypeOutdated(pending, cutoff + 1)).toBe(true)
    expect(isTypeOutdated(craft({ decision: 'confirmed', decidesAt: null }), cutoff + 1)).toBe(
      false,
    )
  })
})
