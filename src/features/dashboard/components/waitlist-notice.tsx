import type { UpcomingSession } from '@contract/index'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { formatDate, formatDateTime } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { buttonClass } from '@/shared/ui/button'
import { useWaitlist } from '../api/get-waitlist'
import { dashboardKeys } from '../api/keys'

/** setTimeout's largest delay; a longer one would fire at once. */
const MAX_DELAY = 2 ** 31 - 1

const offerEnd = ({ session }: UpcomingSession) => {
  const until = session.waitlistPlace?.offeredUntil
  return until ? Date.parse(until) : null
}

/**
 * The student's waitlists on their dashboard (issue 31): first each seat freed and held for them,
 * with until when and a link to take it on the lesson page, then their place in each other line.
 * Nothing shows while they wait in none. As an offer ends the list is asked again (the seat went
 * to the next in line).
 */
export function WaitlistNotice() {
  const { t } = useTranslation()
  const language = useLanguage()
  const headingId = useId()
  const queryClient = useQueryClient()
  const waitlist = useWaitlist()
  const items = waitlist.data ?? []
  const offers = items.filter((item) => offerEnd(item) !== null)
  const waiting = items.filter((item) => offerEnd(item) === null)

  const firstEnd = offers.reduce<number | null>((first, item) => {
    const end = offerEnd(item)
    return end !== null && (first === null || end < first) ? end : first
  }, null)
  useEffect(() => {
    if (firstEnd === null) return
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.waitlist() }),
      Math.min(Math.max(0, firstEnd - Date.now()), MAX_DELAY),
    )
    return () => clearTimeout(timer)
  }, [firstEnd, queryClient])

  if (waitlist.isError) {
    return (
      <p role="alert" className="text-red-700">
        {t('dashboard.waitlist.loadFailed')}
      </p>
    )
  }
  if (items.length === 0) return null
  const date = (item: UpcomingSession) => formatDate(item.session.start_time, language)
  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
        {t('dashboard.waitlist.title')}
      </h2>
      <ul className="flex flex-col gap-3">
        {offers.map((item) => (
          <li
            key={item.session.id}
            className="flex flex-col items-start gap-2 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-200"
          >
            <p className="text-sm font-medium text-amber-900">
              {t('dashboard.waitlist.offered', {
                title: item.lesson.title,
                date: date(item),
                until: formatDateTime(item.session.waitlistPlace?.offeredUntil ?? '', language),
              })}
            </p>
            <Link
              to={paths.lesson.detail.href(item.lesson.id)}
              className={buttonClass('primary')}
              aria-label={t('dashboard.waitlist.takeNamed', { title: item.lesson.title })}
            >
              {t('dashboard.waitlist.take')}
            </Link>
          </li>
        ))}
        {waiting.map((item) => (
          <li key={item.session.id} className="flex min-w-0 flex-col gap-1">
            <p className="text-sm break-words text-slate-800">
              {t('dashboard.waitlist.position', {
                title: item.lesson.title,
                date: date(item),
                position: item.session.waitlistPlace?.position ?? 0,
              })}
            </p>
            <Link
              to={paths.lesson.detail.href(item.lesson.id)}
              className="self-start text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
              aria-label={t('dashboard.waitlist.viewNamed', { title: item.lesson.title })}
            >
              {t('dashboard.waitlist.view')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
