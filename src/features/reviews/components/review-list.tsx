import type { Review } from '@contract/index'
import { RATING_MAX } from '@contract/rules'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { useEducatorReviews } from '../api/get-educator-reviews'
import { isValidEducatorId } from '../api/keys'
import { RatingStars } from './rating-stars'

type DatedReview = Review & { createdAt: string }

/** §2: a review without createdAt is not shown. */
const isDated = (review: Review): review is DatedReview => Boolean(review.createdAt)

/**
 * The reviews of an educator's lessons (§2). The heading and subtitle appear only when there is a
 * review to show; with none the list renders nothing (the owner card says there are no reviews).
 */
export function ReviewList({ educatorId }: { educatorId: number }) {
  const { t } = useTranslation()
  const headingId = useId()
  const reviews = useEducatorReviews(educatorId)
  if (!isValidEducatorId(educatorId)) return null
  if (reviews.isPending) {
    return (
      <p role="status" className="text-slate-600">
        {t('common.loading')}
      </p>
    )
  }
  if (reviews.isError) {
    return (
      <p role="alert" className="text-red-700">
        {t('common.errors.common')}
      </p>
    )
  }
  const shown = reviews.data.filter(isDated)
  if (shown.length === 0) return null
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <div>
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          {t('reviews.list.title')}
        </h2>
        <p className="text-slate-600">{t('reviews.list.subtitle')}</p>
      </div>
      <ul className="flex flex-col gap-4">
        {shown.map((review) => (
          <li key={review.id}>
            <ReviewItem review={review} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function ReviewItem({ review }: { review: DatedReview }) {
  const { t } = useTranslation()
  const language = useLanguage()
  return (
    <article className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h3 className="font-medium break-words text-slate-900">{review.author.name}</h3>
        <time dateTime={review.createdAt} className="text-sm text-slate-600">
          {formatDate(review.createdAt, language)}
        </time>
      </header>
      <RatingStars
        rating={review.rating}
        label={t('reviews.list.rated', { rating: review.rating, max: RATING_MAX })}
      />
      {review.lessonTitle && (
        <p className="text-sm break-words text-slate-600">{review.lessonTitle}</p>
      )}
      <p className="break-words whitespace-pre-line text-slate-800">{review.body}</p>
    </article>
  )
}
