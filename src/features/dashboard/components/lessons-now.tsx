import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { SessionNow, type SessionNowProps } from './session-now'

/**
 * Every session the student can join now, when there are several (seats in sessions that
 * overlap): each live or in its join window, with its own join button, none hidden behind another.
 * Only the first announces its countdown.
 */
export function LessonsNow({
  items,
  now,
}: {
  items: readonly Omit<SessionNowProps, 'now'>[]
  now: number
}) {
  const { t } = useTranslation()
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('dashboard.next.nowTitle', { count: items.length })}
      </h2>
      <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-slate-100">
        {items.map(({ next, phase }, index) => (
          <li key={next.session.id} className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0">
            <SessionNow next={next} now={now} phase={phase} announce={index === 0} />
          </li>
        ))}
      </ul>
    </section>
  )
}
