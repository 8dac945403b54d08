import { JOIN_WINDOW_MS } from '@contract/rules'
import type { TFunction } from 'i18next'

/**
 * Where a session stands at `now`: counting down, in the join window (5 minutes before start,
 * §9), live until it ends, or ended.
 */
export type SessionPhase = 'countdown' | 'joinWindow' | 'live' | 'ended'

export const sessionPhase = (
  session: { start_time: string; end_time: string },
  now: number,
): SessionPhase => {
  const start = Date.parse(session.start_time)
  if (now >= Date.parse(session.end_time)) return 'ended'
  if (now >= start) return 'live'
  return now >= start - JOIN_WINDOW_MS ? 'joinWindow' : 'countdown'
}

/** The moments a session changes phase: join window opening, start, end. */
export const sessionEdges = (
  items: readonly { session: { start_time: string; end_time: string } }[],
) =>
  items.flatMap(({ session }) => {
    const start = Date.parse(session.start_time)
    return [start - JOIN_WINDOW_MS, start, Date.parse(session.end_time)]
  })

export type DurationParts = { days: number; hours: number; minutes: number; seconds: number }

const split = (totalSeconds: number): DurationParts => ({
  days: Math.floor(totalSeconds / 86_400),
  hours: Math.floor((totalSeconds % 86_400) / 3_600),
  minutes: Math.floor((totalSeconds % 3_600) / 60),
  seconds: totalSeconds % 60,
})

/** The time left to the second, rounded up: a countdown shows 0 s only at the start itself. */
export const remainingParts = (ms: number): DurationParts =>
  split(Math.max(0, Math.ceil(ms / 1000)))

/**
 * The time left to the minute, rounded up (at 2 min 10 s: 3 min). The screen-reader text uses
 * it, so it changes once a minute rather than every second.
 */
export const remainingMinuteParts = (ms: number): DurationParts =>
  split(Math.max(0, Math.ceil(ms / 60_000)) * 60)

const pad = (value: number) => String(value).padStart(2, '0')

/**
 * '2 d 03 h 05 min 09 s', leaving out leading zero units and, with `withSeconds` false, the
 * seconds. Units after the first are padded to two digits so the text keeps its width.
 */
export const durationText = (t: TFunction, parts: DurationParts, withSeconds: boolean) => {
  const units: string[] = []
  const started = () => units.length > 0
  if (parts.days > 0) units.push(t('dashboard.next.units.days', { value: parts.days }))
  if (started() || parts.hours > 0) {
    units.push(
      t('dashboard.next.units.hours', { value: started() ? pad(parts.hours) : parts.hours }),
    )
  }
  if (started() || parts.minutes > 0 || !withSeconds) {
    units.push(
      t('dashboard.next.units.minutes', {
        value: started() ? pad(parts.minutes) : parts.minutes,
      }),
    )
  }
  if (withSeconds) {
    units.push(
      t('dashboard.next.units.seconds', {
        value: started() ? pad(parts.seconds) : parts.seconds,
      }),
    )
  }
  return units.join(' ')
}
