import { updateProfile as updateProfileCall } from '@contract/descriptors/user'
import type { CurrentUser, UpdateProfileBody } from '@contract/index'
import { isNewAddress } from '@contract/rules'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { serverMessage } from '@/shared/api/errors'
import { request } from '@/shared/api/request'
import { currentUserKeys } from '@/shared/auth/current-user'
import type { AppLanguage } from '@/shared/i18n/languages'

/**
 * PATCH /user/update_profile (§7): name, email, description (educators) or password. The
 * password and a new e-mail address need `currentPassword`; a new address stays pending until
 * it is confirmed from its mailbox.
 */
export const updateProfile = (body: UpdateProfileBody) => request(updateProfileCall, { body })

type SuccessText = (t: TFunction, user: CurrentUser, body: UpdateProfileBody) => string

/** Whether the user as others see them changed: their name, or an educator's bio. */
const shownDifferently = (before: CurrentUser | null | undefined, after: CurrentUser) =>
  !before || before.name !== after.name || before.description !== after.description

/**
 * Both uses of the call refresh the current user (§4) and say so (§8); the caller shows the
 * failure where it belongs (a field, a toast or the dialog). The success side effects live on the
 * mutation, not on `mutate`, so they still run when the caller has gone (a dialog closed early).
 * A new name or bio is shown wherever the user is (an educator on their lessons and reviews, a
 * student as a review's author, in every feature): then every query is asked again, as logging
 * out forgets them all.
 */
const useProfileMutation = (successText: SuccessText) => {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (user, body) => {
      const before = queryClient.getQueryData<CurrentUser | null>(currentUserKeys.me())
      queryClient.setQueryData(currentUserKeys.me(), user)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserKeys.me() }),
        shownDifferently(before, user) &&
          queryClient.invalidateQueries({
            predicate: (query) => query.queryKey[0] !== currentUserKeys.all[0],
          }),
      ])
      toast.success(successText(t, user, body))
    },
  })
}

/**
 * Name, email and the educator's bio: 'User updated', or, when the form asked for a new address,
 * that a confirmation link went there.
 */
export const useUpdateProfile = () =>
  useProfileMutation((t, user, body) =>
    user.pendingEmail !== null &&
    body.email !== undefined &&
    !isNewAddress(user.pendingEmail, body.email)
      ? t('profile.form.emailPending', { email: user.pendingEmail })
      : t('profile.form.success'),
  )

/**
 * The language a signed-in user chose, kept on the account, so their next sign-in (in any
 * browser) and their e-mails use it. Silent when it works: the interface has changed already.
 */
export const useSaveLanguage = () => {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: (language: AppLanguage) => updateProfile({ language }),
    onSuccess: (user) => queryClient.setQueryData(currentUserKeys.me(), user),
    onError: (error) => toast.error(serverMessage(error, t('profile.language.saveFailed'))),
  })
}

/** The change-password dialog: success toast 'Password changed'. */
export const useChangePassword = () => useProfileMutation((t) => t('profile.password.success'))
