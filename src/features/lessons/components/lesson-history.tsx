import type { HistoryEntry } from '@contract/index'
import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { categoryTitle, formatDate } from '@/shared/i18n/format'
import { useLanguage } from '@/shared/i18n/use-language'
import { usePageParam } from '@/shared/lib/use-page-param'
import { Button, buttonClass } from '@/shared/ui/button'
import { LoadError } from '@/shared/ui/load-error'
import { Loading } from '@/shared/ui/loading'
import { Pagination } from '@/shared/ui/pagination'
import { useLessonHistory } from '../api/get-lesson-history'
import { LessonCover } from './lesson-cover'

/** The URL parameter holding the page of the history. */
export const HISTORY_PAGE_PARAM = 'page'

type LessonHistoryProps = {
  /** Names the list, e.g. by the screen's heading. */
  labelledBy: string
  /**
   * What an entry shows about its review: the review itself once written, or a way to write it.
   * The screen composing this list supplies it (reviews are another feature's).
   */
  renderReview: (entry: HistoryEntry) => ReactNode
}

const linkClass =
  'font-semibold break-words text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500'

/**
 * §2 student history: the lessons the student attended, one entry per lesson, the most recently
 * attended first, page by page; each marked to review or reviewed (§4).
 */
export function LessonHistory({ labelledBy, renderReview }: LessonHistoryProps) {
  const { t } = useTranslation()
  const [page, setPage] = usePageParam(HISTORY_PAGE_PARAM)
  const history = useLessonHistory(page)

  if (history.isPending) return <Loading />
  // A failed background refetch keeps what is shown (the query cache reports it).
  if (!history.data) {
    return <LoadError onRetry={() => void history.refetch()}>{t('history.loadFailed')}</LoadError>
  }
  const entries = history.data.data
  if (entries.length === 0) {
    return page > 1 ? (
      <div className="flex flex-col items-start gap-3 text-slate-700">
        <p>{t('history.pastLastPage')}</p>
        <Button variant="secondary" onClick={() => setPage(1)}>
          {t('history.firstPage')}
        </Button>
      </div>
    ) : (
      <div className="flex flex-col items-start gap-3 rounded-xl bg-white p-4 text-slate-700 ring-1 ring-slate-200">
        <p>{t('history.empty')}</p>
        <Link to={paths.home.href()} className={buttonClass('primary')}>
          {t('history.browse')}
        </Link>
      </div>
    )
  }
  return (
    <>
      <ul
        aria-labelledby={labelledBy}
        aria-busy={history.isPlaceholderData}
        className="flex flex-col gap-4"
      >
        {entries.map((entry) => (
          <li key={entry.lesson.id}>
            <HistoryItem entry={entry}>{renderReview(entry)}</HistoryItem>
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        pageCount={history.data.meta.pageCount}
        onPageChange={setPage}
        label={t('history.pages')}
      />
    </>
  )
}

function HistoryItem({ entry, children }: { entry: HistoryEntry; children: ReactNode }) {
  const { t } = useTranslation()
  const language = useLanguage()
  const titleId = useId()
  const { lesson, status } = entry
  return (
    <article
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 sm:flex-row"
    >
      <LessonCover
        imageUrl={lesson.imageUrl}
        lazy
        className="aspect-video w-full shrink-0 bg-brand-50 object-cover sm:w-56"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
            {categoryTitle(lesson.category, language)}
          </span>
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-medium ${
              status === 'reviewed'
                ? 'bg-emerald-100 text-emerald-900'
                : 'bg-amber-100 text-amber-900'
            }`}
          >
            {t(`history.status.${status}`)}
          </span>
        </div>
        <h2 id={titleId} className="text-lg">
          <Link to={paths.lesson.detail.href(lesson.id)} className={linkClass}>
            {lesson.title}
          </Link>
        </h2>
        <p className="text-sm text-slate-700">
          {t('history.lastSession')}{' '}
          <time dateTime={entry.lastSessionEnd}>{formatDate(entry.lastSessionEnd, language)}</time>
        </p>
        <div className="mt-1">{children}</div>
      </div>
    </article>
  )
}
