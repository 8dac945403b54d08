import type { Session } from '@contract/index'
import { yupResolver } from '@hookform/resolvers/yup'
import { useId, useMemo, useState } from 'react'
import { useController, useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { apiMessages, toApiError } from '@/shared/api/errors'
import { formatDate, zonedTimes } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { Button } from '@/shared/ui/button'
import { DateField } from '@/shared/ui/date-field'
import { Dialog } from '@/shared/ui/dialog'
import { FormAlert } from '@/shared/ui/form-alert'
import { SelectField } from '@/shared/ui/select-field'
import { TextField } from '@/shared/ui/text-field'
import { TimeField } from '@/shared/ui/time-field'
import { useCreateSession } from '../api/create-session'
import { useUpdateSession } from '../api/update-session'
import {
  overlapOf,
  QUICK_LENGTH_MINUTES,
  QUICK_START_MINUTES,
  quickSession,
  schedulingYears,
  sessionFormValues,
  sessionSchema,
  toSessionBody,
  type SessionFormValues,
} from '../lib/session-form'
import { browserTimeZone } from '@/shared/lib/time-zones'
import { TimeZoneField } from '@/shared/ui/time-zone-field'

type SessionFormDialogProps = {
  lessonId: number
  /** The session to edit; none to add one. */
  session: Session | null
  onClose: () => void
  /** After the API saved it: the dialog closes, the caller says so. */
  onSaved: (kind: 'added' | 'updated') => void
}

/**
 * §8: an overlap is a 409, said with the spec's sentence and, when the API named it, the session
 * it clashes with (its lesson, date and times in the reader's language and zone); anything else
 * is the generic session error and the server's reason.
 */
const useFailureText = () => {
  const { t } = useTranslation()
  const language = useLanguage()
  return (error: unknown, session: Session | null) => {
    const apiError = toApiError(error)
    // A 409 on a session that has started in the meantime is that refusal, not an overlap.
    const started = session !== null && Date.parse(session.start_time) <= Date.now()
    if (apiError.status === 409 && !started) {
      const overlap = overlapOf(apiError)
      if (overlap === null) return t('sessions.editor.errors.overlap')
      return t('sessions.editor.errors.overlapWith', {
        title: overlap.lessonTitle,
        date: formatDate(overlap.start_time, language),
        ...zonedTimes(overlap.start_time, overlap.end_time, language),
      })
    }
    const reason = apiMessages(apiError).join(' ')
    return reason
      ? t('sessions.editor.errors.failedWithReason', { reason })
      : t('sessions.editor.errors.failed')
  }
}

/**
 * Adding and editing a session share this form (§2, §5): date, start and end hours, the time
 * zone they are read in (the browser's by default, the session's own when editing) and the Zoom or
 * Google Meet link. A quick session fills the date and hours from now. On failure the dialog stays
 * open with what was entered.
 */
export function SessionFormDialog({ lessonId, session, onClose, onSaved }: SessionFormDialogProps) {
  const { t } = useTranslation()
  const create = useCreateSession()
  const update = useUpdateSession()
  const mutation = session ? update : create
  const failureText = useFailureText()
  const quickId = useId()
  const [startIn, setStartIn] = useState<number>(QUICK_START_MINUTES[0])
  const [length, setLength] = useState<number>(QUICK_LENGTH_MINUTES[1])
  const [quickProblem, setQuickProblem] = useState<string | null>(null)

  const defaultValues = useMemo<SessionFormValues>(
    () =>
      session
        ? sessionFormValues(session)
        : { date: '', startHour: '', endHour: '', timezone: browserTimeZone(), url: '' },
    [session],
  )
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    control,
    formState: { errors, isSubmitted },
  } = useForm<SessionFormValues>({
    resolver: yupResolver(sessionSchema()),
    defaultValues,
  })
  // Controlled before any field is registered, so that a refused submit focuses the first
  // invalid field in reading order (react-hook-form focuses in registration order).
  const { ref: dateRef, ...date } = useController({ control, name: 'date' }).field
  const { ref: startRef, ...startHour } = useController({ control, name: 'startHour' }).field
  const { ref: endRef, ...endHour } = useController({ control, name: 'endHour' }).field
  // The years offered: from this year where the session is scheduled, as of the dialog's opening,
  // and the edited session's own.
  const [openedAt] = useState(Date.now)
  const chosenZone = useWatch({ control, name: 'timezone' })
  const years = schedulingYears(openedAt, chosenZone, defaultValues.date)

  const fillQuickSession = () => {
    const times = quickSession(Date.now(), startIn, length, getValues('timezone'))
    if (!times.ok) {
      setQuickProblem(t('sessions.editor.quick.crossesMidnight'))
      return
    }
    setQuickProblem(null)
    const options = { shouldValidate: isSubmitted, shouldDirty: true }
    setValue('date', times.date, options)
    setValue('startHour', times.startHour, options)
    setValue('endHour', times.endHour, options)
  }

  const submit = (values: SessionFormValues) => {
    const body = toSessionBody(values)
    const done = { onSuccess: () => onSaved(session ? 'updated' : 'added') }
    if (session) update.mutate({ lessonId, sessionId: session.id, body }, done)
    else create.mutate({ lessonId, body }, done)
  }

  const pending = mutation.isPending
  return (
    <Dialog
      open
      onClose={pending ? () => {} : onClose}
      title={t(session ? 'sessions.editor.form.editTitle' : 'sessions.editor.form.addTitle')}
    >
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(submit)(event)}
        className="flex flex-col gap-4"
      >
        <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-800">
            {t('sessions.editor.quick.legend')}
          </legend>
          <p id={`${quickId}-hint`} className="text-xs text-slate-600">
            {t('sessions.editor.quick.hint')}
          </p>
          <div className="grid grid-cols-2 gap-3">
            <SelectField
              label={t('sessions.editor.quick.startIn')}
              value={String(startIn)}
              onChange={(event) => setStartIn(Number(event.target.value))}
            >
              {QUICK_START_MINUTES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {t('sessions.editor.quick.minutes', { count: minutes })}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('sessions.editor.quick.length')}
              value={String(length)}
              onChange={(event) => setLength(Number(event.target.value))}
            >
              {QUICK_LENGTH_MINUTES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {t('sessions.editor.quick.minutes', { count: minutes })}
                </option>
              ))}
            </SelectField>
          </div>
          <div>
            <Button
              variant="secondary"
              onClick={fillQuickSession}
              aria-describedby={`${quickId}-hint`}
            >
              {t('sessions.editor.quick.fill')}
            </Button>
          </div>
          {quickProblem && (
            <p role="alert" className="text-sm text-red-700">
              {quickProblem}
            </p>
          )}
        </fieldset>

        <DateField
          label={t('sessions.editor.form.date')}
          error={errors.date?.message}
          {...years}
          value={date.value}
          onChange={date.onChange}
          onBlur={date.onBlur}
          ref={dateRef}
        />
        <div className="grid grid-cols-2 gap-3">
          <TimeField
            label={t('sessions.editor.form.startHour')}
            error={errors.startHour?.message}
            value={startHour.value}
            onChange={startHour.onChange}
            onBlur={startHour.onBlur}
            ref={startRef}
          />
          <TimeField
            label={t('sessions.editor.form.endHour')}
            error={errors.endHour?.message}
            value={endHour.value}
            onChange={endHour.onChange}
            onBlur={endHour.onBlur}
            ref={endRef}
          />
        </div>
        <TimeZoneField
          value={chosenZone}
          savedZone={defaultValues.timezone}
          error={errors.timezone?.message}
          registration={register('timezone')}
        />
        <TextField
          type="url"
          inputMode="url"
          autoComplete="off"
          label={t('sessions.editor.form.url')}
          hint={t('sessions.editor.form.urlHint')}
          error={errors.url?.message}
          {...register('url')}
        />

        {session !== null && session.enrolledCount > 0 && (
          <p className="text-sm text-slate-700">
            {t('sessions.editor.form.studentsTold', { count: session.enrolledCount })}
          </p>
        )}
        {/* Beside the button that sent it: a long form is scrolled to its end when it is sent. */}
        {mutation.error && <FormAlert>{failureText(mutation.error, session)}</FormAlert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" pending={pending}>
            {t(session ? 'sessions.editor.form.save' : 'sessions.editor.form.add')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
