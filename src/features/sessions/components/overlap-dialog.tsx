import type { Session } from '@contract/index'
import { useTranslation } from 'react-i18next'
import { formatDate, zonedTimes } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { ConfirmDialog } from '@/shared/ui/confirm-dialog'
import type { HeldSeat } from '../lib/overlap'

type OverlapDialogProps = {
  session: Session
  lessonTitle: string
  /** The student's seats whose sessions overlap this one, earliest first. */
  overlaps: readonly HeldSeat[]
  /** Going on joins the session's waitlist rather than taking a seat. */
  waitlist?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/**
 * Before a seat in a session that overlaps one the student already holds, or a place in its
 * waitlist: which sessions it clashes with (lesson, date, times), and the choice to go on (enroll,
 * pay for a paid seat, or join the waitlist) or not. The server allows both seats; this only
 * makes sure the student knows.
 */
export function OverlapDialog({
  session,
  lessonTitle,
  overlaps,
  waitlist = false,
  onConfirm,
  onCancel,
}: OverlapDialogProps) {
  const { t } = useTranslation()
  const language = useLanguage()
  const paid = session.fullPrice > 0
  const goOn = waitlist ? 'waitlist' : paid ? 'pay' : 'enroll'
  const question = waitlist ? 'questionWaitlist' : paid ? 'questionPaid' : 'question'
  const when = (item: { start_time: string; end_time: string }) => ({
    date: formatDate(item.start_time, language),
    ...zonedTimes(item.start_time, item.end_time, language),
  })
  return (
    <ConfirmDialog
      open
      title={t('sessions.overlap.title')}
      confirmLabel={t(`sessions.overlap.${goOn}`)}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        {t('sessions.overlap.intro', {
          count: overlaps.length,
          title: lessonTitle,
          ...when(session),
        })}
      </p>
      <ul className="list-disc pl-5 font-medium text-slate-900">
        {overlaps.map((seat) => (
          <li key={seat.sessionId}>
            {t('sessions.overlap.seat', { title: seat.lessonTitle, ...when(seat) })}
          </li>
        ))}
      </ul>
      <p>{t(`sessions.overlap.${question}`)}</p>
    </ConfirmDialog>
  )
}
