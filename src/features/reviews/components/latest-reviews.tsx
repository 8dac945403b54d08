import type { Review } from '@contract/index'
import { RATING_MAX } from '@contract/rules'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { formatDate } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { LoadError } from '@/shared/ui/load-error'
import { Loading } from '@/shared/ui/loading'
import { useEducatorReviews } from '../api/get-educator-reviews'
import { RatingStars } from './rating-stars'

/** How many of the newest reviews the educator's dashboard shows. */
export const LATEST_REVIEWS_SHOWN = 5

type DatedReview = Review & { createdAt: string }

/** §2: a review without createdAt is not shown. */
const isDated = (review: Review): review is DatedReview => Boolean(review.createdAt)

/**
 * The newest reviews of the educator's lessons (§2 educator dashboard): lesson, rating, author
 * and date of each, newest first, or a message while there is none.
 */
export function LatestReviews({ educatorId }: { educatorId: number }) {
  const { t } = useTranslation()
  const headingId = useId()
  const reviews = useEducatorReviews(educatorId)

  let content
  if (reviews.isPending) content = <Loading />
  // A failed background refetch keeps what is shown (the query cache reports it).
  else if (!reviews.data) {
    content = (
      <LoadError onRetry={() => void reviews.refetch()}>
        {t('dashboard.educator.reviews.loadFailed')}
      </LoadError>
    )
  } else {
    const latest = reviews.data
      .filter(isDated)
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
      .slice(0, LATEST_REVIEWS_SHOWN)
    content =
      latest.length === 0 ? (
        <p className="text-slate-700">{t('dashboard.educator.reviews.empty')}</p>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-col gap-3">
          {latest.map((review) => (
            <li key={review.id}>
              <LatestReview review={review} />
            </li>
          ))}
        </ul>
      )
  }

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {t('dashboard.educator.reviews.title')}
      </h2>
      {content}
    </section>
  )
}

function LatestReview({ review }: { review: DatedReview }) {
  const { t } = useTranslation()
  const language = useLanguage()
  return (
    <article className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <Link
        to={paths.lesson.detail.href(review.lessonId)}
        className="font-medium break-words text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {review.lessonTitle}
      </Link>
      <RatingStars
        rating={review.rating}
        label={t('dashboard.educator.reviews.rated', {
          rating: review.rating,
          max: RATING_MAX,
        })}
      />
      <p className="flex flex-wrap gap-x-3 text-sm text-slate-700">
        <span className="break-words">
          {t('dashboard.educator.reviews.byline', { author: review.author.name })}
        </span>
        <time dateTime={review.createdAt}>{formatDate(review.createdAt, language)}</time>
      </p>
      <p className="break-words whitespace-pre-line text-slate-800">{review.body}</p>
    </article>
  )
}
