import { useTranslation } from 'react-i18next'
import { formatDateIn, formatTimeIn } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import type { InstantRangeFilter } from '../api/keys'

type ListRangeProps = {
  range: InstantRangeFilter
  /** The admin's zone, the one the overview's weeks are counted in. */
  timeZone: string
}

/** What range a list shows, in the admin's zone: "From … until …", or every date. */
export function ListRange({ range, timeZone }: ListRangeProps) {
  const { t } = useTranslation()
  const language = useLanguage()
  const instant = (value: string) =>
    `${formatDateIn(value, language, timeZone)} ${formatTimeIn(value, timeZone)}`
  const text =
    range.from && range.to
      ? t('admin.lists.range.between', { from: instant(range.from), to: instant(range.to) })
      : range.from
        ? t('admin.lists.range.from', { from: instant(range.from) })
        : range.to
          ? t('admin.lists.range.until', { to: instant(range.to) })
          : t('admin.lists.range.all')
  return (
    <p className="text-sm text-slate-600">
      {text} {t('admin.lists.range.zone', { zone: timeZone })}
    </p>
  )
}
