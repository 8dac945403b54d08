import { type KeyboardEvent, useId, useMemo, useState } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useLanguage } from '@/shared/i18n/use-language'
import { browserTimeZone, matchesZoneSearch, zoneChoices } from '@/shared/lib/time-zones'
import { SelectField } from './select-field'
import { TextField } from './text-field'

type TimeZoneFieldProps = {
  /** The zone chosen now: always offered, whatever the search. */
  value: string
  /** A zone the list must offer even where the browser does not know it (the one saved). */
  savedZone: string
  label?: string
  hint?: string
  error?: string | undefined
  registration: UseFormRegisterReturn
}

/**
 * A time zone picker: some 400 zones, the viewer's first, each read by its offset, its name in
 * the reader's language and its place, narrowed by a search over all three.
 */
export function TimeZoneField({
  value,
  savedZone,
  label,
  hint,
  error,
  registration,
}: TimeZoneFieldProps) {
  const { t } = useTranslation()
  const language = useLanguage()
  const [search, setSearch] = useState('')
  const selectId = useId()
  const hintId = `${selectId}-hint`
  // Offsets as of the form's opening: built once per language, not on every keystroke.
  const choices = useMemo(
    () => zoneChoices(language, browserTimeZone(), new Date(), savedZone),
    [language, savedZone],
  )
  const matching = useMemo(
    () => choices.filter((choice) => matchesZoneSearch(choice, search)),
    [choices, search],
  )
  const shown = matching.some((choice) => choice.zone === value)
    ? matching
    : [...choices.filter((choice) => choice.zone === value), ...matching]
  const searching = search.trim() !== ''

  // Enter in the search narrows the list; it does not submit the form.
  const keepForm = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.preventDefault()
  }

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <TextField
        type="search"
        autoComplete="off"
        label={t('timeZone.search')}
        hint={t('timeZone.searchHint')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={keepForm}
      />
      <SelectField
        id={selectId}
        label={label ?? t('timeZone.label')}
        error={error}
        {...registration}
        // The error first, as SelectField would tie it, then the hint below.
        aria-describedby={
          [error ? `${selectId}-error` : null, hint ? hintId : null].filter(Boolean).join(' ') ||
          undefined
        }
      >
        {shown.map((choice) => (
          <option key={choice.zone} value={choice.zone}>
            {choice.label}
          </option>
        ))}
      </SelectField>
      {hint && (
        <p id={hintId} className="-mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {/* In the page from the start, so screen readers announce the counts as they change. */}
      <p role="status" className="text-xs text-slate-600">
        {searching ? t('timeZone.matches', { count: matching.length }) : ''}
      </p>
    </div>
  )
}
