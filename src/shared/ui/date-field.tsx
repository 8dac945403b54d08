import { type FocusEventHandler, type ReactNode, type Ref, useId, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate, intlLocale } from '@/shared/i18n/format'
import type { AppLanguage } from '@/shared/i18n/languages'
import { useLanguage } from '@/shared/i18n/use-language'
import {
  changeDate,
  type DateParts,
  dateParts,
  daysInMonth,
  joinDate,
  twoDigits,
} from '@/shared/lib/date-parts'
import { fieldClass } from './text-field'

type DateFieldProps = {
  /** The field's name, the group's legend. */
  label: ReactNode
  /** yyyy-MM-dd, '' or partly chosen ("2026--11"): src/shared/lib/date-parts.ts. */
  value: string
  onChange: (value: string) => void
  onBlur?: FocusEventHandler<HTMLSelectElement>
  /** A translation key (validation) or an already translated text. */
  error?: string | undefined
  /** The years offered, first to last; the value's own year is always offered too. */
  fromYear: number
  toYear: number
  /** The first select in reading order: where focus goes when the date is refused. */
  ref?: Ref<HTMLSelectElement>
}

/** §1 writes dates d MMMM yyyy; Japanese readers write 年, 月, 日. */
const ORDER: Record<AppLanguage, readonly (keyof DateParts)[]> = {
  'en-US': ['day', 'month', 'year'],
  'jp-JP': ['year', 'month', 'day'],
}

/**
 * Each select's share of the row, so that at 375 px none cuts its longest option ("September",
 * "2026"); Japanese names are all short ("2026年", "12月", "11日").
 */
const WIDTHS: Record<AppLanguage, Record<keyof DateParts, string>> = {
  'en-US': { day: 'flex-1', month: 'flex-[1.8]', year: 'flex-[1.3]' },
  'jp-JP': { day: 'flex-1', month: 'flex-1', year: 'flex-1' },
}

/** The names of the parts' options in a language: "11", "December", "2026"; "11日", "12月", "2026年". */
const partNames = (language: AppLanguage) => {
  const locale = intlLocale(language)
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })
  return {
    day: format({ day: 'numeric' }),
    month: format({ month: 'long' }),
    year: format({ year: 'numeric' }),
    weekday: format({ weekday: language === 'jp-JP' ? 'short' : 'long' }),
  }
}

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index)

/**
 * A calendar date chosen in three selects of the reader's language, grouped under the field's
 * name, whatever the browser's locale (its date input would write mm/dd/yyyy in en-US): day,
 * month name and year in English, 年, 月, 日 in Japanese. The days are those of the chosen month,
 * and the chosen date is written out under it with its weekday.
 */
export function DateField({
  label,
  value,
  onChange,
  onBlur,
  error,
  fromYear,
  toYear,
  ref,
}: DateFieldProps) {
  const { t } = useTranslation()
  const language = useLanguage()
  const id = useId()
  const errorId = `${id}-error`
  const echoId = `${id}-echo`
  const names = useMemo(() => partNames(language), [language])
  const parts = dateParts(value)

  const years = range(fromYear, toYear)
  if (parts.year !== '' && !years.includes(Number(parts.year))) {
    years.push(Number(parts.year))
    years.sort((a, b) => a - b)
  }
  const options: Record<keyof DateParts, { value: string; text: string }[]> = {
    day: range(1, daysInMonth(parts)).map((day) => ({
      value: twoDigits(day),
      text: names.day.format(Date.UTC(2000, 0, day)),
    })),
    month: range(1, 12).map((month) => ({
      value: twoDigits(month),
      text: names.month.format(Date.UTC(2000, month - 1, 1)),
    })),
    year: years.map((year) => ({
      value: String(year),
      text: names.year.format(Date.UTC(year, 0, 1)),
    })),
  }

  const complete = parts.year !== '' && parts.month !== '' && parts.day !== ''
  const [year, month, day] = [parts.year, parts.month, parts.day].map(Number) as [
    number,
    number,
    number,
  ]
  const echo = complete
    ? t('common.dateField.withWeekday', {
        weekday: names.weekday.format(Date.UTC(year, month - 1, day, 12)),
        date: formatDate(new Date(year, month - 1, day, 12), language),
      })
    : ''
  const describedBy = [error ? errorId : null, echo ? echoId : null].filter(Boolean).join(' ')

  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex gap-2">
        {ORDER[language].map((name, index) => (
          <div key={name} className={`flex min-w-0 flex-col gap-1 ${WIDTHS[language][name]}`}>
            <label htmlFor={`${id}-${name}`} className="text-xs text-slate-600">
              {t(`common.dateField.${name}`)}
            </label>
            <select
              ref={index === 0 ? ref : undefined}
              id={`${id}-${name}`}
              value={parts[name]}
              onChange={(event) =>
                onChange(joinDate(changeDate(parts, { [name]: event.target.value })))
              }
              onBlur={onBlur}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy || undefined}
              className={`${fieldClass(Boolean(error))} bg-white`}
            >
              <option value="">{t('common.dateField.none')}</option>
              {options[name].map((option) => (
                <option key={option.value} value={option.value}>
                  {option.text}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      {/* In the page from the start, so a screen reader hears the date as it changes. */}
      <p id={echoId} aria-live="polite" className="mt-1 min-h-4 text-xs text-slate-600">
        {echo}
      </p>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </fieldset>
  )
}
