import { useCallback, useEffect, useMemo, useRef } from 'react'
import { type NavigateOptions, useLocation, useNavigate } from 'react-router-dom'

/** A change to the query string: from the parameters as they are now to the next ones. */
export type UrlParamsUpdate = (current: URLSearchParams) => URLSearchParams

/**
 * The URL's query parameters, with a setter that always applies its change to the URL as it is
 * when the setter runs. React Router's own `setSearchParams(fn)` hands `fn` the parameters of the
 * render that created the setter, so a delayed write (a debounced search) or two writes before
 * the next render put back values another filter has changed since. This setter keeps its
 * identity, reads the latest URL (updated on every navigation and by its own writes at once),
 * and leaves the parameters it does not change as they are.
 */
export function useUrlParams() {
  const location = useLocation()
  const navigate = useNavigate()
  const params = useMemo(() => new URLSearchParams(location.search), [location.search])
  const latest = useRef(location.search)
  // Every navigation (a write, Back, a link) becomes the base of the next write; a render that
  // does not navigate leaves a write already made in place.
  useEffect(() => {
    latest.current = location.search
  }, [location])

  const update = useCallback(
    (change: UrlParamsUpdate, options?: NavigateOptions) => {
      const next = change(new URLSearchParams(latest.current)).toString()
      latest.current = next ? `?${next}` : ''
      void navigate({ search: latest.current }, options)
    },
    [navigate],
  )
  return [params, update] as const
}
