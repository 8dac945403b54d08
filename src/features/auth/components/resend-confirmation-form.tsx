import { yupResolver } from '@hookform/resolvers/yup'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { type InferType, object } from 'yup'
import { answerText } from '@/shared/api/answer-text'
import { emailField } from '@/shared/lib/validation'
import { Button } from '@/shared/ui/button'
import { TextField } from '@/shared/ui/text-field'
import { useResendConfirmation } from '../api/resend-confirmation'

const resendSchema = object({ email: emailField() })
type ResendValues = InferType<typeof resendSchema>

/**
 * Asks for the confirmation e-mail again. The server's answer is toasted and stays on the page.
 * `onEdit` tells the screen the user is typing, so it does not redirect them mid-sentence.
 */
export function ResendConfirmationForm({ onEdit }: { onEdit?: () => void }) {
  const { t } = useTranslation()
  const resend = useResendConfirmation()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResendValues>({
    resolver: yupResolver(resendSchema),
    defaultValues: { email: '' },
  })

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit((values) => resend.mutate(values))(event)}
      className="flex flex-col gap-3"
      aria-labelledby="resend-title"
    >
      <h2 id="resend-title" className="text-lg font-semibold text-slate-900">
        {t('auth.confirmation.resend.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('auth.confirmation.resend.description')}</p>
      <TextField
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email', { onChange: onEdit })}
      />
      <Button type="submit" pending={resend.isPending} className="self-start">
        {t('auth.confirmation.resend.submit')}
      </Button>
      <p role="status" className="text-sm text-slate-700">
        {resend.data && answerText(resend.data)}
      </p>
    </form>
  )
}
