import { useEffect, useState } from 'react'

/** setTimeout's largest delay; a longer wait is split into several. */
const MAX_DELAY = 2 ** 31 - 1

/**
 * The current time, re-read when the next instant `next(now)` returns is reached, so a component
 * re-renders exactly at its state boundaries instead of polling.
 */
export const useNowAtBoundaries = (next: (now: number) => number | null) => {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const boundary = next(now)
    if (boundary === null) return
    const delay = Math.min(Math.max(boundary - Date.now(), 0), MAX_DELAY)
    const timer = setTimeout(() => setNow(Date.now()), delay)
    return () => clearTimeout(timer)
  }, [now, next])
  return now
}
