import { confirm } from '@contract/descriptors/auth'
import type { ConfirmBody } from '@contract/index'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toApiError } from '@/shared/api/errors'
import { request } from '@/shared/api/request'
import { currentUserKeys } from '@/shared/auth/current-user'

/** POST /auth/confirm with the single-use token from the e-mail. */
export const confirmEmail = (body: ConfirmBody) => request(confirm, { body })

/**
 * The confirmation screen shows the outcome and redirects; see EmailConfirmation. A confirmed new
 * address may be the signed-in user's (the settings' address and its pending one change), and a
 * 409 dropped the pending one: either way the current user is asked again at once, though this
 * screen does not show it, so the next screen (the settings' form) starts from the new address.
 */
export const useConfirmEmail = () => {
  const queryClient = useQueryClient()
  const refreshUser = () =>
    queryClient.invalidateQueries({ queryKey: currentUserKeys.me(), refetchType: 'all' })
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: refreshUser,
    onError: (error) => (toApiError(error).status === 409 ? refreshUser() : undefined),
  })
}
