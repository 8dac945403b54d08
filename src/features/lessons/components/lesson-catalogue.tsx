import type { Lesson, Paginated } from '@contract/index'
import {
  type InfiniteData,
  useInfiniteQuery,
  useQuery,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useInView } from 'react-intersection-observer'
import { useDebouncedValue } from '@/shared/lib/use-debounced-value'
import { Loading } from '@/shared/ui/loading'
import { categoriesQueryOptions } from '../api/get-categories'
import { guestCategoriesQueryOptions } from '../api/get-guest-categories'
import { guestLessonsQueryOptions } from '../api/get-guest-lessons'
import { lessonsQueryOptions } from '../api/get-lessons'
import type { GuestLessonFilters } from '../api/keys'
import { LessonCard } from './lesson-card'
import { LessonFilters } from './lesson-filters'

/** Guests read the public catalogue (/guest/*); signed-in users the authenticated one. */
export type CatalogueAudience = 'guest' | 'user'

/**
 * Columns of at least 240 px share each row (one column when the container is narrower, so
 * nothing overflows at 320 px); the card itself stays 200 to 336 px wide (§2).
 */
export const CATALOGUE_GRID_CLASS =
  'grid grid-cols-[repeat(auto-fill,minmax(min(240px,100%),1fr))] gap-4'

/**
 * Every lesson, newest first, with a debounced title search and a category filter (§2). The
 * filters are part of the query key, so a new search starts again at page 1; when the last card
 * comes into view the next page is requested, as long as the previous page returned lessons.
 */
export function LessonCatalogue({
  audience,
  cardHeadingLevel = 2,
}: {
  audience: CatalogueAudience
  cardHeadingLevel?: 2 | 3
}) {
  const [search, setSearch] = useState('')
  const [categoryId, setCategoryId] = useState('')
  const title = useDebouncedValue(search.trim())
  const filters: GuestLessonFilters = {
    ...(title ? { title } : {}),
    ...(categoryId ? { categoryIds: categoryId } : {}),
  }
  const isGuest = audience === 'guest'
  // Only the audience's own endpoints are ever called: the other query stays disabled.
  const guestCategories = useQuery({ ...guestCategoriesQueryOptions(), enabled: isGuest })
  const userCategories = useQuery({ ...categoriesQueryOptions(), enabled: !isGuest })
  const categories = (isGuest ? guestCategories.data : userCategories.data) ?? []

  return (
    <div className="min-w-0">
      <LessonFilters
        search={search}
        onSearchChange={setSearch}
        categoryId={categoryId}
        onCategoryChange={setCategoryId}
        categories={categories}
      />
      {isGuest ? (
        <GuestResults filters={filters} cardHeadingLevel={cardHeadingLevel} />
      ) : (
        <UserResults filters={filters} cardHeadingLevel={cardHeadingLevel} />
      )}
    </div>
  )
}

type ResultsProps = { filters: GuestLessonFilters; cardHeadingLevel: 2 | 3 }

function GuestResults({ filters, cardHeadingLevel }: ResultsProps) {
  return (
    <LessonResults
      query={useInfiniteQuery(guestLessonsQueryOptions(filters))}
      cardHeadingLevel={cardHeadingLevel}
    />
  )
}

function UserResults({ filters, cardHeadingLevel }: ResultsProps) {
  return (
    <LessonResults
      query={useInfiniteQuery(lessonsQueryOptions(filters))}
      cardHeadingLevel={cardHeadingLevel}
    />
  )
}

type LessonPagesQuery = UseInfiniteQueryResult<InfiniteData<Paginated<Lesson>>>

function LessonResults({
  query,
  cardHeadingLevel,
}: {
  query: LessonPagesQuery
  cardHeadingLevel: 2 | 3
}) {
  const { t } = useTranslation()
  const { ref: lastCardRef, inView: lastCardInView } = useInView({ rootMargin: '100px' })
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query

  useEffect(() => {
    if (lastCardInView && hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [lastCardInView, hasNextPage, isFetchingNextPage, fetchNextPage])

  if (query.isPending) return <Loading />
  if (query.isError) {
    return (
      <p role="alert" className="text-red-700">
        {t('common.errors.common')}
      </p>
    )
  }
  const items = query.data.pages.flatMap((page) => page.data)
  if (items.length === 0) {
    return (
      <p role="status" className="text-slate-600">
        {t('lessons.list.empty')}
      </p>
    )
  }
  return (
    <>
      <ul aria-label={t('lessons.list.label')} className={CATALOGUE_GRID_CLASS}>
        {items.map((lesson, index) => (
          <li
            key={lesson.id}
            ref={index === items.length - 1 ? lastCardRef : undefined}
            className="flex"
          >
            <LessonCard lesson={lesson} headingLevel={cardHeadingLevel} />
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
