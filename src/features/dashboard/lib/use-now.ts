import { useEffect, useState } from 'react'

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
    const timer = setTimeout(
      () => setNow(Math.max(Date.now(), nextEdge)),
      Math.max(0, nextEdge - Date.now()),
    )
    return () => clearTimeout(timer)
  }, [nextEdge])
  return now
}
