import { yupResolver } from '@hookform/resolvers/yup'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { type InferType, object } from 'yup'
import { paths } from '@/shared/config/paths'
import { emailField } from '@/shared/lib/validation'
import { Button } from '@/shared/ui/button'
import { TextField } from '@/shared/ui/text-field'
import { usePasswordResetEmail } from '../api/password-reset-email'

const forgotPasswordSchema = object({ email: emailField() })
type ForgotPasswordValues = InferType<typeof forgotPasswordSchema>

/**
 * §2 forgot password: a title, a description, one e-mail field and the reset button, with a way
 * back to login. The logo linking to / is the auth layout's, shown above this card.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation()
  const resetEmail = usePasswordResetEmail()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordValues>({
    resolver: yupResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  })

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit((values) => resetEmail.mutate(values))(event)}
      className="flex flex-col gap-4 p-6 sm:p-8"
      aria-labelledby="forgot-password-title"
      aria-describedby="forgot-password-description"
    >
      <h1 id="forgot-password-title" className="text-2xl font-semibold text-slate-900">
        {t('auth.forgotPassword.title')}
      </h1>
      <p id="forgot-password-description" className="text-sm text-slate-600">
        {t('auth.forgotPassword.description')}
      </p>
      <TextField
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" pending={resetEmail.isPending}>
        {t('auth.forgotPassword.submit')}
      </Button>
      <Link
        to={paths.auth.login.href()}
        className="self-start text-sm font-medium text-brand-700 underline"
      >
        {t('auth.forgotPassword.backToLogin')}
      </Link>
    </form>
  )
}
