import { LAZY_IMAGE_THRESHOLD_PX, SCROLL_DELAY_MS } from '@contract/landing-rules'
import { useEffect } from 'react'
import { useInView } from 'react-intersection-observer'

interface PagedQuery {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => Promise<unknown>
}

/**
 * Infinite scroll (§2): put the returned ref on the last card; when it comes within 100 px of
 * the view (§9's lazy threshold) and stays there for §9's scroll delay (300 ms), the next page is
 * requested, as long as the previous one returned items (`hasNextPage`) and none is loading. A
 * card that only flies past while scrolling asks for nothing.
 */
export const useNextPageInView = ({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: PagedQuery) => {
  const { ref, inView } = useInView({ rootMargin: `${LAZY_IMAGE_THRESHOLD_PX}px` })
  useEffect(() => {
    if (!inView || !hasNextPage || isFetchingNextPage) return
    const timer = setTimeout(() => void fetchNextPage(), SCROLL_DELAY_MS)
    return () => clearTimeout(timer)
  }, [inView, hasNextPage, isFetchingNextPage, fetchNextPage])
  return ref
}
