import { RESIZE_DEBOUNCE_MS } from '@contract/landing-rules'
import { useEffect, useRef } from 'react'

/**
 * Calls `onResize` once the window has stopped changing size for §9's resize debounce (750 ms),
 * not on each of the dozens of events a drag fires; while `active` only.
 */
export const useDebouncedResize = (onResize: () => void, active = true) => {
  const latest = useRef(onResize)
  useEffect(() => {
    latest.current = onResize
  })
  useEffect(() => {
    if (!active) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const handle = () => {
      clearTimeout(timer)
      timer = setTimeout(() => latest.current(), RESIZE_DEBOUNCE_MS)
    }
    window.addEventListener('resize', handle)
    return () => {
      clearTimeout(timer)
      window.removeEventListener('resize', handle)
    }
  }, [active])
}
