import { type KeyboardEvent, useMemo, useState } from 'react'
import { type Control, type UseFormRegisterReturn, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useLanguage } from '@/shared/i18n/use-language'
import { SelectField } from '@/shared/ui/select-field'
import { TextField } from '@/shared/ui/text-field'
import type { SessionFormValues } from '../lib/session-form'
import { browserTimeZone, matchesZoneSearch, zoneChoices } from '../lib/time-zones'

type TimeZoneFieldProps = {
  /** The session form's: the zone chosen now is always offered, whatever the search. */
  control: Control<SessionFormValues>
  /** A zone the list must offer even where the browser does not know it (a session's own). */
  sessionZone: string
  error?: string | undefined
  registration: UseFormRegisterReturn<'timezone'>
}

/**
 * The session's time zone: some 400 zones, the viewer's first, each read by its offset, its name
 * in the reader's language and its place, narrowed by a search over all three.
 */
export function TimeZoneField({ control, sessionZone, error, registration }: TimeZoneFieldProps) {
  const { t } = useTranslation()
  const value = useWatch({ control, name: 'timezone' })
  const language = useLanguage()
  const [search, setSearch] = useState('')
  // Offsets as of the dialog's opening: built once per language, not on every keystroke.
  const choices = useMemo(
    () => zoneChoices(language, browserTimeZone(), new Date(), sessionZone),
    [language, sessionZone],
  )
  const matching = useMemo(
    () => choices.filter((choice) => matchesZoneSearch(choice, search)),
    [choices, search],
  )
  const shown = matching.some((choice) => choice.zone === value)
    ? matching
    : [...choices.filter((choice) => choice.zone === value), ...matching]
  const searching = search.trim() !== ''

  // Enter in the search narrows the list; it does not submit the session.
  const keepForm = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.preventDefault()
  }

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <TextField
        type="search"
        autoComplete="off"
        label={t('sessions.editor.form.timezoneSearch')}
        hint={t('sessions.editor.form.timezoneSearchHint')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={keepForm}
      />
      <SelectField label={t('sessions.editor.form.timezone')} error={error} {...registration}>
        {shown.map((choice) => (
          <option key={choice.zone} value={choice.zone}>
            {choice.label}
          </option>
        ))}
      </SelectField>
      {/* In the page from the start, so screen readers announce the counts as they change. */}
      <p role="status" className="text-xs text-slate-600">
        {searching ? t('sessions.editor.form.timezoneMatches', { count: matching.length }) : ''}
      </p>
    </div>
  )
}
