import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * OWASP's device cookies ("Slow down online guessing attacks with device cookies"): a browser
 * that has signed in to an account gets an entry for it, and a sign-in that brings a valid one is
 * limited per browser rather than by the lockout of the browsers the account does not know.
 *
 * An entry is `userId.issuedAt.nonce.signature`: the signature is an HMAC of the other three keyed
 * by the account's password hash, a secret only the database holds (random salt, shared by every
 * instance), which changes with the password: a new password ends the trust of every browser.
 * One cookie holds the entries of the latest accounts signed in on the browser, `~` between them.
 */

/** How long a browser stays trusted after it last signed in to the account. */
export const DEVICE_TRUST_MS = 180 * 24 * 60 * 60 * 1000
/** The accounts one browser is remembered for: those signed in most recently. */
export const DEVICE_ACCOUNTS_MAX = 5

export interface DeviceEntry {
  userId: number
  /** When the entry was issued, in seconds since the epoch. */
  issuedAt: number
  /** Random: names this browser's entry (its own counter of wrong passwords). */
  nonce: string
  signature: string
}

interface Account {
  id: number
  passwordHash: string
}

const ENTRY = /^([1-9]\d{0,9})\.(\d{1,12})\.([\w-]{22})\.([\w-]{43})$/
const SEPARATOR = '~'
/** A longer value is none of ours: it is not read at all. */
const VALUE_MAX = DEVICE_ACCOUNTS_MAX * 100

const sign = (passwordHash: string, userId: number, issuedAt: number, nonce: string) =>
  createHmac('sha256', passwordHash)
    .update(`manabi device|${userId}|${issuedAt}|${nonce}`)
    .digest('base64url')

const format = ({ userId, issuedAt, nonce, signature }: DeviceEntry) =>
  `${userId}.${issuedAt}.${nonce}.${signature}`

/** The well-formed entries of a cookie's value, at most DEVICE_ACCOUNTS_MAX; none for others. */
export const parseDeviceCookie = (value: string | undefined): DeviceEntry[] => {
  if (!value || value.length > VALUE_MAX) return []
  return value
    .split(SEPARATOR)
    .slice(0, DEVICE_ACCOUNTS_MAX)
    .flatMap((text) => {
      const match = ENTRY.exec(text)
      if (!match) return []
      const [, userId, issuedAt, nonce, signature] = match
      return [
        {
          userId: Number(userId),
          issuedAt: Number(issuedAt),
          nonce: nonce ?? '',
          signature: signature ?? '',
        },
      ]
    })
}

const isCurrent = (entry: DeviceEntry, now: Date) => {
  const issuedMs = entry.issuedAt * 1000
  return issuedMs <= now.getTime() && now.getTime() - issuedMs < DEVICE_TRUST_MS
}

/**
 * The account's entry if the browser is one it trusts: signed with its current password hash
 * and issued within DEVICE_TRUST_MS; null for a forged, altered, expired or other account's one.
 */
export const trustedEntry = (entries: DeviceEntry[], account: Account, now = new Date()) => {
  const entry = entries.find((candidate) => candidate.userId === account.id)
  if (!entry || !isCurrent(entry, now)) return null
  const expected = Buffer.from(
    sign(account.passwordHash, entry.userId, entry.issuedAt, entry.nonce),
  )
  const given = Buffer.from(entry.signature)
  return given.length === expected.length && timingSafeEqual(given, expected) ? entry : null
}

/**
 * The cookie's new value once the account signed in on the browser: a new entry for it first,
 * then the current entries of the other accounts.
 */
export const trustBrowser = (cookie: string | undefined, account: Account, now = new Date()) => {
  const issuedAt = Math.floor(now.getTime() / 1000)
  const nonce = randomBytes(16).toString('base64url')
  const entry: DeviceEntry = {
    userId: account.id,
    issuedAt,
    nonce,
    signature: sign(account.passwordHash, account.id, issuedAt, nonce),
  }
  const others = parseDeviceCookie(cookie).filter(
    (other) => other.userId !== account.id && isCurrent(other, now),
  )
  return [entry, ...others].slice(0, DEVICE_ACCOUNTS_MAX).map(format).join(SEPARATOR)
}
