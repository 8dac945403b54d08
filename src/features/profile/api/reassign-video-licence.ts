import { reassignOwnVideoLicence } from '@contract/descriptors/user'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { serverMessage, toApiError } from '@/shared/api/errors'
import { request } from '@/shared/api/request'
import { currentUserKeys, currentUserQueryOptions } from '@/shared/auth/current-user'

/**
 * POST /user/reassign_video_licence: exchanges the calling educator's licence for another free
 * one; no payload (§7). An educator without a licence is refused (409): only an admin lends one.
 */
export const reassignVideoLicence = () => request(reassignOwnVideoLicence)

/**
 * §4: refreshes the current user; §8: success says 'User updated' (as a profile update does), a
 * failure shows the server's message (e.g. no free licence) or 'Video licence reassignment failed'.
 * A conflict may mean the page is out of date (an admin took the licence back since it was
 * read): the account is read again, so the panel shows what is true now, and when the licence
 * is gone the toast says so in the reader's language.
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
    onError: async (error) => {
      const fresh =
        toApiError(error).status === 409
          ? await queryClient
              .fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 })
              .catch(() => undefined)
          : undefined
      toast.error(
        fresh && !fresh.videoLicence
          ? t('profile.licence.withdrawn')
          : serverMessage(error, t('profile.licence.failed')),
      )
    },
  })
}
