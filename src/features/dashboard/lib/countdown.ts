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

/** A no-break space: a number and its unit ('3 d') never end up on two lines. */
export const NO_BREAK_SPACE = '\u00a0'

/**
 * '2 d 03 h 05 min 09 s', leaving out leading zero units and, with `withSeconds` false, the
 * seconds. Units after the first are padded to two digits so the text keeps its width. A line
 * may break between units only: inside a unit the translation's spaces become no-break spaces
 * (a unit without spaces, as in Japanese, is kept whole by the screen's `break-keep`).
 */
export const durationText = (t: TFunction, parts: DurationParts, withSeconds: boolean) => {
  const units: string[] = []
  const started = () => units.length > 0
  const unit = (key: 'days' | 'hours' | 'minutes' | 'seconds', value: number | string) =>
    units.push(t(`dashboard.next.units.${key}`, { value }).replace(/ /g, NO_BREAK_SPACE))
  if (parts.days > 0) unit('days', parts.days)
  if (started() || parts.hours > 0) unit('hours', started() ? pad(parts.hours) : parts.hours)
  if (started() || parts.minutes > 0 || !withSeconds) {
    unit('minutes', started() ? pad(parts.minutes) : parts.minutes)
  }
  if (withSeconds) unit('seconds', started() ? pad(parts.seconds) : parts.seconds)
  return units.join(' ')
}
