import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockAllIsIntersecting } from 'react-intersection-observer/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as categories from '@contract/descriptors/categories'
import * as guest from '@contract/descriptors/guest'
import * as lessons from '@contract/descriptors/lessons'
import { SEARCH_MAX_LENGTH } from '@contract/landing-rules'
import { db, seedIds } from '@/mocks/db'
import { apiUrl, errorResponse, mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'
import { forgetShellCover, getShellCover, keepShellCover } from '@/shared/ui/shell-cover'
import { answer } from '@tests/mocks/helpers'
import { holdCalls } from '@tests/hold-calls'
import { renderApp } from '@tests/render-app'
import { apiPathOf, pathOf, recordQueries } from '@tests/request-log'

const lessonList = () => screen.getByRole('list', { name: 'Lessons' })
const cards = () => within(lessonList()).getAllByRole('article')
const cardLink = (card: HTMLElement) => within(card).getByRole('link')
const cardTitles = () =>
  within(lessonList())
    .getAllByRole('heading')
    .map((heading) => heading.textContent)

const listedLessons = () =>
  db.lessons
    .filter((lesson) => db.sessions.some((session) => session.lessonId === lesson.id))
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id)

/** The query strings of every catalogue request, in order. */
const recordCatalogueRequests = () => recordQueries(guest.guestLessons)
const describeRequest = (params: URLSearchParams) =>
  ['page', 'title', 'categoryIds'].map((name) => `${name}=${params.get(name) ?? ''}`).join('&')

/** Scrolling: the last card goes out of view, then comes into view. */
const scrollToLastCard = () => {
  act(() => mockAllIsIntersecting(false))
  act(() => mockAllIsIntersecting(true))
}

/** Moves the fake clock inside an async act, so React settles every update it causes. */
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms)
    return Promise.resolve()
  })

afterEach(() => {
  forgetShellCover()
  server.events.removeAllListeners()
  vi.useRealTimers()
})

describe('the guest lesson list', () => {
  it("keeps the static shell's cover on screen until the cards arrive, then forgets it", async () => {
    const shell = document.createElement('div')
    shell.innerHTML = '<img data-shell-cover="" src="/api/lessons/1/image" alt="">'
    keepShellCover(shell)
    const held = holdCalls(guest.guestLessons)
    await renderApp(undefined, { waitForLoad: false })
    await screen.findByRole('heading', { name: 'All lessons', level: 1 })
    // The catalogue's skeleton, its first card showing the cover the shell painted.
    const covers = document.querySelectorAll('img[data-shell-cover]')
    expect(covers).toHaveLength(1)
    expect(covers[0]).toHaveAttribute('src', '/api/lessons/1/image')
    await held.release()
    await waitFor(() => expect(cards()).toHaveLength(5))
    expect(document.querySelector('img[data-shell-cover]')).toBeNull()
    expect(getShellCover()).toBeUndefined()
  })

  it('shows the newest 5 lessons as cards linking to their page', async () => {
    await renderApp()
    await screen.findByRole('heading', { name: 'All lessons', level: 1 })
    await waitFor(() => expect(cards()).toHaveLength(5))
    const newest = listedLessons()[0]!
    const card = cards()[0]!
    expect(cardLink(card)).toHaveAttribute('href', `/lesson/${newest.id}`)
    expect(within(card).getByRole('heading', { name: newest.title })).toContainElement(
      cardLink(card),
    )
    // The newest demo lesson is free; a paid one reads as its hourly price.
    expect(newest.price_in_cents).toBe(0)
    expect(card).toHaveTextContent('Free')
    const paid = listedLessons()
      .slice(0, 5)
      .findIndex((lesson) => lesson.price_in_cents > 0)
    const price = listedLessons()[paid]!.price_in_cents
    expect(cards()[paid]).toHaveTextContent(`$${(price / 100).toFixed(2)} / hour`)
  })

  it('loads the next page when the last card comes into view, until a page is empty', async () => {
    const requests = recordCatalogueRequests()
    await renderApp()
    await waitFor(() => expect(cards()).toHaveLength(5))
    const total = listedLessons().length
    const lastPage = Math.ceil(total / 5)
    for (let page = 2; page <= lastPage; page += 1) {
      scrollToLastCard()
      await waitFor(() => expect(cards()).toHaveLength(Math.min(page * 5, total)))
    }
    // The page after the last is empty; after it, nothing more is asked for.
    scrollToLastCard()
    await waitFor(() => expect(requests).toHaveLength(lastPage + 1))
    scrollToLastCard()
    await waitFor(() => expect(screen.queryByText('Loading more…')).not.toBeInTheDocument())
    expect(cards()).toHaveLength(total)
    expect(requests.map((params) => params.get('page'))).toEqual(
      Array.from({ length: lastPage + 1 }, (_, index) => String(index + 1)),
    )
    expect(requests.every((params) => params.get('take') === '5')).toBe(true)
    expect(requests.every((params) => params.get('order') === 'DESC')).toBe(true)
    expect(cards().map((card) => cardLink(card).getAttribute('href'))).not.toContain(
      `/lesson/${seedIds.lessonWithoutSessions}`,
    )
  })

  it('uses the fallback image when a lesson has none, the API image otherwise', async () => {
    const [newest, second] = listedLessons()
    newest!.imageId = null
    await renderApp()
    await waitFor(() => expect(cards()).toHaveLength(5))
    const images = within(lessonList()).getAllByRole('presentation')
    // The first cover loads at once; each other waits until it comes near the view (§9's lazy
    // threshold).
    expect(images[0]).toHaveAttribute('src', '/images/lesson-fallback.svg')
    expect(images[1]).not.toHaveAttribute('src')
    act(() => mockAllIsIntersecting(true))
    expect(images[1]).toHaveAttribute(
      'src',
      apiUrl(pathOf(lessons.lessonImage, { id: second!.id })),
    )
  })

  it('says so when no lesson matches', async () => {
    server.use(
      mockEndpoint(guest.guestLessons, () =>
        answer(guest.guestLessons, {
          data: [],
          meta: { page: 1, take: 5, itemCount: 0, pageCount: 0, hasNextPage: false },
        }),
      ),
    )
    await renderApp()
    expect(
      await screen.findByText('There are no lessons yet. Check back soon.'),
    ).toBeInTheDocument()
    // Nothing narrows the list, so there is no filter to clear.
    expect(screen.queryByRole('button', { name: 'Show all lessons' })).not.toBeInTheDocument()
  })

  it('shows the Japanese category title and price text in Japanese', async () => {
    await renderApp()
    await waitFor(() => expect(cards()).toHaveLength(5))
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'jp-JP')
    const newest = listedLessons()[0]!
    const category = db.categories.find((item) => item.id === newest.categoryId)!
    const list = await screen.findByRole('list', { name: 'レッスン一覧' })
    const firstCard = within(list).getAllByRole('article')[0]!
    expect(within(firstCard).getByText(category.titleJp)).toBeInTheDocument()
    expect(firstCard).toHaveTextContent('無料')
    const paid = listedLessons()
      .slice(0, 5)
      .findIndex((lesson) => lesson.price_in_cents > 0)
    expect(within(list).getAllByRole('article')[paid]).toHaveTextContent('/ 時間')
  })

  it('shows the common error text when the list cannot load', async () => {
    server.use(mockEndpoint(guest.guestLessons, () => errorResponse(500, 'x')))
    await renderApp()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again.',
    )
  })

  it('lays cards out 200 to 336 px wide in a grid that never overflows a 320 px screen', async () => {
    await renderApp()
    await waitFor(() => expect(cards()).toHaveLength(5))
    expect(lessonList()).toHaveClass(
      'grid',
      'grid-cols-[repeat(auto-fill,minmax(min(220px,100%),1fr))]',
    )
    expect(cards()[0]).toHaveClass('w-full', 'min-w-[200px]', 'max-w-[336px]')
    // The filters stack on a phone and sit side by side from sm up.
    expect(screen.getByRole('search', { name: 'Filter lessons' })).toHaveClass(
      'flex-col',
      'sm:flex-row',
    )
  })
})

describe('searching and filtering the guest catalogue (§2, §9)', () => {
  it('sends the trimmed title once, 500 ms after the last keystroke, from page 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const requests = recordCatalogueRequests()
    await renderApp()
    await waitFor(() => expect(cards()).toHaveLength(5))
    expect(requests.map(describeRequest)).toEqual(['page=1&title=&categoryIds='])

    await user.type(screen.getByRole('searchbox', { name: 'Search lessons' }), '  piano ')
    await advance(450)
    // Not yet: no request, and the unfiltered cards are still there.
    expect(requests).toHaveLength(1)
    expect(cards()).toHaveLength(5)

    await advance(50)
    await waitFor(() => expect(cardTitles()).toEqual(['Piano for Adults']))
    await advance(2_000)
    expect(requests.map(describeRequest)).toEqual([
      'page=1&title=&categoryIds=',
      'page=1&title=piano&categoryIds=',
    ])
  })

  it('stops a pasted search at the longest the API takes: a search, not an error', async () => {
    const user = userEvent.setup()
    const requests = recordCatalogueRequests()
    await renderApp()
    await waitFor(() => expect(cards()).toHaveLength(5))
    const search = screen.getByRole('searchbox', { name: 'Search lessons' })
    await user.click(search)
    await user.paste('a'.repeat(SEARCH_MAX_LENGTH + 30))
    expect(search).toHaveValue('a'.repeat(SEARCH_MAX_LENGTH))
    expect(await screen.findByText(/could not find/i)).toBeInTheDocument()
    expect(requests.at(-1)?.get('title')).toHaveLength(SEARCH_MAX_LENGTH)
  })

  it('shows every lesson again when the search is cleared', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await renderApp()
    await waitFor(() => expect(cards()).toHaveLength(5))
    const search = screen.getByRole('searchbox', { name: 'Search lessons' })

    await user.type(search, 'guitar')
    await advance(500)
    await waitFor(() => expect(cardTitles()).toEqual(['Guitar Chords in a Week']))

    await user.clear(search)
    await advance(500)
    await waitFor(() => expect(cards()).toHaveLength(5))
    expect(cardTitles()).toEqual(
      listedLessons()
        .slice(0, 5)
        .map((lesson) => lesson.title),
    )
  })

  it('says it could not find a lesson when the search matches none', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await renderApp()
    await waitFor(() => expect(cards()).toHaveLength(5))
    await user.type(screen.getByRole('searchbox', { name: 'Search lessons' }), 'quantum knitting')
    await advance(500)
    expect(await screen.findByText('We could not find a lesson')).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Lessons' })).not.toBeInTheDocument()
  })

  it('filters by one category at once, and back to all', async () => {
    const requests = recordCatalogueRequests()
    await renderApp()
    await waitFor(() => expect(cards()).toHaveLength(5))
    const select = screen.getByRole('combobox', { name: 'Category' })
    expect(select).toHaveValue('')
    expect(within(select).getByRole('option', { selected: true })).toHaveTextContent(
      'All categories',
    )

    await userEvent.selectOptions(select, 'Music')
    const music = listedLessons().filter((lesson) => lesson.categoryId === seedIds.categories.music)
    await waitFor(() => expect(cardTitles()).toEqual(music.map((lesson) => lesson.title)))
    expect(requests.map(describeRequest)).toContain(
      `page=1&title=&categoryIds=${seedIds.categories.music}`,
    )

    await userEvent.selectOptions(select, 'All categories')
    await waitFor(() => expect(cards()).toHaveLength(5))
  })

  it('combines the search with the category', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const requests = recordCatalogueRequests()
    await renderApp()
    await waitFor(() => expect(cards()).toHaveLength(5))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Languages')
    await user.type(screen.getByRole('searchbox', { name: 'Search lessons' }), 'business')
    await advance(500)
    await waitFor(() => expect(cardTitles()).toEqual(['Business English']))
    expect(requests.map(describeRequest).at(-1)).toBe(
      `page=1&title=business&categoryIds=${seedIds.categories.languages}`,
    )
  })

  it('starts again at page 1 when the filters change after scrolling', async () => {
    const requests = recordCatalogueRequests()
    await renderApp()
    await waitFor(() => expect(cards()).toHaveLength(5))
    scrollToLastCard()
    await waitFor(() => expect(cards()).toHaveLength(10))

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Cooking')
    const cooking = listedLessons().filter(
      (lesson) => lesson.categoryId === seedIds.categories.cooking,
    )
    await waitFor(() => expect(cardTitles()).toEqual(cooking.map((lesson) => lesson.title)))
    expect(requests.map(describeRequest)).toEqual([
      'page=1&title=&categoryIds=',
      'page=2&title=&categoryIds=',
      `page=1&title=&categoryIds=${seedIds.categories.cooking}`,
    ])
  })

  it('names the categories in Japanese under jp-JP', async () => {
    await renderApp()
    await waitFor(() => expect(cards()).toHaveLength(5))
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'jp-JP')
    const select = await screen.findByRole('combobox', { name: 'カテゴリー' })
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['すべてのカテゴリー', ...db.categories.map((category) => category.titleJp)])
    expect(screen.getByRole('searchbox', { name: 'レッスンを検索' })).toBeInTheDocument()
  })

  it('asks only the guest endpoints', async () => {
    const paths: string[] = []
    server.events.on('request:start', ({ request }) => {
      paths.push(apiPathOf(request.url))
    })
    await renderApp()
    await waitFor(() => expect(cards()).toHaveLength(5))
    expect(paths).toContain(pathOf(guest.guestLessons))
    expect(paths).toContain(pathOf(guest.guestCategories))
    expect(paths).not.toContain(pathOf(lessons.listLessons))
    expect(paths).not.toContain(pathOf(categories.listCategories))
  })
})
