import { useEffect } from 'react'
import { useInView } from 'react-intersection-observer'

interface PagedQuery {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => Promise<unknown>
}

/**
 * Infinite scroll (§2): put the returned ref on the last card; when it comes within 100 px of
 * the view (§9's lazy threshold), the next page is requested, as long as the previous one
 * returned items (`hasNextPage`) and none is loading.
 */
export const useNextPageInView = ({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: PagedQuery) => {
  const { ref, inView } = useInView({ rootMargin: '100px' })
  useEffect(() => {
    if (inView && hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [inView, hasNextPage, isFetchingNextPage, fetchNextPage])
  return ref
}
