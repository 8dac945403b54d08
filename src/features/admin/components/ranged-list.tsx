import type { Paginated } from '@contract/index'
import type { UseQueryResult } from '@tanstack/react-query'
import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/shared/ui/button'
import type { InstantRangeFilter } from '../api/keys'
import { ListRange } from './list-range'
import { PagedList } from './paged-list'

type RangedFilters = InstantRangeFilter & { page: number }

type RangedListProps<T> = {
  /** Whose words the page uses: admin.sessions.* or admin.refunds.*. */
  list: 'sessions' | 'refunds'
  filters: RangedFilters
  /** The list's `setFilters` (useListFilters): the page turns and the range clears through it. */
  setFilters: (change: Partial<RangedFilters>) => void
  rows: UseQueryResult<Paginated<T>>
  /** The admin's zone, the one the overview's weeks are counted in. */
  timeZone: string
  /** The list's own filters, beside the button that shows every date. */
  controls?: ReactNode
  children: (rows: readonly T[]) => ReactNode
}

/**
 * A list the overview's figures open over a range of dates (sessions, refunds; issue 32): its
 * title and range in the admin's zone, its filters with a way back to every date, then one page
 * of its rows.
 */
export function RangedList<T>({
  list,
  filters,
  setFilters,
  rows,
  timeZone,
  controls,
  children,
}: RangedListProps<T>) {
  const { t } = useTranslation()
  const headingId = useId()
  const ranged = filters.from !== null || filters.to !== null

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-col gap-1">
        <h1 id={headingId} className="text-2xl font-semibold text-slate-900">
          {t(`admin.${list}.title`)}
        </h1>
        <ListRange range={filters} timeZone={timeZone} />
      </div>
      {(controls !== undefined || ranged) && (
        <div className="flex flex-wrap items-end gap-3">
          {controls}
          {ranged && (
            <Button variant="secondary" onClick={() => setFilters({ from: null, to: null })}>
              {t('admin.lists.allDates')}
            </Button>
          )}
        </div>
      )}
      <PagedList
        list={rows}
        page={filters.page}
        onPageChange={(page) => setFilters({ page })}
        texts={{
          loadFailed: t(`admin.${list}.loadFailed`),
          empty: t(`admin.${list}.empty`),
          count: (count) => t(`admin.${list}.count`, { count }),
          pages: t(`admin.${list}.pages`),
        }}
      >
        {children}
      </PagedList>
    </section>
  )
}
