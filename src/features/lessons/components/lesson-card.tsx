import type { Lesson } from '@contract/index'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { categoryTitle, formatPrice } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { LessonCover } from './lesson-cover'

/** A lesson in a catalogue: 200 to 336 px wide, linking to its page (§2). */
export function LessonCard({
  lesson,
  headingLevel = 2,
}: {
  lesson: Lesson
  /** The card title's level under the page's own headings (h2 under an h1, h3 under an h2). */
  headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const { t } = useTranslation()
  const language = useLanguage()
  return (
    <Link
      to={paths.lesson.detail.href(lesson.id)}
      className="flex w-full max-w-[336px] min-w-[200px] flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <LessonCover
        imageUrl={lesson.imageUrl}
        lazy
        className="aspect-video w-full bg-brand-50 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <span className="self-start rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
          {categoryTitle(lesson.category, language)}
        </span>
        <Heading className="line-clamp-2 font-semibold text-slate-900">{lesson.title}</Heading>
        <p className="text-sm text-slate-700">
          {t('lessons.card.perHour', { price: formatPrice(lesson.price_in_cents, language) })}
        </p>
        <p className="mt-auto text-xs text-slate-600">
          {t('lessons.card.availableSessions', { count: lesson.availableSessions })}
        </p>
      </div>
    </Link>
  )
}
