import { login as loginCall } from '@contract/descriptors/auth'
import type { LoginBody } from '@contract/index'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { request } from '@/shared/api/request'
import { announceLogin } from '@/shared/lib/auth-events'
import { currentUserKeys } from '@/shared/auth/current-user'

export const login = (body: LoginBody) => request(loginCall, { body })

/**
 * §4: success refreshes the user, shows the success toast and announces the login event. The
 * caller keeps the form and shows the error on failure. The toast is in the account's language,
 * which the screens switch to as it signs in, not the login page's.
 */
export const useLogin = () => {
  const queryClient = useQueryClient()
  const { t, i18n } = useTranslation()
  return useMutation({
    mutationFn: login,
    onSuccess: async (user) => {
      queryClient.setQueryData(currentUserKeys.me(), user)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserKeys.me() }),
        i18n.loadLanguages(user.language),
      ])
      toast.success(t('auth.login.success', { lng: user.language }))
      announceLogin()
    },
  })
}
