import type { UpcomingSession } from '@contract/index'
import { safeWebUrl } from '@contract/rules'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { Button, buttonClass } from '@/shared/ui/button'
import {
  durationText,
  remainingMinuteParts,
  remainingParts,
  type SessionPhase,
} from '../lib/countdown'
import { SessionWhen } from './session-when'

export type SessionNowProps = {
  next: UpcomingSession
  /** The current time in ms; the dashboard ticks it every second. */
  now: number
  phase: Exclude<SessionPhase, 'ended'>
  /**
   * Whether its countdown and its going live are announced (a polite live region): false for all
   * but the first of several shown at once, so a screen reader hears one, not each every minute.
   */
  announce?: boolean
}

/**
 * One of the student's sessions as the dashboard's head shows it: its lesson, when, a countdown to
 * its start (to the second on screen, to the minute for screen readers), then 'Live now' with the
 * join button. The join link opens the meeting in a new tab from the join window on, whenever the
 * API has handed out its url.
 */
export function SessionNow({ next, now, phase, announce = true }: SessionNowProps) {
  const { t } = useTranslation()
  const { lesson, session } = next
  const live = phase === 'live'
  const left = Date.parse(session.start_time) - now
  // Only an http(s) link is opened; one stored before that rule is shown as unavailable.
  const href = session.url === null ? null : safeWebUrl(session.url)
  const joinLink = href ? (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClass('primary', 'self-start')}
    >
      {t('dashboard.next.join')}{' '}
      <span className="sr-only">{t('dashboard.next.opensInNewTab')}</span>
    </a>
  ) : null

  return (
    <>
      <Link
        to={paths.lesson.detail.href(lesson.id)}
        className="font-medium break-words text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {lesson.title}
      </Link>
      <SessionWhen session={session} />
      {/* Announced politely: once a minute while counting down, and when the lesson goes live. */}
      <div {...(announce ? { 'aria-live': 'polite', 'aria-atomic': true } : {})}>
        {live ? (
          <p className="font-semibold text-red-700">{t('dashboard.next.liveNow')}</p>
        ) : (
          <p className="sr-only">
            {t('dashboard.next.startsIn', {
              time: durationText(t, remainingMinuteParts(left), false),
            })}
          </p>
        )}
      </div>
      {/* A line breaks between units only, never inside one ('34 s', '34秒'). */}
      {!live && (
        <p
          aria-hidden="true"
          className="text-xl font-semibold break-keep text-slate-900 tabular-nums"
        >
          {t('dashboard.next.startsIn', { time: durationText(t, remainingParts(left), true) })}
        </p>
      )}
      {live &&
        (joinLink ?? (
          <Button disabled className="self-start">
            {t('dashboard.next.join')}
          </Button>
        ))}
      {phase === 'joinWindow' && joinLink}
      {session.url !== null && href === null && (
        <p className="text-sm text-slate-600">{t('common.unsafeUrl')}</p>
      )}
    </>
  )
}
