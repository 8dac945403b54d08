import { yupResolver } from '@hookform/resolvers/yup'
import { AUTH_WINDOW_MS } from '@contract/rules'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { boolean, type InferType, object, string } from 'yup'
import { serverMessage, toApiError } from '@/shared/api/errors'
import { paths } from '@/shared/config/paths'
import { emailField, errorKeys } from '@/shared/lib/validation'
import { Button } from '@/shared/ui/button'
import { FormAlert } from '@/shared/ui/form-alert'
import { CheckboxField } from '@/shared/ui/checkbox-field'
import { TextField } from '@/shared/ui/text-field'
import { useLogin } from '../api/login'

const loginSchema = object({
  email: emailField(),
  // As typed: a password may start or end with a space (registration keeps them).
  password: string().required(errorKeys.required),
  rememberMe: boolean().default(false),
})
type LoginValues = InferType<typeof loginSchema>

/** The heroes of the two login variants; the form is the same (§2). Both are 320 × 200. */
const heroes = {
  student: '/images/hero-student.svg',
  teacher: '/images/hero-teacher.svg',
} as const

export type LoginVariant = keyof typeof heroes

/**
 * §2 login: email, password, rememberMe, with links to reset the password and to sign up. A
 * failed attempt keeps what was typed and says why (§8).
 */
export function LoginForm({ variant = 'student' }: { variant?: LoginVariant }) {
  const { t } = useTranslation()
  const login = useLogin()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues>({
    resolver: yupResolver(loginSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  })

  const status = login.error ? toApiError(login.error).status : null
  // 429: too many attempts from this browser (or address); the limit lasts its window at most.
  const locked = status === 429
  const failure =
    status === null
      ? null
      : status === 401
        ? t('auth.login.errors.invalidCredentials')
        : locked
          ? t('auth.login.errors.tooManyAttempts', { count: AUTH_WINDOW_MS / 60_000 })
          : serverMessage(login.error, t('auth.login.errors.failed'))

  return (
    <div className="grid gap-6 p-6 sm:p-8 md:grid-cols-[1fr_1.2fr] md:items-center">
      {/* Its size known before it loads, its room is kept: the form beside it does not jump. */}
      <img
        src={heroes[variant]}
        alt=""
        width={320}
        height={200}
        className="mx-auto w-48 md:w-full"
        data-variant={variant}
      />
      <form
        noValidate
        onSubmit={(event) => void handleSubmit((values) => login.mutate(values))(event)}
        className="flex flex-col gap-4"
        aria-labelledby="login-title"
      >
        <h1 id="login-title" className="text-2xl font-semibold text-slate-900">
          {t(variant === 'teacher' ? 'auth.login.titleTeacher' : 'auth.login.title')}
        </h1>
        {failure && (
          <FormAlert>
            {failure}
            {locked && (
              <>
                {' '}
                <Link to={paths.auth.forgotPassword.href()} className="font-medium underline">
                  {t('auth.login.errors.resetPassword')}
                </Link>
              </>
            )}
          </FormAlert>
        )}
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={t('auth.fields.password')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CheckboxField label={t('auth.login.rememberMe')} {...register('rememberMe')} />
          <Link
            to={paths.auth.forgotPassword.href()}
            className="text-sm font-medium text-brand-700 underline"
          >
            {t('auth.login.forgotPassword')}
          </Link>
        </div>
        <Button type="submit" pending={login.isPending}>
          {t('auth.login.submit')}
        </Button>
        <p className="text-sm text-slate-600">
          {t('auth.login.noAccount')}{' '}
          <Link to={paths.auth.register.href()} className="font-medium text-brand-700 underline">
            {t('auth.login.signUp')}
          </Link>
        </p>
      </form>
    </div>
  )
}
