import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useInView } from 'react-intersection-observer'
import { Loading } from '@/shared/ui/loading'
import { useGuestLessons } from '../api/get-guest-lessons'
import type { GuestLessonFilters } from '../api/keys'
import { LessonCard } from './lesson-card'

/**
 * Every lesson for guests, newest first (§2): when the last card comes into view the next page
 * is requested, as long as the previous page returned lessons.
 */
export function GuestLessonList({ filters = {} }: { filters?: GuestLessonFilters }) {
  const { t } = useTranslation()
  const lessons = useGuestLessons(filters)
  const { ref: lastCardRef, inView: lastCardInView } = useInView({ rootMargin: '100px' })
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = lessons

  useEffect(() => {
    if (lastCardInView && hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [lastCardInView, hasNextPage, isFetchingNextPage, fetchNextPage])

  if (lessons.isPending) return <Loading />
  if (lessons.isError) {
    return (
      <p role="alert" className="text-red-700">
        {t('common.errors.common')}
      </p>
    )
  }
  const items = lessons.data.pages.flatMap((page) => page.data)
  if (items.length === 0) return <p className="text-slate-600">{t('lessons.list.empty')}</p>
  return (
    <>
      <ul
        aria-label={t('lessons.list.label')}
        className="grid grid-cols-[repeat(auto-fill,minmax(200px,336px))] gap-4"
      >
        {items.map((lesson, index) => (
          <li key={lesson.id} ref={index === items.length - 1 ? lastCardRef : undefined}>
            <LessonCard lesson={lesson} />
          </li>
        ))}
      </ul>
      {isFetchingNextPage && (
        <p role="status" className="mt-4 text-center text-slate-600">
          {t('lessons.list.loadingMore')}
        </p>
      )}
    </>
  )
}
