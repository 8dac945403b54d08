import { intlLocale } from '@/shared/i18n/format'
import type { AppLanguage } from '@/shared/i18n/languages'

/** Whole yen as its reader writes them: "¥7,197", "￥7,197". */
export const formatYen = (yen: number, language: AppLanguage) =>
  new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency: 'JPY' }).format(yen)

/** The configured rate, yen per US dollar, to its four decimals at most: "¥150", "¥151.25". */
export const formatRate = (usdJpy: number, language: AppLanguage) =>
  new Intl.NumberFormat(intlLocale(language), {
    style: 'currency',
    currency: 'JPY',
    maximumFractionDigits: 4,
  }).format(usdJpy)
