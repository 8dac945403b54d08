import type { OwnLesson } from '@contract/index'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { categoryTitle } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { usePageParam } from '@/shared/lib/use-page-param'
import { Button, buttonClass } from '@/shared/ui/button'
import { LoadError } from '@/shared/ui/load-error'
import { SkeletonCardGrid } from '@/shared/ui/skeleton'
import { Pagination } from '@/shared/ui/pagination'
import { MY_LESSONS_PAGE_PARAM, useMyLessons } from '../api/get-my-lessons'
import { LessonCover } from './lesson-cover'
import { LessonPrice } from './lesson-price'

const MY_LESSONS_GRID_CLASS = 'grid grid-cols-[repeat(auto-fill,minmax(min(260px,100%),1fr))] gap-4'

const linkClass =
  'font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500'

/**
 * The educator's own lessons (§2 educator dashboard), newest first, page by page: each with its
 * cover, price, upcoming sessions and seats, a badge while students cannot find it (§4: no
 * session to enroll in), and links to its page and, for an approved educator, its edit form.
 */
export function MyLessons({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation()
  const headingId = useId()
  const [page, setPage] = usePageParam(MY_LESSONS_PAGE_PARAM)
  const lessons = useMyLessons(page)

  let content
  if (lessons.isPending) {
    content = <SkeletonCardGrid gridClass={MY_LESSONS_GRID_CLASS} count={3} cover lines={4} />
  }
  // A failed background refetch keeps what is shown (the query cache reports it).
  else if (!lessons.data) {
    content = (
      <LoadError onRetry={() => void lessons.refetch()}>
        {t('dashboard.educator.lessons.loadFailed')}
      </LoadError>
    )
  } else if (lessons.data.data.length === 0) {
    content =
      page > 1 ? (
        <div className="flex flex-col items-start gap-3 text-slate-700">
          <p>{t('dashboard.educator.lessons.pastLastPage')}</p>
          <Button variant="secondary" onClick={() => setPage(1)}>
            {t('dashboard.educator.lessons.firstPage')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col items-start gap-3 rounded-xl bg-white p-4 text-slate-700 ring-1 ring-slate-200">
          <p>{t('dashboard.educator.lessons.empty')}</p>
          {canEdit && (
            <Link to={paths.lesson.create.href()} className={buttonClass('primary')}>
              {t('dashboard.educator.lessons.newLesson')}
            </Link>
          )}
        </div>
      )
  } else {
    content = (
      <>
        <ul
          aria-labelledby={headingId}
          aria-busy={lessons.isPlaceholderData}
          className={MY_LESSONS_GRID_CLASS}
        >
          {lessons.data.data.map((lesson, index) => (
            <li key={lesson.id} className="flex min-w-0">
              <OwnLessonCard lesson={lesson} canEdit={canEdit} first={index === 0} />
            </li>
          ))}
        </ul>
        <Pagination
          page={page}
          pageCount={lessons.data.meta.pageCount}
          onPageChange={setPage}
          label={t('dashboard.educator.lessons.pages')}
        />
      </>
    )
  }

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {t('dashboard.educator.lessons.title')}
      </h2>
      {content}
    </section>
  )
}

/** `first`: the list's first card, in view when the screen opens: its cover loads at once. */
function OwnLessonCard({
  lesson,
  canEdit,
  first,
}: {
  lesson: OwnLesson
  canEdit: boolean
  first: boolean
}) {
  const { t } = useTranslation()
  const language = useLanguage()
  const titleId = useId()
  const listed = lesson.upcomingSessions > 0
  return (
    <article
      aria-labelledby={titleId}
      className="flex w-full min-w-0 flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <LessonCover
        imageUrl={lesson.imageUrl}
        lazy={!first}
        priority={first}
        className="aspect-video w-full bg-brand-50 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap gap-2">
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
            {categoryTitle(lesson.category, language)}
          </span>
          {!listed && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
              {t('dashboard.educator.lessons.notListed')}
            </span>
          )}
        </div>
        <h3 id={titleId} className="font-semibold break-words text-slate-900">
          {lesson.title}
        </h3>
        <p className="text-sm text-slate-700">
          <LessonPrice
            cents={lesson.price_in_cents}
            perHourKey="dashboard.educator.lessons.perHour"
          />
        </p>
        <p className="text-sm text-slate-700">
          {t('dashboard.educator.lessons.upcomingSessions', { count: lesson.upcomingSessions })}
        </p>
        {listed ? (
          <p className="text-sm text-slate-700">
            {t('dashboard.educator.lessons.seats', {
              taken: lesson.seatsTaken,
              total: lesson.seatsTotal,
            })}
          </p>
        ) : (
          <p className="text-sm text-slate-600">{t('dashboard.educator.lessons.notListedHint')}</p>
        )}
        <div className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-2 text-sm">
          <Link
            to={paths.lesson.detail.href(lesson.id)}
            aria-label={t('dashboard.educator.lessons.viewNamed', { title: lesson.title })}
            className={linkClass}
          >
            {t('dashboard.educator.lessons.view')}
          </Link>
          {canEdit && (
            <Link
              to={paths.lesson.edit.href(lesson.id)}
              aria-label={t('dashboard.educator.lessons.editNamed', { title: lesson.title })}
              className={linkClass}
            >
              {t('dashboard.educator.lessons.edit')}
            </Link>
          )}
        </div>
      </div>
    </article>
  )
}
