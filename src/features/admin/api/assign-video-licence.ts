import { assignVideoLicence as assignVideoLicenceCall } from '@contract/descriptors/admin'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { serverMessage } from '@/shared/api/errors'
import { request } from '@/shared/api/request'
import { refreshUsersAndPool, updateUserRows } from './update-user-rows'

export interface AssignLicence {
  userId: number
  /** A free licence of the pool; the first free one when omitted. */
  licenceId?: number | undefined
}

/**
 * POST /admin/users/:id/video-licence: lends a free licence to an educator; one it already holds
 * returns to the pool (a reassignment).
 */
export const assignVideoLicence = ({ userId, licenceId }: AssignLicence) =>
  request(assignVideoLicenceCall, {
    params: { id: userId },
    body: licenceId === undefined ? {} : { licenceId },
  })

/** Updates the educator's row and the pool; the server's message (e.g. none free) is the toast. */
export const useAssignVideoLicence = () => {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: assignVideoLicence,
    onSuccess: (user) => {
      updateUserRows(queryClient, user.id, () => user)
      toast.success(t('admin.licence.assigned', { name: user.name }))
    },
    onError: (error) => {
      toast.error(serverMessage(error, t('admin.licence.assignFailed')))
    },
    onSettled: () => refreshUsersAndPool(queryClient),
  })
}
