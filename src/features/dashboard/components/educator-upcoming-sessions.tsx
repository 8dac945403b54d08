import type { UpcomingSession } from '@contract/index'
import { safeWebUrl } from '@contract/rules'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { usePageParam } from '@/shared/lib/use-page-param'
import { Button, buttonClass } from '@/shared/ui/button'
import { LoadError } from '@/shared/ui/load-error'
import { Skeleton, SkeletonLine } from '@/shared/ui/skeleton'
import { Pagination } from '@/shared/ui/pagination'
import { useUpcomingSessionsPage } from '../api/get-upcoming-sessions'
import { dashboardKeys } from '../api/keys'
import { sessionEdges, sessionPhase, type SessionPhase } from '../lib/countdown'
import { useNow } from '../lib/use-now'
import { SessionWhen } from './session-when'

// Phases change at the sessions' edges (useNow wakes up exactly then); the tick is a safety net.
const TICK_MS = 60_000

/**
 * The educator's sessions that have not ended (§2 /upcoming-lessons), soonest first and page by
 * page: each with its lesson, date and time in the viewer's zone, the seats taken, and the join
 * button from the join window (5 minutes before the start, §9) while it runs.
 */
export function EducatorUpcomingSessions() {
  const { t } = useTranslation()
  const headingId = useId()
  const queryClient = useQueryClient()
  const [page, setPage] = usePageParam()
  const upcoming = useUpcomingSessionsPage(page)
  const all = upcoming.data?.data ?? []
  const now = useNow(sessionEdges(all), TICK_MS)
  // A session that ended since the last fetch leaves at once.
  const items = all.filter(({ session }) => sessionPhase(session, now) !== 'ended')

  // At each edge the API knows more (the live state, the ended session gone, the next page's
  // first session moving up): ask again then, not on a timer.
  const phases = all.map(({ session }) => `${session.id}:${sessionPhase(session, now)}`).join()
  const lastPhases = useRef<Map<string, string> | null>(null)
  useEffect(() => {
    if (!upcoming.isSuccess || upcoming.isPlaceholderData) return
    const current = new Map(
      phases
        .split(',')
        .filter(Boolean)
        .map((entry) => entry.split(':') as [string, string]),
    )
    // Only a session seen before that changed phase counts: a refetch's new rows do not.
    const previous = lastPhases.current
    const moved = [...current].some(([id, phase]) => (previous?.get(id) ?? phase) !== phase)
    if (moved) void queryClient.invalidateQueries({ queryKey: dashboardKeys.upcoming() })
    lastPhases.current = current
  }, [phases, upcoming.isSuccess, upcoming.isPlaceholderData, queryClient])

  let content
  if (upcoming.isPending) {
    content = (
      <Skeleton>
        <div className="flex flex-col gap-3">
          {[0, 1, 2].map((row) => (
            <div
              key={row}
              className="flex flex-col gap-2 rounded-xl bg-white p-4 ring-1 ring-slate-200"
            >
              <SkeletonLine className="h-4 w-1/3" />
              <SkeletonLine className="h-3.5 w-1/2" />
              <SkeletonLine className="h-3.5 w-1/4" />
            </div>
          ))}
        </div>
      </Skeleton>
    )
  }
  // A failed background refetch keeps what is shown (the query cache reports it).
  else if (!upcoming.data) {
    content = (
      <LoadError onRetry={() => void upcoming.refetch()}>{t('upcoming.loadFailed')}</LoadError>
    )
  } else if (items.length === 0) {
    content =
      page > 1 ? (
        <div className="flex flex-col items-start gap-3 text-slate-700">
          <p>{t('upcoming.pastLastPage')}</p>
          <Button variant="secondary" onClick={() => setPage(1)}>
            {t('upcoming.firstPage')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col items-start gap-3 rounded-xl bg-white p-4 text-slate-700 ring-1 ring-slate-200">
          <p>{t('upcoming.empty')}</p>
          <Link to={paths.home.href()} className={buttonClass('secondary')}>
            {t('upcoming.toMyLessons')}
          </Link>
        </div>
      )
  } else {
    content = (
      <>
        <ul
          aria-label={t('upcoming.listLabel')}
          aria-busy={upcoming.isPlaceholderData}
          className="flex flex-col gap-3"
        >
          {items.map((item) => (
            <li key={item.session.id}>
              <UpcomingSessionRow item={item} phase={sessionPhase(item.session, now)} />
            </li>
          ))}
        </ul>
        <Pagination
          page={page}
          pageCount={upcoming.data.meta.pageCount}
          onPageChange={setPage}
          label={t('upcoming.pages')}
        />
      </>
    )
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 p-4 sm:p-6">
      <div>
        <h1 id={headingId} className="text-2xl font-semibold text-slate-900">
          {t('upcoming.title')}
        </h1>
        <p className="text-sm text-slate-600">{t('upcoming.description')}</p>
      </div>
      {content}
    </section>
  )
}

function UpcomingSessionRow({ item, phase }: { item: UpcomingSession; phase: SessionPhase }) {
  const { t } = useTranslation()
  const hintId = useId()
  const { lesson, session } = item
  const joinable = phase === 'joinWindow' || phase === 'live'
  // Only an http(s) link is opened; one stored before that rule is shown as unavailable.
  const href = session.url === null ? null : safeWebUrl(session.url)
  return (
    <article className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <Link
          to={paths.lesson.detail.href(lesson.id)}
          className="font-medium break-words text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {lesson.title}
        </Link>
        <SessionWhen session={session} educatorsOwn />
        <p className="text-sm text-slate-700">
          {t('upcoming.seats', { taken: session.enrolledCount, total: lesson.max_slots })}
        </p>
        {phase === 'live' && (
          <p className="text-sm font-semibold text-red-700">{t('upcoming.live')}</p>
        )}
      </div>
      <div className="flex flex-col items-start gap-1 sm:items-end">
        {joinable && href !== null ? (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('upcoming.joinNamed', { title: lesson.title })}
            className={buttonClass('primary')}
          >
            {t('upcoming.join')}
          </a>
        ) : (
          <>
            <Button disabled aria-describedby={hintId}>
              {t('upcoming.join')}
            </Button>
            <p id={hintId} className="text-xs text-slate-600">
              {!joinable
                ? t('upcoming.joinOpens')
                : session.url === null
                  ? t('upcoming.noLink')
                  : t('common.unsafeUrl')}
            </p>
          </>
        )}
      </div>
    </article>
  )
}
