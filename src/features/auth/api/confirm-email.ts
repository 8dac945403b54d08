import { confirm } from '@contract/descriptors/auth'
import type { ConfirmBody } from '@contract/index'
import { useMutation } from '@tanstack/react-query'
import { request } from '@/shared/api/request'

/** POST /auth/confirm with the single-use token from the e-mail. */
export const confirmEmail = (body: ConfirmBody) => request(confirm, { body })

/** The confirmation screen shows the outcome and redirects; see EmailConfirmation. */
export const useConfirmEmail = () => useMutation({ mutationFn: confirmEmail })
