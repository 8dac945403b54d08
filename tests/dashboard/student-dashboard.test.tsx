import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as categories from '@contract/descriptors/categories'
import * as guest from '@contract/descriptors/guest'
import * as lessons from '@contract/descriptors/lessons'
import { db, seedIds } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { toLesson, toSession } from '@/mocks/serializers'
import { formatDate, formatTime, zonedTimes } from '@/shared/i18n/format'
import { answer } from '@tests/mocks/helpers'
import { renderApp } from '@tests/render-app'
import { apiPathOf, isCallOf, isPathOf, pathOf, recordQueries } from '@tests/request-log'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

const region = (name: string) => screen.getByRole('region', { name })
const nextLesson = () => region('Next lesson')
const upcomingItems = () =>
  within(screen.getByRole('list', { name: 'Upcoming lessons' })).getAllByRole('listitem')

const sessionById = (id: number) => db.sessions.find((session) => session.id === id)!
const lessonById = (id: number) => db.lessons.find((lesson) => lesson.id === id)!
const student = () => db.users.find((user) => user.id === seedIds.student)!

/** Moves a seeded session to start `startIn` ms from now and last `length` ms. */
const schedule = (sessionId: number, startIn: number, length = 60 * MINUTE) => {
  const session = sessionById(sessionId)
  session.start_time = new Date(Date.now() + startIn).toISOString()
  session.end_time = new Date(Date.now() + startIn + length).toISOString()
}
const enrollStudent = (sessionId: number) => {
  db.enrollments.push({
    id: 1000 + sessionId,
    userId: seedIds.student,
    sessionId,
    lessonId: sessionById(sessionId).lessonId,
    createdAt: new Date().toISOString(),
  })
}
const unenrollStudent = (sessionId: number) => {
  db.enrollments = db.enrollments.filter(
    (row) => !(row.userId === seedIds.student && row.sessionId === sessionId),
  )
}

/** Moves the fake clock inside an async act, so React settles every update it causes. */
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms)
    return Promise.resolve()
  })

afterEach(() => {
  server.events.removeAllListeners()
  vi.useRealTimers()
})

describe('the student dashboard (§2)', () => {
  it('shows the catalogue for signed-in users from GET /lessons and GET /categories', async () => {
    const paths: string[] = []
    const catalogueQueries: string[] = []
    server.events.on('request:start', ({ request }) => {
      paths.push(apiPathOf(request.url))
      if (isCallOf(lessons.listLessons, request)) catalogueQueries.push(new URL(request.url).search)
    })
    await renderApp(undefined, { user: 'student' })
    expect(screen.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument()
    const catalogue = region('All lessons')
    expect(within(catalogue).getByRole('heading', { name: 'All lessons', level: 2 })).toBeVisible()
    await waitFor(() =>
      expect(
        within(within(catalogue).getByRole('list', { name: 'Lessons' })).getAllByRole('link'),
      ).toHaveLength(5),
    )
    expect(within(catalogue).getByRole('searchbox', { name: 'Search lessons' })).toBeVisible()
    const select = within(catalogue).getByRole('combobox', { name: 'Category' })
    expect(within(select).getAllByRole('option')).toHaveLength(db.categories.length + 1)

    expect(catalogueQueries).toEqual(['?page=1&take=5&order=DESC'])
    expect(paths).toContain(pathOf(categories.listCategories))
    expect(paths).toContain(pathOf(lessons.upcomingLessons))
    const guestCalls = Object.values(guest)
    expect(
      paths.filter((path) => guestCalls.some((descriptor) => isPathOf(descriptor, path))),
    ).toEqual([])
  })

  it('filters the signed-in catalogue by category through GET /lessons', async () => {
    const queries = recordQueries(lessons.listLessons)
    await renderApp(undefined, { user: 'student' })
    const catalogue = region('All lessons')
    await userEvent.selectOptions(
      within(catalogue).getByRole('combobox', { name: 'Category' }),
      'Programming',
    )
    await waitFor(() =>
      expect(
        within(within(catalogue).getByRole('list', { name: 'Lessons' }))
          .getAllByRole('heading')
          .map((heading) => heading.textContent),
      ).toEqual(['React for Beginners', 'TypeScript from Scratch']),
    )
    expect(queries.at(-1)?.get('categoryIds')).toBe(String(seedIds.categories.programming))
    expect(queries.at(-1)?.get('page')).toBe('1')
  })

  it("lists the student's sessions that have not ended, soonest first, with date and times", async () => {
    enrollStudent(seedIds.sessions.futurePaid)
    await renderApp(undefined, { user: 'student' })
    await waitFor(() => expect(upcomingItems()).toHaveLength(3))
    const expected = [
      seedIds.sessions.live,
      seedIds.sessions.startingSoon,
      seedIds.sessions.futurePaid,
    ].map((id) => {
      const session = sessionById(id)
      return { session, lesson: lessonById(session.lessonId) }
    })
    upcomingItems().forEach((item, index) => {
      const { session, lesson } = expected[index]!
      expect(within(item).getByRole('link', { name: lesson.title })).toHaveAttribute(
        'href',
        `/lesson/${lesson.id}`,
      )
      expect(item).toHaveTextContent(formatDate(session.start_time, 'en-US'))
      expect(item).toHaveTextContent(
        `${formatTime(session.start_time)} – ${zonedTimes(session.start_time, session.end_time, 'en-US').end}`,
      )
    })
    // The ended sessions the student attended are not there.
    expect(screen.queryByRole('link', { name: lessonById(seedIds.toReviewLesson).title })).toBe(
      null,
    )
    expect(formatDate(sessionById(seedIds.sessions.futurePaid).start_time, 'en-US')).toMatch(
      /^\d{1,2} [A-Z][a-z]+ \d{4}$/,
    )
  })

  it('shows a live next lesson with the join button opening the meeting in a new tab', async () => {
    // Only the live seat: the one starting in 3 minutes would be joinable too.
    unenrollStudent(seedIds.sessions.startingSoon)
    await renderApp(undefined, { user: 'student' })
    const next = await waitFor(nextLesson)
    const live = sessionById(seedIds.sessions.live)
    expect(within(next).getByRole('link', { name: lessonById(live.lessonId).title })).toBeVisible()
    expect(within(next).getByText('Live now')).toBeVisible()
    expect(within(next).queryByText(/Starts in/)).not.toBeInTheDocument()
    const join = within(next).getByRole('link', { name: 'Join (opens in a new tab)' })
    expect(join).toHaveAttribute('href', live.url)
    expect(join).toHaveAttribute('target', '_blank')
    expect(join).toHaveAttribute('rel', expect.stringContaining('noopener'))
  })

  it('counts down to the next lesson, goes live at its start and moves on after its end', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    unenrollStudent(seedIds.sessions.live)
    schedule(seedIds.sessions.startingSoon, 10 * MINUTE)
    schedule(seedIds.sessions.futurePaid, 2 * DAY)
    enrollStudent(seedIds.sessions.futurePaid)
    const soon = sessionById(seedIds.sessions.startingSoon)
    await renderApp(undefined, { user: 'student' })

    let next = await waitFor(nextLesson)
    expect(within(next).getByText(lessonById(soon.lessonId).title)).toBeVisible()
    // Announced to the minute; shown to the second.
    expect(within(next).getByText('Starts in 10 min')).toHaveClass('sr-only')
    expect(within(next).getByText(/^Starts in (10 min 00 s|9 min \d\d s)$/)).toBeVisible()
    // Outside the join window the API gives no url and there is no join button.
    expect(within(next).queryByRole('link', { name: /Join/ })).not.toBeInTheDocument()

    // 3 minutes before the start: inside the join window, the url arrives.
    await advance(7 * MINUTE)
    expect(within(next).getByText('Starts in 3 min')).toBeInTheDocument()
    expect(await within(next).findByRole('link', { name: /Join/ })).toHaveAttribute(
      'href',
      soon.url,
    )
    const before = within(next).getByText(/^Starts in \d min \d\d s$/).textContent
    await advance(1_000)
    expect(within(next).getByText(/^Starts in \d min \d\d s$/).textContent).not.toBe(before)

    // At the start it is live: 'Live now' and the join button, no countdown.
    await advance(Date.parse(soon.start_time) - Date.now())
    expect(within(next).getByText('Live now')).toBeVisible()
    expect(within(next).queryByText(/Starts in/)).not.toBeInTheDocument()
    expect(within(next).getByRole('link', { name: /Join/ })).toHaveAttribute('href', soon.url)

    // After its end the next one takes its place, and the list drops the ended one.
    await advance(Date.parse(soon.end_time) - Date.now())
    next = nextLesson()
    const later = sessionById(seedIds.sessions.futurePaid)
    expect(within(next).getByText(lessonById(later.lessonId).title)).toBeVisible()
    expect(within(next).getByText('Starts in 1 d 22 h 50 min')).toBeInTheDocument()
    expect(within(next).queryByText('Live now')).not.toBeInTheDocument()
    expect(upcomingItems()).toHaveLength(1)
  })

  it('shows a disabled join button while live when the API gave no url', async () => {
    const session = sessionById(seedIds.sessions.live)
    server.use(
      mockEndpoint(lessons.upcomingLessons, () =>
        answer(lessons.upcomingLessons, {
          data: [
            {
              lesson: toLesson(lessonById(session.lessonId)),
              session: { ...toSession(session, student()), url: null },
            },
          ],
          meta: { page: 1, take: 20, itemCount: 1, pageCount: 1, hasNextPage: false },
        }),
      ),
    )
    await renderApp(undefined, { user: 'student' })
    const next = await waitFor(nextLesson)
    expect(within(next).getByText('Live now')).toBeVisible()
    expect(within(next).getByRole('button', { name: 'Join' })).toBeDisabled()
    expect(within(next).queryByRole('link', { name: /Join/ })).not.toBeInTheDocument()
  })

  it('never links a live lesson to a stored meeting url that is not http(s)', async () => {
    const session = sessionById(seedIds.sessions.live)
    server.use(
      mockEndpoint(lessons.upcomingLessons, () =>
        answer(lessons.upcomingLessons, {
          data: [
            {
              lesson: toLesson(lessonById(session.lessonId)),
              session: { ...toSession(session, student()), url: 'javascript:alert(1)' },
            },
          ],
          meta: { page: 1, take: 20, itemCount: 1, pageCount: 1, hasNextPage: false },
        }),
      ),
    )
    await renderApp(undefined, { user: 'student' })
    const next = await waitFor(nextLesson)
    expect(within(next).getByRole('button', { name: 'Join' })).toBeDisabled()
    expect(within(next).queryByRole('link', { name: /Join/ })).not.toBeInTheDocument()
    expect(next).toHaveTextContent(
      'This link is not a web address (only http and https links open), so it is unavailable.',
    )
  })

  it('says so, without a countdown, when nothing is coming up', async () => {
    db.enrollments = db.enrollments.filter((row) => row.userId !== seedIds.student)
    await renderApp(undefined, { user: 'student' })
    const upcoming = await waitFor(() => region('Upcoming lessons'))
    expect(
      within(upcoming).getByText(
        'You have no upcoming lessons yet. Find one you like below and enroll in a session.',
      ),
    ).toBeVisible()
    expect(screen.queryByRole('region', { name: 'Next lesson' })).not.toBeInTheDocument()
    expect(screen.queryByText(/Starts in/)).not.toBeInTheDocument()
    expect(region('All lessons')).toBeInTheDocument()
    // The way on: a link to the catalogue below, whose heading takes the focus.
    const browse = within(upcoming).getByRole('link', { name: 'Browse all lessons' })
    const catalogueHeading = screen.getByRole('heading', { name: 'All lessons' })
    expect(browse).toHaveAttribute('href', `#${catalogueHeading.id}`)
    expect(catalogueHeading).toHaveAttribute('tabindex', '-1')
  })

  it('shows the common error text when the upcoming lessons cannot load', async () => {
    server.use(mockEndpoint(lessons.upcomingLessons, () => errorResponse(500, 'x')))
    await renderApp(undefined, { user: 'student' })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again.',
    )
    expect(region('All lessons')).toBeInTheDocument()
  })

  it('counts down in Japanese under jp-JP', async () => {
    unenrollStudent(seedIds.sessions.live)
    schedule(seedIds.sessions.startingSoon, 2 * 60 * MINUTE + 5 * MINUTE - 30_000)
    await renderApp(undefined, { user: 'student' })
    await waitFor(nextLesson)
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'jp-JP')
    const next = await screen.findByRole('region', { name: '次のレッスン' })
    expect(within(next).getByText('開始まで 2時間 05分')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: '今後のレッスン', level: 2 })).toBeVisible()
  })

  it('keeps the dashboard within a 320 px screen: one column until xl', async () => {
    await renderApp(undefined, { user: 'student' })
    const catalogue = region('All lessons')
    await waitFor(() =>
      expect(within(catalogue).getByRole('list', { name: 'Lessons' })).toBeVisible(),
    )
    // The catalogue waits for the column above it in a wrapper that makes no box of its own.
    expect(catalogue.parentElement).toHaveClass('contents')
    const columns = catalogue.parentElement!.parentElement!
    expect(columns).toHaveClass('grid', 'xl:grid-cols-[minmax(0,1fr)_22rem]')
    expect(columns.className).not.toMatch(/(^|\s)grid-cols-/)
    expect(catalogue).toHaveClass('min-w-0')
    expect(within(catalogue).getByRole('list', { name: 'Lessons' })).toHaveClass(
      'grid-cols-[repeat(auto-fill,minmax(min(220px,100%),1fr))]',
    )
  })
})

describe('dashboards of other roles', () => {
  it('gives educators their own dashboard, without student sections', async () => {
    const paths: string[] = []
    server.events.on('request:start', ({ request }) => {
      paths.push(apiPathOf(request.url))
    })
    await renderApp(undefined, { user: 'educator' })
    expect(screen.getByRole('heading', { name: 'My lessons', level: 1 })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Upcoming lessons' })).not.toBeInTheDocument()
    expect(paths).not.toContain(pathOf(lessons.upcomingLessons))
  })
})
