import type { Session } from '@contract/index'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { OwnerSessionCard } from '@/features/sessions/components/owner-session-card'
import { isTypeOutdated, nextBoundary } from '@/features/sessions/lib/join-window'
import { db, nextId, seedIds } from '@/mocks/db'
import { placeOf as placeInLine } from '@/mocks/seats'
import { paths } from '@/shared/config/paths'
import { i18n } from '@/shared/i18n/i18n'
import { formatDate, formatDateTime, formatTime, zonedTimes } from '@/shared/i18n/format'
import { renderApp } from '@tests/render-app'

/**
 * The waitlist of a full session, as students see it (issue 31): "Join the waitlist" (a guest is
 * sent to sign in; an overlap with a seat they hold is told first), their position and "Leave
 * the waitlist", a seat held for them until a given time with Enroll, the educator's count of
 * those waiting, and the dashboard's list of offers and places. Both languages.
 */

const { sessions: ids } = seedIds
const MINUTE = 60_000
const ALGEBRA = 'Algebra Foundations'

const sessionById = (id: number) => db.sessions.find((row) => row.id === id)!
const cardName = (sessionId: number) => {
  const session = sessionById(sessionId)
  return `Session on ${formatDate(session.start_time, 'en-US')}, ${formatTime(
    session.start_time,
  )} – ${zonedTimes(session.start_time, session.end_time, 'en-US').end}`
}
const fullCard = () => screen.findByRole('article', { name: cardName(ids.full) })
const openAlgebra = (user: 'student' | null = 'student') =>
  renderApp(undefined, { user, url: paths.lesson.detail.href(seedIds.freeLesson) })
/** The student's place in the full session's line, as the mock keeps it. */
const placeOf = (userId: number) => placeInLine(ids.full, userId)
/** A seat of the full session freed (Mai gave hers back), as before an offer is made. */
const freeASeat = () => {
  db.enrollments = db.enrollments.filter(
    (row) => !(row.sessionId === ids.full && row.userId === seedIds.student3),
  )
}
const addPlace = (userId: number, offerExpiresAt: string | null = null) => {
  db.waitlist.push({
    id: nextId(db.waitlist),
    sessionId: ids.full,
    userId,
    status: offerExpiresAt === null ? 'waiting' : 'offered',
    offerExpiresAt,
    createdAt: new Date().toISOString(),
  })
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('en-US'))
})

describe('a full session and its waitlist', () => {
  it('lets a student join the line, shows their position, and lets them leave it', async () => {
    const user = userEvent.setup()
    await openAlgebra()
    const card = await fullCard()
    expect(card).toHaveTextContent('Out of slots')
    expect(card).toHaveTextContent(
      'This session is full. Join its waitlist: when a seat frees, the first in line is e-mailed',
    )
    await user.click(within(card).getByRole('button', { name: 'Join the waitlist' }))
    expect(
      await screen.findByText(`You are on the waitlist of “${ALGEBRA}”: number 1`),
    ).toBeVisible()
    expect(placeOf(seedIds.student)?.status).toBe('waiting')
    await waitFor(() =>
      expect(within(card).getByText('You are number 1 on the waitlist.')).toBeVisible(),
    )
    expect(within(card).getByText('1 student waiting for a seat')).toBeVisible()
    expect(within(card).queryByRole('button', { name: 'Join the waitlist' })).toBeNull()

    await user.click(within(card).getByRole('button', { name: 'Leave the waitlist' }))
    expect(await screen.findByText(`You left the waitlist of “${ALGEBRA}”`)).toBeVisible()
    expect(placeOf(seedIds.student)).toBeUndefined()
    expect(
      await within(card).findByRole('button', { name: 'Join the waitlist' }),
    ).toBeInTheDocument()
  })

  it('shows a student behind others their place in line', async () => {
    addPlace(seedIds.unconfirmedStudent)
    addPlace(seedIds.student)
    await openAlgebra()
    const card = await fullCard()
    expect(within(card).getByText('You are number 2 on the waitlist.')).toBeVisible()
    expect(within(card).getByText('2 students waiting for a seat')).toBeVisible()
  })

  it('sends a guest to log in first', async () => {
    const user = userEvent.setup()
    await openAlgebra(null)
    await user.click(within(await fullCard()).getByRole('button', { name: 'Join the waitlist' }))
    expect(await screen.findByText(`Log in to join the waitlist of “${ALGEBRA}”`)).toBeVisible()
    expect(await screen.findByRole('heading', { name: /log in/i })).toBeInTheDocument()
  })

  it('warns of a seat the student holds at the same time; they may go on', async () => {
    const user = userEvent.setup()
    // The full session moved onto the one Yuki holds (starting in 3 minutes).
    const full = sessionById(ids.full)
    const soon = sessionById(ids.startingSoon)
    full.start_time = new Date(Date.parse(soon.start_time) + 10 * MINUTE).toISOString()
    full.end_time = new Date(Date.parse(soon.end_time) + 10 * MINUTE).toISOString()
    await openAlgebra()
    await user.click(within(await fullCard()).getByRole('button', { name: 'Join the waitlist' }))
    const dialog = await screen.findByRole('dialog', { name: 'This session overlaps one of yours' })
    expect(dialog).toHaveTextContent(
      'You can still join its waitlist; a seat offered to you would overlap your other session.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Join the waitlist anyway' }))
    expect(
      await screen.findByText(`You are on the waitlist of “${ALGEBRA}”: number 1`),
    ).toBeVisible()
    expect(placeOf(seedIds.student)?.status).toBe('waiting')
  })

  it('offers a freed seat held until a given time; Enroll takes it', async () => {
    const user = userEvent.setup()
    const until = new Date(Date.now() + 25 * MINUTE).toISOString()
    freeASeat()
    addPlace(seedIds.student, until)
    await openAlgebra()
    const card = await fullCard()
    expect(card).toHaveTextContent(
      `A seat freed and is held for you until ${formatDateTime(until, 'en-US')}: enroll to take it.`,
    )
    expect(card).not.toHaveTextContent('Out of slots')
    await user.click(within(card).getByRole('button', { name: 'Enroll' }))
    expect(await screen.findByText(`You are enrolled in “${ALGEBRA}”`)).toBeVisible()
    expect(
      db.enrollments.some((row) => row.sessionId === ids.full && row.userId === seedIds.student),
    ).toBe(true)
    expect(placeOf(seedIds.student)).toBeUndefined()
  })

  it('says it all in Japanese', async () => {
    await act(() => i18n.changeLanguage('jp-JP'))
    const until = new Date(Date.now() + 25 * MINUTE).toISOString()
    freeASeat()
    addPlace(seedIds.student, until)
    await renderApp(undefined, {
      user: 'student',
      url: paths.lesson.detail.href(seedIds.freeLesson),
      accountLanguage: 'jp-JP',
    })
    expect(
      await screen.findByText(
        `空席ができ、${formatDateTime(until, 'jp-JP')}まであなたのために席を確保しています。受講登録して席を確定してください。`,
      ),
    ).toBeVisible()
    expect(screen.getAllByText('キャンセル待ち1人').length).toBeGreaterThan(0)
    expect(screen.getAllByRole('button', { name: 'キャンセル待ちを取り消す' }).length).toBe(1)
  })
})

describe('the educator and the dashboard', () => {
  it("shows the educator how many wait on the session's card", async () => {
    const session: Session = {
      id: 7,
      lessonId: 1,
      type: 'open',
      start_time: new Date(Date.now() + 48 * 60 * MINUTE).toISOString(),
      end_time: new Date(Date.now() + 49 * 60 * MINUTE).toISOString(),
      timezone: 'UTC',
      url: 'https://zoom.us/j/1234567890',
      availableSlots: 0,
      enrolledCount: 4,
      fullPrice: 0,
      paidPrice: null,
      disabled: false,
      decision: 'unconditional',
      decidesAt: null,
      seatsNeeded: 0,
      educatorDeactivated: false,
      waitingCount: 3,
      waitlistPlace: null,
    }
    await renderApp(
      <OwnerSessionCard
        session={session}
        viewerZone="UTC"
        editBlockedReason={null}
        onEdit={() => {}}
        onDelete={() => {}}
      />,
      { url: '/lesson/1/edit', path: '/lesson/:id/edit', waitForLoad: false },
    )
    expect(screen.getByText('3 students waiting for a seat')).toBeVisible()
  })

  it("lists the student's offers first, then their places, each linking to its lesson", async () => {
    // Another full session, with Yuki second in its line.
    const other = { ...sessionById(ids.full), id: nextId(db.sessions) }
    other.start_time = new Date(Date.parse(other.start_time) + 24 * 60 * MINUTE).toISOString()
    other.end_time = new Date(Date.parse(other.end_time) + 24 * 60 * MINUTE).toISOString()
    db.sessions.push(other)
    for (const seat of db.enrollments.filter((row) => row.sessionId === ids.full)) {
      db.enrollments.push({ ...seat, id: nextId(db.enrollments), sessionId: other.id })
    }
    for (const userId of [seedIds.unconfirmedStudent, seedIds.student]) {
      db.waitlist.push({
        id: nextId(db.waitlist),
        sessionId: other.id,
        userId,
        status: 'waiting',
        offerExpiresAt: null,
        createdAt: new Date().toISOString(),
      })
    }
    const until = new Date(Date.now() + 20 * MINUTE).toISOString()
    freeASeat()
    addPlace(seedIds.student, until)
    await renderApp(undefined, { user: 'student', url: paths.home.href() })
    const notice = await screen.findByRole('region', { name: 'Your waitlists' })
    const items = within(notice).getAllByRole('listitem')
    expect(items[0]).toHaveTextContent(
      `A seat in “${ALGEBRA}” on ${formatDate(sessionById(ids.full).start_time, 'en-US')} is held for you until ${formatDateTime(until, 'en-US')}.`,
    )
    expect(
      within(items[0]!).getByRole('link', { name: `Take the seat: ${ALGEBRA}` }),
    ).toHaveAttribute('href', paths.lesson.detail.href(seedIds.freeLesson))
    expect(items[1]).toHaveTextContent(
      `“${ALGEBRA}” on ${formatDate(other.start_time, 'en-US')}: number 2 on the waitlist`,
    )
  })

  it('shows nothing while the student waits in no line', async () => {
    await renderApp(undefined, { user: 'student', url: paths.home.href() })
    expect(await screen.findByRole('heading', { name: 'Upcoming lessons' })).toBeVisible()
    expect(screen.queryByRole('region', { name: 'Your waitlists' })).toBeNull()
  })
})

describe('the instant an offer ends', () => {
  const start = Date.parse('2030-03-16T09:00:00.000Z')
  const until = Date.parse('2030-03-14T09:30:00.000Z')
  const offered = {
    type: 'open' as const,
    start_time: new Date(start).toISOString(),
    end_time: new Date(start + 60 * MINUTE).toISOString(),
    waitlistPlace: { sessionId: 1, position: 1, offeredUntil: new Date(until).toISOString() },
  }

  it('is a boundary of the card: it is asked again as the seat stops being held', () => {
    expect(nextBoundary(offered, until - 1)).toBe(until)
    expect(isTypeOutdated(offered, until - 1)).toBe(false)
    expect(isTypeOutdated(offered, until)).toBe(true)
    expect(isTypeOutdated({ ...offered, waitlistPlace: null }, until)).toBe(false)
  })
})
