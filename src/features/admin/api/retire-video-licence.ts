import { retireVideoLicence as retireVideoLicenceCall } from '@contract/descriptors/admin'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { serverMessage } from '@/shared/api/errors'
import { request } from '@/shared/api/request'
import { adminKeys } from './keys'

/** DELETE /admin/video-licences/:id: a free licence leaves the pool for good. */
export const retireVideoLicence = (licenceId: number) =>
  request(retireVideoLicenceCall, { params: { id: licenceId } })

export const useRetireVideoLicence = () => {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: retireVideoLicence,
    onSuccess: () => {
      toast.success(t('admin.pool.retired'))
    },
    onError: (error) => {
      toast.error(serverMessage(error, t('admin.pool.retireFailed')))
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.licences() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.overview() }),
      ]),
  })
}
