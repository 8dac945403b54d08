import type { Session } from '@contract/index'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'

/**
 * Where a session stands with its lesson's minimum seats, in one line: how many more students it
 * needs by its cutoff while pending, then confirmed or "Cancelled: too few students", or that it
 * takes place with whoever enrolls (scheduled after its cutoff). A session over shows only a
 * cancellation: the rest no longer matters.
 */
export function SeatDecision({ session, ended }: { session: Session; ended: boolean }) {
  const { t } = useTranslation()
  const language = useLanguage()
  const { decision, decidesAt, seatsNeeded } = session
  if (ended && decision !== 'cancelled') return null
  let text: string
  if (decision === 'pending') {
    const when = decidesAt === null ? '' : formatDateTime(decidesAt, language)
    text =
      seatsNeeded > 0
        ? t('sessions.decision.needs', { count: seatsNeeded, when })
        : t('sessions.decision.reached', { when })
  } else {
    text = t(`sessions.decision.${decision}`)
  }
  return (
    <p
      className={`text-sm font-medium ${
        decision === 'cancelled'
          ? 'text-red-800'
          : decision === 'pending' && seatsNeeded > 0
            ? 'text-amber-800'
            : 'text-slate-700'
      }`}
    >
      {text}
    </p>
  )
}
