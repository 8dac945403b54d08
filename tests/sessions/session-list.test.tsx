import * as guest from '@contract/descriptors/guest'
import * as sessions from '@contract/descriptors/sessions'
import type { Session } from '@contract/index'
import { SCROLL_DELAY_MS } from '@contract/rules'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockAllIsIntersecting } from 'react-intersection-observer/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SessionList } from '@/features/sessions/components/session-list'
import { db, seedIds } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { i18n } from '@/shared/i18n/i18n'
import { formatDate, formatPrice, formatTime, zonedTimes } from '@/shared/i18n/format'
import { answer } from '@tests/mocks/helpers'
import { renderApp, type TestUser } from '@tests/render-app'
import { apiPathOf, isCallOf, pathOf } from '@tests/request-log'
import { withReference } from '@tests/server-failure'

const MINUTE = 60_000
const { sessions: ids } = seedIds

const lessonOf = (lessonId: number) => db.lessons.find((lesson) => lesson.id === lessonId)!

const renderList = (lessonId: number, user: TestUser | null = null) =>
  renderApp(<SessionList lessonId={lessonId} lessonTitle={lessonOf(lessonId).title} />, {
    user,
    url: `/lesson/${lessonId}`,
    path: '/lesson/:id',
  })

const list = () => screen.getByRole('list', { name: 'Sessions' })
// Counted without the visibility check: hidden: true skips a computed style per element, which for
// a hundred cards took seconds.
const cards = () => within(list()).getAllByRole('article', { hidden: true })

/** The card of a seeded session, found by its accessible name (date and times). */
const cardOf = (sessionId: number, language: 'en-US' | 'jp-JP' = 'en-US') => {
  const session = db.sessions.find((row) => row.id === sessionId)!
  const date = formatDate(session.start_time, language)
  const start = formatTime(session.start_time)
  const end = zonedTimes(session.start_time, session.end_time, 'en-US').end
  const name =
    language === 'en-US'
      ? `Session on ${date}, ${start} – ${end}`
      : `${date} ${start}–${end}のセッション`
  return screen.getByRole('article', { name })
}
const button = (card: HTMLElement, name: string) => within(card).queryByRole('button', { name })

const crafted = (id: number): Session => ({
  id,
  lessonId: seedIds.freeLesson,
  type: 'open',
  start_time: new Date(Date.now() + (id + 1) * 60 * MINUTE).toISOString(),
  end_time: new Date(Date.now() + (id + 2) * 60 * MINUTE).toISOString(),
  timezone: 'Europe/London',
  url: null,
  availableSlots: 2,
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
})
const page = (data: Session[], pageNumber: number) =>
  answer(guest.guestSessions, {
    data,
    meta: { page: pageNumber, take: 100, itemCount: 100, pageCount: 1, hasNextPage: false },
  })

const objectUrlMethods = ['createObjectURL', 'revokeObjectURL'] as const
const objectUrlDescriptors = objectUrlMethods.map((name) =>
  Object.getOwnPropertyDescriptor(URL, name),
)

describe('the sessions list', () => {
  afterEach(() => {
    vi.useRealTimers()
    objectUrlMethods.forEach((name, index) => {
      const descriptor = objectUrlDescriptors[index]
      if (descriptor) Object.defineProperty(URL, name, descriptor)
      else Reflect.deleteProperty(URL, name)
    })
  })

  it('shows the heading and one card per upcoming session in a 1/2/3/4-column grid', async () => {
    await renderList(seedIds.freeLesson)
    expect(screen.getByRole('heading', { level: 2, name: 'Sessions' })).toBeInTheDocument()
    await waitFor(() => expect(cards()).toHaveLength(3))
    // The columns follow the grid's own width (session-grid-and-past.test.tsx).
    expect(list()).toHaveClass(
      'grid-cols-1',
      '@xl:grid-cols-2',
      '@4xl:grid-cols-3',
      '@6xl:grid-cols-4',
    )
  })

  it('for a guest: past and started sessions are closed, future ones open', async () => {
    await renderList(seedIds.paidLesson)
    await waitFor(() => expect(cards()).toHaveLength(2))
    await userEvent.click(screen.getByRole('button', { name: 'Past sessions (1)' }))
    expect(cardOf(ids.past)).toHaveTextContent('Ended')
    expect(button(cardOf(ids.past), 'Enroll')).toBeDisabled()
    expect(cardOf(ids.live)).toHaveTextContent('Closed')
    expect(button(cardOf(ids.live), 'Enroll')).toBeDisabled()
    const future = cardOf(ids.futurePaid)
    const seeded = db.sessions.find((row) => row.id === ids.futurePaid)!
    expect(future).toHaveTextContent('Open')
    expect(button(future, 'Enroll')).toBeEnabled()
    // Lesson 1 is 2000 cents an hour and its sessions last an hour; Mai holds one seat.
    expect(future).toHaveTextContent(`Price${formatPrice(2000, 'en-US')}`)
    expect(future).toHaveTextContent(`Seats left${lessonOf(seedIds.paidLesson).max_slots - 1}`)
    expect(future).toHaveTextContent(
      `${formatTime(seeded.start_time)} – ${formatTime(seeded.end_time)}`,
    )
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).not.toBeInTheDocument()
  })

  it('for a guest: a full session is half transparent and out of slots, its waitlist at hand', async () => {
    await renderList(seedIds.freeLesson)
    await waitFor(() => expect(cards()).toHaveLength(3))
    const full = cardOf(ids.full)
    expect(full.firstElementChild).toHaveClass('opacity-50')
    expect(full).toHaveTextContent('Out of slots')
    expect(full).not.toHaveTextContent('Open')
    expect(button(full, 'Join the waitlist')).toBeEnabled()
    for (const id of [ids.startingSoon, ids.futureFree]) {
      expect(cardOf(id)).toHaveTextContent('Open')
      expect(cardOf(id).firstElementChild).not.toHaveClass('opacity-50')
      expect(button(cardOf(id), 'Enroll')).toBeEnabled()
    }
  })

  it('a guest who clicks enroll gets an error toast naming the lesson and goes to login', async () => {
    const { router } = await renderList(seedIds.freeLesson)
    await waitFor(() => expect(cards()).toHaveLength(3))
    await userEvent.click(button(cardOf(ids.futureFree), 'Enroll')!)
    const title = lessonOf(seedIds.freeLesson).title
    expect(await screen.findByText(`Log in to enroll in “${title}”`)).toBeVisible()
    expect(router.state.location.pathname).toBe('/auth/login')
  })

  it('for a student: closed, live with join and calendar, open and paid without a payment slot', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    await renderList(seedIds.paidLesson, 'student')
    await waitFor(() => expect(cards()).toHaveLength(2))
    await userEvent.click(screen.getByRole('button', { name: 'Past sessions (1)' }))
    expect(cardOf(ids.past)).toHaveTextContent('Ended')
    expect(button(cardOf(ids.past), 'Enroll')).toBeDisabled()

    const live = cardOf(ids.live)
    expect(live).toHaveTextContent('Live')
    expect(button(live, 'Add to calendar')).toBeEnabled()
    await userEvent.click(button(live, 'Join')!)
    const seeded = db.sessions.find((row) => row.id === ids.live)!
    expect(open).toHaveBeenCalledWith(seeded.url, '_blank', 'noopener,noreferrer')

    const future = cardOf(ids.futurePaid)
    expect(future).toHaveTextContent('Open')
    // The list alone has no payment dialog (the lesson page composes it in): no paid seat here.
    expect(button(future, 'Enroll')).toBeDisabled()
    // A live session can no longer be given back.
    expect(live).toHaveTextContent(
      'This session is live: join it now. Unenrolling and refunds ended when it started.',
    )
    expect(button(live, 'Unenroll')).not.toBeInTheDocument()
  })

  it('for a student: enrolled in the join window, out of slots, open', async () => {
    await renderList(seedIds.freeLesson, 'student')
    await waitFor(() => expect(cards()).toHaveLength(3))
    const soon = cardOf(ids.startingSoon)
    expect(soon).toHaveTextContent('Enrolled')
    // It starts in 3 minutes: inside the join window.
    expect(button(soon, 'Join')).toBeEnabled()
    expect(button(soon, 'Add to calendar')).toBeEnabled()
    expect(button(soon, 'Enroll')).not.toBeInTheDocument()

    const full = cardOf(ids.full)
    expect(full.firstElementChild).toHaveClass('opacity-50')
    expect(full).toHaveTextContent('Out of slots')
    expect(button(full, 'Join the waitlist')).toBeEnabled()

    // Free, one seat left: enrolling takes it at once.
    expect(cardOf(ids.futureFree)).toHaveTextContent('Open')
    expect(button(cardOf(ids.futureFree), 'Enroll')).toBeEnabled()
    // Yuki holds the starting-soon seat: she may still give it back (free: simply released).
    expect(button(soon, 'Unenroll')).toBeEnabled()
  })

  it('for an educator: no enroll buttons; the owner joins the live session', async () => {
    await renderList(seedIds.paidLesson, 'educator')
    await waitFor(() => expect(cards()).toHaveLength(2))
    expect(screen.queryByRole('button', { name: 'Enroll' })).not.toBeInTheDocument()
    expect(cardOf(ids.futurePaid)).toHaveTextContent('Open')
    expect(cardOf(ids.live)).toHaveTextContent('Live')
    expect(button(cardOf(ids.live), 'Join')).toBeEnabled()
  })

  it('the calendar button downloads session-<id>.ics for a signed-in student', async () => {
    const requested: string[] = []
    server.events.on('request:start', ({ request }) => {
      requested.push(apiPathOf(request.url))
    })
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:session')
    const revokeObjectURL = vi.fn()
    // No object URLs in the test environment: record them instead.
    URL.createObjectURL = createObjectURL
    URL.revokeObjectURL = revokeObjectURL
    const downloads: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(`${this.download} ${this.href}`)
    })
    await renderList(seedIds.freeLesson, 'student')
    await waitFor(() => expect(cards()).toHaveLength(3))
    await userEvent.click(button(cardOf(ids.startingSoon), 'Add to calendar')!)
    await waitFor(() => expect(downloads).toEqual([`session-${ids.startingSoon}.ics blob:session`]))
    server.events.removeAllListeners()
    expect(requested).toContain(
      pathOf(sessions.sessionIcs, { id: seedIds.freeLesson, sessionId: ids.startingSoon }),
    )
    const blob = createObjectURL.mock.calls[0]![0]
    expect(await blob.text()).toContain('BEGIN:VCALENDAR')
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:session'))
  })

  it('shows an error toast when the calendar file cannot be downloaded', async () => {
    server.use(mockEndpoint(sessions.sessionIcs, () => errorResponse(500, 'x')))
    await renderList(seedIds.freeLesson, 'student')
    await waitFor(() => expect(cards()).toHaveLength(3))
    await userEvent.click(button(cardOf(ids.startingSoon), 'Add to calendar')!)
    expect(
      await screen.findByText(withReference('The calendar file could not be downloaded')),
    ).toBeVisible()
  })

  it("shows the server's message when the calendar call is refused with a 400", async () => {
    server.use(
      mockEndpoint(sessions.sessionIcs, () => errorResponse(400, ['sessionId must be an integer'])),
    )
    await renderList(seedIds.freeLesson, 'student')
    await waitFor(() => expect(cards()).toHaveLength(3))
    await userEvent.click(button(cardOf(ids.startingSoon), 'Add to calendar')!)
    expect(await screen.findByText('sessionId must be an integer')).toBeVisible()
  })

  it('asks the signed-in sessions endpoint with take=100, the guest one for guests', async () => {
    const requested: string[] = []
    server.events.on('request:start', ({ request }) => {
      if (isCallOf(sessions.listSessions, request) || isCallOf(guest.guestSessions, request)) {
        requested.push(`${apiPathOf(request.url)}${new URL(request.url).search}`)
      }
    })
    const { unmount } = await renderList(seedIds.paidLesson, 'student')
    await waitFor(() => expect(cards()).toHaveLength(2))
    unmount()
    db.signOut()
    await renderList(seedIds.paidLesson)
    await waitFor(() => expect(cards()).toHaveLength(2))
    server.events.removeAllListeners()
    expect(requested).toEqual([
      `${pathOf(sessions.listSessions, { id: seedIds.paidLesson })}?page=1&take=100`,
      `${pathOf(guest.guestSessions, { id: seedIds.paidLesson })}?page=1&take=100`,
    ])
  })

  it('requests the next page while the previous one was not empty, when the last card shows', async () => {
    const pages: string[] = []
    let releasePage2: () => void = () => {}
    const page2Held = new Promise<void>((resolve) => {
      releasePage2 = resolve
    })
    const first = Array.from({ length: 100 }, (_, index) => crafted(1000 + index))
    server.use(
      mockEndpoint(guest.guestSessions, async ({ request }) => {
        const url = new URL(request.url)
        const pageNumber = Number(url.searchParams.get('page'))
        pages.push(`${pageNumber}/${url.searchParams.get('take')}`)
        if (pageNumber === 1) return page(first, 1)
        await page2Held
        return page([], pageNumber)
      }),
    )
    const { queryClient } = await renderList(seedIds.freeLesson)
    await waitFor(() => expect(cards()).toHaveLength(100))
    expect(pages).toEqual(['1/100'])
    // The last card comes into view: page 2 is asked for, 'Loading more…' shows meanwhile.
    act(() => mockAllIsIntersecting(false))
    act(() => mockAllIsIntersecting(true))
    expect(await screen.findByText('Loading more…')).toBeInTheDocument()
    releasePage2()
    await waitFor(() => expect(screen.queryByText('Loading more…')).not.toBeInTheDocument())
    // Page 2 was empty: scrolling again asks for nothing more.
    // The next page would be asked for after the scroll delay, and would be fetching from then
    // on: past the delay nothing is, so nothing was asked for.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      act(() => mockAllIsIntersecting(false))
      act(() => mockAllIsIntersecting(true))
      act(() => {
        vi.advanceTimersByTime(SCROLL_DELAY_MS)
      })
      expect(queryClient.isFetching()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
    expect(screen.queryByText('Loading more…')).not.toBeInTheDocument()
    expect(pages).toEqual(['1/100', '2/100'])
    expect(cards()).toHaveLength(100)
  })

  it('says so when the lesson has no session', async () => {
    server.use(mockEndpoint(guest.guestSessions, () => page([], 1)))
    await renderList(seedIds.freeLesson)
    expect(await screen.findByText('There are no sessions for this lesson yet')).toBeVisible()
    expect(screen.queryByRole('list', { name: 'Sessions' })).not.toBeInTheDocument()
  })

  it('shows the common error text when the sessions cannot load', async () => {
    server.use(mockEndpoint(sessions.listSessions, () => errorResponse(500, 'x')))
    await renderList(seedIds.freeLesson, 'student')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again.',
    )
  })

  it('shows the cards in Japanese', async () => {
    await renderList(seedIds.freeLesson, 'student')
    await waitFor(() => expect(cards()).toHaveLength(3))
    await act(() => i18n.changeLanguage('jp-JP'))
    const list = screen.getByRole('list', { name: 'セッション' })
    expect(within(list).getAllByRole('article')).toHaveLength(3)
    const soon = cardOf(ids.startingSoon, 'jp-JP')
    expect(soon).toHaveTextContent('受講登録済み')
    expect(button(soon, '参加する')).toBeEnabled()
    expect(button(soon, 'カレンダーに追加')).toBeEnabled()
    expect(cardOf(ids.full, 'jp-JP')).toHaveTextContent('満席')
    expect(cardOf(ids.futureFree, 'jp-JP')).toHaveTextContent('受付中')
    expect(button(cardOf(ids.futureFree, 'jp-JP'), '受講登録')).toBeEnabled()
    expect(button(soon, '受講を取り消す')).toBeEnabled()
  })

  it('shows the join button at 5 minutes before the start, fetching the link, without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    // The student's session now starts in 6 minutes: the list comes without a meeting link.
    const soon = db.sessions.find((row) => row.id === ids.startingSoon)!
    soon.start_time = new Date(Date.now() + 6 * MINUTE).toISOString()
    soon.end_time = new Date(Date.now() + 66 * MINUTE).toISOString()
    await renderList(seedIds.freeLesson, 'student')
    await waitFor(() => expect(cards()).toHaveLength(3))
    expect(button(cardOf(ids.startingSoon), 'Join')).not.toBeInTheDocument()
    expect(button(cardOf(ids.startingSoon), 'Enrolled')).toBeDisabled()
    await act(() => vi.advanceTimersByTime(MINUTE + 1000))
    await waitFor(() => expect(button(cardOf(ids.startingSoon), 'Join')).toBeEnabled())
  })

  it('asks the API again when a session starts, so the enrolled card turns live', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await renderList(seedIds.freeLesson, 'student')
    await waitFor(() => expect(cards()).toHaveLength(3))
    expect(cardOf(ids.startingSoon)).toHaveTextContent('Enrolled')
    await act(() => vi.advanceTimersByTime(3 * MINUTE + 1000))
    await waitFor(() => expect(cardOf(ids.startingSoon)).toHaveTextContent('Live'))
    expect(button(cardOf(ids.startingSoon), 'Join')).toBeEnabled()
  })
})
