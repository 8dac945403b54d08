import { createReview as createReviewCall } from '@contract/descriptors/reviews'
import type { ReviewBody } from '@contract/index'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'react-toastify'
import { apiMessages } from '@/shared/api/errors'
import { request } from '@/shared/api/request'
import type { Audience } from '@/shared/auth/current-user'
import { reviewKeys } from './keys'

/** POST /reviews: the calling student's review of a lesson it attended (§7). */
export const createReview = (body: ReviewBody) => request(createReviewCall, { body })

const AUDIENCES: readonly Audience[] = ['guest', 'user']

type CreateReviewOptions = {
  /** The educator whose lesson is reviewed: its reviews and average change. */
  educatorId: number
  /** Refreshes what the caller shows of the lesson's review state (the student's history). */
  onReviewed?: () => unknown
}

/**
 * Writes the review; on success a toast, the educator's reviews and average (as guests and as
 * signed-in users read them) and the caller's own view are fetched again. On failure §8's
 * 'Review addition failed' toast, with the server's reason.
 */
export const useCreateReview = ({ educatorId, onReviewed }: CreateReviewOptions) => {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: createReview,
    // Not awaited: the dialog closes at once and the lists follow when they arrive.
    onSuccess: () => {
      toast.success(t('reviews.write.added'))
      for (const audience of AUDIENCES) {
        void queryClient.invalidateQueries({ queryKey: reviewKeys.educator(audience, educatorId) })
        void queryClient.invalidateQueries({
          queryKey: reviewKeys.averageScore(audience, educatorId),
        })
      }
      void onReviewed?.()
    },
    onError: (error) => {
      const reason = apiMessages(error)[0]
      toast.error(reason ? t('reviews.write.failedBecause', { reason }) : t('reviews.write.failed'))
    },
  })
}
