import type { MessageBody, RegisterBody } from '@contract/index'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { api } from '@/shared/api/client'
import { ApiError } from '@/shared/api/errors'

/** §7: success is status 201; any other answer is a failure ('Registration failed'). */
export const register = async (body: RegisterBody) => {
  const response = await api.post<MessageBody>('/auth/register', body)
  if (response.status !== 201) throw new ApiError(response.status, response.statusText, [])
  return response.data
}

/**
 * §4: 201 shows the success toast. The form resets itself, goes to the done screen and places a
 * failure on its fields or in a toast (§8), since only it knows its fields.
 */
export const useRegister = () => {
  const { t } = useTranslation()
  return useMutation({
    mutationFn: register,
    onSuccess: () => {
      toast.success(t('auth.register.success'))
    },
  })
}
