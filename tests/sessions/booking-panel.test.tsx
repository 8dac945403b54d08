import * as guest from '@contract/descriptors/guest'
import * as sessions from '@contract/descriptors/sessions'
import type { Session } from '@contract/index'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { BookingPanel } from '@/features/sessions/components/booking-panel'
import { seedIds } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { paths } from '@/shared/config/paths'
import { answer } from '@tests/mocks/helpers'
import { renderApp, type TestUser } from '@tests/render-app'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const ZOOM = 'https://zoom.us/j/1234567890'

/** A session of the free lesson starting `startsIn` ms from now and lasting 45 minutes. */
const craft = (id: number, startsIn: number, overrides: Partial<Session> = {}): Session => ({
  id,
  lessonId: seedIds.freeLesson,
  type: 'open',
  start_time: new Date(Date.now() + startsIn).toISOString(),
  end_time: new Date(Date.now() + startsIn + 45 * MINUTE).toISOString(),
  timezone: 'UTC',
  url: null,
  availableSlots: 3,
  enrolledCount: 0,
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

/** Every call for the lesson's sessions, guest or signed in, answers `data`. */
const serve = (data: Session[]) => {
  const body = {
    data,
    meta: { page: 1, take: 100, itemCount: data.length, pageCount: 1, hasNextPage: false },
  }
  server.use(
    mockEndpoint(guest.guestSessions, () => answer(guest.guestSessions, body)),
    mockEndpoint(sessions.listSessions, () => answer(sessions.listSessions, body)),
  )
}

const renderPanel = (user: TestUser | null, { isOwner = false, pricePerHour = 0 } = {}) =>
  renderApp(
    <BookingPanel
      lessonId={seedIds.freeLesson}
      lessonTitle="Tea ceremony"
      pricePerHour={pricePerHour}
      isOwner={isOwner}
      renderPayment={(session, close) => (
        <div role="dialog" aria-label="Pay">
          Paying for session {session.id}
          <button onClick={close}>Close</button>
        </div>
      )}
    />,
    { user, url: `/lesson/${seedIds.freeLesson}`, path: '/lesson/:id' },
  )

const panel = () => screen.getByRole('region', { name: 'Book a session' })
const button = (name: string) => within(panel()).queryByRole('button', { name })

describe('the booking panel', () => {
  it('offers a guest the next open session, whose Enroll sends them to log in', async () => {
    serve([craft(1, 2 * DAY)])
    const user = userEvent.setup()
    const { router } = await renderPanel(null)
    expect(await within(panel()).findByText('Free')).toBeInTheDocument()
    expect(panel()).toHaveTextContent('Next session')
    expect(panel()).toHaveTextContent(/\d\d:\d\d – \d\d:\d\d UTC/)
    expect(panel()).toHaveTextContent('Length45 min')
    expect(panel()).toHaveTextContent('Seats left3')
    await user.click(button('Enroll')!)
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.auth.login.href()))
    expect(await screen.findByText('Log in to enroll in “Tea ceremony”')).toBeInTheDocument()
  })

  it('lets a student enroll in a free session at once', async () => {
    serve([craft(1, 2 * DAY)])
    const enrolled: string[] = []
    server.use(
      mockEndpoint(sessions.enroll, ({ request }) => {
        enrolled.push(new URL(request.url).pathname)
        return answer(
          sessions.enroll,
          {
            id: 9,
            lessonId: seedIds.freeLesson,
            sessionId: 1,
            createdAt: new Date().toISOString(),
          },
          { status: 201 },
        )
      }),
    )
    const user = userEvent.setup()
    await renderPanel('student')
    await user.click(await within(panel()).findByRole('button', { name: 'Enroll' }))
    expect(await screen.findByText('You are enrolled in “Tea ceremony”')).toBeInTheDocument()
    expect(enrolled).toEqual([expect.stringMatching(/\/sessions\/1\/enroll$/)])
  })

  it('opens the payment of a paid session and shows its price', async () => {
    serve([craft(1, 2 * DAY, { fullPrice: 2000 })])
    const user = userEvent.setup()
    await renderPanel('student')
    expect(await within(panel()).findByText('$20.00')).toBeInTheDocument()
    await user.click(button('Enroll')!)
    expect(screen.getByRole('dialog', { name: 'Pay' })).toHaveTextContent('Paying for session 1')
  })

  it('offers an enrolled student Unenroll before the join window, and Join inside it', async () => {
    serve([craft(1, 2 * DAY, { type: 'enrolled', url: ZOOM })])
    const first = await renderPanel('student')
    expect(await within(panel()).findByRole('button', { name: 'Unenroll' })).toBeEnabled()
    expect(button('Enrolled')).toBeDisabled()
    expect(button('Join')).not.toBeInTheDocument()
    first.unmount()

    serve([craft(1, 3 * MINUTE, { type: 'enrolled', url: ZOOM })])
    await renderPanel('student')
    expect(await within(panel()).findByRole('button', { name: 'Join' })).toBeEnabled()
    expect(button('Unenroll')).toBeEnabled()
  })

  it('offers the waitlist of a full session when no other has a seat', async () => {
    serve([craft(1, 2 * DAY, { availableSlots: 0, disabled: true })])
    await renderPanel('student')
    expect(
      await within(panel()).findByText(/^This session is full\. Join its waitlist/),
    ).toBeInTheDocument()
    expect(button('Join the waitlist')).toBeEnabled()
    expect(within(panel()).queryByRole('button', { name: 'Enroll' })).not.toBeInTheDocument()
  })

  it('says a full session is full to an educator, who has no seat to take', async () => {
    serve([craft(1, 2 * DAY, { availableSlots: 0, disabled: true })])
    await renderPanel('educator')
    expect(await within(panel()).findByText('This session is full.')).toBeInTheDocument()
    expect(within(panel()).queryByRole('button')).not.toBeInTheDocument()
  })

  it('prefers a later session with a seat over a sooner full one, and skips closed ones', async () => {
    serve([
      craft(1, -2 * DAY, { type: 'closed' }),
      craft(2, DAY, { availableSlots: 0, disabled: true }),
      craft(3, 2 * DAY, { fullPrice: 1500 }),
    ])
    await renderPanel('student')
    expect(await within(panel()).findByText('$15.00')).toBeInTheDocument()
    expect(button('Enroll')).toBeEnabled()
    expect(panel()).not.toHaveTextContent('This session is full.')
  })

  it('leads the owner to the sessions editor instead of enrolling', async () => {
    serve([craft(1, 2 * DAY)])
    await renderPanel('educator', { isOwner: true })
    expect(await within(panel()).findByText('Next session')).toBeInTheDocument()
    expect(within(panel()).getByRole('link', { name: 'Manage sessions' })).toHaveAttribute(
      'href',
      '#lesson-sessions',
    )
    expect(within(panel()).queryByRole('button')).not.toBeInTheDocument()
  })

  it('says clearly when no session is open, with the price per hour', async () => {
    serve([craft(1, -2 * DAY, { type: 'closed' })])
    await renderPanel('student', { pricePerHour: 2500 })
    expect(
      await within(panel()).findByText(/No session is open for enrollment right now/),
    ).toBeInTheDocument()
    expect(panel()).toHaveTextContent('$25.00 / hour')
    expect(button('Enroll')).not.toBeInTheDocument()
    expect(within(panel()).getByRole('link', { name: 'See all sessions' })).toHaveAttribute(
      'href',
      '#lesson-sessions',
    )
  })

  it('shows the common error when the sessions cannot load', async () => {
    server.use(mockEndpoint(sessions.listSessions, () => errorResponse(500, 'boom')))
    await renderPanel('student')
    expect(await within(panel()).findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again.',
    )
  })
})
