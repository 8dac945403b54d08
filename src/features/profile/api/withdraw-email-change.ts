import { withdrawEmailChange as withdrawEmailChangeCall } from '@contract/descriptors/user'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { serverMessage } from '@/shared/api/errors'
import { request } from '@/shared/api/request'
import { currentUserKeys } from '@/shared/auth/current-user'

/**
 * DELETE /user/pending_email: withdraws the new address the user asked for; the link sent to it
 * stops working and the address in use stays.
 */
export const withdrawEmailChange = () => request(withdrawEmailChangeCall)

/** Refreshes the current user (the pending notice goes) and says so, or why it failed. */
export const useWithdrawEmailChange = () => {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: withdrawEmailChange,
    onSuccess: async (user) => {
      queryClient.setQueryData(currentUserKeys.me(), user)
      await queryClient.invalidateQueries({ queryKey: currentUserKeys.me() })
      toast.success(t('profile.form.emailChangeWithdrawn', { email: user.email }))
    },
    onError: (error) => toast.error(serverMessage(error, t('profile.form.withdrawFailed'))),
  })
}
