import { useEffect, useState } from 'react'

/** setTimeout's largest delay; a longer one would fire at once. */
const MAX_DELAY = 2 ** 31 - 1

/**
 * The current time in ms, updated every `intervalMs` (a second by default) and, besides, at the
 * first of `edges` still ahead (for example the moment a session starts), so a state that changes
 * at an edge changes on time rather than up to a tick later.
 */
export function useNow(edges: readonly number[] = [], intervalMs = 1000) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])

  const nextEdge = edges.reduce<number | undefined>(
    (first, edge) => (edge > now && (first === undefined || edge < first) ? edge : first),
    undefined,
  )
  useEffect(() => {
    if (nextEdge === undefined) return
    const delay = Math.max(0, nextEdge - Date.now())
    // An edge beyond setTimeout's range (some 24.8 days) is waited for in steps, never jumped to.
    const timer = setTimeout(
      () => setNow(delay > MAX_DELAY ? Date.now() : Math.max(Date.now(), nextEdge)),
      Math.min(delay, MAX_DELAY),
    )
    return () => clearTimeout(timer)
  }, [nextEdge])
  return now
}
