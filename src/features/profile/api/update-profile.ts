import { updateProfile as updateProfileCall } from '@contract/descriptors/user'
import type { UpdateProfileBody } from '@contract/index'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { request } from '@/shared/api/request'
import { currentUserKeys } from '@/shared/auth/current-user'

/** PATCH /user/update_profile: name, email, description (educators) or password (§7). */
export const updateProfile = (body: UpdateProfileBody) => request(updateProfileCall, { body })

/**
 * Both uses of the call refresh the current user (§4) and say so (§8); the caller shows the
 * failure where it belongs (a field, a toast or the dialog). The success side effects live on the
 * mutation, not on `mutate`, so they still run when the caller has gone (a dialog closed early).
 */
const useProfileMutation = (successKey: string) => {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (user) => {
      queryClient.setQueryData(currentUserKeys.me(), user)
      await queryClient.invalidateQueries({ queryKey: currentUserKeys.me() })
      toast.success(t(successKey))
    },
  })
}

/** Name, email and the educator's bio: success toast 'User updated'. */
export const useUpdateProfile = () => useProfileMutation('profile.form.success')

/** The change-password dialog: success toast 'Password changed'. */
export const useChangePassword = () => useProfileMutation('profile.password.success')
