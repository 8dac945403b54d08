import { SLOTS_MAX, SLOTS_MIN } from '@contract/rules'
import { type Ref, useId } from 'react'
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

/** The thumbs' hit area, in px: a comfortable touch target (WCAG 2.5.5), around a 24 px dot. */
const THUMB_PX = 44
const SPAN = SLOTS_MAX - SLOTS_MIN

/**
 * Where the two thumbs' hit areas meet, as a share of the track (0: the first seat, 1: the last):
 * halfway between them, so a press goes to the nearer thumb even when they overlap. When they sit
 * on the same seat, a press on the left half takes the minimum and on the right half the maximum,
 * except at an end of the track, where the only thumb that can move takes it all.
 */
const thumbsSplit = (min: number, max: number) => {
  if (min === max && max === SLOTS_MAX) return 1
  if (min === max && min === SLOTS_MIN) return 0
  return ((min + max) / 2 - SLOTS_MIN) / SPAN
}

/** The x of a share of the track on a range input, whose thumb centre runs half a thumb in. */
const trackAt = (share: number) =>
  share <= 0
    ? '0px'
    : share >= 1
      ? '100%'
      : `calc(${THUMB_PX / 2}px + (100% - ${THUMB_PX}px) * ${share})`

type SeatsRangeProps = {
  value: Seats
  onChange: (seats: Seats) => void
  /** Already translated messages of each number input. */
  minError?: string | undefined
  maxError?: string | undefined
  onBlur?: () => void
  /** The number inputs, focused when their value stops a submit. */
  minRef?: Ref<HTMLInputElement>
  maxRef?: Ref<HTMLInputElement>
  /** What the minimum decides (already translated), said under the range's hint. */
  rule?: string | undefined
}

/**
 * §2, §9: a two-thumb slider over 1..50 made of two native range inputs laid over one track (so
 * each thumb keeps the browser's keyboard and screen-reader support), plus a number input per
 * thumb. Either side moves the other; a minimum above the maximum takes the maximum with it.
 * The maximum's number input is left as typed: below the minimum, the form says so on submit.
 *
 * Each thumb is a 44 px target. Close values make the thumbs overlap (at 375 px a seat is about
 * 6 px of track), so each range input is clipped to its side of the point halfway between them:
 * clipping also clips where the input takes the pointer, so both thumbs stay grabbable.
 */
export function SeatsRange({
  value,
  onChange,
  minError,
  maxError,
  onBlur,
  minRef,
  maxRef,
  rule,
}: SeatsRangeProps) {
  const { t } = useTranslation()
  const groupId = useId()
  const sliderMin = seatsOf(value.min) ?? SLOTS_MIN
  const sliderMax = Math.max(seatsOf(value.max) ?? sliderMin, sliderMin)
  const left = ((sliderMin - SLOTS_MIN) / SPAN) * 100
  const right = ((sliderMax - SLOTS_MIN) / SPAN) * 100
  const split = trackAt(thumbsSplit(sliderMin, sliderMax))
  const seatsText = (count: number) => t('lessons.form.seatsCount', { count })

  // A 24 px dot in a 44 px thumb: a transparent border widens the target, not the dot.
  const thumbClass =
    'pointer-events-none absolute inset-0 h-full w-full appearance-none bg-transparent focus-visible:outline-none ' +
    '[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:box-content [&::-webkit-slider-thumb]:h-6 [&::-webkit-slider-thumb]:w-6 [&::-webkit-slider-thumb]:cursor-pointer [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-[10px] [&::-webkit-slider-thumb]:border-transparent [&::-webkit-slider-thumb]:bg-brand-600 [&::-webkit-slider-thumb]:bg-clip-padding [&::-webkit-slider-thumb]:inset-ring-2 [&::-webkit-slider-thumb]:inset-ring-white ' +
    '[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:box-content [&::-moz-range-thumb]:h-6 [&::-moz-range-thumb]:w-6 [&::-moz-range-thumb]:cursor-pointer [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-[10px] [&::-moz-range-thumb]:border-transparent [&::-moz-range-thumb]:bg-brand-600 [&::-moz-range-thumb]:bg-clip-padding [&::-moz-range-thumb]:inset-ring-2 [&::-moz-range-thumb]:inset-ring-white ' +
    'focus-visible:[&::-webkit-slider-thumb]:ring-2 focus-visible:[&::-webkit-slider-thumb]:ring-brand-500 ' +
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
    <fieldset
      className="flex min-w-0 flex-col gap-3"
      aria-describedby={rule ? `${groupId}-hint ${groupId}-rule` : `${groupId}-hint`}
    >
      <legend className="text-sm font-medium text-slate-800">{t('lessons.form.seats')}</legend>
      <p id={`${groupId}-hint`} className="text-xs text-slate-600">
        {t('lessons.form.seatsHint', { min: SLOTS_MIN, max: SLOTS_MAX })}
      </p>
      {rule && (
        <p id={`${groupId}-rule`} className="text-xs text-slate-600">
          {rule}
        </p>
      )}
      <div className="relative h-11">
        {/* The track runs between the thumbs' centres at either end, so the fill meets them. */}
        <div className="absolute inset-y-0 left-[22px] right-[22px]">
          <div className="absolute inset-x-0 top-1/2 h-2 -translate-y-1/2 rounded-full bg-slate-200" />
          <div
            className="absolute top-1/2 h-2 -translate-y-1/2 rounded-full bg-brand-500"
            style={{ left: `${left}%`, right: `${100 - right}%` }}
          />
        </div>
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
          className={thumbClass}
          style={{ clipPath: `inset(0 calc(100% - ${split}) 0 0)` }}
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
          className={thumbClass}
          style={{ clipPath: `inset(0 0 0 ${split})` }}
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
        <TextField
          {...seatsInput}
          ref={minRef}
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
          ref={maxRef}
          label={t('lessons.form.maxSeats')}
          value={value.max}
          error={maxError}
          onChange={(event) => onChange({ min: value.min, max: event.target.value })}
        />
      </div>
    </fieldset>
  )
}
