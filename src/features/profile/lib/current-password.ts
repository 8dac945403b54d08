import { REAUTH_WINDOW_MS } from '@contract/rules'
import type { TFunction } from 'i18next'
import { toApiError } from '@/shared/api/errors'
import { errorKeys } from '@/shared/lib/validation'

/**
 * The translated error a refused change puts on its current-password field, or null when the
 * refusal is about something else (a taken e-mail, a bad name): 403 the password is wrong, 429
 * too many wrong ones (the limit holds for at most its window), 400 naming the field it missed.
 */
export const currentPasswordError = (error: unknown, t: TFunction): string | null => {
  const { status, messages } = toApiError(error)
  if (status === 403) return t('profile.currentPassword.wrong')
  if (status === 429) {
    return t('profile.currentPassword.tooMany', { minutes: REAUTH_WINDOW_MS / 60_000 })
  }
  if (status === 400 && messages.some((message) => message.startsWith('currentPassword'))) {
    return t(errorKeys.required)
  }
  return null
}
