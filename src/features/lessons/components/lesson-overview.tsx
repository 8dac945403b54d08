import type { Lesson } from '@contract/index'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { categoryTitle } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { LessonCover } from './lesson-cover'
import { LESSON_PAGE_COVER_CLASS } from './lesson-page-skeleton'
import { LessonPrice } from './lesson-price'

/**
 * Long text clamped to 6 lines, shown whole on hover and on keyboard focus (§2): the block is
 * focusable and named by its heading so keyboard and screen-reader users reach it too. A text not
 * written yet (a lesson just created) shows nothing, not a heading over an empty block.
 */
function ClampedText({ title, text }: { title: string; text: string }) {
  const headingId = useId()
  if (text.trim() === '') return null
  return (
    <section className="flex min-w-0 flex-col gap-2">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div
        role="region"
        aria-labelledby={headingId}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the clamped text expands on keyboard focus (§2), so keyboard users must be able to focus it
        tabIndex={0}
        className="line-clamp-6 rounded break-words whitespace-pre-line text-slate-700 hover:line-clamp-none focus:line-clamp-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        {text}
      </div>
    </section>
  )
}

/** The head of a lesson page (§2): back link, title, category, price per hour, texts and cover. */
export function LessonOverview({ lesson }: { lesson: Lesson }) {
  const { t } = useTranslation()
  const language = useLanguage()
  return (
    <article className="flex min-w-0 flex-col gap-6">
      <Link
        to={paths.home.href()}
        className="self-start rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <span aria-hidden="true">← </span>
        {t('lessons.detail.backHome')}
      </Link>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="flex min-w-0 flex-col gap-4">
          <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">
            {lesson.title}
          </h1>
          <div className="flex flex-wrap items-center gap-3">
            <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700">
              {categoryTitle(lesson.category, language)}
            </span>
            <span className="text-lg font-semibold text-slate-900">
              <LessonPrice cents={lesson.price_in_cents} />
            </span>
          </div>
          <ClampedText title={t('lessons.detail.about')} text={lesson.about} />
          <ClampedText title={t('lessons.detail.details')} text={lesson.details} />
        </div>
        <LessonCover imageUrl={lesson.imageUrl} priority className={LESSON_PAGE_COVER_CLASS} />
      </div>
    </article>
  )
}
