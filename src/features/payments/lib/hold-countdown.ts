import { useEffect, useState } from 'react'

/** Milliseconds left until `until` (never below 0). */
export const msLeft = (until: string, now: number) => Math.max(0, Date.parse(until) - now)

/** Milliseconds as mm:ss, rounded up so the display reaches 00:00 exactly at the end. */
export const formatCountdown = (ms: number) => {
  const seconds = Math.ceil(ms / 1000)
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0')
  const ss = String(seconds % 60).padStart(2, '0')
  return `${mm}:${ss}`
}

/** Whole minutes left, rounded up ("3 minutes left" until 2:00 is reached). */
export const minutesLeft = (ms: number) => Math.ceil(ms / 60_000)

/**
 * The time left until `until`, ticking every second while some remains; null without a deadline.
 */
export const useTimeLeft = (until: string | null) => {
  const [now, setNow] = useState(() => Date.now())
  const left = until === null ? null : msLeft(until, now)
  const running = left !== null && left > 0
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [running])
  return left
}
