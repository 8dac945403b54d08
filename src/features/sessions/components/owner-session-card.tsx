import type { Session } from '@contract/index'
import { safeWebUrl } from '@contract/rules'
import { useCallback, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatDuration, zonedTimes } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { zoneTitle } from '@/shared/lib/time-zones'
import { Button } from '@/shared/ui/button'
import { UrlText } from '@/shared/ui/url-text'
import { ZonedTimeRange } from '@/shared/ui/zoned-time-range'
import { useNowAtBoundaries } from '../lib/use-now-at-boundaries'
import { SeatDecision } from './seat-decision'

type OwnerSessionCardProps = {
  session: Session
  /** The viewer's time zone, which the times are shown in. */
  viewerZone: string
  /** Why the owner cannot change sessions at all right now (no licence); null when it can. */
  editBlockedReason: string | null
  onEdit: () => void
  onDelete: () => void
}

type Phase = 'upcoming' | 'live' | 'ended'

const phaseClass: Record<Phase, string> = {
  upcoming: 'bg-green-100 text-green-800',
  live: 'bg-red-100 text-red-800',
  ended: 'bg-slate-100 text-slate-700',
}

/**
 * One session as its lesson's owner manages it: date and times in the viewer's zone (named), the
 * zone it was scheduled in when another, seats taken of the total, where it stands with the
 * minimum seats, the meeting link, and Edit and Delete. A session that has started can be neither
 * (the API refuses both), nor can one cancelled for too few students be edited; deleting one with
 * students refunds and tells them (the dialog says so). Each disabled button is described by its
 * reason.
 */
export function OwnerSessionCard({
  session,
  viewerZone,
  editBlockedReason,
  onEdit,
  onDelete,
}: OwnerSessionCardProps) {
  const { t } = useTranslation()
  const meetingHref = session.url === null ? null : safeWebUrl(session.url)
  const language = useLanguage()
  const editReasonId = useId()
  const deleteReasonId = useId()
  const { start_time: startTime, end_time: endTime } = session
  // Re-render as the session starts and as it ends.
  const next = useCallback(
    (now: number) =>
      [Date.parse(startTime), Date.parse(endTime)].find((instant) => instant > now) ?? null,
    [startTime, endTime],
  )
  const now = useNowAtBoundaries(next)
  const started = now >= Date.parse(startTime)
  const phase: Phase = !started ? 'upcoming' : now < Date.parse(endTime) ? 'live' : 'ended'

  const date = formatDate(startTime, language)
  const cancelled = session.decision === 'cancelled'
  const taken = session.enrolledCount
  const seats = session.enrolledCount + session.availableSlots

  let editReason: string | null = null
  let deleteReason: string | null = null
  if (started) {
    editReason = deleteReason = t(
      `sessions.editor.reasons.${phase === 'ended' ? 'ended' : 'started'}`,
    )
  } else if (cancelled) {
    editReason = t('sessions.editor.reasons.cancelled')
  } else {
    editReason = editBlockedReason
  }
  // One sentence when both buttons have the same reason, described by the same paragraph.
  const shared = editReason !== null && editReason === deleteReason
  const describedBy = (reason: string | null, ownId: string) =>
    reason === null ? undefined : shared ? editReasonId : ownId

  return (
    <article
      aria-label={t('sessions.cardLabel', {
        date,
        ...zonedTimes(startTime, endTime, language, viewerZone),
      })}
      className="flex h-full flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{date}</h3>
          <p className="text-sm text-slate-700">
            {/* The zone it was scheduled in is written out below, so no tooltip repeats it. */}
            <ZonedTimeRange start={startTime} end={endTime} />
          </p>
          {session.timezone !== viewerZone && (
            <p className="text-xs text-slate-600">
              {t('sessions.editor.card.scheduledIn', {
                zone: zoneTitle(session.timezone, language, new Date(startTime)),
              })}
            </p>
          )}
        </div>
        <span
          className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${phaseClass[phase]}`}
        >
          {t(`sessions.editor.card.phase.${phase}`)}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{t('sessions.length')}</dt>
        <dd className="font-medium whitespace-nowrap text-slate-900">
          {formatDuration(startTime, endTime, language)}
        </dd>
        {!cancelled && (
          <>
            <dt className="text-slate-600">{t('sessions.editor.card.seats')}</dt>
            <dd className="font-medium text-slate-900">
              {t('sessions.editor.card.seatsValue', { taken, seats })}
            </dd>
          </>
        )}
        <dt className="text-slate-600">{t('sessions.editor.card.link')}</dt>
        <dd className="min-w-0 font-medium text-slate-900">
          {session.url === null ? (
            t('sessions.noUrl')
          ) : meetingHref === null ? (
            // Only http(s) is ever opened; anything else is shown as text, and why.
            <>
              <UrlText url={session.url} />
              <span className="mt-1 block text-xs font-normal text-amber-800">
                {t('common.unsafeUrl')}
              </span>
            </>
          ) : (
            // A long link is cut short on one line; hover or focus shows all of it.
            <UrlText url={session.url} href={meetingHref} className="text-brand-700" />
          )}
        </dd>
      </dl>
      <SeatDecision session={session} ended={phase === 'ended'} />
      {session.waitingCount > 0 && !cancelled && phase !== 'ended' && (
        <p className="text-sm font-medium text-slate-700">
          {t('sessions.waitlist.waiting', { count: session.waitingCount })}
        </p>
      )}
      <div className="mt-auto flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            onClick={onEdit}
            disabled={editReason !== null}
            aria-describedby={describedBy(editReason, editReasonId)}
            aria-haspopup="dialog"
          >
            {t('sessions.editor.card.edit')}
          </Button>
          <Button
            variant="danger"
            onClick={onDelete}
            disabled={deleteReason !== null}
            aria-describedby={describedBy(deleteReason, deleteReasonId)}
            aria-haspopup="dialog"
          >
            {t('sessions.editor.card.delete')}
          </Button>
        </div>
        {editReason !== null && (
          <p id={editReasonId} className="text-sm text-slate-600">
            {editReason}
          </p>
        )}
        {deleteReason !== null && !shared && (
          <p id={deleteReasonId} className="text-sm text-slate-600">
            {deleteReason}
          </p>
        )}
      </div>
    </article>
  )
}
