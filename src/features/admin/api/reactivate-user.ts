import { reactivateUser as reactivateUserCall } from '@contract/descriptors/admin'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { apiMessages, toApiError } from '@/shared/api/errors'
import { request } from '@/shared/api/request'
import { adminKeys } from './keys'
import { updateUserRows } from './update-user-rows'

/** POST /admin/users/:id/reactivate: gives a deactivated educator their account back. */
export const reactivateUser = (userId: number) =>
  request(reactivateUserCall, { params: { id: userId } })

/**
 * The row shows the answer once the server made it (the educator's lessons return to the
 * catalogue then); a refusal the admin can act on is named in the toast. The list and the
 * overview are then asked again.
 */
export const useReactivateUser = () => {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: reactivateUser,
    onSuccess: (user) => {
      updateUserRows(queryClient, user.id, () => user)
      toast.success(t('admin.users.reactivate.done', { name: user.name }))
    },
    onError: (error) => {
      const { status } = toApiError(error)
      const reason = status >= 400 && status < 500 ? apiMessages(error)[0] : undefined
      const failed = t('admin.users.reactivate.failed')
      toast.error(reason ? t('admin.users.approve.failedBecause', { failed, reason }) : failed)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  })
}
