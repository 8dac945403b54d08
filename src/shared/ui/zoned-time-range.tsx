import { type KeyboardEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  formatDateIn,
  formatTimeIn,
  formatTimeRange,
  viewerTimeZone,
  zoneLabel,
} from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'

type ZonedTimeRangeProps = {
  start: string
  end: string
  /** The zone the session was scheduled in; its wall clock is offered when it differs. */
  educatorZone?: string | undefined
}

/** Whether two zones read the same date and times for the whole range. */
const sameWallClock = (start: string, end: string, zoneA: string, zoneB: string) =>
  [start, end].every(
    (instant) =>
      formatTimeIn(instant, zoneA) === formatTimeIn(instant, zoneB) &&
      formatDateIn(instant, 'en-US', zoneA) === formatDateIn(instant, 'en-US', zoneB),
  )

/**
 * "10:00 – 11:00 JST" in the viewer's zone, so nobody wonders whose 10:00 it is. When the
 * educator's zone reads differently, the times become focusable and describe themselves with the
 * educator's wall clock: shown on hover and on focus, hidden again by Escape (WCAG 1.4.13).
 */
export function ZonedTimeRange({ start, end, educatorZone }: ZonedTimeRangeProps) {
  const { t } = useTranslation()
  const language = useLanguage()
  const tooltipId = useId()
  const [open, setOpen] = useState(false)
  const viewerZone = viewerTimeZone()

  const times = (
    <>
      <time dateTime={start}>{formatTimeIn(start, viewerZone)}</time>
      {' – '}
      <time dateTime={end}>{formatTimeIn(end, viewerZone)}</time>{' '}
      {zoneLabel(start, language, viewerZone)}
    </>
  )
  if (!educatorZone || sameWallClock(start, end, viewerZone, educatorZone)) {
    return <span>{times}</span>
  }

  const educatorTime = t('common.time.educatorTime', {
    range: formatTimeRange(start, end, language, educatorZone),
    date: formatDateIn(start, language, educatorZone),
  })
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      // Escape closes the tooltip only; a dialog around it stays open.
      event.stopPropagation()
      setOpen(false)
    }
  }
  return (
    // The pointer may move onto the tooltip without it closing (WCAG 1.4.13 hoverable).
    <span
      className="relative inline-block"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
    >
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a tooltip's trigger: focusable, described by it, Escape closes it; it has no action of its own */}
      <span
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- keyboard users reach the educator's time by focusing the times it describes
        tabIndex={0}
        aria-describedby={tooltipId}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="cursor-help rounded underline decoration-dotted underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        {times}
      </span>
      <span
        id={tooltipId}
        role="tooltip"
        hidden={!open}
        className="absolute top-full left-0 z-20 mt-1 w-max max-w-[min(18rem,80vw)] rounded-md bg-slate-900 px-2 py-1 text-xs font-normal text-white shadow-lg"
      >
        {educatorTime}
      </span>
    </span>
  )
}
