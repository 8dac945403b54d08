import type { Session } from '@contract/index'
import { useTranslation } from 'react-i18next'
import { formatDate, formatDuration } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { ZonedTimeRange } from '@/shared/ui/zoned-time-range'

/**
 * A session's date (d MMMM yyyy), times in the viewer's zone, named (§1), with the educator's own
 * on hover and focus when it reads differently, and its length.
 */
export function SessionWhen({
  session,
  educatorsOwn = false,
}: {
  session: Session
  /** The educator looks at their own session: their zone is no news to them. */
  educatorsOwn?: boolean
}) {
  const { t } = useTranslation()
  const language = useLanguage()
  return (
    <p className="flex flex-wrap gap-x-2 text-sm text-slate-700">
      <time dateTime={session.start_time}>{formatDate(session.start_time, language)}</time>
      <ZonedTimeRange
        start={session.start_time}
        end={session.end_time}
        educatorZone={educatorsOwn ? undefined : session.timezone}
      />
      <span>
        {t('dashboard.upcoming.length', {
          length: formatDuration(session.start_time, session.end_time, language),
        })}
      </span>
    </p>
  )
}
