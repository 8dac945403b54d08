import { intlLocale } from '@/shared/i18n/format'
import type { AppLanguage } from '@/shared/i18n/languages'

/** A summary's month ('2026-11') as its reader names it: "Nov 2026", "2026年11月". */
export const monthLabel = (month: string, language: AppLanguage) => {
  const [year, monthNumber] = month.split('-').map(Number)
  return new Intl.DateTimeFormat(intlLocale(language), {
    year: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(Date.UTC(year ?? 1970, (monthNumber ?? 1) - 1, 1))
}
