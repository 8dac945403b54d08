import { passwordResetEmail as passwordResetEmailCall } from '@contract/descriptors/auth'
import type { EmailBody } from '@contract/index'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { toast } from 'react-toastify'
import { answerText } from '@/shared/api/answer-text'
import { serverMessage } from '@/shared/api/errors'
import { request } from '@/shared/api/request'
import { paths } from '@/shared/config/paths'

export const passwordResetEmail = (body: EmailBody) => request(passwordResetEmailCall, { body })

/**
 * §4 forgot password: success shows the server's message and goes to reset-confirm/email; a
 * failure shows an error toast (the server's message, else §8's 'error while resetting password')
 * and goes to reset-error/email.
 */
export const usePasswordResetEmail = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: passwordResetEmail,
    onSuccess: (answer) => {
      toast.success(answer.message ? answerText(answer) : t('auth.forgotPassword.success'))
      void navigate(paths.auth.resetConfirm.href('email'))
    },
    onError: (error) => {
      toast.error(serverMessage(error, t('auth.resetError.failed')))
      void navigate(paths.auth.resetError.href('email'))
    },
  })
}
