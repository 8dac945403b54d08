import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { SessionNow, type SessionNowProps } from './session-now'

/** The student's next session (§2), under its own heading. */
export function NextLesson(props: SessionNowProps) {
  const { t } = useTranslation()
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('dashboard.next.title')}
      </h2>
      <SessionNow {...props} />
    </section>
  )
}
