import type { Session } from '@contract/index'
import { hasEnded, safeWebUrl } from '@contract/rules'
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router-dom'
import { toast } from 'react-toastify'
import { serverMessage } from '@/shared/api/errors'
import { paths } from '@/shared/config/paths'
import { formatDateTime } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { Button } from '@/shared/ui/button'
import { useDownloadCalendar } from '../api/download-calendar'
import { useEnroll } from '../api/enroll'
import { useJoinWaitlist } from '../api/join-waitlist'
import { useLeaveWaitlist } from '../api/leave-waitlist'
import { useJoinLink } from '../api/get-join-link'
import { isInJoinWindow, isTypeOutdated, nextBoundary } from '../lib/join-window'
import { type HeldSeat, overlappingSeats } from '../lib/overlap'
import { useNowAtBoundaries } from '../lib/use-now-at-boundaries'
import { OverlapDialog } from './overlap-dialog'
import { UnenrollDialog } from './unenroll-dialog'

/** Who looks at the card: enrolling is for guests (who are sent to log in) and students only. */
export type SessionViewer = 'guest' | 'student' | 'staff'

/**
 * What pays for a seat in a paid session: the payments feature's dialog, composed in by the route
 * (features do not import each other). `close` hides it again.
 */
export type RenderPayment = (session: Session, close: () => void) => ReactNode

export type SessionActionsOptions = {
  session: Session
  lessonTitle: string
  viewer: SessionViewer
  /** Called once the type the API reported no longer holds (the session started or ended). */
  onOutdated?: (() => void) | undefined
  /** Opens the payment of a paid session; without it a paid seat cannot be taken here. */
  renderPayment?: RenderPayment | undefined
  /** After the student took or gave back a seat: lists outside this feature may change. */
  onSeatChanged?: (() => void) | undefined
  /**
   * The seats the student already holds, composed in by the route: before a seat is taken (or
   * paid for) in a session that overlaps one of them, the student is told which and may go on.
   */
  loadHeldSeats?: (() => Promise<readonly HeldSeat[]>) | undefined
}

function CalendarIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <rect x="3" y="4" width="18" height="18" rx="2" />
      <path d="M16 2v4M8 2v4M3 10h18M12 14v4M10 16h4" />
    </svg>
  )
}

/**
 * What one session lets the viewer do (§4), in one place for its card and the lesson page's
 * booking panel: enroll (open: a free seat is taken at once, a paid one opens the payment the
 * route renders), join the waitlist of a full one, see their place in it and leave it, take a seat
 * it offers them while held, calendar, join inside the join window and unenroll until the start
 * (enrolled), join and calendar (live). Returns the buttons, a note explaining what is not
 * possible, and the dialogs they open, which the caller renders.
 */
export function useSessionActions({
  session,
  lessonTitle,
  viewer,
  onOutdated,
  renderPayment,
  onSeatChanged,
  loadHeldSeats,
}: SessionActionsOptions) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  const calendar = useDownloadCalendar()
  const language = useLanguage()
  const enroll = useEnroll()
  const joinWaitlist = useJoinWaitlist()
  const leaveWaitlist = useLeaveWaitlist()
  const [dialog, setDialog] = useState<'overlap' | 'pay' | 'unenroll' | null>(null)
  /** What the overlap warning goes on to: taking the seat, or joining the waitlist. */
  const [afterOverlap, setAfterOverlap] = useState<'seat' | 'waitlist'>('seat')
  const close = useCallback(() => setDialog(null), [])
  const [checkingOverlaps, setCheckingOverlaps] = useState(false)
  const [overlaps, setOverlaps] = useState<readonly HeldSeat[]>([])
  /** The element the caller wraps the actions in. */
  const actionsRef = useRef<HTMLDivElement>(null)
  // Enrolling or unenrolling replaces the button that did it: once the session shows the new
  // state, focus goes to its first action instead of the page body.
  const focusActionsOnChange = useRef(false)
  useEffect(() => {
    if (!focusActionsOnChange.current) return
    focusActionsOnChange.current = false
    actionsRef.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus()
  }, [session.type, session.waitlistPlace])

  const { start_time: startTime, end_time: endTime, decidesAt, waitlistPlace: place } = session
  const offeredUntil = place?.offeredUntil ?? null
  const next = useCallback(
    (now: number) =>
      nextBoundary(
        {
          start_time: startTime,
          end_time: endTime,
          decidesAt,
          waitlistPlace: offeredUntil === null ? null : { sessionId: 0, position: 1, offeredUntil },
        },
        now,
      ),
    [startTime, endTime, decidesAt, offeredUntil],
  )
  const now = useNowAtBoundaries(next)
  const outdated = isTypeOutdated(session, now)
  useEffect(() => {
    if (outdated) onOutdated?.()
  }, [outdated, onOutdated])

  // Until the list is asked again, a session over keeps its type: it is joinable no longer.
  const ended = hasEnded(session, new Date(now))
  const showJoin =
    (session.type === 'live' && !ended) ||
    (session.type === 'enrolled' && isInJoinWindow(session, now))
  // A list loaded before the join window opened has no link yet: ask for it when Join appears.
  const joinLink = useJoinLink(
    session.lessonId,
    session.id,
    showJoin && session.type === 'enrolled' && session.url === null && viewer !== 'guest',
  )
  const meetingUrl = session.url ?? joinLink.data?.url ?? null
  // Only an http(s) link is opened; one stored before that rule is shown as unavailable.
  const meetingHref = meetingUrl === null ? null : safeWebUrl(meetingUrl)

  const goToLogin = () => {
    void navigate(paths.auth.login.href(), { state: { from: location.pathname } })
  }
  const isFree = session.fullPrice === 0
  /** A free seat is taken at once; a paid one opens the payment the route renders. */
  const takeSeat = () => {
    if (!isFree) {
      setDialog('pay')
      return
    }
    enroll.mutate(
      { lessonId: session.lessonId, sessionId: session.id },
      {
        onSuccess: () => {
          focusActionsOnChange.current = true
          toast.success(t('sessions.toasts.enrolled', { title: lessonTitle }))
          onSeatChanged?.()
        },
        onError: (error) => {
          toast.error(
            t('sessions.errors.enrollFailed', {
              reason: serverMessage(error, t('common.errors.common')),
            }),
          )
        },
      },
    )
  }
  /** Joins the waitlist of a full session: the student hears their place, or why not. */
  const joinLine = () => {
    joinWaitlist.mutate(
      { lessonId: session.lessonId, sessionId: session.id },
      {
        onSuccess: (joined) => {
          focusActionsOnChange.current = true
          toast.success(
            t('sessions.waitlist.joined', { title: lessonTitle, position: joined.position }),
          )
          onSeatChanged?.()
        },
        onError: (error) => {
          toast.error(
            t('sessions.waitlist.joinFailed', {
              reason: serverMessage(error, t('common.errors.common')),
            }),
          )
        },
      },
    )
  }
  const leaveLine = () => {
    leaveWaitlist.mutate(
      { lessonId: session.lessonId, sessionId: session.id },
      {
        onSuccess: () => {
          focusActionsOnChange.current = true
          toast.success(t('sessions.waitlist.left', { title: lessonTitle }))
          onSeatChanged?.()
        },
        onError: (error) => {
          toast.error(
            t('sessions.waitlist.leaveFailed', {
              reason: serverMessage(error, t('common.errors.common')),
            }),
          )
        },
      },
    )
  }
  /**
   * Takes a seat or joins the waitlist, after warning of sessions it overlaps that the student
   * holds (they may go on); a guest is sent to sign in first.
   */
  const checkOverlapsThen = (intent: 'seat' | 'waitlist') => {
    const goOn = intent === 'seat' ? takeSeat : joinLine
    if (viewer === 'guest') {
      toast.error(
        t(intent === 'seat' ? 'sessions.loginToEnroll' : 'sessions.waitlist.loginToJoin', {
          title: lessonTitle,
        }),
      )
      goToLogin()
      return
    }
    if (!loadHeldSeats) {
      goOn()
      return
    }
    setCheckingOverlaps(true)
    loadHeldSeats()
      .then(
        (seats) => overlappingSeats(session, seats),
        // The warning is advice: when the seats cannot be read, the server still decides.
        () => [],
      )
      .then((found) => {
        setCheckingOverlaps(false)
        if (found.length === 0) {
          goOn()
          return
        }
        setOverlaps(found)
        setAfterOverlap(intent)
        setDialog('overlap')
      })
      .catch(() => setCheckingOverlaps(false))
  }
  const onEnroll = () => checkOverlapsThen('seat')
  const onCalendar = () => {
    if (viewer === 'guest') goToLogin()
    else calendar.mutate({ lessonId: session.lessonId, sessionId: session.id })
  }
  const onJoin = () => {
    if (meetingHref) window.open(meetingHref, '_blank', 'noopener,noreferrer')
  }

  const canEnrollHere = viewer !== 'staff'
  // Unenrolling (and its refund) ends as the session starts; one starting now has started.
  const started = now >= Date.parse(session.start_time)

  const enrollButton = (disabled: boolean) => (
    <Button onClick={onEnroll} disabled={disabled} pending={enroll.isPending || checkingOverlaps}>
      {t('sessions.actions.enroll')}
    </Button>
  )
  const joinLineButton = (
    <Button
      variant="secondary"
      onClick={() => checkOverlapsThen('waitlist')}
      pending={joinWaitlist.isPending || checkingOverlaps}
    >
      {t('sessions.waitlist.join')}
    </Button>
  )
  const leaveLineButton = (
    <Button variant="ghost" onClick={leaveLine} pending={leaveWaitlist.isPending}>
      {t('sessions.waitlist.leave')}
    </Button>
  )
  // Closed to this viewer because its educator is deactivated (§9): no seat, no line for one.
  const educatorAway =
    session.type === 'open' &&
    session.disabled &&
    session.educatorDeactivated &&
    session.decision !== 'cancelled' &&
    !started
  // A full session's line: for students (a guest is sent to sign in), until the start, never in
  // a session cancelled for too few students or one whose educator takes no new students.
  const full =
    session.type === 'open' &&
    session.disabled &&
    session.decision !== 'cancelled' &&
    !session.educatorDeactivated &&
    !started
  const calendarButton = (
    <Button
      variant="secondary"
      className="px-3"
      aria-label={t('sessions.actions.addToCalendar')}
      title={t('sessions.actions.addToCalendar')}
      onClick={onCalendar}
      pending={calendar.isPending}
    >
      <CalendarIcon />
    </Button>
  )
  const joinButton = (
    <Button onClick={onJoin} disabled={meetingHref === null}>
      {t('sessions.actions.join')}
    </Button>
  )

  let actions: ReactNode = null
  let note: string | null = null
  switch (session.type) {
    case 'closed':
      actions = canEnrollHere ? enrollButton(true) : null
      if (started) note = t('sessions.notes.started')
      break
    case 'open':
      if (educatorAway) note = t('sessions.notes.educatorAway')
      if (viewer === 'guest') actions = full ? joinLineButton : enrollButton(session.disabled)
      if (viewer === 'student') {
        // A paid seat is taken through the payment dialog the route provides.
        const payable = isFree || renderPayment !== undefined
        if (offeredUntil !== null) {
          // A seat freed and held for the student from the line: theirs to take until then.
          actions = (
            <>
              {enrollButton(!payable)}
              {leaveLineButton}
            </>
          )
          note = t('sessions.waitlist.offered', {
            until: formatDateTime(offeredUntil, language),
          })
        } else if (place) {
          actions = leaveLineButton
          note = t('sessions.waitlist.position', { position: place.position })
        } else if (full) {
          actions = joinLineButton
          note = t('sessions.waitlist.explain')
        } else {
          actions = enrollButton(session.disabled || !payable)
        }
      }
      break
    case 'enrolled':
      actions = (
        <>
          {calendarButton}
          {showJoin ? (
            joinButton
          ) : (
            <Button variant="secondary" disabled>
              {t('sessions.actions.enrolled')}
            </Button>
          )}
          {viewer === 'student' && !started && (
            <Button variant="ghost" onClick={() => setDialog('unenroll')}>
              {t('sessions.actions.unenroll')}
            </Button>
          )}
        </>
      )
      if (viewer === 'student' && started) note = t('sessions.notes.live')
      break
    case 'live':
      actions = (
        <>
          {calendarButton}
          {showJoin && joinButton}
        </>
      )
      if (viewer === 'student') note = t('sessions.notes.live')
      break
  }
  // Until the list is asked again, a session over says so, whatever its type was.
  if (ended) note = t('sessions.notes.ended')
  if (showJoin && meetingUrl === null && !joinLink.isFetching) note = t('sessions.noUrl')
  if (showJoin && meetingUrl !== null && meetingHref === null) note = t('common.unsafeUrl')

  const dialogs = (
    <>
      {dialog === 'overlap' && (
        <OverlapDialog
          session={session}
          lessonTitle={lessonTitle}
          overlaps={overlaps}
          onCancel={close}
          waitlist={afterOverlap === 'waitlist'}
          onConfirm={() => {
            close()
            if (afterOverlap === 'seat') takeSeat()
            else joinLine()
          }}
        />
      )}
      {dialog === 'pay' && renderPayment?.(session, close)}
      {dialog === 'unenroll' && (
        <UnenrollDialog
          session={session}
          lessonTitle={lessonTitle}
          onClose={close}
          onUnenrolled={() => {
            focusActionsOnChange.current = true
            close()
            onSeatChanged?.()
          }}
        />
      )}
    </>
  )
  return { actions, actionsRef, note, dialogs, ended }
}
