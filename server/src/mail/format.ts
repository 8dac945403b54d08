import type { Language } from '../../../contract/entities.ts'
import { utcToZoned } from '../../../contract/rules.ts'
import { dateTimeFormat, numberFormat } from '../../../contract/intl-formats.ts'
import { emailT } from './i18n.ts'

/**
 * Dates, times, zones and money as the reader of an e-mail or a calendar file writes them, by
 * Intl in their language: "Friday, 11 December 2026, 18:00–19:00 Japan Standard Time" and
 * "2026年12月11日(金) 18:00–19:00 日本時間"; "$20.00".
 */

/** The Intl locale of each language: British English puts the day first, as the SPA does. */
const DATE_LOCALE: Record<Language, string> = { 'en-US': 'en-GB', 'jp-JP': 'ja-JP' }
const NUMBER_LOCALE: Record<Language, string> = { 'en-US': 'en-US', 'jp-JP': 'ja-JP' }

/** "Friday, 11 December 2026"; "2026年12月11日(金)", the weekday short as Japanese writes it. */
const DAY_OPTIONS: Record<Language, Intl.DateTimeFormatOptions> = {
  'en-US': { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  'jp-JP': { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' },
}

const partOf = (
  locale: string,
  options: Intl.DateTimeFormatOptions,
  type: Intl.DateTimeFormatPartTypes,
  at: Date,
) =>
  dateTimeFormat(locale, options)
    .formatToParts(at)
    .find((part) => part.type === type)?.value ?? ''

/** The zone's UTC offset at an instant, as Intl writes it ("GMT+09:00"). */
const offsetAt = (timeZone: string, at: Date) =>
  partOf('en-US', { timeZone, timeZoneName: 'longOffset' }, 'timeZoneName', at)

/** Whether the zone keeps the offset it has at `at` all that year (no summer time). */
const keepsOneOffset = (timeZone: string, at: Date) => {
  const year = at.getUTCFullYear()
  return (
    offsetAt(timeZone, new Date(Date.UTC(year, 0, 1))) ===
    offsetAt(timeZone, new Date(Date.UTC(year, 6, 1)))
  )
}

/**
 * The zone's name at an instant in the reader's language: its specific name, which tells summer
 * time apart ("British Summer Time", "英国夏時間"); a zone ICU has no name for reads as its
 * offset ("GMT+05:45"). Japanese calls a zone that has no summer time by its plain name
 * (日本時間, インド時間): CLDR has those names, but ICU answers the standard one (日本標準時) for
 * such a zone whether asked for the long or the generic name, so its "標準時" reads "時間".
 */
export const zoneName = (language: Language, timeZone: string, at: Date) => {
  const name = partOf(DATE_LOCALE[language], { timeZone, timeZoneName: 'long' }, 'timeZoneName', at)
  return language === 'jp-JP' && keepsOneOffset(timeZone, at)
    ? name.replace(/標準時$/, '時間')
    : name
}

/**
 * A session's date and hours as its educator scheduled them (in the session's zone), the zone
 * named, in the reader's language. A session that runs across a change of the clocks names the
 * zone at each end: "Sunday, 29 March 2026, 00:30 Greenwich Mean Time – 03:00 British Summer Time".
 */
export const sessionWhen = (
  language: Language,
  session: { startTime: Date; endTime: Date; timezone: string },
) => {
  const { startTime, endTime, timezone } = session
  const t = emailT(language)
  const date = dateTimeFormat(DATE_LOCALE[language], {
    ...DAY_OPTIONS[language],
    timeZone: timezone,
  }).format(startTime)
  const start = utcToZoned(startTime, timezone).time
  const end = utcToZoned(endTime, timezone).time
  const startZone = zoneName(language, timezone, startTime)
  const endZone = zoneName(language, timezone, endTime)
  return startZone === endZone
    ? t('when.session', { date, start, end, zone: startZone })
    : t('when.acrossZoneChange', { date, start, startZone, end, endZone })
}

/**
 * One instant in a zone, named, in the reader's language: "Friday, 11 December 2026, 17:30 Japan
 * Standard Time"; "2026年12月11日(金) 17:30 日本時間".
 */
export const instantWhen = (language: Language, at: Date, timeZone: string) => {
  const date = dateTimeFormat(DATE_LOCALE[language], { ...DAY_OPTIONS[language], timeZone }).format(
    at,
  )
  const time = utcToZoned(at, timeZone).time
  return emailT(language)('when.instant', { date, time, zone: zoneName(language, timeZone, at) })
}

/** Cents as US dollars in the reader's language: 2000 → "$20.00". */
export const formatMoney = (cents: number, language: Language) =>
  numberFormat(NUMBER_LOCALE[language], { style: 'currency', currency: 'USD' }).format(cents / 100)

/** Whole yen in the reader's language: 7197 → "¥7,197" ("￥7,197" in Japanese). */
export const formatYen = (yen: number, language: Language) =>
  numberFormat(NUMBER_LOCALE[language], { style: 'currency', currency: 'JPY' }).format(yen)

/** A rate of yen per dollar, with its decimals as given: 151.37 → "151.37". */
export const formatRate = (rate: number, language: Language) =>
  numberFormat(NUMBER_LOCALE[language], { maximumFractionDigits: 4 }).format(rate)
