import { sessionIcs } from '@contract/descriptors/sessions'
import type { AxiosResponseHeaders } from 'axios'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { errorMessage } from '@/shared/api/errors'
import { request } from '@/shared/api/request'
import { saveBlob } from '@/shared/lib/save-blob'

type CalendarTarget = { lessonId: number; sessionId: number }

/** Error bodies are JSON even though the calendar itself is text: parse them for the error helper. */
const parseJsonErrors = (data: unknown, headers: AxiosResponseHeaders) => {
  const type = String(headers.get('content-type') ?? '')
  if (typeof data === 'string' && type.includes('json')) {
    try {
      return JSON.parse(data) as unknown
    } catch {
      return data
    }
  }
  return data
}

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
