import type { ConfirmBody, MessageBody } from '@contract/index'
import { useMutation } from '@tanstack/react-query'
import { api } from '@/shared/api/client'

/** §7: POST /auth/confirm with the single-use token from the e-mail. */
export const confirmEmail = async (body: ConfirmBody) => {
  const { data } = await api.post<MessageBody>('/auth/confirm', body)
  return data
}

/** The confirmation screen shows the outcome and redirects; see EmailConfirmation. */
export const useConfirmEmail = () => useMutation({ mutationFn: confirmEmail })
