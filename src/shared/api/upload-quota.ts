import { quotaText } from '@contract/rules'
import { toApiError } from './errors'

/**
 * The storage quota an upload's refusal names (as "1 GB"), when the uploader's quota refused it
 * (413 with `storageQuotaMb`, contract/common.ts); null for any other failure.
 */
export const uploadQuotaRefusal = (error: unknown): string | null => {
  const apiError = toApiError(error)
  const quotaMb = apiError.body.storageQuotaMb
  return apiError.status === 413 && typeof quotaMb === 'number' ? quotaText(quotaMb) : null
}
