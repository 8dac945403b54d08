import { yupResolver } from '@hookform/resolvers/yup'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Navigate, useSearchParams } from 'react-router-dom'
import { type InferType, object } from 'yup'
import { paths } from '@/shared/config/paths'
import { confirmPasswordField, passwordField } from '@/shared/lib/validation'
import { Button } from '@/shared/ui/button'
import { NewPasswordFields } from '@/shared/ui/new-password-fields'
import { useSetNewPassword } from '../api/set-new-password'

const resetPasswordSchema = object({
  password: passwordField(),
  confirmPassword: confirmPasswordField('password'),
})
type ResetPasswordValues = InferType<typeof resetPasswordSchema>

/**
 * §2 reset password: reads the token of the e-mailed link from `?token=`; without one there is
 * nothing to reset, so the user goes straight to the reset-error screen.
 */
export function ResetPasswordForm() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')?.trim()
  if (!token) return <Navigate to={paths.auth.resetError.href('password')} replace />
  return <NewPasswordForm token={token} />
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation()
  const setNewPassword = useSetNewPassword()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordValues>({
    resolver: yupResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  })

  return (
    <form
      noValidate
      onSubmit={(event) =>
        void handleSubmit(({ password }) =>
          setNewPassword.mutate({ password, passwordResetToken: token }),
        )(event)
      }
      className="flex flex-col gap-4 p-6 sm:p-8"
      aria-labelledby="reset-password-title"
      aria-describedby="reset-password-description"
    >
      <h1 id="reset-password-title" className="text-2xl font-semibold text-slate-900">
        {t('auth.resetPassword.title')}
      </h1>
      <p id="reset-password-description" className="text-sm text-slate-600">
        {t('auth.resetPassword.description')}
      </p>
      <NewPasswordFields
        passwordLabel={t('auth.resetPassword.newPassword')}
        password={register('password')}
        passwordError={errors.password?.message}
        confirmation={register('confirmPassword')}
        confirmationError={errors.confirmPassword?.message}
      />
      <Button type="submit" pending={setNewPassword.isPending}>
        {t('auth.resetPassword.submit')}
      </Button>
    </form>
  )
}
