import { useEffect, useEffectEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { formatCountdown, minutesLeft, useTimeLeft } from '../lib/hold-countdown'

/**
 * How long the seat stays held for the buyer (mm:ss). The ticking clock is a timer, which screen
 * readers do not announce; a polite live region says the minutes left as each minute starts, and
 * an alert says when the hold has expired, and `onExpired` is called once then (the seat is free).
 */
export function HoldCountdown({
  holdExpiresAt,
  onExpired,
}: {
  holdExpiresAt: string
  onExpired?: (() => void) | undefined
}) {
  const { t } = useTranslation()
  const left = useTimeLeft(holdExpiresAt) ?? 0
  const expired = left <= 0
  const expire = useEffectEvent(() => onExpired?.())
  useEffect(() => {
    if (expired) expire()
  }, [expired])
  if (expired) {
    return (
      <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        {t('payments.dialog.holdExpired')}
      </p>
    )
  }
  return (
    <div className="rounded-md bg-brand-50 p-3 text-sm text-slate-800">
      <p>
        {t('payments.dialog.holdLabel')}{' '}
        <span role="timer" aria-live="off" className="font-semibold tabular-nums">
          {formatCountdown(left)}
        </span>
      </p>
      <p className="sr-only" aria-live="polite">
        {t('payments.dialog.holdMinutes', { count: minutesLeft(left) })}
      </p>
    </div>
  )
}
