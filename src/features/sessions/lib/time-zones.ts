import { isValidTimeZone } from '@contract/rules'
import { viewerTimeZone } from '@/shared/i18n/format'

/** The viewer's IANA time zone as the browser reports it; UTC when it reports none. */
export const browserTimeZone = () => {
  const zone = viewerTimeZone()
  return zone && isValidTimeZone(zone) ? zone : 'UTC'
}

/**
 * The time zones a session form offers: every zone the browser knows (Intl.supportedValuesOf,
 * missing in older engines and some test environments), always with UTC and the zones the form
 * must be able to show (the browser's own, a session's), which the list may name differently or
 * leave out (it omits UTC in V8).
 */
export const timeZoneOptions = (...mustHave: string[]): string[] => {
  const supported =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  const zones = new Set([...supported, 'UTC', ...mustHave.filter(isValidTimeZone)])
  return [...zones].sort((a, b) => a.localeCompare(b))
}
