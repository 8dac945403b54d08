import type { UpcomingSession } from '@contract/index'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { buttonClass } from '@/shared/ui/button'
import { SessionWhen } from './session-when'

/** The id of the student dashboard's catalogue heading, which an empty list links to. */
export const ALL_LESSONS_HEADING_ID = 'all-lessons'

/** The student's sessions that have not ended, soonest first, each linking to its lesson. */
export function UpcomingLessons({ items }: { items: readonly UpcomingSession[] }) {
  const { t } = useTranslation()
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
        {t('dashboard.upcoming.title')}
      </h2>
      {items.length === 0 ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-slate-600">{t('dashboard.upcoming.empty')}</p>
          <a href={`#${ALL_LESSONS_HEADING_ID}`} className={buttonClass('secondary')}>
            {t('dashboard.upcoming.browse')}
          </a>
        </div>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-slate-100">
          {items.map(({ lesson, session }) => (
            <li key={session.id} className="flex min-w-0 flex-col gap-1 py-2">
              <Link
                to={paths.lesson.detail.href(lesson.id)}
                className="font-medium break-words text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                {lesson.title}
              </Link>
              <SessionWhen session={session} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
