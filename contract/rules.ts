/**
 * Business constants and pure rules of the specification (§5, §9), shared by the SPA, the mock
 * catalogue and the server so the three never disagree.
 */

import { dateTimeFormat } from './intl-formats.ts'

// The rules the guest landing reads as it starts live in a module of their own (its first
// download carries them, not every rule): one place to import rules from, here, all the same.
export * from './landing-rules.ts'

export const ROLES = ['admin', 'student', 'educator'] as const
/** Roles a visitor may choose when registering (§2: admin is not selectable). */
export const REGISTRABLE_ROLES = ['student', 'educator'] as const

export const LANGUAGES = ['en-US', 'jp-JP'] as const

export const SLOTS_MIN = 1
export const SLOTS_MAX = 50
export const DEFAULT_MIN_SLOTS = 1
export const DEFAULT_MAX_SLOTS = 3
/** A lesson's seats are a range: at least as many at most as at least (§5; equal is fine). */
export const isSeatRange = (minSlots: number, maxSlots: number) => maxSlots >= minSlots
/**
 * A lesson's price per hour, in cents: from free up to this (§5: at least 0). A session may last
 * a whole day, 25 hours when clocks go back, and its price (this times its length) is stored in an
 * integer column: 25 × 10 000 000 stays well below 2^31 - 1.
 */
export const LESSON_PRICE_MAX_CENTS = 10_000_000
export const DEFAULT_PRICE_IN_CENTS = 0
/** The longest title, about and details a lesson may have, in characters. */
export const LESSON_TEXT_MAX = { title: 200, about: 5000, details: 20000 } as const
/** The longest title, description and url of a link (a lesson's or a link material), in characters. */
export const LINK_TEXT_MAX = { title: 200, description: 2000, url: 2048 } as const
/** The most links a lesson may list. */
export const LESSON_LINKS_MAX = 20
/** The longest IANA time-zone name a session may name (the longest real one has 32 characters). */
export const TIME_ZONE_MAX_LENGTH = 64
/** The zone of an account that never named one (the marketplace's home). */
export const DEFAULT_USER_TIME_ZONE = 'Asia/Tokyo'

/** Half of a surrogate pair: not a character at all, so UTF-8 cannot encode it. */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/**
 * Whether a text can be stored as it is: no NUL character (PostgreSQL text cannot hold one) and
 * no unpaired surrogate (PostgreSQL's JSON refuses its escape, and UTF-8 has no bytes for it).
 */
export const isStorableText = (text: string) =>
  !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text)

/** White space and the format characters that show nothing (`trim` keeps the latter). */
const NOTHING_VISIBLE = /^[\s\p{Cf}]*$/u

/**
 * Whether a text shows nothing: white space only, or invisible format characters (zero-width
 * spaces and joiners, the byte-order mark, direction marks, soft hyphens), which read as blank.
 */
export const isBlank = (text: string) => NOTHING_VISIBLE.test(text)

export const RATING_MIN = 1
export const RATING_MAX = 5
/** An average rating as every screen shows it: to one decimal (§9), halves rounded up. */
export const roundRating = (average: number) => Math.round(average * 10) / 10
/** The longest review text, in characters (after trimming). */
export const REVIEW_MAX_LENGTH = 2000
/**
 * A review's length in characters as the limit counts them: code points, like the body schema's
 * maxLength, so an emoji counts once.
 */
export const reviewLength = (text: string) => [...text].length

/**
 * The first `count` characters of a text, counted as every length limit counts them (code points):
 * never half an emoji, which no column stores (isStorableText).
 */
export const firstCharacters = (text: string, count: number) => [...text].slice(0, count).join('')

/** How long opening a payment holds the seat by default (minutes); the server's config may change it. */
export const DEFAULT_PAYMENT_HOLD_MINUTES = 10
/**
 * How long before its start a session is confirmed or cancelled by its lesson's minimum seats
 * (MIN_SEATS_CUTOFF_HOURS), and the bounds of that setting: at most a month ahead.
 */
export const DEFAULT_SEAT_DECISION_HOURS = 24
export const SEAT_DECISION_HOURS_MAX = 720
/** How long a seat freed in a full session is held for the first student waiting for it. */
export const DEFAULT_WAITLIST_OFFER_MINUTES = 30
export const WAITLIST_OFFER_MINUTES_MAX = 1440
/** The platform's default fee per transaction, in percent of the amount. */
export const DEFAULT_PLATFORM_FEE_PERCENT = 10

/**
 * The platform's fee on one captured payment and the educator's share, in whole cents. The fee
 * is given in basis points (1000 = 10 %) and rounded to the nearest cent; the educator gets the
 * rest, so the two always add up to the amount.
 */
export const feeShares = (amountInCents: number, basisPoints: number) => {
  const platformFeeInCents = Math.round((amountInCents * basisPoints) / 10_000)
  return {
    platformFeeBasisPoints: basisPoints,
    platformFeeInCents,
    educatorShareInCents: amountInCents - platformFeeInCents,
  }
}

/** At least 6 characters with one lowercase and one uppercase letter (§5). */
export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_PATTERN = '^(?=.*[a-z])(?=.*[A-Z]).{6,}$'
export const isValidPassword = (password: string) => new RegExp(PASSWORD_PATTERN).test(password)

/**
 * Changing the e-mail or password asks for the current password. A signed-in session may give a
 * wrong one this many times per window (counted per account, from the first wrong one); then
 * those changes wait for the window to end, so a stolen session cannot guess the password.
 */
export const REAUTH_MAX_FAILURES = 5
export const REAUTH_WINDOW_MS = 15 * 60 * 1000

/**
 * Signing in (README, "Signing in: limits and lockout"): wrong passwords per window, counted per
 * account for browsers that have not signed in to it before, and per browser for those that have
 * (so guesses from elsewhere never lock its owner out); calls per window and client address at
 * login, registration and reset. The server's AUTH_RATE_LIMIT may change the count, not the window.
 */
export const AUTH_ATTEMPTS_PER_WINDOW = 10
export const AUTH_WINDOW_MS = 60 * 1000

/**
 * Whether a profile's e-mail field asks for a new address: the product treats addresses without
 * regard to case (one account per lower-cased address), so a change of case is no new address.
 */
export const isNewAddress = (current: string, requested: string) =>
  requested.trim().toLowerCase() !== current.trim().toLowerCase()

/** The join window opens this long before a session starts (§9). */
export const JOIN_WINDOW_MS = 5 * 60 * 1000
export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024
/** The longest name an uploaded file may have, in characters (as most file systems allow). */
export const FILE_NAME_MAX = 255

/** A name that is only an extension (".png") or blank (isBlank) is no name (§5). */
export const isBlankFileName = (filename: string) => isBlank(filename.replace(/\.[^.]*$/, ''))

export const exceedsUploadLimit = (size: number) => size > UPLOAD_LIMIT_BYTES

/** What an educator's uploads (covers and material files, attached or not) may take up in all, in MB. */
export const DEFAULT_UPLOAD_QUOTA_MB = 1024
/** An upload attached to no lesson or material is removed once this old, in hours. */
export const DEFAULT_UNATTACHED_UPLOAD_HOURS = 24
export const MB_BYTES = 1024 * 1024

/** Whether a new upload of `size` bytes would take the uploader's files past the quota. */
export const exceedsUploadQuota = (usedBytes: number, size: number, quotaMb: number) =>
  usedBytes + size > quotaMb * MB_BYTES

/** A quota as people say it: "1 GB", "1.5 GB", "500 MB". */
export const quotaText = (quotaMb: number) =>
  quotaMb >= 1024 ? `${Number((quotaMb / 1024).toFixed(2))} GB` : `${quotaMb} MB`

export const MATERIAL_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'odt',
  'ppt',
  'pptx',
  'odp',
  'xls',
  'xlsx',
  'ods',
  'txt',
  'rtf',
  'jpg',
  'jpeg',
  'png',
] as const
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const

/**
 * What a file's first bytes show it is, for every side that must not take a file's word for it:
 * the backends judging an upload, and the SPA before it hands a file to the browser's viewer.
 */
const startsWith = (bytes: Uint8Array, ...values: number[]) =>
  values.every((value, index) => bytes[index] === value)
const asciiOf = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.slice(from, to))

/** A PDF starts with its header, `%PDF-` (ISO 32000). */
export const isPdfContent = (bytes: Uint8Array) => asciiOf(bytes, 0, 5) === '%PDF-'

/**
 * Whether a PNG is animated (APNG): its `acTL` chunk comes before the first `IDAT`. Chunks are a
 * 4-byte big-endian length, a 4-byte type, the data and a 4-byte CRC, after the 8-byte signature.
 */
const isAnimatedPng = (bytes: Uint8Array) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  for (let offset = 8; offset + 8 <= bytes.length; offset += 12 + view.getUint32(offset)) {
    const type = asciiOf(bytes, offset + 4, offset + 8)
    if (type === 'acTL') return true
    if (type === 'IDAT') return false
  }
  return false
}

/**
 * The image type of §5's covers by its magic bytes, or null: both backends judge an upload by it.
 * An animated PNG is not a cover (renditions take its first frame only), so it is refused.
 */
export const sniffImageType = (bytes: Uint8Array): (typeof IMAGE_MIME_TYPES)[number] | null => {
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) {
    return isAnimatedPng(bytes) ? null : 'image/png'
  }
  if (startsWith(bytes, 0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (asciiOf(bytes, 0, 6) === 'GIF87a' || asciiOf(bytes, 0, 6) === 'GIF89a') return 'image/gif'
  if (asciiOf(bytes, 0, 4) === 'RIFF' && asciiOf(bytes, 8, 12) === 'WEBP') return 'image/webp'
  return null
}

/** Bytes a text editor wrote: valid UTF-8 with no NUL byte (an executable is neither). */
export const isPlainText = (bytes: Uint8Array) => {
  if (bytes.includes(0)) return false
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

export const RESOURCE_TYPES = ['link', 'document', 'presentation', 'text', 'other'] as const
type ResourceType = (typeof RESOURCE_TYPES)[number]

export const fileExtension = (filename: string) => {
  const dot = filename.lastIndexOf('.')
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase()
}

/** §5: the resource type that an uploaded file's extension implies. */
export const resourceTypeFromFilename = (filename: string): ResourceType => {
  const ext = fileExtension(filename)
  if (['pdf', 'xls', 'xlsx', 'ods', 'doc', 'docx', 'odt', 'rtf'].includes(ext)) return 'document'
  if (['ppt', 'pptx', 'odp'].includes(ext)) return 'presentation'
  if (ext === 'txt') return 'text'
  return 'other'
}

export const isAllowedMaterial = (filename: string) =>
  (MATERIAL_EXTENSIONS as readonly string[]).includes(fileExtension(filename))

/**
 * §5: a url typed without a scheme means https. Only the two functions below use it, after or
 * inside their checks: on its own it would turn "//evil.example" or "javascript:..." into
 * something a link opens.
 */
const withScheme = (url: string) => (/^[a-z][a-z\d+.-]*:\/\//i.test(url) ? url : `https://${url}`)

/**
 * A scheme at the start of a url ("javascript:", "data:", "https:"), but not a host with a port
 * ("localhost:8080/", "example.com:443").
 */
const LEADING_SCHEME = /^[a-z][a-z\d+.-]*:(?!\d+(?:[/?#]|$))/i

/**
 * The web address a material, lesson link or meeting link opens, or null when it is not one: only
 * http and https are opened anywhere (a `javascript:` or `data:` url in any case or padding is
 * refused), a url without a scheme gets https:// (§5), and the host must look like one (a dot, or
 * localhost). Refused too: spaces or control characters inside (browsers drop some of them, which
 * would turn "java\tscript:" into a script), a url starting with a slash or backslash (relative
 * to the page, or "//host" borrowing its scheme), and a user name or password before the host
 * ("https://bank.example@evil.example"). The SPA renders a link only through this; the backends
 * refuse to store what it refuses.
 */
export const safeWebUrl = (url: string): string | null => {
  const text = url.trim()
  if (/[\s\p{Cc}]/u.test(text) || /^[/\\]/.test(text)) return null
  if (LEADING_SCHEME.test(text) && !/^https?:\/\//i.test(text)) return null
  let parsed: URL
  try {
    parsed = new URL(withScheme(text))
  } catch {
    return null
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null
  if (parsed.username !== '' || parsed.password !== '') return null
  const host = parsed.hostname
  if (!host.includes('.') && host !== 'localhost' && !host.startsWith('[')) return null
  if (host.startsWith('.')) return null
  return parsed.href
}

/**
 * A web url as the backends store it: absolute, https:// added when it had no scheme, otherwise
 * as typed (trimmed); null when `safeWebUrl` refuses it.
 */
export const storedWebUrl = (url: string): string | null =>
  safeWebUrl(url) === null ? null : withScheme(url.trim())

export const isWebUrl = (url: string) => safeWebUrl(url) !== null

/** The two supported video-conferencing providers (§5): Zoom and Google Meet. */
export const VIDEO_PROVIDERS = ['zoom', 'google_meet'] as const
type VideoProvider = (typeof VIDEO_PROVIDERS)[number]
/**
 * The educator states the admin's users list filters by: awaiting approval, approved, holding no
 * licence, below the earnings rule (approved, active, in a judged period whose share is under the
 * minimum so far) and deactivated by it. Each one selects educators only.
 */
export const ADMIN_USER_STATES = [
  'awaiting_approval',
  'approved',
  'no_licence',
  'below_earnings_rule',
  'deactivated',
] as const
/** The educators the admin's overview counts as waiting: its list's state of that name. */
export const PENDING_EDUCATOR_STATE =
  'awaiting_approval' satisfies (typeof ADMIN_USER_STATES)[number]

/** The weeks (Monday to Monday in the admin's zone) the admin's overview sums, the current one last. */
export const OVERVIEW_WEEKS = 12

/**
 * An instant a list's range is bounded by, as a query parameter: ISO 8601 with seconds and an
 * offset (Z or ±hh:mm), a year of four digits from 1000. Narrower than the date-time format,
 * which also lets through leap seconds and lower-case or space separators that JavaScript cannot
 * read, and years PostgreSQL refuses.
 */
export const RANGE_INSTANT_PATTERN =
  '^[1-9]\\d{3}-\\d{2}-\\d{2}T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,9})?(Z|[+-]([01]\\d|2[0-3]):[0-5]\\d)$'
const MEETING_URL_PATTERNS: Record<VideoProvider, RegExp> = {
  zoom: /^https:\/\/([a-z\d-]+\.)?zoom\.us\/(j|my|w)\/[\w.?=&-]+$/i,
  google_meet: /^https:\/\/meet\.google\.com\/[a-z]{3}-[a-z]{4}-[a-z]{3}(\?[\w=&-]*)?$/i,
}
/**
 * The provider of a meeting link, or null when it is no Zoom or Google Meet link. The link is
 * read as the backends store it (`storedWebUrl`): typed without a scheme it means https:// (§5),
 * so "zoom.us/j/555" is Zoom; what `safeWebUrl` refuses ("//zoom.us/j/1", "javascript:",
 * "ftp://", spaces, a user name before the host) is no link at all, and the host must be the
 * provider's own ("zoom.us.evil.example" is not).
 */
export const meetingProvider = (url: string): VideoProvider | null => {
  const stored = storedWebUrl(url)
  if (stored === null) return null
  return VIDEO_PROVIDERS.find((provider) => MEETING_URL_PATTERNS[provider].test(stored)) ?? null
}

/**
 * A meeting link as the session form sends it and both backends store it: absolute (https://
 * added when it had no scheme), trimmed; null when it is no Zoom or Google Meet link.
 */
export const storedMeetingUrl = (url: string): string | null =>
  meetingProvider(url) === null ? null : storedWebUrl(url)

export const SESSION_TYPES = ['closed', 'open', 'enrolled', 'live'] as const
type SessionType = (typeof SESSION_TYPES)[number]

/**
 * §4: a session's state as one viewer sees it.
 * live: in progress and the viewer may attend (enrolled or owner); enrolled: the viewer holds a
 * seat of a session that has not started; open: not started and the viewer has no seat;
 * closed: everything else (ended, or started without a seat).
 */
export const sessionTypeFor = (
  session: { start_time: string; end_time: string },
  viewer: { enrolled: boolean; owner: boolean },
  now: Date = new Date(),
): SessionType => {
  const start = Date.parse(session.start_time)
  const end = Date.parse(session.end_time)
  const at = now.getTime()
  if (at >= end) return 'closed'
  if (at >= start) return viewer.enrolled || viewer.owner ? 'live' : 'closed'
  return viewer.enrolled ? 'enrolled' : 'open'
}

/** The meeting link is for the owner, and for an enrolled student from the join window to the end. */
export const canSeeMeetingLink = (
  session: { start_time: string; end_time: string },
  viewer: { enrolled: boolean; owner: boolean },
  now: Date = new Date(),
) =>
  viewer.owner ||
  (viewer.enrolled &&
    now.getTime() >= Date.parse(session.start_time) - JOIN_WINDOW_MS &&
    now.getTime() < Date.parse(session.end_time))

/** A session is over from its end on: the instant a live session becomes a past one. */
export const hasEnded = (session: { end_time: string }, now: Date = new Date()) =>
  now.getTime() >= Date.parse(session.end_time)

/**
 * The sessions among `others` whose time overlaps `slot`, earliest first. Sessions that only touch
 * (one ends as the other starts) do not overlap. The educator's sessions may not overlap (the
 * database's exclusion constraint decides, this names the clash); a student is warned.
 */
export const overlapping = <T extends { start_time: string; end_time: string }>(
  slot: { start_time: string; end_time: string },
  others: readonly T[],
): T[] => {
  const start = Date.parse(slot.start_time)
  const end = Date.parse(slot.end_time)
  return others
    .filter((other) => Date.parse(other.start_time) < end && start < Date.parse(other.end_time))
    .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time))
}

/**
 * The order a lesson's sessions are listed in: those that have not ended first, soonest first (a
 * live one leads), then the ended ones, latest first; equal starts by id. Page by page, every
 * upcoming session thus comes before any past one. The server's query orders the same way.
 */
export const compareListedSessions =
  (now: Date = new Date()) =>
  (
    a: { id: number; start_time: string; end_time: string },
    b: { id: number; start_time: string; end_time: string },
  ) => {
    const aEnded = hasEnded(a, now)
    if (aEnded !== hasEnded(b, now)) return aEnded ? 1 : -1
    const byStart = Date.parse(a.start_time) - Date.parse(b.start_time)
    return (aEnded ? -byStart : byStart) || a.id - b.id
  }

/**
 * §4: a lesson is listed (in the students' and guests' catalogues) once it has a session, past or
 * not. Until then it is a draft, seen by its owner and the admins only: to anyone else its page
 * and its sessions do not exist (404), and the guest calls, the public catalogue, never show it.
 * The catalogue's query states the same rule in SQL (lessons.session_count > 0).
 */
export const isListedLesson = (lesson: { sessionCount: number }) => lesson.sessionCount > 0

export const canViewLesson = (
  lesson: { ownerId: number; sessionCount: number },
  viewer: { id: number; role: (typeof ROLES)[number] } | null,
) =>
  isListedLesson(lesson) ||
  (viewer !== null && (viewer.role === 'admin' || viewer.id === lesson.ownerId))

/** A session's price: the lesson's hourly price times the session's length, in whole cents. */
export const sessionPriceInCents = (
  priceInCentsPerHour: number,
  startIso: string,
  endIso: string,
) => Math.round((priceInCentsPerHour * (Date.parse(endIso) - Date.parse(startIso))) / 3_600_000)

/** The wall-clock formatter of a zone (made once per zone: contract/intl-formats.ts). */
const wallClockFormat = (timeZone: string) =>
  dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })

/** The wall-clock fields (year … second, zero-padded) an instant reads as in an IANA time zone. */
const wallClock = (instant: Date, timeZone: string) => {
  const parts = wallClockFormat(timeZone).formatToParts(instant)
  return (type: 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second') =>
    parts.find((part) => part.type === type)?.value ?? ''
}

const offsetMinutes = (instant: Date, timeZone: string) => {
  const field = wallClock(instant, timeZone)
  const get = (type: Parameters<typeof field>[0]) => Number(field(type))
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  )
  return (asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000
}

/** A day as the API writes it: yyyy-MM-dd. */
export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$'
const DATE = new RegExp(DATE_PATTERN)

/** A real calendar day written yyyy-MM-dd (no 31 February, no month 13): Date.UTC would roll it over. */
export const isCalendarDate = (value: string) => {
  if (!DATE.test(value)) return false
  const [y, m, d] = value.split('-').map(Number) as [number, number, number]
  const day = new Date(Date.UTC(y, m - 1, d))
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d
}

/**
 * A zone as the engine spells it ('asia/tokyo' is 'Asia/Tokyo', 'US/Pacific' 'America/Los_Angeles'),
 * or null when the engine does not know it.
 */
export const resolvedTimeZone = (timeZone: string): string | null => {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone
  } catch {
    return null
  }
}

export const isValidTimeZone = (timeZone: string) => resolvedTimeZone(timeZone) !== null

// The zones of the IANA database as the engine lists them (UTC apart: V8 leaves it out). ICU also
// knows legacy names such as SystemV/AST4 that PostgreSQL does not: a user's zone goes into its
// SQL (sums by month and week), so it must be one of these.
const listedZones =
  typeof Intl.supportedValuesOf === 'function'
    ? new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])
    : null

/**
 * A user's zone as stored ('utc' becomes 'UTC', 'asia/tokyo' 'Asia/Tokyo'), or null when it is
 * not a zone of the IANA database.
 */
export const canonicalTimeZone = (timeZone: string): string | null => {
  const zone = resolvedTimeZone(timeZone)
  return zone !== null && (listedZones === null || listedZones.has(zone)) ? zone : null
}

const DAY_MS = 24 * 3_600_000

/**
 * The UTC instant of a wall-clock date and time in an IANA time zone, correct across daylight
 * saving changes. Like Temporal's 'compatible' choice: a time repeated when clocks fall back is
 * the earlier instant; a time skipped when they spring forward moves past the gap (02:30 → 03:30).
 */
export const zonedTimeToUtc = (date: string, time: string, timeZone: string): Date => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const [hh, mm] = time.split(':').map(Number) as [number, number]
  const wallAsUtc = Date.UTC(y, m - 1, d, hh, mm)
  const offsetAt = (instant: number) => offsetMinutes(new Date(instant), timeZone) * 60_000
  // The offsets in force a day before and a day after (and at) the wall time: across a change of
  // offset, the instants that read as this wall time are among these.
  const offsetBefore = offsetAt(wallAsUtc - DAY_MS)
  const readings = [offsetBefore, offsetAt(wallAsUtc), offsetAt(wallAsUtc + DAY_MS)]
    .map((offset) => wallAsUtc - offset)
    .filter((instant) => instant + offsetAt(instant) === wallAsUtc)
  if (readings.length > 0) return new Date(Math.min(...readings))
  // The wall time does not exist: read it with the offset in force before the gap.
  return new Date(wallAsUtc - offsetBefore)
}

/** A wall-clock date (yyyy-MM-dd) and time (HH:mm) as read in one time zone. */
export interface ZonedWallTime {
  date: string
  time: string
}

/**
 * The wall-clock date and time an instant reads as in an IANA time zone (the inverse of
 * zonedTimeToUtc): what a session form shows for a stored session, in the zone it was scheduled in.
 */
export const utcToZoned = (instant: Date | string | number, timeZone: string): ZonedWallTime => {
  const get = wallClock(new Date(instant), timeZone)
  return {
    date: `${get('year').padStart(4, '0')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}`,
  }
}

/**
 * The history screen's query parameter naming the lesson whose review dialog opens at once: the
 * link of the e-mail asking a student for a review (/history?review=<lesson id>).
 */
export const REVIEW_LINK_PARAM = 'review'

/**
 * The terms' earnings rule (§9): an approved educator must earn at least EARNINGS_MIN_JPY yen in
 * each period of three months, or the account is deactivated at the period's end. Earnings are
 * the educator's net share in US cents (captures less refunds, as the earnings lines count them),
 * turned into yen at EARNINGS_USD_JPY. The defaults, and the bounds of the two settings:
 */
export const DEFAULT_EARNINGS_USD_JPY = 150
export const EARNINGS_USD_JPY_MAX = 10_000
export const DEFAULT_EARNINGS_MIN_JPY = 7197
export const EARNINGS_MIN_JPY_MAX = 100_000_000
/** The rate is kept to this many decimals, as an integer of its units, so no float error enters. */
export const EARNINGS_USD_JPY_DECIMALS = 4
const RATE_UNITS_PER_YEN = 10 ** EARNINGS_USD_JPY_DECIMALS
/** A period of the rule, in calendar months. */
export const EARNINGS_RULE_PERIOD_MONTHS = 3
/** How long before a period's deadline an educator below the rule is warned. */
export const EARNINGS_RULE_WARNING_MS = 14 * 24 * 60 * 60 * 1000

/** Whether a rate has no more decimals than the rule keeps. */
export const isEarningsRate = (usdJpy: number) =>
  Number.isFinite(usdJpy) &&
  usdJpy > 0 &&
  usdJpy <= EARNINGS_USD_JPY_MAX &&
  Math.abs(usdJpy * RATE_UNITS_PER_YEN - Math.round(usdJpy * RATE_UNITS_PER_YEN)) < 1e-6

/**
 * An instant plus whole calendar months in UTC, as date-fns `addMonths` counts them: the day of
 * the month is kept, or the month's last day when it has fewer (31 January + 1 = 28 or 29
 * February); the time of day is kept.
 */
export const addUtcMonths = (instant: number, months: number) => {
  const date = new Date(instant)
  const day = date.getUTCDate()
  date.setUTCDate(1)
  date.setUTCMonth(date.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate()
  date.setUTCDate(Math.min(day, lastDay))
  return date.getTime()
}

/** One period of an educator's rule: epoch milliseconds, `deadline` its end (excluded). */
export interface EarningsRulePeriod {
  /** 0 for the period starting at the anchor. */
  index: number
  start: number
  deadline: number
  /** When an educator below the rule is warned. */
  warningAt: number
  /** A newly approved educator's first period, which the rule does not judge. */
  exempt: boolean
}

/**
 * When an educator's rule counts from: `ruleFrom` is the later of their approval and their last
 * reactivation; the first period after the approval is exempt, the first after a reactivation is
 * not (the educator has those three months to meet the rule).
 */
export interface EarningsRuleAnchor {
  ruleFrom: number
  approvedAt: number
}

/** Period `index` of the anchor: each is counted from the anchor, so month ends do not drift. */
export const earningsRulePeriod = (
  anchor: EarningsRuleAnchor,
  index: number,
): EarningsRulePeriod => {
  const deadline = addUtcMonths(anchor.ruleFrom, EARNINGS_RULE_PERIOD_MONTHS * (index + 1))
  return {
    index,
    start: addUtcMonths(anchor.ruleFrom, EARNINGS_RULE_PERIOD_MONTHS * index),
    deadline,
    warningAt: deadline - EARNINGS_RULE_WARNING_MS,
    exempt: index === 0 && anchor.ruleFrom === anchor.approvedAt,
  }
}

/** The period `now` falls in (the first one before the anchor). */
export const earningsRulePeriodAt = (anchor: EarningsRuleAnchor, now: number) => {
  const from = new Date(anchor.ruleFrom)
  const at = new Date(now)
  const monthsApart =
    (at.getUTCFullYear() - from.getUTCFullYear()) * 12 + at.getUTCMonth() - from.getUTCMonth()
  let index = Math.max(0, Math.floor(monthsApart / EARNINGS_RULE_PERIOD_MONTHS))
  while (index > 0 && earningsRulePeriod(anchor, index).start > now) index -= 1
  while (earningsRulePeriod(anchor, index).deadline <= now) index += 1
  return earningsRulePeriod(anchor, index)
}

/** The period the rule judges next at `now`: the current one, or the next when it is exempt. */
export const earningsRuleJudgedPeriod = (anchor: EarningsRuleAnchor, now: number) => {
  const current = earningsRulePeriodAt(anchor, now)
  return current.exempt ? earningsRulePeriod(anchor, current.index + 1) : current
}

/** The period of the anchor that ends at `deadline`, if one does. */
export const earningsRulePeriodEndingAt = (anchor: EarningsRuleAnchor, deadline: number) => {
  const period = earningsRulePeriodAt(anchor, deadline - 1)
  return period.deadline === deadline ? period : undefined
}

/**
 * Net share cents in yen, rounded down: the rate is taken as an integer of ten-thousandths and the
 * product computed exactly (a float product of cents and a rate like 151.37 can miss by one yen).
 */
export const yenOfShareCents = (shareCents: number, usdJpy: number) => {
  const product = BigInt(shareCents) * BigInt(Math.round(usdJpy * RATE_UNITS_PER_YEN))
  const divisor = BigInt(100 * RATE_UNITS_PER_YEN)
  const quotient = product / divisor
  // BigInt division truncates towards zero; a net loss rounds down too.
  return Number(product < 0n && quotient * divisor !== product ? quotient - 1n : quotient)
}

/** Whether a period's earnings meet the rule. */
export const meetsEarningsRule = (earnedJpy: number, minJpy: number) => earnedJpy >= minJpy

/**
 * Whether an educator whose current period stands so is below the rule: the period is judged (not
 * a new educator's exempt first one) and its share so far is under the minimum.
 */
export const isBelowEarningsRule = (rule: { exempt: boolean; met: boolean }) =>
  !rule.exempt && !rule.met

/** The rule as an educator's earnings summary shows it (times as ISO instants). */
export const earningsRuleStanding = (
  period: EarningsRulePeriod,
  shareCents: number,
  settings: { usdJpy: number; minJpy: number },
) => {
  const earnedJpy = yenOfShareCents(shareCents, settings.usdJpy)
  return {
    periodStart: new Date(period.start).toISOString(),
    deadline: new Date(period.deadline).toISOString(),
    exempt: period.exempt,
    earnedJpy,
    minJpy: settings.minJpy,
    usdJpy: settings.usdJpy,
    met: meetsEarningsRule(earnedJpy, settings.minJpy),
  }
}
