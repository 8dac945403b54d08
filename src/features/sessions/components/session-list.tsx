import { useQueryClient } from '@tanstack/react-query'
import type { Session } from '@contract/index'
import { type ReactNode, useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useAudience } from '@/shared/auth/current-user'
import { SkeletonCardGrid } from '@/shared/ui/skeleton'
import { useNextPageInView } from '@/shared/lib/use-next-page-in-view'
import { useSessions } from '../api/get-sessions'
import { sessionKeys } from '../api/keys'
import { SESSIONS_HEADING_ID } from '../lib/next-session'
import { SESSION_CARDS_GRID_CLASS, SESSION_GRID_CONTAINER_CLASS } from '../lib/session-groups'
import { useSessionGroups } from '../lib/use-session-groups'
import { useSessionViewer } from '../lib/use-session-viewer'
import { GroupedSessions } from './grouped-sessions'
import { type RenderPayment, SessionCard } from './session-card'
import type { SessionActionsOptions } from './use-session-actions'

type SessionListProps = {
  lessonId: number
  lessonTitle: string
  /** The payment dialog of a paid session, composed in by the route. */
  renderPayment?: RenderPayment | undefined
  /** After the student took or gave back a seat: lists of other features may change. */
  onSeatChanged?: (() => void) | undefined
  /** The seats the student already holds, for the overlap warning, composed in by the route. */
  loadHeldSeats?: SessionActionsOptions['loadHeldSeats']
}

/**
 * The sessions of one lesson as a grid of cards (§2): 1 to 4 columns as the grid's own width
 * allows (session-groups.ts). The upcoming ones first, soonest first; the past ones after them,
 * latest first, folded behind a "Past sessions" button. When the last card shown comes into view
 * the next page is requested, as long as the previous page returned sessions.
 */
export function SessionList({
  lessonId,
  lessonTitle,
  renderPayment,
  onSeatChanged,
  loadHeldSeats,
}: SessionListProps) {
  const { t } = useTranslation()
  const headingId = SESSIONS_HEADING_ID
  const queryClient = useQueryClient()
  const audience = useAudience()
  const sessions = useSessions(lessonId)
  const lastCardRef = useNextPageInView(sessions)

  // A session started or ended: the API computes the new types (§4).
  const refresh = useCallback(() => {
    if (audience)
      void queryClient.invalidateQueries({ queryKey: sessionKeys.list(lessonId, audience) })
  }, [queryClient, lessonId, audience])

  const viewer = useSessionViewer()
  const groups = useSessionGroups(sessions.data?.pages)
  const { items, last } = groups

  const item = (session: Session) => (
    <li key={session.id} ref={session === last ? lastCardRef : undefined}>
      <SessionCard
        session={session}
        lessonTitle={lessonTitle}
        viewer={viewer}
        onOutdated={refresh}
        renderPayment={renderPayment}
        onSeatChanged={onSeatChanged}
        loadHeldSeats={loadHeldSeats}
      />
    </li>
  )

  let body: ReactNode
  if (sessions.isPending) {
    body = <SkeletonCardGrid gridClass={SESSION_CARDS_GRID_CLASS} count={3} lines={3} />
  } else if (sessions.isError) {
    body = (
      <p role="alert" className="text-red-700">
        {t('common.errors.common')}
      </p>
    )
  } else if (items.length === 0) body = <p className="text-slate-600">{t('sessions.empty')}</p>
  else {
    body = <GroupedSessions headingId={headingId} groups={groups} item={item} />
  }

  return (
    <section
      aria-labelledby={headingId}
      className={`flex min-w-0 flex-col gap-4 ${SESSION_GRID_CONTAINER_CLASS}`}
    >
      {/* The booking panel's "See all sessions" link moves focus here. */}
      <h2
        id={headingId}
        tabIndex={-1}
        className="scroll-mt-4 text-xl font-semibold text-slate-900 focus:outline-none"
      >
        {t('sessions.title')}
      </h2>
      {body}
      {sessions.isFetchingNextPage && (
        <p role="status" className="text-center text-slate-600">
          {t('sessions.loadingMore')}
        </p>
      )}
    </section>
  )
}
