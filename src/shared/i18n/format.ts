import { dateTimeFormat, numberFormat as intlNumberFormat } from '@contract/intl-formats'
import { i18n } from './i18n'
import type { AppLanguage } from './languages'

/** The BCP 47 locale Intl knows an app language by (jp-JP is the app's name for ja-JP). */
export const intlLocale = (language: AppLanguage) => (language === 'jp-JP' ? 'ja-JP' : 'en-US')

/** A number format built once per language and options, and reused (contract/intl-formats.ts). */
export const numberFormat = (language: AppLanguage, options: Intl.NumberFormatOptions) =>
  intlNumberFormat(intlLocale(language), options)

/**
 * §1's d MMMM yyyy ("5 March 2026") in English; in Japanese the order readers write,
 * yyyy年M月d日 ("2026年3月5日"), since "5 3月 2026" reads as nonsense. In the viewer's time zone.
 * The browser's Intl writes both (British English puts the day first), so the landing page ships
 * no date library.
 */
const DATE_LOCALES: Record<AppLanguage, string> = { 'en-US': 'en-GB', 'jp-JP': 'ja-JP' }

let zoneOfThisRun: string | undefined

/**
 * The viewer's IANA time zone: the browser's own. Reading it builds a formatter, about a
 * millisecond each on a slow phone, and a catalogue's cards read it twice each; so one
 * synchronous run (a render) reads it once, and the next run reads it again. A browser applies a
 * change of the system's zone in a task of its own, so the kept value is never stale.
 */
export const viewerTimeZone = () => {
  if (zoneOfThisRun === undefined) {
    zoneOfThisRun = Intl.DateTimeFormat().resolvedOptions().timeZone
    queueMicrotask(() => {
      zoneOfThisRun = undefined
    })
  }
  return zoneOfThisRun
}

export const formatDate = (value: string | Date, language: AppLanguage) =>
  dateTimeFormat(DATE_LOCALES[language], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: viewerTimeZone(),
  }).format(new Date(value))

/**
 * Has the browser load its time-zone and calendar data while the page is idle (waiting for its
 * data). The first date formatted pays for that load, about 50 ms on a slow phone, and would
 * otherwise do so inside the render of the first cards: one long task the longer.
 */
export const prepareDateFormatting = (language: AppLanguage) => {
  const whenIdle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 0))
  whenIdle(() => formatDate(new Date(), language))
}

/** §1: times as HH:mm, in the viewer's time zone. */
export const formatTime = (value: string | Date) => formatTimeIn(value, viewerTimeZone())

/** HH:mm in a given IANA time zone (an educator's, say), not the viewer's. */
export const formatTimeIn = (value: string | Date, timeZone: string) =>
  dateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(value))

/** A date as `formatDate` writes it, in a given IANA time zone. */
export const formatDateIn = (value: string | Date, language: AppLanguage, timeZone: string) => {
  const parts = dateTimeFormat('en-US', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    timeZone,
  }).formatToParts(new Date(value))
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((item) => item.type === type)?.value)
  return formatDate(new Date(part('year'), part('month') - 1, part('day')), language)
}

const zoneName = (
  at: Date,
  language: AppLanguage,
  timeZone: string,
  style: 'short' | 'shortGeneric',
) =>
  dateTimeFormat(intlLocale(language), { timeZone, timeZoneName: style })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value ?? timeZone

/**
 * The zone a time is shown in, so a reader can tell whose 10:00 it is: the abbreviation the
 * language uses ("EST", "JST") at that instant (daylight saving included), or, where the language
 * has only an offset for it ("GMT+9"), its place ("Japan Time", "シドニー時間").
 */
export const zoneLabel = (
  at: string | Date,
  language: AppLanguage,
  timeZone: string = viewerTimeZone(),
) => {
  const instant = new Date(at)
  const short = zoneName(instant, language, timeZone, 'short')
  if (!/^(GMT|UTC)[+-−]/.test(short)) return short
  const generic = zoneName(instant, language, timeZone, 'shortGeneric')
  return /^(GMT|UTC)[+-−]/.test(generic) ? short : generic
}

/** "10:00 – 11:00 JST": a session's times in a zone (the viewer's by default), zone named. */
export const formatTimeRange = (
  start: string | Date,
  end: string | Date,
  language: AppLanguage,
  timeZone: string = viewerTimeZone(),
) =>
  `${formatTimeIn(start, timeZone)} – ${formatTimeIn(end, timeZone)} ${zoneLabel(start, language, timeZone)}`

/**
 * A range's two ends for sentences that place them ("on {{date}}, {{start}} – {{end}}"): the
 * start's HH:mm and the end's with the zone named, "10:00" and "11:00 JST".
 */
export const zonedTimes = (
  start: string | Date,
  end: string | Date,
  language: AppLanguage,
  timeZone: string = viewerTimeZone(),
) => ({
  start: formatTimeIn(start, timeZone),
  end: `${formatTimeIn(end, timeZone)} ${zoneLabel(start, language, timeZone)}`,
})

/** One instant as date, time and zone: "2 July 2026 10:00 JST", in the viewer's zone. */
export const formatDateTime = (value: string | Date, language: AppLanguage) =>
  `${formatDateIn(value, language, viewerTimeZone())} ${formatTimeIn(value, viewerTimeZone())} ${zoneLabel(value, language)}`

/** A session's length: "45 min", "1 hr", "1 hr 30 min"; "45分", "1時間", "1時間30分". */
export const formatDuration = (start: string | Date, end: string | Date, language: AppLanguage) => {
  const minutes = Math.max(
    0,
    Math.round((new Date(end).getTime() - new Date(start).getTime()) / 60_000),
  )
  // Japanese writes the number and its unit together: 1時間30分.
  const unit = (value: number, name: 'hour' | 'minute') => {
    const text = numberFormat(language, {
      style: 'unit',
      unit: name,
      unitDisplay: 'short',
    }).format(value)
    return language === 'jp-JP' ? text.replace(/\s/g, '') : text
  }
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  const parts = [
    ...(hours > 0 ? [unit(hours, 'hour')] : []),
    ...(rest > 0 || hours === 0 ? [unit(rest, 'minute')] : []),
  ]
  return parts.join(language === 'jp-JP' ? '' : ' ')
}

/** Prices are stored in cents (§1); the payment provider charges USD. */
export const formatPrice = (cents: number, language: AppLanguage) =>
  numberFormat(language, { style: 'currency', currency: 'USD' }).format(cents / 100)

/** A price as a learner reads it: "Free" when nothing is charged, the amount otherwise. */
export const formatLessonPrice = (cents: number, language: AppLanguage) =>
  cents === 0 ? i18n.t('common.free', { lng: language }) : formatPrice(cents, language)

/** Ratings are shown with one decimal (§9). */
export const formatRating = (average: number, language: AppLanguage) =>
  numberFormat(language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(average)

/** Category titles in Japanese when the interface is Japanese (§3). */
export const categoryTitle = (
  category: { title: string; titleJp?: string | undefined },
  language: AppLanguage,
) => (language === 'jp-JP' && category.titleJp ? category.titleJp : category.title)

/** A file's size in the largest unit that keeps it at 1 or more: "512 byte", "3.2 MB". */
export const formatFileSize = (bytes: number, language: AppLanguage) => {
  const units = [
    ['megabyte', 1024 * 1024],
    ['kilobyte', 1024],
  ] as const
  const [unit, size] = units.find(([, size]) => bytes >= size) ?? ['byte', 1]
  return numberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(bytes / size)
}
