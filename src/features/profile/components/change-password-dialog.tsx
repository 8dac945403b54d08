import { yupResolver } from '@hookform/resolvers/yup'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { type InferType, object, string } from 'yup'
import { serverMessage } from '@/shared/api/errors'
import { confirmPasswordField, errorKeys, passwordField } from '@/shared/lib/validation'
import { Button } from '@/shared/ui/button'
import { FormAlert } from '@/shared/ui/form-alert'
import { Dialog } from '@/shared/ui/dialog'
import { NewPasswordFields } from '@/shared/ui/new-password-fields'
import { TextField } from '@/shared/ui/text-field'
import { useChangePassword } from '../api/update-profile'
import { currentPasswordError } from '../lib/current-password'

/**
 * The current password is required (the server asks for it); §5: the new one follows the
 * length/case rule and the confirmation must match.
 */
const passwordSchema = object({
  currentPassword: string().required(errorKeys.required),
  password: passwordField(),
  confirmPassword: confirmPasswordField(),
})
type PasswordValues = InferType<typeof passwordSchema>

/**
 * The dialog's form. It unmounts when the dialog closes, so Cancel, Escape or a backdrop click
 * leave no password behind and the next opening starts empty. A refused current password goes
 * on its field; any other failure is an alert above the fields.
 */
function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const change = useChangePassword()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PasswordValues>({
    resolver: yupResolver(passwordSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  })
  const passwordProblem = change.error ? currentPasswordError(change.error, t) : null

  const submit = ({ currentPassword, password }: PasswordValues) =>
    change.mutate(
      { password, currentPassword },
      {
        onSuccess: onClose,
        onError: (error) => {
          const problem = currentPasswordError(error, t)
          if (problem) setError('currentPassword', { message: problem }, { shouldFocus: true })
        },
      },
    )

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="flex flex-col gap-4"
    >
      {change.error && !passwordProblem && (
        <FormAlert>{serverMessage(change.error, t('profile.password.failed'))}</FormAlert>
      )}
      <TextField
        label={t('profile.currentPassword.label')}
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <NewPasswordFields
        passwordLabel={t('profile.password.new')}
        password={register('password')}
        passwordError={errors.password?.message}
        confirmation={register('confirmPassword')}
        confirmationError={errors.confirmPassword?.message}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('profile.password.cancel')}
        </Button>
        <Button type="submit" pending={change.isPending}>
          {t('profile.password.confirm')}
        </Button>
      </div>
    </form>
  )
}

/** §2 settings: a button opening the change-password dialog (max width 450 px, §9). */
export function ChangePasswordDialog() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const close = () => setOpen(false)
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('profile.password.open')}
      </Button>
      <Dialog open={open} onClose={close} title={t('profile.password.title')}>
        <ChangePasswordForm onClose={close} />
      </Dialog>
    </>
  )
}
