import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockAllIsIntersecting } from 'react-intersection-observer/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import * as lessons from '@contract/descriptors/lessons'
import * as user from '@contract/descriptors/user'
import { db, type DbLesson, seedIds } from '@/mocks/db'
import { errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { apiAssetUrl } from '@/shared/config/env'
import { formatDate } from '@/shared/i18n/format'
import { holdCalls } from '@tests/hold-calls'
import { renderApp } from '@tests/render-app'
import { isCallOf } from '@tests/request-log'

const region = (name: string) => screen.getByRole('region', { name })
const lessonList = () => within(region('Your lessons')).getByRole('list', { name: 'Your lessons' })
const cards = () => within(lessonList()).getAllByRole('article')
const card = (title: string) => within(lessonList()).getByRole('article', { name: title })
const reviewItems = () =>
  within(
    within(region('Latest reviews of my lessons')).getByRole('list', {
      name: 'Latest reviews of my lessons',
    }),
  ).getAllByRole('listitem')

const lessonNamed = (title: string) => db.lessons.find((lesson) => lesson.title === title)!

/** Gives the educator `count` more lessons without sessions, created a day apart from 2025 on. */
const addLessons = (ownerId: number, count: number, prefix = 'Extra lesson') => {
  for (let index = 1; index <= count; index += 1) {
    const lesson: DbLesson = {
      id: 500 + index,
      title: `${prefix} ${index}`,
      categoryId: seedIds.categories.music,
      ownerId,
      price_in_cents: 1000,
      about: '',
      details: '',
      imageId: null,
      min_slots: 1,
      max_slots: 4,
      links: [],
      createdAt: new Date(Date.UTC(2025, 0, index)).toISOString(),
    }
    db.lessons.push(lesson)
  }
}

afterEach(() => {
  server.events.removeAllListeners()
})

describe("the educator's lessons on the dashboard (§2)", () => {
  it('shows each lesson newest first with its price, upcoming sessions and seats taken', async () => {
    await renderApp(undefined, { user: 'educator' })
    expect(screen.getByRole('heading', { name: 'My lessons', level: 1 })).toBeInTheDocument()
    await waitFor(() => expect(cards()).toHaveLength(6))
    expect(
      cards().map((item) => within(item).getByRole('heading', { level: 3 }).textContent),
    ).toEqual([
      'Sushi Workshop',
      'Advanced Calligraphy (draft)',
      'Geometry Puzzles',
      'Introduction to Physics',
      'TypeScript from Scratch',
      'Conversational Japanese for Beginners',
    ])

    // Lesson 1 (5 seats a session): a live and a future session, a student holds a seat in each.
    const japanese = card('Conversational Japanese for Beginners')
    expect(japanese).toHaveTextContent('$20.00 per hour')
    // A free lesson says so rather than "$0.00 per hour".
    const typescript = card('TypeScript from Scratch')
    expect(typescript).toHaveTextContent('Free')
    expect(typescript).not.toHaveTextContent('$0.00')
    expect(japanese).toHaveTextContent('2 upcoming sessions')
    expect(japanese).toHaveTextContent('Seats taken: 2 / 10')
    expect(within(japanese).queryByText('Not listed yet')).not.toBeInTheDocument()
    const id = lessonNamed('Conversational Japanese for Beginners').id
    // Covers load as they come near the view.
    act(() => mockAllIsIntersecting(true))
    expect(japanese.querySelector('img')).toHaveAttribute(
      'src',
      apiAssetUrl(`/lessons/${id}/image`),
    )
    expect(
      within(japanese).getByRole('link', {
        name: 'View lesson: Conversational Japanese for Beginners',
      }),
    ).toHaveAttribute('href', `/lesson/${id}`)
    expect(
      within(japanese).getByRole('link', { name: 'Edit: Conversational Japanese for Beginners' }),
    ).toHaveAttribute('href', `/lesson/${id}/edit`)

    // One session left: the past one of the TypeScript lesson is not counted.
    expect(card('TypeScript from Scratch')).toHaveTextContent('1 upcoming session')
    expect(card('TypeScript from Scratch')).toHaveTextContent('Seats taken: 0 / 10')
    // No cover image: the fallback.
    expect(card('Sushi Workshop').querySelector('img')).toHaveAttribute(
      'src',
      '/images/lesson-fallback.svg',
    )
  })

  it('marks a lesson without an upcoming session as not listed yet', async () => {
    // The TypeScript lesson's only future session is moved into the past.
    const typescript = lessonNamed('TypeScript from Scratch')
    for (const session of db.sessions.filter((row) => row.lessonId === typescript.id)) {
      session.start_time = new Date(Date.now() - 3 * 60 * 60_000).toISOString()
      session.end_time = new Date(Date.now() - 2 * 60 * 60_000).toISOString()
    }
    await renderApp(undefined, { user: 'educator' })
    await waitFor(() => expect(cards()).toHaveLength(6))
    for (const title of ['Advanced Calligraphy (draft)', 'TypeScript from Scratch']) {
      expect(within(card(title)).getByText('Not listed yet')).toBeVisible()
      expect(card(title)).toHaveTextContent('0 upcoming sessions')
      expect(card(title)).toHaveTextContent(
        'Add an upcoming session so students can enroll in this lesson.',
      )
      expect(card(title)).not.toHaveTextContent('Seats taken')
    }
    expect(screen.getAllByText('Not listed yet')).toHaveLength(2)
  })

  it('opens the edit form from a lesson, and the new-lesson form', async () => {
    const { router } = await renderApp(undefined, { user: 'educator' })
    await waitFor(() => expect(cards()).toHaveLength(6))
    await userEvent.click(
      within(card('Geometry Puzzles')).getByRole('link', { name: 'Edit: Geometry Puzzles' }),
    )
    expect(await screen.findByRole('heading', { name: 'Update lesson' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(
      `/lesson/${lessonNamed('Geometry Puzzles').id}/edit`,
    )
    await userEvent.click(screen.getByRole('link', { name: 'New lesson' }))
    expect(await screen.findByRole('heading', { name: 'New lesson' })).toBeInTheDocument()
  })

  it('pages through more lessons than fit on a page, keeping the page in the URL', async () => {
    addLessons(seedIds.educator, 15)
    const { router } = await renderApp(undefined, { user: 'educator' })
    await waitFor(() => expect(cards()).toHaveLength(20))
    const pages = screen.getByRole('navigation', { name: 'Pages of your lessons' })
    expect(pages).toHaveTextContent('Page 1 of 2')
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled()
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(cards()).toHaveLength(1))
    expect(cards()[0]).toHaveAccessibleName('Extra lesson 1')
    expect(router.state.location.search).toBe('?lessonsPage=2')
    expect(screen.getByRole('navigation', { name: 'Pages of your lessons' })).toHaveTextContent(
      'Page 2 of 2',
    )
  })

  it('offers a way back from a page past the last one', async () => {
    await renderApp(undefined, { user: 'educator', url: '/?lessonsPage=7' })
    expect(await screen.findByText('There are no lessons on this page.')).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Go to the first page' }))
    await waitFor(() => expect(cards()).toHaveLength(6))
  })

  it('invites an educator without lessons to create one', async () => {
    await renderApp(undefined, { user: 'educatorWithoutLicence' })
    const mine = region('Your lessons')
    expect(await within(mine).findByText('You have no lessons yet.')).toBeVisible()
    expect(within(mine).queryByRole('list')).not.toBeInTheDocument()
    // Approved without a licence: told why sessions cannot be added, and may still create lessons.
    expect(screen.getByRole('status')).toHaveTextContent('No video licence yet')
    expect(screen.getByRole('link', { name: 'Create a lesson' })).toBeInTheDocument()
    await userEvent.click(within(mine).getByRole('link', { name: 'New lesson' }))
    expect(await screen.findByRole('heading', { name: 'New lesson' })).toBeInTheDocument()
  })

  it('shows an educator awaiting approval the waiting message and no way to edit', async () => {
    addLessons(seedIds.unverifiedEducator, 1, 'Waiting lesson')
    await renderApp(undefined, { user: 'unverifiedEducator' })
    expect(screen.getByRole('status')).toHaveTextContent('Your account is not approved yet')
    await waitFor(() => expect(cards()).toHaveLength(1))
    const waiting = card('Waiting lesson 1')
    expect(within(waiting).getByText('Not listed yet')).toBeVisible()
    expect(
      within(waiting).getByRole('link', { name: 'View lesson: Waiting lesson 1' }),
    ).toBeVisible()
    expect(within(waiting).queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument()
    expect(
      within(region('Your lessons')).queryByRole('link', { name: 'New lesson' }),
    ).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Create a lesson' })).not.toBeInTheDocument()
  })

  it('says it is loading while the lessons are on their way', async () => {
    const held = holdCalls(lessons.myLessons)
    await renderApp(undefined, { user: 'educator', waitForLoad: false })
    const mine = await screen.findByRole('region', { name: 'Your lessons' })
    expect(within(mine).getByRole('status')).toHaveTextContent('Loading…')
    await held.release()
    await waitFor(() => expect(cards()).toHaveLength(6))
    expect(within(mine).queryByRole('status')).not.toBeInTheDocument()
  })

  it('says so when the lessons cannot load, and loads them again on retry', async () => {
    server.use(mockEndpoint(lessons.myLessons, () => errorResponse(500, 'down')))
    await renderApp(undefined, { user: 'educator' })
    const alert = await within(region('Your lessons')).findByRole('alert')
    expect(alert).toHaveTextContent('Your lessons could not be loaded.')
    // The rest of the dashboard still works.
    expect(await screen.findAllByText('by Tom Miller')).toHaveLength(1)
    server.resetHandlers()
    let calls = 0
    server.events.on('request:start', ({ request }) => {
      if (isCallOf(lessons.myLessons, request)) calls += 1
    })
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(cards()).toHaveLength(6))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(calls).toBe(1)
  })
})

describe('the latest reviews of the educator’s lessons (§2)', () => {
  it('shows the newest reviews with lesson, rating, author and date', async () => {
    await renderApp(undefined, { user: 'educator' })
    await waitFor(() => expect(reviewItems()).toHaveLength(2))
    const [newest, older] = reviewItems()
    const newestRow = db.reviews
      .filter((row) => row.createdAt)
      .sort((a, b) => Date.parse(b.createdAt!) - Date.parse(a.createdAt!))[0]!
    expect(
      within(newest!).getByRole('link', { name: 'Conversational Japanese for Beginners' }),
    ).toHaveAttribute('href', `/lesson/${lessonNamed('Conversational Japanese for Beginners').id}`)
    expect(within(newest!).getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible()
    expect(newest).toHaveTextContent('by Tom Miller')
    expect(newest).toHaveTextContent(formatDate(newestRow.createdAt!, 'en-US'))
    expect(within(older!).getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible()
    expect(older).toHaveTextContent('by Yuki Yamamoto')
  })

  it('shows the five newest of many, newest first, and leaves out undated ones', async () => {
    const lessonId = lessonNamed('Geometry Puzzles').id
    for (let day = 1; day <= 7; day += 1) {
      db.reviews.push({
        id: 900 + day,
        userId: seedIds.student3,
        lessonId,
        body: `Review of day ${day}`,
        rating: 3,
        createdAt: new Date(Date.UTC(2026, 10, 10 + day)).toISOString(),
      })
    }
    db.reviews.push({
      id: 999,
      userId: seedIds.student3,
      lessonId,
      body: 'Undated review',
      rating: 2,
    })
    await renderApp(undefined, { user: 'educator' })
    await waitFor(() => expect(reviewItems()).toHaveLength(5))
    const seeded = (start: string) => db.reviews.find((row) => row.body.startsWith(start))!.body
    expect(reviewItems().map((item) => item.querySelector('p:last-child')?.textContent)).toEqual([
      seeded('Friendly'),
      seeded('Kenji explains'),
      'Review of day 7',
      'Review of day 6',
      'Review of day 5',
    ])
    expect(screen.queryByText('Undated review')).not.toBeInTheDocument()
  })

  it('says so when nobody has reviewed the lessons yet', async () => {
    await renderApp(undefined, { user: 'educatorWithoutLicence' })
    const reviews = region('Latest reviews of my lessons')
    expect(await within(reviews).findByText('No one has reviewed your lessons yet.')).toBeVisible()
    expect(within(reviews).queryByRole('list')).not.toBeInTheDocument()
  })

  it('says so when the reviews cannot load, and loads them again on retry', async () => {
    server.use(mockEndpoint(user.userReviews, () => errorResponse(500, 'down'), { once: true }))
    await renderApp(undefined, { user: 'educator' })
    const reviews = region('Latest reviews of my lessons')
    const alert = await within(reviews).findByRole('alert')
    expect(alert).toHaveTextContent('The reviews could not be loaded.')
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(reviewItems()).toHaveLength(2))
  })

  it('reads in Japanese under jp-JP', async () => {
    await renderApp(undefined, { user: 'educator' })
    await waitFor(() => expect(cards()).toHaveLength(6))
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'jp-JP')
    const mine = await screen.findByRole('region', { name: 'あなたのレッスン' })
    expect(within(mine).getAllByText('未掲載')).toHaveLength(1)
    expect(mine).toHaveTextContent('今後のセッション 2 件')
    expect(mine).toHaveTextContent('予約済みの席：2 / 10')
    const reviews = screen.getByRole('region', { name: '私のレッスンへの最新レビュー' })
    const newest = db.reviews.find((row) => row.body.startsWith('Friendly'))!
    expect(reviews).toHaveTextContent(formatDate(newest.createdAt!, 'jp-JP'))
    expect(formatDate(newest.createdAt!, 'jp-JP')).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日$/)
  })
})
