/**
 * Intl formatters built once per locale and options, and reused by the SPA, the e-mails and the
 * rules: building one (zone names above all) costs far more than using it, and a session grid, a
 * catalogue or a reminder run formats thousands of values. The kept set is bounded, since the zones
 * in the options are the users' choice (and a zone spelled in another letter case is another key).
 */
const kept = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>()
const KEPT_MAX = 512

const reused = <F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, build: () => F) => {
  let formatter = kept.get(key) as F | undefined
  if (!formatter) {
    formatter = build()
    if (kept.size >= KEPT_MAX) kept.clear()
    kept.set(key, formatter)
  }
  return formatter
}

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  reused(
    `date|${locale}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  )

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions) =>
  reused(
    `number|${locale}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale, options),
  )
