import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useAudience } from '@/shared/auth/current-user'
import { SkeletonCardGrid } from '@/shared/ui/skeleton'
import { useNextPageInView } from '@/shared/lib/use-next-page-in-view'
import { useSessions } from '../api/get-sessions'
import { sessionKeys } from '../api/keys'
import { SESSION_GRID_CLASS, SESSIONS_HEADING_ID } from '../lib/next-session'
import { useSessionViewer } from '../lib/use-session-viewer'
import { type RenderPayment, SessionCard } from './session-card'

type SessionListProps = {
  lessonId: number
  lessonTitle: string
  /** The payment dialog of a paid session, composed in by the route. */
  renderPayment?: RenderPayment | undefined
  /** After the student took or gave back a seat: lists of other features may change. */
  onSeatChanged?: (() => void) | undefined
}

/**
 * The sessions of one lesson as a grid of cards (§2): 1 column, 2 from sm, 3 from xl, 4 from xxl.
 * When the last card comes into view the next page is requested, as long as the previous page
 * returned sessions.
 */
export function SessionList({
  lessonId,
  lessonTitle,
  renderPayment,
  onSeatChanged,
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
  const items = sessions.data?.pages.flatMap((page) => page.data) ?? []

  let body: ReactNode
  if (sessions.isPending) {
    body = <SkeletonCardGrid gridClass={SESSION_GRID_CLASS} count={3} lines={3} />
  } else if (sessions.isError) {
    body = (
      <p role="alert" className="text-red-700">
        {t('common.errors.common')}
      </p>
    )
  } else if (items.length === 0) body = <p className="text-slate-600">{t('sessions.empty')}</p>
  else {
    body = (
      <ul aria-labelledby={headingId} className={SESSION_GRID_CLASS}>
        {items.map((session, index) => (
          <li key={session.id} ref={index === items.length - 1 ? lastCardRef : undefined}>
            <SessionCard
              session={session}
              lessonTitle={lessonTitle}
              viewer={viewer}
              onOutdated={refresh}
              renderPayment={renderPayment}
              onSeatChanged={onSeatChanged}
            />
          </li>
        ))}
      </ul>
    )
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
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
