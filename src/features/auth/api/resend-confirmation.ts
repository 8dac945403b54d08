import type { EmailBody, MessageBody } from '@contract/index'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { api } from '@/shared/api/client'
import { errorMessage } from '@/shared/api/errors'

/** POST /auth/resend-confirmation: the server answers the same whether or not the address exists. */
export const resendConfirmation = async (body: EmailBody) => {
  const { data } = await api.post<MessageBody>('/auth/resend-confirmation', body)
  return data
}

/** Toasts the server's answer, or the §8 generic error text on failure. */
export const useResendConfirmation = () => {
  const { t } = useTranslation()
  return useMutation({
    mutationFn: resendConfirmation,
    onSuccess: ({ message }) => {
      toast.success(message)
    },
    onError: (error) => {
      toast.error(errorMessage(error, t('auth.confirmation.resend.failed')))
    },
  })
}
