import { canonicalTimeZone, REGISTRABLE_ROLES } from '@contract/rules'
import { yupResolver } from '@hookform/resolvers/yup'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router-dom'
import { toast } from 'react-toastify'
import { boolean, mixed, object } from 'yup'
import { problemText, toApiError } from '@/shared/api/errors'
import { paths } from '@/shared/config/paths'
import { useLanguage } from '@/shared/i18n/use-language'
import { viewerTimeZone } from '@/shared/i18n/format'
import {
  confirmPasswordField,
  emailField,
  errorKeys,
  nameField,
  passwordField,
} from '@/shared/lib/validation'
import { Button } from '@/shared/ui/button'
import { CheckboxField } from '@/shared/ui/checkbox-field'
import { NewPasswordFields } from '@/shared/ui/new-password-fields'
import { TextField } from '@/shared/ui/text-field'
import { useRegister } from '../api/register'
import { TermsDialog } from './terms-dialog'

type RegistrableRole = (typeof REGISTRABLE_ROLES)[number]

const registerSchema = object({
  name: nameField(),
  email: emailField(),
  password: passwordField(),
  confirmPassword: confirmPasswordField(),
  role: mixed<RegistrableRole>().oneOf(REGISTRABLE_ROLES).required(errorKeys.required),
  terms: boolean().required(errorKeys.acceptTerms).oneOf([true], errorKeys.acceptTerms),
})

type RegisterValues = {
  name: string
  email: string
  password: string
  confirmPassword: string
  role: RegistrableRole
  terms: boolean
}

const emptyForm: RegisterValues = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  role: 'student',
  terms: false,
}

/** A server answer that is about the e-mail address (§8: it goes on the email field). */
const isAboutEmail = (message: string) => /e-?mail/i.test(message)

/**
 * §2 registration: name, email, password and its confirmation, the role (student or educator;
 * admin is not offered) and the terms, readable in a dialog. §4: 201 → toast, reset, done screen.
 */
export function RegisterForm() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const language = useLanguage()
  const registration = useRegister()
  const [termsOpen, setTermsOpen] = useState(false)
  const roleErrorId = useId()
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors, isSubmitted },
  } = useForm<RegisterValues>({
    resolver: yupResolver(registerSchema),
    defaultValues: emptyForm,
  })

  const onFailure = (error: unknown) => {
    const apiError = toApiError(error)
    const [problem] = apiError.problems
    const message = problem && problemText(problem)
    if (apiError.status === 409 || problem?.text === 'Email already exists') {
      setError('email', { message: errorKeys.emailExists }, { shouldFocus: true })
    } else if (apiError.status === 400 && message && problem && isAboutEmail(problem.text)) {
      setError('email', { message }, { shouldFocus: true })
    } else {
      toast.error(message ?? t('auth.register.failed'))
    }
  }

  const onSubmit = ({ name, email, password, role, terms }: RegisterValues) =>
    registration.mutate(
      // The browser's zone when the database knows it; otherwise the account's default.
      {
        name,
        email,
        password,
        role,
        terms,
        language,
        timezone: canonicalTimeZone(viewerTimeZone()) ?? undefined,
      },
      {
        onSuccess: () => {
          reset(emptyForm)
          void navigate(paths.auth.confirm.href())
        },
        onError: onFailure,
      },
    )

  const acceptTerms = () => {
    setValue('terms', true, { shouldValidate: isSubmitted, shouldDirty: true })
    setTermsOpen(false)
  }

  return (
    <div className="p-6 sm:p-8">
      <Link to={paths.auth.login.href()} className="text-sm font-medium text-brand-700 underline">
        {t('auth.register.backToLogin')}
      </Link>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        className="mt-4 flex flex-col gap-4"
        aria-labelledby="register-title"
      >
        <h1 id="register-title" className="text-2xl font-semibold text-slate-900">
          {t('auth.register.title')}
        </h1>
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
        <NewPasswordFields
          password={register('password')}
          passwordError={errors.password?.message}
          confirmation={register('confirmPassword')}
          confirmationError={errors.confirmPassword?.message}
        />
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={errors.role ? roleErrorId : undefined}
        >
          <legend className="mb-1 text-sm font-medium text-slate-800">
            {t('auth.register.role.legend')}
          </legend>
          <div className="flex flex-wrap gap-4">
            {REGISTRABLE_ROLES.map((role) => (
              <label key={role} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  value={role}
                  className="h-4 w-4 accent-brand-600"
                  {...register('role')}
                />
                {t(`auth.register.role.${role}`)}
              </label>
            ))}
          </div>
          {errors.role?.message && (
            <p id={roleErrorId} className="text-sm text-red-700">
              {t(errors.role.message)}
            </p>
          )}
        </fieldset>
        <div className="flex flex-col gap-1">
          <CheckboxField
            label={t('auth.register.terms.label')}
            error={errors.terms?.message}
            {...register('terms')}
          />
          <button
            type="button"
            onClick={() => setTermsOpen(true)}
            className="self-start text-sm font-medium text-brand-700 underline"
          >
            {t('auth.register.terms.read')}
          </button>
        </div>
        <Button type="submit" pending={registration.isPending}>
          {t('auth.register.submit')}
        </Button>
      </form>
      <TermsDialog open={termsOpen} onClose={() => setTermsOpen(false)} onAccept={acceptTerms} />
    </div>
  )
}
