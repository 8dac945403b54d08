import { act, render, screen } from '@testing-library/react'
import {
  intersectionMockInstance,
  mockAllIsIntersecting,
} from 'react-intersection-observer/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LAZY_IMAGE_THRESHOLD_PX, RESIZE_DEBOUNCE_MS, SCROLL_DELAY_MS } from '@contract/rules'
import { FALLBACK_LESSON_IMAGE, LessonCover } from '@/features/lessons/components/lesson-cover'
import { apiAssetUrl } from '@/shared/config/env'
import { useDebouncedResize } from '@/shared/lib/use-debounced-resize'
import { useNextPageInView } from '@/shared/lib/use-next-page-in-view'

/** §9: lazy image threshold 100 px, scroll delay 300 ms, resize debounce 750 ms. */
describe('§9 timings', () => {
  it('are the specification’s figures', () => {
    expect(LAZY_IMAGE_THRESHOLD_PX).toBe(100)
    expect(SCROLL_DELAY_MS).toBe(300)
    expect(RESIZE_DEBOUNCE_MS).toBe(750)
  })
})

describe('the infinite scroll’s next page', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  function LastCard(props: Parameters<typeof useNextPageInView>[0]) {
    return <div ref={useNextPageInView(props)}>last card</div>
  }
  const renderLastCard = () => {
    const fetchNextPage = vi.fn(() => Promise.resolve())
    render(<LastCard hasNextPage isFetchingNextPage={false} fetchNextPage={fetchNextPage} />)
    return fetchNextPage
  }
  const advance = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms)
    })

  it('is asked for 300 ms after the last card comes within 100 px of the view, not before', () => {
    const fetchNextPage = renderLastCard()
    expect(intersectionMockInstance(screen.getByText('last card')).rootMargin).toBe('100px')
    act(() => mockAllIsIntersecting(true))
    advance(SCROLL_DELAY_MS - 1)
    expect(fetchNextPage).not.toHaveBeenCalled()
    advance(1)
    expect(fetchNextPage).toHaveBeenCalledTimes(1)
  })

  it('is not asked for when the last card only flies past', () => {
    const fetchNextPage = renderLastCard()
    act(() => mockAllIsIntersecting(true))
    advance(SCROLL_DELAY_MS - 1)
    act(() => mockAllIsIntersecting(false))
    advance(SCROLL_DELAY_MS)
    expect(fetchNextPage).not.toHaveBeenCalled()
  })
})

describe('the debounced resize', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  function Listener({ onResize, active }: { onResize: () => void; active: boolean }) {
    useDebouncedResize(onResize, active)
    return null
  }
  const resize = () =>
    act(() => {
      window.dispatchEvent(new Event('resize'))
    })
  const advance = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms)
    })

  it('answers 750 ms after the last resize event, once, and not at 749 ms', () => {
    const onResize = vi.fn()
    render(<Listener onResize={onResize} active />)
    resize()
    advance(500)
    resize()
    advance(RESIZE_DEBOUNCE_MS - 1)
    expect(onResize).not.toHaveBeenCalled()
    advance(1)
    expect(onResize).toHaveBeenCalledTimes(1)
  })

  it('ignores resizing while inactive', () => {
    const onResize = vi.fn()
    render(<Listener onResize={onResize} active={false} />)
    resize()
    advance(RESIZE_DEBOUNCE_MS)
    expect(onResize).not.toHaveBeenCalled()
  })
})

describe('a lazy lesson cover', () => {
  const cover = '/lessons/1/image'

  it('asks for its image only once it comes within 100 px of the view, then keeps it', () => {
    const { container } = render(<LessonCover imageUrl={cover} lazy className="w-full" />)
    const image = container.querySelector('img')!
    expect(intersectionMockInstance(image).rootMargin).toBe(`${LAZY_IMAGE_THRESHOLD_PX}px`)
    expect(image).not.toHaveAttribute('src')
    // The frame keeps its size while it waits.
    expect(image).toHaveAttribute('width', '672')
    expect(image).toHaveAttribute('height', '378')
    act(() => mockAllIsIntersecting(true))
    expect(image).toHaveAttribute('src', apiAssetUrl(cover))
    act(() => mockAllIsIntersecting(false))
    expect(image).toHaveAttribute('src', apiAssetUrl(cover))
  })

  it('shows the fallback once in view when the lesson has no cover', () => {
    const { container } = render(<LessonCover imageUrl={null} lazy className="w-full" />)
    const image = container.querySelector('img')!
    expect(image).not.toHaveAttribute('src')
    act(() => mockAllIsIntersecting(true))
    expect(image).toHaveAttribute('src', FALLBACK_LESSON_IMAGE)
  })
})
