import { format } from 'date-fns'
import { enUS, ja } from 'date-fns/locale'
import type { AppLanguage } from './languages'

const dateLocale = (language: AppLanguage) => (language === 'jp-JP' ? ja : enUS)
const numberLocale = (language: AppLanguage) => (language === 'jp-JP' ? 'ja-JP' : 'en-US')

/**
 * §1's d MMMM yyyy ("5 March 2026") in English; in Japanese the order readers write,
 * yyyy年M月d日 ("2026年3月5日"), since "5 3月 2026" reads as nonsense. In the viewer's time zone.
 */
const DATE_PATTERNS: Record<AppLanguage, string> = {
  'en-US': 'd MMMM yyyy',
  'jp-JP': 'yyyy年M月d日',
}

export const formatDate = (value: string | Date, language: AppLanguage) =>
  format(new Date(value), DATE_PATTERNS[language], { locale: dateLocale(language) })

/** §1: times as HH:mm, in the viewer's time zone. */
export const formatTime = (value: string | Date) => format(new Date(value), 'HH:mm')

/** Prices are stored in cents (§1); the payment provider charges USD. */
export const formatPrice = (cents: number, language: AppLanguage) =>
  new Intl.NumberFormat(numberLocale(language), { style: 'currency', currency: 'USD' }).format(
    cents / 100,
  )

/** Ratings are shown with one decimal (§9). */
export const formatRating = (average: number, language: AppLanguage) =>
  new Intl.NumberFormat(numberLocale(language), {
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
  return new Intl.NumberFormat(numberLocale(language), {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(bytes / size)
}
