import { logout as logoutCall } from '@contract/descriptors/auth'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { request } from '@/shared/api/request'
import { announceLogout } from '@/shared/lib/auth-events'
import { clearLocalStorageKeepingLanguage } from '@/shared/lib/storage'
import { currentUserKeys } from '@/shared/auth/current-user'

export const logout = async () => {
  await request(logoutCall)
}

/**
 * §4: logout clears the user and local storage, announces the logout event and shows the success
 * toast even when the call fails (the user asked to leave; a stale cookie expires on its own).
 */
export const useLogout = () => {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: logout,
    onError: (error) => console.warn('User logout failed', error),
    onSettled: () => {
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== currentUserKeys.all[0],
      })
      queryClient.setQueryData(currentUserKeys.me(), null)
      clearLocalStorageKeepingLanguage()
      announceLogout()
      toast.success(t('auth.logout.success'))
    },
  })
}
