import type { AddLicenceBody } from '@contract/index'
import { addVideoLicence as addVideoLicenceCall } from '@contract/descriptors/admin'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { request } from '@/shared/api/request'
import { adminKeys } from './keys'

/** POST /admin/video-licences: a new video-conference account joins the pool, free. */
export const addVideoLicence = (body: AddLicenceBody) => request(addVideoLicenceCall, { body })

/** The form shows a failure next to its fields; success is a toast and a fresh pool. */
export const useAddVideoLicence = () => {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: addVideoLicence,
    onSuccess: (licence) => {
      toast.success(t('admin.pool.added', { account: licence.accountEmail }))
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.licences() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.overview() }),
      ])
    },
  })
}
