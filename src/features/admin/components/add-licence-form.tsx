import { yupResolver } from '@hookform/resolvers/yup'
import { VIDEO_PROVIDERS } from '@contract/rules'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { type InferType, mixed, object } from 'yup'
import { apiMessages, toApiError } from '@/shared/api/errors'
import { emailField, errorKeys } from '@/shared/lib/validation'
import { Button } from '@/shared/ui/button'
import { FormAlert } from '@/shared/ui/form-alert'
import { SelectField } from '@/shared/ui/select-field'
import { TextField } from '@/shared/ui/text-field'
import { useAddVideoLicence } from '../api/add-video-licence'

const licenceSchema = object({
  provider: mixed<(typeof VIDEO_PROVIDERS)[number]>()
    .oneOf(VIDEO_PROVIDERS, errorKeys.required)
    .required(errorKeys.required),
  accountEmail: emailField().max(254, errorKeys.invalidEmail),
})
type LicenceValues = InferType<typeof licenceSchema>

/**
 * Adds a video-conference account to the pool. An account already in the pool is refused next to
 * its field; any other failure above the form, with the server's message when it sent one.
 */
export function AddLicenceForm() {
  const { t } = useTranslation()
  const add = useAddVideoLicence()
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<LicenceValues>({
    resolver: yupResolver(licenceSchema),
    defaultValues: { provider: 'zoom', accountEmail: '' },
  })

  const submit = (values: LicenceValues) =>
    add.mutate(values, {
      onSuccess: () => reset({ provider: values.provider, accountEmail: '' }),
      onError: (error) => {
        const apiError = toApiError(error)
        if (apiError.status === 409) {
          setError(
            'accountEmail',
            { message: apiMessages(apiError)[0] ?? t('admin.pool.duplicate') },
            { shouldFocus: true },
          )
        }
      },
    })

  // A duplicate account is shown under its field (see submit); any other failure above the form.
  const apiError = add.error ? toApiError(add.error) : null
  const failure = apiError?.status === 409 ? null : apiError

  return (
    <form
      noValidate
      aria-labelledby="add-licence-title"
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="flex max-w-3xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="add-licence-title" className="text-lg font-semibold text-slate-900">
        {t('admin.pool.addTitle')}
      </h2>
      {failure && <FormAlert>{apiMessages(failure)[0] ?? t('admin.pool.addFailed')}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
        <SelectField
          label={t('admin.pool.provider')}
          error={errors.provider?.message}
          {...register('provider')}
        >
          {VIDEO_PROVIDERS.map((provider) => (
            <option key={provider} value={provider}>
              {t(`profile.licence.providers.${provider}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          type="email"
          label={t('admin.pool.account')}
          hint={t('admin.pool.accountHint')}
          autoComplete="off"
          error={errors.accountEmail?.message}
          {...register('accountEmail')}
        />
      </div>
      <div>
        <Button type="submit" pending={add.isPending}>
          {t('admin.pool.add')}
        </Button>
      </div>
    </form>
  )
}
