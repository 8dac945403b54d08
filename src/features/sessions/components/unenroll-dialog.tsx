import type { Session } from '@contract/index'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { codeOf, problemText, serverMessage } from '@/shared/api/errors'
import { formatDate, formatPrice, zonedTimes } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { ConfirmDialog } from '@/shared/ui/confirm-dialog'
import { useUnenroll } from '../api/unenroll'

type UnenrollDialogProps = {
  session: Session
  lessonTitle: string
  onClose: () => void
  onUnenrolled: () => void
}

/**
 * Giving a seat back, before the session starts: the question says whether the seat's payment is
 * refunded in full (what the student paid, whatever the session costs now) or the seat is simply
 * released (a seat taken free, even in a session that has a price since).
 */
export function UnenrollDialog({
  session,
  lessonTitle,
  onClose,
  onUnenrolled,
}: UnenrollDialogProps) {
  const { t } = useTranslation()
  const language = useLanguage()
  const unenroll = useUnenroll()
  const when = {
    title: lessonTitle,
    date: formatDate(session.start_time, language),
    ...zonedTimes(session.start_time, session.end_time, language),
  }

  const confirm = () =>
    unenroll.mutate(
      { lessonId: session.lessonId, sessionId: session.id },
      {
        // The server's own words: whether it refunds is its decision, whatever the page read.
        onSuccess: (answer) => {
          toast.success(problemText({ text: answer.message, ...codeOf(answer) }))
          onUnenrolled()
        },
        onError: (error) => {
          toast.error(
            t('sessions.errors.unenrollFailed', {
              reason: serverMessage(error, t('common.errors.common')),
            }),
          )
          onClose()
        },
      },
    )

  return (
    <ConfirmDialog
      open
      variant="danger"
      title={t('sessions.unenroll.title')}
      confirmLabel={t('sessions.unenroll.confirm')}
      pending={unenroll.isPending}
      onCancel={onClose}
      onConfirm={confirm}
    >
      <p>{t('sessions.unenroll.question', when)}</p>
      <p>
        {session.paidPrice === null
          ? t('sessions.unenroll.release')
          : t('sessions.unenroll.refund', { price: formatPrice(session.paidPrice, language) })}
      </p>
    </ConfirmDialog>
  )
}
