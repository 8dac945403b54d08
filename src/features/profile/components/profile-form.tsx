import type { CurrentUser, UpdateProfileBody } from '@contract/index'
import { yupResolver } from '@hookform/resolvers/yup'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { type InferType, object, string } from 'yup'
import { serverMessage, toApiError } from '@/shared/api/errors'
import { emailField, errorKeys, requiredText } from '@/shared/lib/validation'
import { Button } from '@/shared/ui/button'
import { fieldClass, TextField } from '@/shared/ui/text-field'
import { useUpdateProfile } from '../api/update-profile'

/** §5 profile: name required; email required and valid; description optional and nullable. */
const profileSchema = object({
  name: requiredText(),
  email: emailField(),
  description: string().nullable().default(null),
})
type ProfileValues = InferType<typeof profileSchema>

const EMAIL_EXISTS = 'Email already exists'

const valuesOf = (user: CurrentUser): ProfileValues => ({
  name: user.name,
  email: user.email,
  description: user.description ?? '',
})

/**
 * §2 settings: full name, email and, for educators, the bio (a 300 px area, §9); Update sends
 * them. A taken e-mail goes on the email field; any other failure is a toast with the server's
 * message (§8).
 */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation()
  const update = useUpdateProfile()
  const isEducator = user.role === 'educator'
  const bioId = useId()
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ProfileValues>({
    resolver: yupResolver(profileSchema),
    defaultValues: valuesOf(user),
  })

  const submit = (values: ProfileValues) => {
    const body: UpdateProfileBody = { name: values.name, email: values.email }
    // A blank bio is no bio (nullable, §5); only educators have one.
    if (isEducator) body.description = values.description?.trim() ? values.description : null
    update.mutate(body, {
      onSuccess: (updated) => reset(valuesOf(updated)),
      onError: (error) => {
        const apiError = toApiError(error)
        if (apiError.status === 409 || apiError.messages[0] === EMAIL_EXISTS) {
          const message = apiError.messages[0]
          setError('email', {
            message: !message || message === EMAIL_EXISTS ? errorKeys.emailExists : message,
          })
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
        {...register('email')}
      />
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
      <div>
        <Button type="submit" disabled={update.isPending}>
          {t('profile.form.submit')}
        </Button>
      </div>
    </form>
  )
}
