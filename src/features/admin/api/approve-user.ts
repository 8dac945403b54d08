import { approveUser as approveUserCall } from '@contract/descriptors/admin'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { apiMessages, toApiError } from '@/shared/api/errors'
import { request } from '@/shared/api/request'
import { adminKeys } from './keys'
import { updateUserRows } from './update-user-rows'

/** POST /admin/users/:id/approve: verifies an educator account. */
export const approveUser = (userId: number) => request(approveUserCall, { params: { id: userId } })

/**
 * The row shows the educator approved at once; on failure it is rolled back and §8's 'User
 * verification failed' toast appears. Either way the list is then refetched from the server.
 */
export const useApproveUser = () => {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: approveUser,
    onMutate: async (userId) => {
      await queryClient.cancelQueries({ queryKey: adminKeys.users() })
      const snapshot = queryClient.getQueriesData({ queryKey: adminKeys.users() })
      updateUserRows(queryClient, userId, (user) => ({ ...user, isValidated: true }))
      return { snapshot }
    },
    onError: (error, _userId, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data)
      // A refusal the admin can act on (already approved by someone else, not an educator) is
      // named; anything else is the plain §8 message.
      const { status } = toApiError(error)
      const reason = status >= 400 && status < 500 ? apiMessages(error)[0] : undefined
      const failed = t('admin.users.approve.failed')
      toast.error(reason ? t('admin.users.approve.failedBecause', { failed, reason }) : failed)
    },
    onSuccess: (user) => {
      updateUserRows(queryClient, user.id, () => user)
      toast.success(t('admin.users.approve.done', { name: user.name }))
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.overview() }),
      ]),
  })
}
