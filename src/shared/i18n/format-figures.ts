import { numberFormat } from './format'
import type { AppLanguage } from './languages'

// Figures of the earnings and admin screens, apart from format.ts so the guest landing, which
// loads that module, does not carry them.

/** Whole yen as its reader writes them: "¥7,197", "￥7,197". */
export const formatYen = (yen: number, language: AppLanguage) =>
  numberFormat(language, { style: 'currency', currency: 'JPY' }).format(yen)

/** A rate in yen per US dollar, to its four decimals at most: "¥150", "¥151.25". */
export const formatRate = (usdJpy: number, language: AppLanguage) =>
  numberFormat(language, {
    style: 'currency',
    currency: 'JPY',
    maximumFractionDigits: 4,
  }).format(usdJpy)

/** A whole count with its reader's grouping: "1,234". */
export const formatCount = (count: number, language: AppLanguage) =>
  numberFormat(language, {}).format(count)
