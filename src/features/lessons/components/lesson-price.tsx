import { useTranslation } from 'react-i18next'
import { formatLessonPrice, formatPrice } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'

/**
 * A lesson's hourly price as every lesson screen writes it: "Free" for a free lesson (not
 * "$0.00 / hour"), otherwise the amount in the reader's number format per hour, in the phrase
 * the screen uses.
 */
export function LessonPrice({
  cents,
  perHourKey = 'lessons.card.perHour',
}: {
  cents: number
  perHourKey?: 'lessons.card.perHour' | 'dashboard.educator.lessons.perHour'
}) {
  const { t } = useTranslation()
  const language = useLanguage()
  if (cents === 0) return formatLessonPrice(cents, language)
  return t(perHourKey, { price: formatPrice(cents, language) })
}
