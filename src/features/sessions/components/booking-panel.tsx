import type { Session } from '@contract/index'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useId, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useAudience } from '@/shared/auth/current-user'
import { formatDate, formatDuration, formatLessonPrice } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { buttonClass } from '@/shared/ui/button'
import { Skeleton, SkeletonLine } from '@/shared/ui/skeleton'
import { ZonedTimeRange } from '@/shared/ui/zoned-time-range'
import { useSessions } from '../api/get-sessions'
import { sessionKeys } from '../api/keys'
import { nextBookableSession, nextOwnSession, SESSIONS_HEADING_ID } from '../lib/next-session'
import { nextEnd } from '../lib/session-groups'
import { useNowAtBoundaries } from '../lib/use-now-at-boundaries'
import { useSessionViewer } from '../lib/use-session-viewer'
import {
  type RenderPayment,
  type SessionActionsOptions,
  useSessionActions,
} from './use-session-actions'

type BookingPanelProps = {
  lessonId: number
  lessonTitle: string
  /** The lesson's price per hour, shown while no session is offered. */
  pricePerHour: number
  /** The viewer owns the lesson: the panel leads to the sessions editor instead of enrolling. */
  isOwner: boolean
  renderPayment?: RenderPayment | undefined
  onSeatChanged?: (() => void) | undefined
  loadHeldSeats?: SessionActionsOptions['loadHeldSeats']
}

const linkClass =
  'rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500'

/**
 * The lesson page's way to enroll, kept in view (sticky from lg, placed by the route): the price,
 * the next session the viewer can act on, with its date, times, length and seats left, and the
 * very action its session card offers; a clear message when no session is open. It reads the
 * same query as the session grid, so both always agree.
 */
export function BookingPanel({
  lessonId,
  lessonTitle,
  pricePerHour,
  isOwner,
  renderPayment,
  onSeatChanged,
  loadHeldSeats,
}: BookingPanelProps) {
  const { t } = useTranslation()
  const language = useLanguage()
  const headingId = useId()
  const sessions = useSessions(lessonId)
  const items = useMemo(
    () => sessions.data?.pages.flatMap((page) => page.data) ?? [],
    [sessions.data],
  )
  // Re-read the clock as a session ends, so the panel moves on to the next one.
  const nextSessionEnd = useCallback((now: number) => nextEnd(items, now), [items])
  const now = useNowAtBoundaries(nextSessionEnd)
  const next = isOwner ? nextOwnSession(items, now) : nextBookableSession(items, now)

  let body
  if (sessions.isPending) {
    body = (
      <Skeleton>
        <div className="flex flex-col gap-3">
          <SkeletonLine className="h-4 w-1/2" />
          <SkeletonLine className="h-4 w-2/3" />
          <SkeletonLine className="h-10 w-28" />
        </div>
      </Skeleton>
    )
  } else if (sessions.isError) {
    body = (
      <p role="alert" className="text-sm text-red-700">
        {t('common.errors.common')}
      </p>
    )
  } else if (next === null) {
    body = (
      <p className="text-sm text-slate-700">
        {t(isOwner ? 'sessions.booking.noneOwner' : 'sessions.booking.none')}
      </p>
    )
  } else {
    body = (
      <NextSession
        key={next.id}
        session={next}
        lessonTitle={lessonTitle}
        isOwner={isOwner}
        renderPayment={renderPayment}
        onSeatChanged={onSeatChanged}
        loadHeldSeats={loadHeldSeats}
      />
    )
  }

  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('sessions.booking.title')}
      </h2>
      <p className="text-2xl font-bold text-slate-900">
        {next === null
          ? pricePerHour === 0
            ? formatLessonPrice(0, language)
            : t('lessons.card.perHour', { price: formatLessonPrice(pricePerHour, language) })
          : formatLessonPrice(next.fullPrice, language)}
      </p>
      {body}
      {isOwner ? (
        <a href={`#${SESSIONS_HEADING_ID}`} className={buttonClass('secondary', 'self-start')}>
          {t('sessions.booking.manage')}
        </a>
      ) : (
        <a href={`#${SESSIONS_HEADING_ID}`} className={`${linkClass} self-start`}>
          {t('sessions.booking.allSessions')}
        </a>
      )}
    </section>
  )
}

function NextSession({
  session,
  lessonTitle,
  isOwner,
  renderPayment,
  onSeatChanged,
  loadHeldSeats,
}: {
  session: Session
  lessonTitle: string
  isOwner: boolean
  renderPayment?: RenderPayment | undefined
  onSeatChanged?: (() => void) | undefined
  loadHeldSeats?: SessionActionsOptions['loadHeldSeats']
}) {
  const { t } = useTranslation()
  const language = useLanguage()
  const viewer = useSessionViewer()
  const queryClient = useQueryClient()
  const audience = useAudience()
  // The session started or ended: the API computes the new types (§4), and the panel moves on.
  const refresh = useCallback(() => {
    if (audience) {
      void queryClient.invalidateQueries({
        queryKey: sessionKeys.list(session.lessonId, audience),
      })
    }
  }, [queryClient, session.lessonId, audience])
  const { actions, actionsRef, note, dialogs } = useSessionActions({
    session,
    lessonTitle,
    viewer,
    onOutdated: refresh,
    renderPayment,
    onSeatChanged,
    loadHeldSeats,
  })
  const full = session.type === 'open' && session.disabled && !session.educatorDeactivated

  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        {t('sessions.booking.nextSession')}
      </h3>
      <div className="text-sm text-slate-800">
        <p className="font-semibold text-slate-900">{formatDate(session.start_time, language)}</p>
        <p>
          <ZonedTimeRange
            start={session.start_time}
            end={session.end_time}
            educatorZone={isOwner ? undefined : session.timezone}
          />
        </p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{t('sessions.length')}</dt>
        <dd className="font-medium text-slate-900">
          {formatDuration(session.start_time, session.end_time, language)}
        </dd>
        <dt className="text-slate-600">{t('sessions.seatsLeft')}</dt>
        <dd className="font-medium text-slate-900">{session.availableSlots}</dd>
      </dl>
      {!isOwner && actions !== null && (
        <div ref={actionsRef} className="flex flex-wrap items-center gap-2">
          {actions}
        </div>
      )}
      {!isOwner && full && note === null && (
        <p className="text-sm text-slate-700">{t('sessions.booking.full')}</p>
      )}
      {!isOwner && note !== null && <p className="text-sm text-slate-600">{note}</p>}
      {dialogs}
    </div>
  )
}
