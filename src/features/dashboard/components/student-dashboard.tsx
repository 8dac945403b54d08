import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Skeleton, SkeletonLine } from '@/shared/ui/skeleton'
import { WaitsForAbove } from '@/shared/ui/waits-for-above'
import { useUpcomingSessions } from '../api/get-upcoming-sessions'
import { useWaitlist } from '../api/get-waitlist'
import { dashboardKeys } from '../api/keys'
import { sessionEdges, sessionPhase } from '../lib/countdown'
import { useNow } from '../lib/use-now'
import { LessonsNow } from './lessons-now'
import { NextLesson } from './next-lesson'
import { ALL_LESSONS_HEADING_ID, UpcomingLessons } from './upcoming-lessons'
import { WaitlistNotice } from './waitlist-notice'

/**
 * The student's home (§2): seats held for them from waitlists and their places in line, the next
 * lesson with its countdown, the upcoming lessons and the lesson catalogue, which the app passes in (features do not import each other).
 */
export function StudentDashboard({ catalogue }: { catalogue: ReactNode }) {
  const { t } = useTranslation()
  const titleId = useId()
  const catalogueId = ALL_LESSONS_HEADING_ID
  const queryClient = useQueryClient()
  const upcoming = useUpcomingSessions()
  const waitlist = useWaitlist()
  const now = useNow(sessionEdges(upcoming.data ?? []))

  // Sessions that ended since the last fetch leave at once.
  const items = (upcoming.data ?? []).flatMap((next) => {
    const phase = sessionPhase(next.session, now)
    return phase === 'ended' ? [] : [{ next, phase }]
  })
  // The head shows every session the student can join now (seats in sessions that overlap are
  // all live at once); when there is none, the next one with its countdown.
  const joinable = items.filter(({ phase }) => phase === 'live' || phase === 'joinWindow')
  const head = joinable.length > 0 ? joinable : items.slice(0, 1)

  // At each edge (join window, start, end) of any of its sessions the API knows more: the
  // meeting url, the live state, the ended session gone. Refetch then, not on a timer; a session
  // that merely joined the list (a new seat) crossed no edge.
  const phases = (upcoming.data ?? [])
    .map(({ session }) => `${session.id}:${sessionPhase(session, now)}`)
    .join(',')
  const lastPhases = useRef(new Map<string, string>())
  useEffect(() => {
    if (!upcoming.isSuccess) return
    const current = new Map(
      phases
        .split(',')
        .filter(Boolean)
        .map((entry) => entry.split(':') as [string, string]),
    )
    const crossed = [...current].some(([id, phase]) => {
      const before = lastPhases.current.get(id)
      return before !== undefined && before !== phase
    })
    lastPhases.current = current
    if (crossed) void queryClient.invalidateQueries({ queryKey: dashboardKeys.upcoming() })
  }, [phases, upcoming.isSuccess, queryClient])

  // The column of seats and sessions shows once both its parts can (the waitlist's, above, would
  // push the sessions down), and the catalogue (below it on narrow screens) once the column does.
  const columnLoading = upcoming.isPending || waitlist.isPending
  let sessions: ReactNode
  if (columnLoading) sessions = <UpcomingSkeleton />
  else if (upcoming.isError) {
    sessions = (
      <p role="alert" className="text-red-700">
        {t('common.errors.common')}
      </p>
    )
  } else {
    sessions = (
      <>
        {head.length > 1 ? (
          <LessonsNow items={head} now={now} />
        ) : (
          head[0] && <NextLesson {...head[0]} now={now} />
        )}
        <UpcomingLessons items={items.map(({ next }) => next)} />
      </>
    )
  }

  return (
    <section aria-labelledby={titleId} className="p-4 sm:p-6">
      <h1 id={titleId} className="mb-4 text-2xl font-semibold text-slate-900">
        {t('dashboard.student.title')}
      </h1>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6 xl:col-start-2 xl:row-start-1">
          {!columnLoading && <WaitlistNotice />}
          {sessions}
        </div>
        <WaitsForAbove aboveLoading={columnLoading}>
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
        </WaitsForAbove>
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
