import { isValidTimeZone } from '@contract/rules'
import { intlLocale, viewerTimeZone } from '@/shared/i18n/format'
import type { AppLanguage } from '@/shared/i18n/languages'

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

/** A zone as the picker offers it: its id (the value sent), its offset now, and what it reads. */
export interface ZoneChoice {
  readonly zone: string
  /** Minutes ahead of UTC at the instant the choices were made (daylight saving included). */
  readonly offsetMinutes: number
  /** "UTC+09:00 Japan Standard Time (Tokyo)", in the reader's language. */
  readonly label: string
}

// Not through format.ts's reused formatters: the picker asks for some 800 (every zone, two
// styles) once per opening, too many to keep.
const zoneNamePart = (at: Date, locale: string, timeZone: string, style: 'longOffset' | 'long') =>
  new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: style })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value ?? ''

/** The zone's offset from UTC at `at`, in minutes: "GMT+05:30" is 330, "GMT" is 0. */
export const offsetMinutesOf = (timeZone: string, at: Date) => {
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(zoneNamePart(at, 'en-US', timeZone, 'longOffset'))
  if (!match) return 0
  const minutes = Number(match[2]) * 60 + Number(match[3])
  return match[1] === '-' ? -minutes : minutes
}

/** "UTC+09:00", "UTC-03:30", "UTC+00:00". */
export const offsetText = (minutes: number) => {
  const size = Math.abs(minutes)
  const hours = String(Math.floor(size / 60)).padStart(2, '0')
  return `UTC${minutes < 0 ? '-' : '+'}${hours}:${String(size % 60).padStart(2, '0')}`
}

/** The place a zone id names: "America/Argentina/Buenos_Aires" reads "Argentina / Buenos Aires". */
const placeOf = (zone: string) => zone.split('/').slice(1).join(' / ').replaceAll('_', ' ')

/** A zone's name in a language at `at`, where it has one that is not an offset again. */
const zoneNameIn = (zone: string, locale: string, at: Date) => {
  const name = zoneNamePart(at, locale, zone, 'long')
  return name && !/^(GMT|UTC)([+-−]|$)/.test(name) ? name : ''
}

/** What the picker writes after a zone's offset: its name where it has one, and its place. */
const zoneWords = (zone: string, locale: string, at: Date) => {
  const place = placeOf(zone)
  return [zoneNameIn(zone, locale, at), place ? `(${place})` : ''].filter(Boolean).join(' ')
}

/**
 * A zone as a reader knows it: "Eastern Standard Time (New York)", 「米国東部標準時 (New York)」;
 * its place where the language names it only by an offset, its id where it has neither.
 */
export const zoneTitle = (zone: string, language: AppLanguage, at: Date) => {
  const name = zoneNameIn(zone, intlLocale(language), at)
  const place = placeOf(zone)
  if (name) return place ? `${name} (${place})` : name
  return place || zone
}

/**
 * The session form's zones as a reader picks them: the viewer's own first, then from west to east,
 * each labelled with its offset at `at`, its name in the reader's language where the language has
 * one (not an offset again), and its place.
 */
export const zoneChoices = (
  language: AppLanguage,
  viewerZone: string,
  at: Date,
  ...mustHave: string[]
): readonly ZoneChoice[] => {
  // Offsets change only at whole minutes, so the choices of one minute are those of any instant
  // in it: a picker opened again within the minute reuses them instead of 800 new formatters.
  const key = [language, viewerZone, Math.floor(at.getTime() / 60_000), ...mustHave].join('\n')
  if (lastChoices?.key === key) return lastChoices.choices
  const choices = makeZoneChoices(language, viewerZone, at, mustHave)
  lastChoices = { key, choices }
  return choices
}

let lastChoices: { key: string; choices: readonly ZoneChoice[] } | undefined

const makeZoneChoices = (
  language: AppLanguage,
  viewerZone: string,
  at: Date,
  mustHave: string[],
): readonly ZoneChoice[] => {
  const locale = intlLocale(language)
  const choices = timeZoneOptions(viewerZone, ...mustHave).map((zone) => {
    const offsetMinutes = offsetMinutesOf(zone, at)
    return {
      zone,
      offsetMinutes,
      label: [offsetText(offsetMinutes), zoneWords(zone, locale, at)].filter(Boolean).join(' '),
    }
  })
  const rank = (choice: ZoneChoice) => (choice.zone === viewerZone ? 0 : 1)
  return choices.sort(
    (a, b) =>
      rank(a) - rank(b) || a.offsetMinutes - b.offsetMinutes || a.label.localeCompare(b.label),
  )
}

/** Whether a choice answers a search: every word of it appears in the label or the zone id. */
export const matchesZoneSearch = (choice: ZoneChoice, search: string) => {
  const text = `${choice.label} ${choice.zone}`.toLowerCase().replaceAll('_', ' ')
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word.replaceAll('_', ' ')))
}
