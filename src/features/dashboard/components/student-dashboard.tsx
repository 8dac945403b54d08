import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Skeleton, SkeletonLine } from '@/shared/ui/skeleton'
import { useUpcomingSessions } from '../api/get-upcoming-sessions'
import { dashboardKeys } from '../api/keys'
import { sessionEdges, sessionPhase } from '../lib/countdown'
import { useNow } from '../lib/use-now'
import { NextLesson } from './next-lesson'
import { ALL_LESSONS_HEADING_ID, UpcomingLessons } from './upcoming-lessons'

/**
 * The student's home (§2): the next lesson with its countdown, the upcoming lessons and the
 * lesson catalogue, which the app passes in (features do not import each other).
 */
export function StudentDashboard({ catalogue }: { catalogue: ReactNode }) {
  const { t } = useTranslation()
  const titleId = useId()
  const catalogueId = ALL_LESSONS_HEADING_ID
  const queryClient = useQueryClient()
  const upcoming = useUpcomingSessions()
  const now = useNow(sessionEdges(upcoming.data ?? []))

  // Sessions that ended since the last fetch leave at once; the first one left is the next.
  const items = (upcoming.data ?? []).filter(
    ({ session }) => sessionPhase(session, now) !== 'ended',
  )
  const next = items[0]
  const phase = next ? sessionPhase(next.session, now) : null

  // At each edge (join window, start, end) the API knows more: the meeting url, the live state,
  // the ended session gone. Refetch then, not on a timer.
  const edge = next ? `${next.session.id}:${phase}` : 'none'
  const lastEdge = useRef<string | null>(null)
  useEffect(() => {
    if (!upcoming.isSuccess) return
    if (lastEdge.current !== null && lastEdge.current !== edge) {
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.upcoming() })
    }
    lastEdge.current = edge
  }, [edge, upcoming.isSuccess, queryClient])

  let sessions: ReactNode
  if (upcoming.isPending) sessions = <UpcomingSkeleton />
  else if (upcoming.isError) {
    sessions = (
      <p role="alert" className="text-red-700">
        {t('common.errors.common')}
      </p>
    )
  } else {
    sessions = (
      <>
        {next && phase && phase !== 'ended' && <NextLesson next={next} now={now} phase={phase} />}
        <UpcomingLessons items={items} />
      </>
    )
  }

  return (
    <section aria-labelledby={titleId} className="p-4 sm:p-6">
      <h1 id={titleId} className="mb-4 text-2xl font-semibold text-slate-900">
        {t('dashboard.student.title')}
      </h1>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6 xl:col-start-2 xl:row-start-1">{sessions}</div>
        <section aria-labelledby={catalogueId} className="min-w-0 xl:col-start-1 xl:row-start-1">
          <h2
            id={catalogueId}
            tabIndex={-1}
            className="mb-4 scroll-mt-4 text-xl font-semibold text-slate-900 focus:outline-none"
          >
            {t('dashboard.student.allLessons')}
          </h2>
          {catalogue}
        </section>
      </div>
    </section>
  )
}

/** The next lesson and upcoming list's shape while they load. */
function UpcomingSkeleton() {
  return (
    <Skeleton className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
        <SkeletonLine className="h-5 w-1/2" />
        <SkeletonLine className="h-4 w-3/4" />
        <SkeletonLine className="h-4 w-2/3" />
        <SkeletonLine className="h-7 w-1/2" />
      </div>
      <div className="mt-6 flex flex-col gap-4 rounded-xl bg-white p-4 ring-1 ring-slate-200">
        <SkeletonLine className="h-5 w-1/2" />
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex flex-col gap-2">
            <SkeletonLine className="h-4 w-2/3" />
            <SkeletonLine className="h-3.5 w-1/2" />
          </div>
        ))}
      </div>
    </Skeleton>
  )
}
