import { act, render } from '@testing-library/react'
import { useEffect } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { usePageParam } from '@/shared/lib/use-page-param'
import { SEARCH_DEBOUNCE_MS } from '@/shared/lib/use-debounced-value'
import { useUrlParams } from '@/shared/lib/use-url-params'

type Setters = {
  setPage: (page: number) => void
  setHistoryPage: (page: number) => void
  setFilter: (value: string) => void
  setSort: (value: string) => void
}

/** Two lists' pages and two filters on one screen, as the dashboard and the admin lists have. */
function Screen({ expose }: { expose: (setters: Setters) => void }) {
  const [, setPage] = usePageParam()
  const [, setHistoryPage] = usePageParam('historyPage')
  const [, update] = useUrlParams()
  const set = (name: string) => (value: string) =>
    update((current) => {
      current.set(name, value)
      return current
    })
  // The setters of the latest render, as a screen's handlers and timers hold them.
  useEffect(() => {
    expose({ setPage, setHistoryPage, setFilter: set('filter'), setSort: set('sort') })
  })
  return null
}

const renderScreen = (url: string) => {
  const ref: { current?: Setters } = {}
  const router = createMemoryRouter(
    [{ path: '/list', element: <Screen expose={(next) => (ref.current = next)} /> }],
    { initialEntries: [url] },
  )
  render(<RouterProvider router={router} />)
  return {
    router,
    get setters() {
      if (!ref.current) throw new Error('The screen has not rendered')
      return ref.current
    },
  }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('URL parameters written later or together (issue 27.2)', () => {
  it('keeps both changes when one screen writes twice before it renders again', () => {
    const view = renderScreen('/list?page=2')
    act(() => {
      view.setters.setFilter('b')
      view.setters.setSort('name')
    })
    expect(view.router.state.location.pathname).toBe('/list')
    expect(view.router.state.location.search).toBe('?page=2&filter=b&sort=name')
  })

  it("keeps another list's page when a page set by an earlier render lands", () => {
    const view = renderScreen('/list')
    const staleSetPage = view.setters.setPage
    act(() => view.setters.setHistoryPage(3))
    act(() => staleSetPage(2))
    expect(view.router.state.location.search).toBe('?historyPage=3&page=2')
  })

  it('applies a delayed write to the URL as it is when it fires, not when it was scheduled', async () => {
    vi.useFakeTimers()
    const view = renderScreen('/list')
    // A setter kept by a timer from this render, as a debounced search keeps it.
    const staleSetPage = view.setters.setPage
    setTimeout(() => staleSetPage(2), SEARCH_DEBOUNCE_MS)
    await act(() => {
      view.setters.setFilter('b')
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1)
      return Promise.resolve()
    })
    expect(view.router.state.location.search).toBe('?filter=b')
    await act(() => {
      vi.advanceTimersByTime(1)
      return Promise.resolve()
    })
    expect(view.router.state.location.search).toBe('?filter=b&page=2')
  })

  it('starts again from a URL reached by Back', async () => {
    const view = renderScreen('/list?filter=a')
    act(() => view.setters.setFilter('b'))
    await act(() => view.router.navigate(-1))
    expect(view.router.state.location.search).toBe('?filter=a')
    act(() => view.setters.setPage(4))
    expect(view.router.state.location.search).toBe('?filter=a&page=4')
  })

  it('leaves the page out for the first page', () => {
    const view = renderScreen('/list?page=3&filter=a')
    act(() => view.setters.setPage(1))
    expect(view.router.state.location.search).toBe('?filter=a')
  })
})
