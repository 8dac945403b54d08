import { SLOTS_MAX, SLOTS_MIN } from '@contract/rules'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from '@/shared/ui/text-field'

/** The seats as the two number inputs hold them: text, so a half-typed value is kept as typed. */
export type Seats = { min: string; max: string }

/** A whole number of seats within 1..50, or null for anything else ('', '2.5', '0', 'abc'). */
export const seatsOf = (text: string): number | null => {
  if (!/^\d+$/.test(text.trim())) return null
  const seats = Number(text)
  return seats >= SLOTS_MIN && seats <= SLOTS_MAX ? seats : null
}

/** §4: when the minimum would exceed the maximum, both become the minimum. */
const withMin = (min: number, seats: Seats): Seats => {
  const max = seatsOf(seats.max)
  return { min: String(min), max: max === null || min > max ? String(min) : seats.max }
}

type SeatsRangeProps = {
  value: Seats
  onChange: (seats: Seats) => void
  /** Already translated messages of each number input. */
  minError?: string | undefined
  maxError?: string | undefined
  onBlur?: () => void
}

/**
 * §2, §9: a two-thumb slider over 1..50 made of two native range inputs laid over one track (so
 * each thumb keeps the browser's keyboard and screen-reader support), plus a number input per
 * thumb. Either side moves the other; a minimum above the maximum takes the maximum with it.
 * The maximum's number input is left as typed: below the minimum, the form says so on submit.
 */
export function SeatsRange({ value, onChange, minError, maxError, onBlur }: SeatsRangeProps) {
  const { t } = useTranslation()
  const groupId = useId()
  const sliderMin = seatsOf(value.min) ?? SLOTS_MIN
  const sliderMax = Math.max(seatsOf(value.max) ?? sliderMin, sliderMin)
  const span = SLOTS_MAX - SLOTS_MIN
  const left = ((sliderMin - SLOTS_MIN) / span) * 100
  const right = ((sliderMax - SLOTS_MIN) / span) * 100
  const seatsText = (count: number) => t('lessons.form.seatsCount', { count })

  const thumbClass =
    'pointer-events-none absolute inset-0 h-full w-full appearance-none bg-transparent focus-visible:outline-none ' +
    '[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:h-6 [&::-webkit-slider-thumb]:w-6 [&::-webkit-slider-thumb]:cursor-pointer [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-white [&::-webkit-slider-thumb]:bg-brand-600 [&::-webkit-slider-thumb]:shadow ' +
    '[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:h-6 [&::-moz-range-thumb]:w-6 [&::-moz-range-thumb]:cursor-pointer [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-white [&::-moz-range-thumb]:bg-brand-600 ' +
    'focus-visible:[&::-webkit-slider-thumb]:ring-2 focus-visible:[&::-webkit-slider-thumb]:ring-brand-500 focus-visible:[&::-webkit-slider-thumb]:ring-offset-2 ' +
    'focus-visible:[&::-moz-range-thumb]:ring-2 focus-visible:[&::-moz-range-thumb]:ring-brand-500'

  /** What both number inputs share: whole seats from 1 to 50. */
  const seatsInput = {
    type: 'number',
    inputMode: 'numeric',
    min: SLOTS_MIN,
    max: SLOTS_MAX,
    step: 1,
    onBlur,
  } as const

  return (
    <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={`${groupId}-hint`}>
      <legend className="text-sm font-medium text-slate-800">{t('lessons.form.seats')}</legend>
      <p id={`${groupId}-hint`} className="text-xs text-slate-600">
        {t('lessons.form.seatsHint', { min: SLOTS_MIN, max: SLOTS_MAX })}
      </p>
      {/* Thumbs and inputs 24 px high: the smallest target WCAG 2.5.8 allows. */}
      <div className="relative mx-3 h-6">
        <div className="absolute inset-x-0 top-1/2 h-2 -translate-y-1/2 rounded-full bg-slate-200" />
        <div
          className="absolute top-1/2 h-2 -translate-y-1/2 rounded-full bg-brand-500"
          style={{ left: `${left}%`, right: `${100 - right}%` }}
        />
        <input
          type="range"
          min={SLOTS_MIN}
          max={SLOTS_MAX}
          step={1}
          value={sliderMin}
          aria-label={t('lessons.form.minSeats')}
          aria-valuetext={seatsText(sliderMin)}
          onChange={(event) => onChange(withMin(Number(event.target.value), value))}
          onBlur={onBlur}
          // The minimum's thumb stays reachable when both thumbs sit at the top of the range.
          className={`${thumbClass} ${sliderMin === SLOTS_MAX ? 'z-20' : 'z-10'}`}
        />
        <input
          type="range"
          min={SLOTS_MIN}
          max={SLOTS_MAX}
          step={1}
          value={sliderMax}
          aria-label={t('lessons.form.maxSeats')}
          aria-valuetext={seatsText(sliderMax)}
          onChange={(event) => {
            const max = Number(event.target.value)
            onChange({ min: value.min, max: String(Math.max(max, sliderMin)) })
          }}
          onBlur={onBlur}
          className={`${thumbClass} z-10`}
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
        <TextField
          {...seatsInput}
          label={t('lessons.form.minSeats')}
          value={value.min}
          error={minError}
          onChange={(event) => {
            const text = event.target.value
            const min = seatsOf(text)
            onChange(min === null ? { min: text, max: value.max } : withMin(min, value))
          }}
        />
        <TextField
          {...seatsInput}
          label={t('lessons.form.maxSeats')}
          value={value.max}
          error={maxError}
          onChange={(event) => onChange({ min: value.min, max: event.target.value })}
        />
      </div>
    </fieldset>
  )
}
