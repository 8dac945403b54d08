import type { Session } from '@contract/index'
import { useTranslation } from 'react-i18next'
import { formatDate, formatTime } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'

/** A session's date (d MMMM yyyy) and HH:mm–HH:mm, in the viewer's time zone (§1). */
export function SessionWhen({ session }: { session: Session }) {
  const { t } = useTranslation()
  const language = useLanguage()
  return (
    <p className="flex flex-wrap gap-x-2 text-sm text-slate-700">
      <time dateTime={session.start_time}>{formatDate(session.start_time, language)}</time>
      <span>
        {t('dashboard.upcoming.timeRange', {
          start: formatTime(session.start_time),
          end: formatTime(session.end_time),
        })}
      </span>
    </p>
  )
}
