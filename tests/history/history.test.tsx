import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import * as lessons from '@contract/descriptors/lessons'
import { db, nextId, seedIds } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { formatDate } from '@/shared/i18n/format'
import { renderApp, type TestUser } from '@tests/render-app'
import { pathOf, recordRequestedPaths } from '@tests/request-log'

const requested = recordRequestedPaths()

const lessonRow = (id: number) => db.lessons.find((lesson) => lesson.id === id)!

/** The end of the last session of the lesson the student attended (ended, enrolled). */
const lastAttendedEnd = (lessonId: number, userId = seedIds.student) =>
  db.sessions
    .filter(
      (session) =>
        session.lessonId === lessonId &&
        Date.parse(session.end_time) <= Date.now() &&
        db.enrollments.some((row) => row.sessionId === session.id && row.userId === userId),
    )
    .map((session) => session.end_time)
    .sort()
    .at(-1)!

const openHistory = async (user: TestUser = 'student', url = '/history') => {
  const rendered = await renderApp(undefined, { user, url })
  await screen.findByRole('heading', { level: 1, name: 'Lesson history' })
  return rendered
}

const entries = () => screen.getAllByRole('article')
const entryOf = (title: string) => screen.getByRole('article', { name: title })

/** `count` more lessons the student attended, each with one session that ended days ago. */
const attendMoreLessons = (count: number) => {
  const template = lessonRow(seedIds.toReviewLesson)
  for (let n = 1; n <= count; n += 1) {
    const lessonId = nextId(db.lessons)
    db.lessons.push({ ...template, id: lessonId, title: `Extra lesson ${n}`, links: [] })
    const end = new Date(Date.now() - (10 + n) * 86_400_000)
    const sessionId = nextId(db.sessions)
    db.sessions.push({
      id: sessionId,
      lessonId,
      start_time: new Date(end.getTime() - 3_600_000).toISOString(),
      end_time: end.toISOString(),
      timezone: 'Asia/Tokyo',
      url: 'https://meet.google.com/abc-defg-hij',
      decision: 'unconditional',
      decisionAt: null,
    })
    db.enrollments.push({
      id: nextId(db.enrollments),
      userId: seedIds.student,
      lessonId,
      sessionId,
      createdAt: end.toISOString(),
    })
  }
}

describe('the lesson history (§2, §4)', () => {
  it('lists each attended lesson once, the latest first, to review or reviewed', async () => {
    await openHistory()
    const items = await waitFor(() => {
      const found = entries()
      expect(found).toHaveLength(2)
      return found
    })

    const reviewed = lessonRow(seedIds.paidLesson)
    const [first, second] = items as [HTMLElement, HTMLElement]
    expect(within(first).getByRole('link', { name: reviewed.title })).toHaveAttribute(
      'href',
      `/lesson/${reviewed.id}`,
    )
    expect(within(first).getByText('Reviewed')).toBeInTheDocument()
    expect(within(first).getByText('Last session attended:')).toBeInTheDocument()
    expect(
      within(first).getByText(formatDate(lastAttendedEnd(reviewed.id), 'en-US')),
    ).toHaveAttribute('datetime', lastAttendedEnd(reviewed.id))
    const review = db.reviews.find(
      (row) => row.lessonId === reviewed.id && row.userId === seedIds.student,
    )!
    expect(
      within(first).getByRole('img', { name: `Rated ${review.rating} out of 5` }),
    ).toBeInTheDocument()
    expect(within(first).getByText(review.body)).toBeInTheDocument()
    expect(within(first).queryByRole('button', { name: /Write a review/ })).not.toBeInTheDocument()

    const toReview = lessonRow(seedIds.toReviewLesson)
    expect(within(second).getByRole('link', { name: toReview.title })).toBeInTheDocument()
    expect(within(second).getByText('To review')).toBeInTheDocument()
    expect(
      within(second).getByText(formatDate(lastAttendedEnd(toReview.id), 'en-US')),
    ).toBeInTheDocument()
    expect(
      within(second).getByRole('button', { name: `Write a review of ${toReview.title}` }),
    ).toHaveTextContent('Write a review')
    expect(within(second).queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument()
  })

  it('opens the review dialog of the lesson the e-mail asking for a review names, once', async () => {
    const toReview = lessonRow(seedIds.toReviewLesson)
    const { router } = await openHistory('student', `/history?review=${toReview.id}`)
    const dialog = await screen.findByRole('dialog', { name: `Review “${toReview.title}”` })
    expect(dialog).toBeVisible()
    // The parameter goes, so closing the dialog or coming back does not open it again.
    await waitFor(() => expect(router.state.location.search).toBe(''))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('opens no dialog for a lesson already reviewed, or one not in the history', async () => {
    const reviewed = lessonRow(seedIds.paidLesson)
    for (const url of [
      `/history?review=${reviewed.id}`,
      '/history?review=99999',
      '/history?review=x',
    ]) {
      const { router, unmount } = await openHistory('student', url)
      await waitFor(() => expect(entries()).toHaveLength(2))
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
      if (url.endsWith(`=${reviewed.id}`)) {
        await waitFor(() => expect(router.state.location.search).toBe(''))
      }
      unmount()
    }
  })

  it('leaves out lessons whose sessions have not ended and seats given back', async () => {
    // The student gives back the seat of the past session of the reviewed lesson.
    const past = seedIds.sessions.past
    db.enrollments = db.enrollments.filter(
      (row) => !(row.sessionId === past && row.userId === seedIds.student),
    )
    await openHistory()
    await waitFor(() => expect(entries()).toHaveLength(1))
    expect(entryOf(lessonRow(seedIds.toReviewLesson).title)).toBeInTheDocument()
    // The free lesson's session starting in 3 minutes has a seat but has not ended.
    expect(screen.queryByText(lessonRow(seedIds.freeLesson).title)).not.toBeInTheDocument()
  })

  it('says when nothing was attended yet, with a link to browse lessons', async () => {
    db.enrollments = db.enrollments.filter((row) => row.userId !== seedIds.student)
    await openHistory()
    expect(await screen.findByText('You have not attended any lesson yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse lessons' })).toHaveAttribute('href', '/')
    expect(screen.queryByRole('article')).not.toBeInTheDocument()
  })

  it('shows an error with a retry when the history cannot be loaded', async () => {
    server.use(
      mockEndpoint(lessons.lessonHistory, () => errorResponse(500, 'down'), { once: true }),
    )
    await openHistory()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Your lesson history could not be loaded.')
    expect(screen.queryByRole('article')).not.toBeInTheDocument()
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(entries()).toHaveLength(2))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('pages through a long history, the page kept in the URL', async () => {
    attendMoreLessons(21)
    const { router } = await openHistory()
    await waitFor(() => expect(entries()).toHaveLength(20))
    const pages = screen.getByRole('navigation', { name: 'Pages of your lesson history' })
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument()
    expect(screen.getByText('Extra lesson 18')).toBeInTheDocument()
    expect(screen.queryByText('Extra lesson 19')).not.toBeInTheDocument()

    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(entries()).toHaveLength(3))
    expect(router.state.location.search).toBe('?page=2')
    expect(within(pages).getByText('Page 2 of 2')).toBeInTheDocument()
    expect(entries().map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Extra lesson 19',
      'Extra lesson 20',
      'Extra lesson 21',
    ])
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled()
  })

  it('offers the first page when the URL names a page past the last', async () => {
    await openHistory('student', '/history?page=5')
    expect(await screen.findByText('There is nothing on this page.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Go to the first page' }))
    await waitFor(() => expect(entries()).toHaveLength(2))
  })

  it.each<TestUser>(['educator', 'admin'])(
    'tells a signed-in %s there is no history for them, without asking for one',
    async (user) => {
      await openHistory(user)
      expect(
        screen.getByText(/Educators and admins do not attend lessons, so there is nothing to show/),
      ).toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/')
      expect(screen.queryByRole('alert')).not.toBeInTheDocument()
      expect(requested).not.toContain(pathOf(lessons.lessonHistory))
    },
  )

  it('sends a guest to login', async () => {
    const { router } = await renderApp(undefined, { url: '/history' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'))
  })

  it('shows the history in Japanese', async () => {
    await openHistory()
    await waitFor(() => expect(entries()).toHaveLength(2))
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'jp-JP')
    expect(await screen.findByRole('heading', { level: 1, name: '受講履歴' })).toBeInTheDocument()
    const toReview = lessonRow(seedIds.toReviewLesson)
    const entry = entryOf(toReview.title)
    expect(within(entry).getByText('レビュー待ち')).toBeInTheDocument()
    expect(within(entry).getByText('最後に受講したセッション：')).toBeInTheDocument()
    expect(
      within(entry).getByText(formatDate(lastAttendedEnd(toReview.id), 'jp-JP')),
    ).toBeInTheDocument()
    expect(
      within(entry).getByRole('button', { name: `「${toReview.title}」のレビューを書く` }),
    ).toHaveTextContent('レビューを書く')
    expect(
      within(entryOf(lessonRow(seedIds.paidLesson).title)).getByText('レビュー済み'),
    ).toBeInTheDocument()

    await userEvent.click(within(entry).getByRole('button', { name: /レビューを書く/ }))
    const dialog = await screen.findByRole('dialog', { name: `「${toReview.title}」のレビュー` })
    await userEvent.click(within(dialog).getByRole('button', { name: 'レビューを送信' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'レビューを入力し、レッスンを評価してください',
    )
    expect(within(dialog).getByRole('radio', { name: '星3つ' })).toBeInTheDocument()
  })
})
