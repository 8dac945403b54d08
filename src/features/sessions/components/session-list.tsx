import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useCallback, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useAudience, useUser } from '@/shared/auth/current-user'
import { Loading } from '@/shared/ui/loading'
import { useNextPageInView } from '@/shared/lib/use-next-page-in-view'
import { useSessions } from '../api/get-sessions'
import { sessionKeys } from '../api/keys'
import { type RenderPayment, SessionCard, type SessionViewer } from './session-card'

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
  const headingId = useId()
  const queryClient = useQueryClient()
  const { data: user } = useUser()
  const audience = useAudience()
  const sessions = useSessions(lessonId)
  const lastCardRef = useNextPageInView(sessions)

  // A session started or ended: the API computes the new types (§4).
  const refresh = useCallback(() => {
    if (audience)
      void queryClient.invalidateQueries({ queryKey: sessionKeys.list(lessonId, audience) })
  }, [queryClient, lessonId, audience])

  const viewer: SessionViewer = !user ? 'guest' : user.role === 'student' ? 'student' : 'staff'
  const items = sessions.data?.pages.flatMap((page) => page.data) ?? []

  let body: ReactNode
  if (sessions.isPending) body = <Loading />
  else if (sessions.isError) {
    body = (
      <p role="alert" className="text-red-700">
        {t('common.errors.common')}
      </p>
    )
  } else if (items.length === 0) body = <p className="text-slate-600">{t('sessions.empty')}</p>
  else {
    body = (
      <ul
        aria-labelledby={headingId}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 xxl:grid-cols-4"
      >
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
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
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
