import { removeVideoLicence as removeVideoLicenceCall } from '@contract/descriptors/admin'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { serverMessage } from '@/shared/api/errors'
import { request } from '@/shared/api/request'
import { refreshUsersAndPool, updateUserRows } from './update-user-rows'

/** DELETE /admin/users/:id/video-licence: the educator's licence returns to the pool. */
export const removeVideoLicence = (userId: number) =>
  request(removeVideoLicenceCall, { params: { id: userId } })

export const useRemoveVideoLicence = () => {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: removeVideoLicence,
    onSuccess: (user) => {
      updateUserRows(queryClient, user.id, () => user)
      toast.success(t('admin.licence.removed', { name: user.name }))
    },
    onError: (error) => {
      toast.error(serverMessage(error, t('admin.licence.removeFailed')))
    },
    onSettled: () => refreshUsersAndPool(queryClient),
  })
}
