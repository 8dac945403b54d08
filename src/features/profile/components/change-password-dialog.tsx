import { yupResolver } from '@hookform/resolvers/yup'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { type InferType, object } from 'yup'
import { serverMessage } from '@/shared/api/errors'
import { confirmPasswordField, passwordField } from '@/shared/lib/validation'
import { Button } from '@/shared/ui/button'
import { FormAlert } from '@/shared/ui/form-alert'
import { Dialog } from '@/shared/ui/dialog'
import { NewPasswordFields } from '@/shared/ui/new-password-fields'
import { useChangePassword } from '../api/update-profile'

/** §5: password required with the length/case rule; the confirmation must match. */
const passwordSchema = object({
  password: passwordField(),
  confirmPassword: confirmPasswordField(),
})
type PasswordValues = InferType<typeof passwordSchema>

/**
 * The dialog's form. It unmounts when the dialog closes, so Cancel, Escape or a backdrop click
 * leave no password behind and the next opening starts empty.
 */
function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const change = useChangePassword()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordValues>({
    resolver: yupResolver(passwordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  })

  const submit = ({ password }: PasswordValues) =>
    change.mutate({ password }, { onSuccess: onClose })

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="flex flex-col gap-4"
    >
      {change.error && (
        <FormAlert>{serverMessage(change.error, t('profile.password.failed'))}</FormAlert>
      )}
      <NewPasswordFields
        password={register('password')}
        passwordError={errors.password?.message}
        confirmation={register('confirmPassword')}
        confirmationError={errors.confirmPassword?.message}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('profile.password.cancel')}
        </Button>
        <Button type="submit" disabled={change.isPending}>
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
