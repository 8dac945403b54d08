import { resendConfirmation as resendConfirmationCall } from '@contract/descriptors/auth'
import type { EmailBody } from '@contract/index'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { answerText } from '@/shared/api/answer-text'
import { errorMessage } from '@/shared/api/errors'
import { request } from '@/shared/api/request'

/** POST /auth/resend-confirmation: the server answers the same whether or not the address exists. */
export const resendConfirmation = (body: EmailBody) => request(resendConfirmationCall, { body })

/** Toasts the server's answer, or the §8 generic error text on failure. */
export const useResendConfirmation = () => {
  const { t } = useTranslation()
  return useMutation({
    mutationFn: resendConfirmation,
    onSuccess: (answer) => {
      toast.success(answerText(answer))
    },
    onError: (error) => {
      toast.error(errorMessage(error, t('auth.confirmation.resend.failed')))
    },
  })
}
