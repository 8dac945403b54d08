import type { CatalogueLesson } from '@contract/index'
import { hasFewSeats } from '@contract/landing-rules'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { categoryTitle, formatDate, formatRating, formatTimeRange } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { CATALOGUE_CARD_WIDTH_CLASS } from './catalogue-grid'
import { EducatorAvatar } from './educator-avatar'
import { LessonCover } from './lesson-cover'
import { LessonPrice } from './lesson-price'

/**
 * A lesson in a catalogue: 200 to 336 px wide, linking to its page (§2). It tells at a glance
 * who teaches, how the educator is rated, when the next session is (in the viewer's zone, named)
 * and what it costs. The title is the link; the rest describes it.
 */
export function LessonCard({
  lesson,
  headingLevel = 2,
  first = false,
}: {
  lesson: CatalogueLesson
  /** The card title's level under the page's own headings (h2 under an h1, h3 under an h2). */
  headingLevel?: 2 | 3
  /** The catalogue's first card: its cover is the page's largest paint, fetched first. */
  first?: boolean
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const { t } = useTranslation()
  const language = useLanguage()
  const detailsId = useId()
  const next = lesson.nextSession
  return (
    <article
      className={`relative flex ${CATALOGUE_CARD_WIDTH_CLASS} flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-500`}
    >
      <LessonCover
        imageUrl={lesson.imageUrl}
        lazy={!first}
        priority={first}
        className="aspect-video w-full bg-brand-50 object-cover"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
        <span className="self-start rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
          {categoryTitle(lesson.category, language)}
        </span>
        <Heading className="line-clamp-2 font-semibold break-words text-slate-900">
          {/* The whole card is clickable through the link's ::after, yet the link's name stays
              the visible title (WCAG 2.5.3, label in name). */}
          <Link
            to={paths.lesson.detail.href(lesson.id)}
            aria-describedby={detailsId}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {lesson.title}
          </Link>
        </Heading>
        <div id={detailsId} className="flex flex-1 flex-col gap-2">
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <span className="flex min-w-0 items-center gap-2">
              <EducatorAvatar name={lesson.owner.name} />
              <span className="truncate text-slate-800">
                <span className="sr-only">{t('lessons.card.taughtBy')}</span> {lesson.owner.name}
              </span>
            </span>
            {/* Read aloud, the name and the rating are two phrases, not one run-on word. */}{' '}
            <EducatorRating rating={lesson.rating} />
          </div>
          <p className="text-sm text-slate-700">
            {next ? (
              <time dateTime={next.start_time}>
                {t('lessons.card.nextSession', {
                  date: formatDate(next.start_time, language),
                  time: formatTimeRange(next.start_time, next.end_time, language),
                })}
              </time>
            ) : (
              t('lessons.card.noOpenSession')
            )}
          </p>
          {next && hasFewSeats(next.availableSlots) && (
            <p className="self-start rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
              {t('lessons.card.seatsLeft', { count: next.availableSlots })}
            </p>
          )}
          {/* The same two rows on every card, free or paid, short price or long: the cards of
              a row end alike. */}
          <div className="mt-auto flex flex-col gap-0.5 pt-1">
            <p className="font-semibold text-slate-900">
              <LessonPrice cents={lesson.price_in_cents} />
            </p>
            <p className="text-xs text-slate-600">
              {t('lessons.card.availableSessions', { count: lesson.availableSessions })}
            </p>
          </div>
        </div>
      </div>
    </article>
  )
}

/** "★ 4.8 (12)", read out as "Rated 4.8 out of 5 from 12 reviews"; "New" before any review. */
function EducatorRating({ rating }: { rating: CatalogueLesson['rating'] }) {
  const { t } = useTranslation()
  const language = useLanguage()
  if (rating.average === null) {
    return (
      <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
        <span aria-hidden="true">{t('lessons.card.new')}</span>
        <span className="sr-only">{t('lessons.card.newLabel')}</span>
      </span>
    )
  }
  const average = formatRating(rating.average, language)
  return (
    <span className="whitespace-nowrap text-slate-800">
      <span aria-hidden="true">
        <span className="text-amber-600">★</span> {average} ({rating.count})
      </span>
      <span className="sr-only">
        {t('lessons.card.ratingLabel', { average, count: rating.count })}
      </span>
    </span>
  )
}
