import { reassignOwnVideoLicence } from '@contract/descriptors/user'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { serverMessage } from '@/shared/api/errors'
import { request } from '@/shared/api/request'
import { currentUserKeys } from '@/shared/auth/current-user'

/** POST /user/reassign_video_licence: a fresh licence for the calling educator; no payload (§7). */
export const reassignVideoLicence = () => request(reassignOwnVideoLicence)

/**
 * §4: refreshes the current user; §8: success says 'User updated' (as a profile update does), a
 * failure shows the server's message (e.g. no free licence) or 'Video licence reassignment failed'.
 */
export const useReassignVideoLicence = () => {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: reassignVideoLicence,
    onSuccess: async (user) => {
      queryClient.setQueryData(currentUserKeys.me(), user)
      await queryClient.invalidateQueries({ queryKey: currentUserKeys.me() })
      toast.success(t('profile.form.success'))
    },
    onError: (error) => {
      toast.error(serverMessage(error, t('profile.licence.failed')))
    },
  })
}
