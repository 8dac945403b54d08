import { setNewPassword as setNewPasswordCall } from '@contract/descriptors/auth'
import type { SetNewPasswordBody } from '@contract/index'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { toast } from 'react-toastify'
import { answerText } from '@/shared/api/answer-text'
import { serverMessage } from '@/shared/api/errors'
import { request } from '@/shared/api/request'
import { paths } from '@/shared/config/paths'

export const setNewPassword = (body: SetNewPasswordBody) => request(setNewPasswordCall, { body })

/**
 * §4 set new password: success shows a toast with the server's message and goes to
 * reset-confirm/password; a failure says why and goes to reset-error/password. Both replace the
 * history entry: the reset link's token is single-use, so going back to it could only fail.
 */
export const useSetNewPassword = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: setNewPassword,
    onSuccess: (answer) => {
      toast.success(answer.message ? answerText(answer) : t('auth.resetPassword.success'))
      void navigate(paths.auth.resetConfirm.href('password'), { replace: true })
    },
    onError: (error) => {
      toast.error(serverMessage(error, t('auth.resetError.failed')))
      void navigate(paths.auth.resetError.href('password'), { replace: true })
    },
  })
}
