import { sessionIcs } from '@contract/descriptors/sessions'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { errorMessage } from '@/shared/api/errors'
import { parseJsonErrors, saveBlob } from '@/shared/lib/file-download'
import { request } from '@/shared/api/request'

type CalendarTarget = { lessonId: number; sessionId: number }

/**
 * GET /lessons/:id/sessions/:sessionId/ics: the session as an iCalendar file, as a Blob. The text
 * is read as text (iCalendar is text) and wrapped, which every environment handles alike.
 */
export const getSessionCalendar = async ({ lessonId, sessionId }: CalendarTarget) => {
  const calendar = await request(
    sessionIcs,
    { params: { id: lessonId, sessionId } },
    {
      responseType: 'text',
      headers: { Accept: 'text/calendar' },
      transformResponse: parseJsonErrors,
    },
  )
  return new Blob([calendar], { type: 'text/calendar;charset=utf-8' })
}

/** Downloads `session-<id>.ics`; a failure is an error toast (§8 generic helper). */
export const useDownloadCalendar = () => {
  const { t } = useTranslation()
  return useMutation({
    mutationFn: getSessionCalendar,
    onSuccess: (blob, { sessionId }) => saveBlob(blob, `session-${sessionId}.ics`),
    onError: (error) => {
      toast.error(errorMessage(error, t('sessions.errors.calendar')))
    },
  })
}
