import type { Review } from '@contract/index'
import { RATING_MAX } from '@contract/rules'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/shared/ui/button'
import { ReviewDialog, type ReviewedLesson } from './review-dialog'
import { RatingStars } from './rating-stars'

type HistoryReviewProps = {
  lesson: ReviewedLesson
  /** The student's review of the lesson, null while it is to review. */
  review: Review | null
  /** Refreshes the history once a review is stored. */
  onReviewed?: () => unknown
  /** Open the review dialog as the entry shows (the e-mail asking for a review links here). */
  openAtOnce?: boolean
  /** Told once the dialog has opened that way. */
  onOpenedAtOnce?: () => void
}

/**
 * One history entry's review (§2, §4): the student's rating and text once reviewed; until then a
 * button opening the review dialog. When the review just written replaces the button, focus moves
 * to it rather than being lost with the button.
 */
export function HistoryReview({
  lesson,
  review,
  onReviewed,
  openAtOnce = false,
  onOpenedAtOnce,
}: HistoryReviewProps) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(openAtOnce && review === null)
  useEffect(() => {
    if (openAtOnce) onOpenedAtOnce?.()
  }, [openAtOnce, onOpenedAtOnce])
  const [written, setWritten] = useState(false)
  const reviewRef = useRef<HTMLDivElement>(null)
  const reviewId = review?.id
  useEffect(() => {
    if (written && reviewId !== undefined) reviewRef.current?.focus()
  }, [written, reviewId])

  if (review) {
    return (
      <div
        ref={reviewRef}
        tabIndex={written ? -1 : undefined}
        className="flex flex-col gap-1 rounded-md bg-slate-50 p-3 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <p className="text-sm font-medium text-slate-800">{t('reviews.history.yours')}</p>
        <RatingStars
          rating={review.rating}
          label={t('reviews.list.rated', { rating: review.rating, max: RATING_MAX })}
        />
        <p className="break-words whitespace-pre-line text-slate-800">{review.body}</p>
      </div>
    )
  }

  return (
    <>
      <Button
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={t('reviews.write.openNamed', { title: lesson.title })}
      >
        {t('reviews.write.open')}
      </Button>
      <ReviewDialog
        open={open}
        onClose={() => setOpen(false)}
        lesson={lesson}
        onReviewed={() => {
          setWritten(true)
          return onReviewed?.()
        }}
      />
    </>
  )
}
