import type { Session } from '@contract/index'
import { useTranslation } from 'react-i18next'
import { formatDate, formatDuration, formatLessonPrice, zonedTimes } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { ZonedTimeRange } from '@/shared/ui/zoned-time-range'
import { SeatDecision } from './seat-decision'
import { type SessionActionsOptions, useSessionActions } from './use-session-actions'

export type { RenderPayment, SessionViewer } from './use-session-actions'

const badgeClass: Record<Session['type'], string> = {
  closed: 'bg-slate-100 text-slate-700',
  open: 'bg-green-100 text-green-800',
  enrolled: 'bg-brand-100 text-brand-700',
  live: 'bg-red-100 text-red-800',
}

/**
 * One session as the viewer sees it (§4): its date, times in the viewer's zone (named, with the
 * educator's own on hover and focus when it reads differently), length, price and seats left,
 * where it stands with its lesson's minimum seats, and what its type allows (see
 * useSessionActions). A disabled session (no seat left) has its facts half transparent (its
 * waitlist stays at hand) and says 'outOfSlots' instead of its label ('Closed' when its educator
 * is deactivated); one cancelled for too few students says 'Cancelled'. One that has ended says
 * so, without seats left: there is nothing to book in it.
 */
export function SessionCard(props: SessionActionsOptions) {
  const { session } = props
  const { t } = useTranslation()
  const language = useLanguage()
  const { actions, actionsRef, note, dialogs, ended } = useSessionActions(props)
  const cancelled = session.decision === 'cancelled'
  const outOfSlots = session.disabled && !ended
  // A full session's facts fade, not its actions (its waitlist); a cancelled one stays legible:
  // it says why.
  const faded = outOfSlots && !cancelled
  const date = formatDate(session.start_time, language)

  return (
    <article
      aria-label={t('sessions.cardLabel', {
        date,
        ...zonedTimes(session.start_time, session.end_time, language),
      })}
      className="flex h-full flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className={`flex flex-col gap-3 ${faded ? 'opacity-50' : ''}`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="font-semibold text-slate-900">{date}</h3>
            <p className="text-sm text-slate-700">
              <ZonedTimeRange
                start={session.start_time}
                end={session.end_time}
                educatorZone={session.timezone}
              />
            </p>
          </div>
          <span
            className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${
              outOfSlots
                ? 'bg-slate-200 text-slate-800'
                : ended
                  ? badgeClass.closed
                  : badgeClass[session.type]
            }`}
          >
            {cancelled
              ? t('sessions.labels.cancelled')
              : outOfSlots
                ? t(session.educatorDeactivated ? 'sessions.labels.closed' : 'sessions.outOfSlots')
                : ended
                  ? t('sessions.labels.ended')
                  : t(`sessions.labels.${session.type}`)}
          </span>
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">{t('sessions.length')}</dt>
          <dd className="font-medium whitespace-nowrap text-slate-900">
            {formatDuration(session.start_time, session.end_time, language)}
          </dd>
          <dt className="text-slate-600">{t('sessions.price')}</dt>
          <dd className="font-medium whitespace-nowrap text-slate-900">
            {formatLessonPrice(session.fullPrice, language)}
          </dd>
          {!ended && !cancelled && (
            <>
              <dt className="text-slate-600">{t('sessions.seatsLeft')}</dt>
              <dd className="font-medium text-slate-900">{session.availableSlots}</dd>
            </>
          )}
        </dl>
      </div>
      <SeatDecision session={session} ended={ended} />
      {session.waitingCount > 0 && !cancelled && !ended && (
        <p className="text-sm text-slate-700">
          {t('sessions.waitlist.waiting', { count: session.waitingCount })}
        </p>
      )}
      {(actions !== null || note !== null) && (
        <div className="mt-auto flex flex-col gap-2">
          {actions !== null && (
            <div ref={actionsRef} className="flex flex-wrap items-center gap-2">
              {actions}
            </div>
          )}
          {note !== null && <p className="text-sm text-slate-600">{note}</p>}
        </div>
      )}
      {dialogs}
    </article>
  )
}
