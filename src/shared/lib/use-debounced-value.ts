import { useEffect, useState } from 'react'

/** §9: the search box waits this long after the last keystroke before it searches. */
export const SEARCH_DEBOUNCE_MS = 500

/**
 * `value`, once it has stopped changing for `delayMs`. The first render answers `value` itself, so
 * a screen starts with its initial filters without waiting.
 */
export function useDebouncedValue<T>(value: T, delayMs: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return debounced
}
