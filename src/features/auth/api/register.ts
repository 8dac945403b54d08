import { register as registerCall } from '@contract/descriptors/auth'
import type { RegisterBody } from '@contract/index'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { request } from '@/shared/api/request'

/** §7: success is status 201; any other answer is a failure ('Registration failed'). */
export const register = (body: RegisterBody) =>
  request(registerCall, { body }, { validateStatus: (status) => status === 201 })

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
