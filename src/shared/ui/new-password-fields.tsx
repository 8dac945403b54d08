import type { UseFormRegisterReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { TextField } from './text-field'

type NewPasswordFieldsProps = {
  /** The first field's label: 'Password' unless the screen says otherwise ('New password'). */
  passwordLabel?: string
  password: UseFormRegisterReturn
  passwordError?: string | undefined
  confirmation: UseFormRegisterReturn
  confirmationError?: string | undefined
}

/** A new password and its confirmation, as registration, reset and the settings dialog ask them. */
export function NewPasswordFields({
  passwordLabel,
  password,
  passwordError,
  confirmation,
  confirmationError,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation()
  return (
    <>
      <TextField
        label={passwordLabel ?? t('auth.fields.password')}
        type="password"
        autoComplete="new-password"
        error={passwordError}
        {...password}
      />
      <TextField
        label={t('auth.fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={confirmationError}
        {...confirmation}
      />
    </>
  )
}
