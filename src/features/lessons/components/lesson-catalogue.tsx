import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type Audience, useAudience } from '@/shared/auth/current-user'
import { useDebouncedValue } from '@/shared/lib/use-debounced-value'
import { Button } from '@/shared/ui/button'
import { forgetShellCover, getShellCover } from '@/shared/ui/shell-cover'
import { SkeletonCardGrid } from '@/shared/ui/skeleton'
import { useNextPageInView } from '@/shared/lib/use-next-page-in-view'
import { useCategories } from '../api/get-categories'
import { useGuestCategories } from '../api/get-guest-categories'
import { useGuestLessons } from '../api/get-guest-lessons'
import { useLessons } from '../api/get-lessons'
import type { GuestLessonFilters } from '../api/keys'
import { CATALOGUE_CARD_WIDTH_CLASS, CATALOGUE_GRID_CLASS } from './catalogue-grid'
import { LessonCard } from './lesson-card'
import { LessonFilters } from './lesson-filters'

/**
 * Guests read the public catalogue (/guest/*); signed-in users the authenticated one. The
 * catalogue is keyed by its audience, so the hooks it picks stay the same for its whole life.
 */
const catalogueHooks = {
  guest: { useCategoryList: useGuestCategories, useLessonPages: useGuestLessons },
  user: { useCategoryList: useCategories, useLessonPages: useLessons },
}

/**
 * Every lesson, newest first, with a debounced title search and a category filter (§2). The
 * filters are part of the query key, so a new search starts again at page 1; when the last card
 * comes into view the next page is requested, as long as the previous page returned lessons.
 */
export function LessonCatalogue({ cardHeadingLevel = 2 }: { cardHeadingLevel?: 2 | 3 }) {
  const audience = useAudience()
  if (!audience) return <CatalogueSkeleton firstCover={getShellCover()} />
  return <Catalogue key={audience} audience={audience} cardHeadingLevel={cardHeadingLevel} />
}

function Catalogue({
  audience,
  cardHeadingLevel,
}: {
  audience: Audience
  cardHeadingLevel: 2 | 3
}) {
  const [search, setSearch] = useState('')
  const [categoryId, setCategoryId] = useState('')
  const title = useDebouncedValue(search.trim())
  const filters: GuestLessonFilters = {
    ...(title ? { title } : {}),
    ...(categoryId ? { categoryIds: categoryId } : {}),
  }
  const { useCategoryList, useLessonPages } = catalogueHooks[audience]
  const categories = useCategoryList().data ?? []
  const lessons = useLessonPages(filters)
  const searchRef = useRef<HTMLInputElement>(null)
  const clearFilters = () => {
    setSearch('')
    setCategoryId('')
    // The button goes away with the empty result: focus stays where the search starts again.
    searchRef.current?.focus()
  }

  return (
    <div className="min-w-0">
      <LessonFilters
        search={search}
        onSearchChange={setSearch}
        categoryId={categoryId}
        onCategoryChange={setCategoryId}
        categories={categories}
        searchRef={searchRef}
      />
      <LessonResults
        query={lessons}
        cardHeadingLevel={cardHeadingLevel}
        filtered={search.trim() !== '' || categoryId !== ''}
        onClearFilters={clearFilters}
      />
    </div>
  )
}

/** Cards shaped like the catalogue's while its first page loads, the first cover when known. */
function CatalogueSkeleton({ firstCover }: { firstCover?: string }) {
  return (
    <SkeletonCardGrid
      gridClass={CATALOGUE_GRID_CLASS}
      count={6}
      cover
      firstCoverSrc={firstCover}
      lines={3}
      cardWidthClass={CATALOGUE_CARD_WIDTH_CLASS}
    />
  )
}

function LessonResults({
  query,
  cardHeadingLevel,
  filtered,
  onClearFilters,
}: {
  query: ReturnType<typeof useLessons>
  cardHeadingLevel: 2 | 3
  /** A search or a category narrows the list. */
  filtered: boolean
  onClearFilters: () => void
}) {
  const { t } = useTranslation()
  const lastCardRef = useNextPageInView(query)
  const settled = !query.isPending
  useEffect(() => {
    if (settled) forgetShellCover()
  }, [settled])

  // The static shell's cover is the unfiltered catalogue's first (the page the server read).
  if (query.isPending)
    return <CatalogueSkeleton firstCover={filtered ? undefined : getShellCover()} />
  if (query.isError) {
    return (
      <p role="alert" className="text-red-700">
        {t('common.errors.common')}
      </p>
    )
  }
  const items = query.data.pages.flatMap((page) => page.data)
  if (items.length === 0) {
    return filtered ? (
      <div className="flex flex-col items-start gap-3 rounded-xl bg-white p-5 text-slate-700 ring-1 ring-slate-200">
        <p role="status" className="font-semibold text-slate-900">
          {t('lessons.list.empty')}
        </p>
        <p>{t('lessons.list.tipsTitle')}</p>
        <ul className="list-disc pl-5 text-sm">
          <li>{t('lessons.list.tips.spelling')}</li>
          <li>{t('lessons.list.tips.shorter')}</li>
          <li>{t('lessons.list.tips.category')}</li>
        </ul>
        <Button variant="secondary" onClick={onClearFilters}>
          {t('lessons.list.showAll')}
        </Button>
      </div>
    ) : (
      <p role="status" className="text-slate-600">
        {t('lessons.list.emptyAll')}
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
            <LessonCard lesson={lesson} headingLevel={cardHeadingLevel} first={index === 0} />
          </li>
        ))}
      </ul>
      {query.isFetchingNextPage && (
        <p role="status" className="mt-4 text-center text-slate-600">
          {t('lessons.list.loadingMore')}
        </p>
      )}
    </>
  )
}
