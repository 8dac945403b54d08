import type { Owner } from '@contract/index'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { formatRating } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { useAverageScore } from '../api/get-average-score'
import { isValidEducatorId } from '../api/keys'

type OwnerCardProps = {
  owner: Owner
  /** Educators see a 0.0 average; everyone else reads the no-reviews message (§2). */
  viewerIsEducator: boolean
}

/** The lesson owner's public face (§2): name, description and average rating. */
export function OwnerCard({ owner, viewerIsEducator }: OwnerCardProps) {
  const { t } = useTranslation()
  const headingId = useId()
  const description = owner.description?.trim() ? owner.description : null
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {t('reviews.owner.title')}
      </h2>
      <p className="font-medium break-words text-slate-900">{owner.name}</p>
      {description ? (
        // A long bio scrolls inside its 300 px area (§9), reachable by keyboard.
        <div
          role="region"
          aria-label={t('reviews.owner.descriptionLabel')}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
          tabIndex={0}
          className="max-h-bio overflow-y-auto rounded break-words whitespace-pre-line text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {description}
        </div>
      ) : (
        <p className="text-slate-600">{t('reviews.owner.noDescription')}</p>
      )}
      {isValidEducatorId(owner.id) ? (
        <AverageRating educatorId={owner.id} viewerIsEducator={viewerIsEducator} />
      ) : (
        <p role="alert" className="text-red-700">
          {t('reviews.owner.noOwnerId')}
        </p>
      )}
    </section>
  )
}

function AverageRating({
  educatorId,
  viewerIsEducator,
}: {
  educatorId: number
  viewerIsEducator: boolean
}) {
  const { t } = useTranslation()
  const language = useLanguage()
  const score = useAverageScore(educatorId)
  if (score.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600">
        {t('common.loading')}
      </p>
    )
  }
  if (score.isError) {
    return (
      <p role="alert" className="text-red-700">
        {t('common.errors.common')}
      </p>
    )
  }
  const { average, count } = score.data
  if (average <= 0 && !viewerIsEducator) {
    return <p className="text-slate-600">{t('reviews.rating.none')}</p>
  }
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-slate-700">
      <span className="text-sm">{t('reviews.rating.label')}</span>
      <span aria-hidden="true" className="text-amber-500">
        ★
      </span>
      <span className="text-2xl font-semibold text-slate-900">
        {formatRating(average, language)}
      </span>
      <span className="text-sm text-slate-600">{t('reviews.rating.count', { count })}</span>
    </p>
  )
}
