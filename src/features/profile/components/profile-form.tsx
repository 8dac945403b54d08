import type { CurrentUser, UpdateProfileBody } from '@contract/index'
import { isNewAddress } from '@contract/rules'
import { yupResolver } from '@hookform/resolvers/yup'
import { useId, useMemo } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { type InferType, object, string } from 'yup'
import { problemText, serverMessage, toApiError } from '@/shared/api/errors'
import { emailField, errorKeys, nameField, requiredText } from '@/shared/lib/validation'
import { Button } from '@/shared/ui/button'
import { fieldClass, TextField } from '@/shared/ui/text-field'
import { TimeZoneField } from '@/shared/ui/time-zone-field'
import { useUpdateProfile } from '../api/update-profile'
import { useWithdrawEmailChange } from '../api/withdraw-email-change'
import { currentPasswordError } from '../lib/current-password'

/**
 * §5 profile: name required; email required and valid; description optional and nullable; the
 * current password required when the email names a new address (not for a change of case).
 */
const profileSchema = (currentEmail: string) =>
  object({
    name: nameField(),
    email: emailField(),
    description: string().nullable().default(null),
    timezone: requiredText(),
    currentPassword: string()
      .default('')
      .when('email', {
        is: (email: string | undefined) => isNewAddress(currentEmail, email ?? ''),
        then: (field) => field.required(errorKeys.required),
      }),
  })
type ProfileValues = InferType<ReturnType<typeof profileSchema>>

const EMAIL_EXISTS = 'Email already exists'

const valuesOf = (user: CurrentUser): ProfileValues => ({
  name: user.name,
  email: user.email,
  description: user.description ?? '',
  timezone: user.timezone,
  currentPassword: '',
})

/**
 * §2 settings: full name, email, for educators the bio (a 300 px area, §9), and for educators
 * and admins the time zone whose days and months their sums use; Update sends them. A new email
 * address asks for the current password and waits for its confirmation link, which the email
 * field says until it is used or the user withdraws the change (a typo in the address). A wrong
 * current password goes on its field, a taken e-mail on the email field; any other failure is a
 * toast with the server's message (§8).
 */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation()
  const update = useUpdateProfile()
  const withdraw = useWithdrawEmailChange()
  const isEducator = user.role === 'educator'
  const bioId = useId()
  const schema = useMemo(() => profileSchema(user.email), [user.email])
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<ProfileValues>({
    resolver: yupResolver(schema),
    defaultValues: valuesOf(user),
  })
  const changesEmail = isNewAddress(user.email, useWatch({ control, name: 'email' }))
  const chosenZone = useWatch({ control, name: 'timezone' })

  const submit = (values: ProfileValues) => {
    const body: UpdateProfileBody = { name: values.name, email: values.email }
    if (values.timezone !== user.timezone) body.timezone = values.timezone
    if (changesEmail) body.currentPassword = values.currentPassword
    // A blank bio is no bio (nullable, §5); only educators have one.
    if (isEducator) body.description = values.description?.trim() ? values.description : null
    update.mutate(body, {
      onSuccess: (updated) => reset(valuesOf(updated)),
      onError: (error) => {
        const apiError = toApiError(error)
        const passwordProblem = currentPasswordError(apiError, t)
        if (passwordProblem) {
          setError('currentPassword', { message: passwordProblem }, { shouldFocus: true })
          return
        }
        if (apiError.status === 409 || apiError.messages[0] === EMAIL_EXISTS) {
          const [problem] = apiError.problems
          setError(
            'email',
            {
              message:
                !problem || problem.text === EMAIL_EXISTS
                  ? errorKeys.emailExists
                  : problemText(problem),
            },
            { shouldFocus: true },
          )
          return
        }
        toast.error(serverMessage(apiError, t('profile.form.failed')))
      },
    })
  }

  const bioError = errors.description?.message
  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
      aria-labelledby="profile-form-title"
      className="flex flex-col gap-4"
    >
      <h2 id="profile-form-title" className="text-lg font-semibold text-slate-900">
        {t('profile.form.title')}
      </h2>
      <TextField
        label={t('auth.fields.name')}
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        hint={
          user.pendingEmail
            ? t('profile.form.pendingEmail', { email: user.pendingEmail })
            : undefined
        }
        {...register('email')}
      />
      {user.pendingEmail && (
        <div>
          <Button
            variant="secondary"
            // A long address breaks anywhere rather than overflow a phone's width.
            className="max-w-full text-left wrap-anywhere"
            pending={withdraw.isPending}
            onClick={() => withdraw.mutate()}
          >
            {t('profile.form.withdrawEmailChange', { email: user.pendingEmail })}
          </Button>
        </div>
      )}
      {changesEmail && (
        <TextField
          label={t('profile.currentPassword.label')}
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          hint={t('profile.currentPassword.emailHint')}
          {...register('currentPassword')}
        />
      )}
      {isEducator && (
        <div className="flex flex-col gap-1">
          <label htmlFor={bioId} className="text-sm font-medium text-slate-800">
            {t('profile.form.bio')}
          </label>
          <textarea
            id={bioId}
            aria-invalid={bioError ? true : undefined}
            aria-describedby={bioError ? `${bioId}-error` : `${bioId}-hint`}
            className={`${fieldClass(Boolean(bioError))} h-bio resize-none`}
            {...register('description')}
          />
          {bioError ? (
            <p id={`${bioId}-error`} className="text-sm text-red-700">
              {t(bioError)}
            </p>
          ) : (
            <p id={`${bioId}-hint`} className="text-xs text-slate-600">
              {t('profile.form.bioHint')}
            </p>
          )}
        </div>
      )}
      {/* Only educators' and admins' sums (earnings months, the overview's weeks) use it yet. */}
      {user.role !== 'student' && (
        <TimeZoneField
          value={chosenZone}
          savedZone={user.timezone}
          label={t('profile.form.timezone')}
          hint={t(isEducator ? 'profile.form.timezoneHint' : 'profile.form.timezoneHintAdmin')}
          error={errors.timezone?.message}
          registration={register('timezone')}
        />
      )}
      <div>
        <Button type="submit" pending={update.isPending}>
          {t('profile.form.submit')}
        </Button>
      </div>
    </form>
  )
}
