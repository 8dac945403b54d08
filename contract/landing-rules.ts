/**
 * The rules the guest landing reads as it starts (the SPA's start chunk): in a module of their own
 * so that a visitor's first download carries these and not every rule of the product. rules.ts
 * re-exports them; the SPA's landing modules import them from here.
 */

/** The largest id a PostgreSQL `integer` column holds (2^31 - 1). */
export const ID_MAX = 2 ** 31 - 1

/** The longest e-mail address (RFC 5321's path), full name and password an account holds. */
export const EMAIL_MAX_LENGTH = 254
export const NAME_MAX_LENGTH = 120
export const PASSWORD_MAX_LENGTH = 128

/** A basic e-mail pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$'
export const isValidEmail = (email: string) => new RegExp(EMAIL_PATTERN).test(email)
/** The product's support mailbox: the SPA's Support link and the server's e-mails name it. */
export const DEFAULT_SUPPORT_EMAIL = 'support@manabi.example'

/** §9 timings of the interface. */
/** A lazy image starts loading when it comes within this distance of the view. */
export const LAZY_IMAGE_THRESHOLD_PX = 100
/** Infinite scroll asks for the next page once the last card has been in view this long. */
export const SCROLL_DELAY_MS = 300
/** Work that follows the window's size waits until resizing has paused this long. */
export const RESIZE_DEBOUNCE_MS = 750

/** The longest search the lists take (a lesson's title, a user's name or e-mail): their inputs stop there. */
export const SEARCH_MAX_LENGTH = 200

export const PAGE_SIZE = { guestLessons: 5, sessions: 100, reviews: 100, default: 20 } as const

/**
 * The catalogue's first page as the guest landing asks for it (§7: five, newest first, no
 * filter); the server preloads its first cover with the landing's HTML.
 */
export const LANDING_CATALOGUE_QUERY = {
  page: 1,
  take: PAGE_SIZE.guestLessons,
  order: 'DESC',
} as const

/**
 * The lesson a page of the SPA shows first, read from the page's path: `/lesson/:id` (a trailing
 * slash allowed), else null. At that path the server puts the lesson's cover in the page's
 * static shell, and the SPA's start-up skeleton has the lesson page's shape. An id written with
 * a leading zero names no such page (the SPA still opens the lesson, without its cover first),
 * nor does one past what an id column holds (the SPA's page says the id is not valid).
 */
export const lessonPageId = (path: string): number | null => {
  const digits = /^\/lesson\/([1-9]\d{0,9})\/?$/.exec(path)?.[1]
  if (digits === undefined) return null
  const id = Number(digits)
  return id <= ID_MAX ? id : null
}

/**
 * The frame a lesson cover is shown in (16:9, like the cards' aspect-video) and the size of the
 * demo covers: twice the card's 336 px, so they stay sharp on 2× screens.
 */
export const COVER_WIDTH = 672
export const COVER_HEIGHT = 378

/**
 * A catalogue card says how many seats its next session has left only when they are few: at
 * this many or fewer ("3 seats left", "1 seat left") a visitor should hurry; above it the count
 * is noise on a small card.
 */
export const FEW_SEATS_MAX = 3
export const hasFewSeats = (seatsLeft: number) => seatsLeft > 0 && seatsLeft <= FEW_SEATS_MAX
