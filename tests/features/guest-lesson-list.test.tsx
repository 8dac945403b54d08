import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { mockAllIsIntersecting } from 'react-intersection-observer/test-utils'
import { describe, expect, it } from 'vitest'
import { db, seedIds } from '@/mocks/db'
import { server } from '@/mocks/node'
import { renderApp } from '@tests/render-app'

const API = 'http://localhost:3000/api'
const cards = () => within(screen.getByRole('list', { name: 'Lessons' })).getAllByRole('link')

const listedLessons = () =>
  db.lessons
    .filter((lesson) => db.sessions.some((session) => session.lessonId === lesson.id))
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id)

describe('the guest lesson list', () => {
  it('shows the newest 5 lessons as cards linking to their page', async () => {
    await renderApp()
    await screen.findByRole('heading', { name: 'All lessons' })
    await waitFor(() => expect(cards()).toHaveLength(5))
    const newest = listedLessons()[0]!
    const card = cards()[0]!
    expect(card).toHaveAttribute('href', `/lesson/${newest.id}`)
    expect(within(card).getByRole('heading', { name: newest.title })).toBeInTheDocument()
    expect(card).toHaveTextContent(`$${(newest.price_in_cents / 100).toFixed(2)} / hour`)
  })

  it('loads the next page when the last card comes into view, until a page is empty', async () => {
    const pages: string[] = []
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url)
      if (url.pathname === '/api/guest/lessons') pages.push(url.searchParams.get('page') ?? '')
    })
    await renderApp()
    await waitFor(() => expect(cards()).toHaveLength(5))
    const total = listedLessons().length
    const lastPage = Math.ceil(total / 5)
    for (let page = 2; page <= lastPage; page += 1) {
      // Scrolling: the new last card is out of view, then comes into view.
      act(() => mockAllIsIntersecting(false))
      act(() => mockAllIsIntersecting(true))
      await waitFor(() => expect(cards()).toHaveLength(Math.min(page * 5, total)))
    }
    // The page after the last is empty; after it, nothing more is asked for.
    act(() => mockAllIsIntersecting(false))
    act(() => mockAllIsIntersecting(true))
    await waitFor(() => expect(pages).toHaveLength(lastPage + 1))
    act(() => mockAllIsIntersecting(false))
    act(() => mockAllIsIntersecting(true))
    await waitFor(() => expect(screen.queryByText('Loading more…')).not.toBeInTheDocument())
    server.events.removeAllListeners()
    expect(cards()).toHaveLength(total)
    expect(pages).toEqual(Array.from({ length: lastPage + 1 }, (_, index) => String(index + 1)))
    expect(cards().map((card) => card.getAttribute('href'))).not.toContain(
      `/lesson/${seedIds.lessonWithoutSessions}`,
    )
  })

  it('uses the fallback image when a lesson has none, the API image otherwise', async () => {
    const [newest, second] = listedLessons()
    newest!.imageId = null
    await renderApp()
    await waitFor(() => expect(cards()).toHaveLength(5))
    const images = screen.getAllByRole('presentation')
    expect(images[0]).toHaveAttribute('src', '/images/lesson-fallback.svg')
    expect(images[0]).toHaveAttribute('loading', 'lazy')
    expect(images[1]).toHaveAttribute('src', `${API}/lessons/${second!.id}/image`)
  })

  it('says so when no lesson matches', async () => {
    server.use(
      http.get(`${API}/guest/lessons`, () =>
        HttpResponse.json({
          data: [],
          meta: { page: 1, take: 5, itemCount: 0, pageCount: 0, hasNextPage: false },
        }),
      ),
    )
    await renderApp()
    expect(await screen.findByText('We could not find a lesson')).toBeInTheDocument()
  })

  it('shows the Japanese category title and price text in Japanese', async () => {
    await renderApp()
    await waitFor(() => expect(cards()).toHaveLength(5))
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'jp-JP')
    const newest = listedLessons()[0]!
    const category = db.categories.find((item) => item.id === newest.categoryId)!
    const list = await screen.findByRole('list', { name: 'レッスン一覧' })
    const firstCard = within(list).getAllByRole('link')[0]!
    expect(within(firstCard).getByText(category.titleJp)).toBeInTheDocument()
    expect(firstCard).toHaveTextContent('/ 時間')
  })

  it('shows the common error text when the list cannot load', async () => {
    server.use(
      http.get(`${API}/guest/lessons`, () =>
        HttpResponse.json(
          { statusCode: 500, error: 'Internal Server Error', message: 'x' },
          { status: 500 },
        ),
      ),
    )
    await renderApp()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again.',
    )
  })
})
