import { type FocusEventHandler, type ReactNode, type Ref, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { joinTime, type TimeParts, timeParts, twoDigits } from '@/shared/lib/date-parts'
import { fieldClass } from './text-field'

type TimeFieldProps = {
  /** The field's name, the group's legend. */
  label: ReactNode
  /** HH:mm, '' or partly chosen ("10:"): src/shared/lib/date-parts.ts. */
  value: string
  onChange: (value: string) => void
  onBlur?: FocusEventHandler<HTMLSelectElement>
  /** A translation key (validation) or an already translated text. */
  error?: string | undefined
  /** The hour select: where focus goes when the time is refused. */
  ref?: Ref<HTMLSelectElement>
}

const PARTS: readonly { name: keyof TimeParts; count: number }[] = [
  { name: 'hour', count: 24 },
  { name: 'minute', count: 60 },
]

/**
 * A time of day as §1 writes it, HH:mm on the 24-hour clock, chosen in an hour and a minute
 * select grouped under the field's name, whatever the browser's locale (its time input would show
 * 07:09 PM in en-US). Every minute can be chosen.
 */
export function TimeField({ label, value, onChange, onBlur, error, ref }: TimeFieldProps) {
  const { t } = useTranslation()
  const id = useId()
  const errorId = `${id}-error`
  const parts = timeParts(value)
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex gap-2">
        {PARTS.map(({ name, count }, index) => (
          <div key={name} className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={`${id}-${name}`} className="text-xs text-slate-600">
              {t(`common.timeField.${name}`)}
            </label>
            <select
              ref={index === 0 ? ref : undefined}
              id={`${id}-${name}`}
              value={parts[name]}
              onChange={(event) => onChange(joinTime({ ...parts, [name]: event.target.value }))}
              onBlur={onBlur}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={`${fieldClass(Boolean(error))} bg-white`}
            >
              <option value="">{t('common.dateField.none')}</option>
              {Array.from({ length: count }, (_, part) => (
                <option key={part} value={twoDigits(part)}>
                  {twoDigits(part)}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </fieldset>
  )
}
