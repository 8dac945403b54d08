import type { Session } from '@contract/index'
import { useTranslation } from 'react-i18next'
import { apiMessages } from '@/shared/api/errors'
import { formatDate, zonedTimes } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { ConfirmDialog } from '@/shared/ui/confirm-dialog'
import { FormAlert } from '@/shared/ui/form-alert'
import { useDeleteSession } from '../api/delete-session'

type DeleteSessionDialogProps = {
  session: Session
  onClose: () => void
  /** With how many students held a seat (each refunded and e-mailed), as the API counted them. */
  onDeleted: (enrolledCount: number) => void
}

/**
 * A red confirmation naming the session's date and times and how many enrolled students will be
 * refunded in full and e-mailed; a refusal keeps the dialog open with its reason.
 */
export function DeleteSessionDialog({ session, onClose, onDeleted }: DeleteSessionDialogProps) {
  const { t } = useTranslation()
  const language = useLanguage()
  const remove = useDeleteSession()
  const when = {
    date: formatDate(session.start_time, language),
    ...zonedTimes(session.start_time, session.end_time, language),
  }
  const failure = remove.error ? apiMessages(remove.error).join(' ') : null

  return (
    <ConfirmDialog
      open
      variant="danger"
      title={t('sessions.editor.delete.title')}
      confirmLabel={t('sessions.editor.delete.confirm')}
      pending={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(
          { lessonId: session.lessonId, sessionId: session.id },
          { onSuccess: ({ enrolledCount }) => onDeleted(enrolledCount) },
        )
      }
    >
      {failure !== null && (
        <FormAlert>
          {failure
            ? t('sessions.editor.errors.failedWithReason', { reason: failure })
            : t('sessions.editor.errors.failed')}
        </FormAlert>
      )}
      <p>{t('sessions.editor.delete.question', when)}</p>
      {session.enrolledCount > 0 && (
        <p>{t('sessions.editor.delete.studentsNote', { count: session.enrolledCount })}</p>
      )}
    </ConfirmDialog>
  )
}
