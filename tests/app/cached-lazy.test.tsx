import { QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { Component, type ReactNode, Suspense } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { cachedLazy } from '@/app/cached-lazy'
import { createQueryClient } from '@/shared/api/query-client'

/** A chunk whose loading the test finishes when it wants, counting how often it was asked for. */
const chunk = () => {
  let finish: () => void = () => undefined
  let fail: (error: Error) => void = () => undefined
  const loads: number[] = []
  const Greeting = ({ name }: { name: string }) => <p>Hello, {name}</p>
  const load = () => {
    loads.push(loads.length + 1)
    return new Promise<{ default: typeof Greeting }>((resolve, reject) => {
      finish = () => resolve({ default: Greeting })
      fail = reject
    })
  }
  return { load, loads, finish: () => finish(), fail: (error: Error) => fail(error) }
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null }
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children
  }
}

/** Renders `children` in a Suspense boundary whose fallback records each time it is shown. */
const renderIn = (queryClient: ReturnType<typeof createQueryClient>, children: ReactNode) => {
  const fallbacks: string[] = []
  const Fallback = () => {
    fallbacks.push('shown')
    return <p>Loading</p>
  }
  render(
    <QueryClientProvider client={queryClient}>
      <Boundary>
        <Suspense fallback={<Fallback />}>{children}</Suspense>
      </Boundary>
    </QueryClientProvider>,
  )
  return fallbacks
}

/** A Greeting whose chunk a query client has loaded (preload), with the loads counted. */
const preloadedGreeting = async () => {
  const queryClient = createQueryClient()
  const { load, loads, finish } = chunk()
  const Greeting = cachedLazy('greeting', load)
  const preloaded = Greeting.preload(queryClient)
  finish()
  await preloaded
  return { queryClient, Greeting, loads }
}

describe('cachedLazy: a lazily loaded component a loader can have ready', () => {
  it('renders at once, with no fallback, once preloaded, and loads its chunk once', async () => {
    const { queryClient, Greeting, loads } = await preloadedGreeting()
    const fallbacks = renderIn(queryClient, <Greeting name="Yuki" />)
    expect(screen.getByText('Hello, Yuki')).toBeInTheDocument()
    expect(fallbacks).toEqual([])
    await Greeting.preload(queryClient)
    expect(loads).toEqual([1])
  })

  it('stays loaded when the cache drops it (a sign-out removes every query but the user)', async () => {
    const { queryClient, Greeting, loads } = await preloadedGreeting()
    queryClient.removeQueries()
    const fallbacks = renderIn(queryClient, <Greeting name="Mai" />)
    expect(screen.getByText('Hello, Mai')).toBeInTheDocument()
    expect(fallbacks).toEqual([])
    // Another client (a test's, a new app) has it at once too, without asking for the chunk.
    await Greeting.preload(createQueryClient())
    expect(loads).toEqual([1])
  })

  it('suspends like React.lazy when rendered before it has loaded', async () => {
    const queryClient = createQueryClient()
    const { load, finish } = chunk()
    const Greeting = cachedLazy('greeting', load)
    const fallbacks = renderIn(queryClient, <Greeting name="Tom" />)
    expect(screen.getByText('Loading')).toBeInTheDocument()
    act(() => finish())
    expect(await screen.findByText('Hello, Tom')).toBeInTheDocument()
    expect(fallbacks.length).toBeGreaterThan(0)
  })

  it('takes a chunk that fails to load to the error boundary, and preload tells', async () => {
    // React reports the error it passes to the boundary.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const queryClient = createQueryClient()
    const { load, fail } = chunk()
    const Greeting = cachedLazy('greeting', load)
    const preloaded = Greeting.preload(queryClient)
    fail(new Error('Failed to fetch dynamically imported module'))
    await expect(preloaded).rejects.toThrow('Failed to fetch')
    renderIn(queryClient, <Greeting name="Mai" />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch')
  })
})
