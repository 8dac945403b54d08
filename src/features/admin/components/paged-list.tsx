import type { Paginated } from '@contract/index'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/shared/ui/button'
import { LoadError } from '@/shared/ui/load-error'
import { Loading } from '@/shared/ui/loading'
import { Pagination } from '@/shared/ui/pagination'

type PagedListProps<T> = {
  list: UseQueryResult<Paginated<T>>
  page: number
  onPageChange: (page: number) => void
  /** The list's own words: its load failure, its empty state, its count and its pages' name. */
  texts: { loadFailed: string; empty: string; count: (count: number) => string; pages: string }
  children: (rows: readonly T[]) => ReactNode
}

/**
 * One page of an admin list behind the overview (sessions, refunds): loading, a failure with a
 * retry, the empty state or a page past the last, then the count, the rows and the pages.
 */
export function PagedList<T>({ list, page, onPageChange, texts, children }: PagedListProps<T>) {
  const { t } = useTranslation()
  if (list.isPending) return <Loading />
  if (list.isError) {
    return <LoadError onRetry={() => void list.refetch()}>{texts.loadFailed}</LoadError>
  }
  if (list.data.data.length === 0) {
    return (
      <div role="status" className="flex flex-col items-start gap-3 text-slate-700">
        <p>{page > 1 ? t('admin.lists.pastLastPage') : texts.empty}</p>
        {page > 1 && (
          <Button variant="secondary" onClick={() => onPageChange(1)}>
            {t('admin.lists.firstPage')}
          </Button>
        )}
      </div>
    )
  }
  return (
    <>
      <p className="text-sm text-slate-600" aria-live="polite">
        {texts.count(list.data.meta.itemCount)}
      </p>
      <div aria-busy={list.isPlaceholderData} className="min-w-0">
        {children(list.data.data)}
      </div>
      <Pagination
        page={page}
        pageCount={list.data.meta.pageCount}
        onPageChange={onPageChange}
        label={texts.pages}
      />
    </>
  )
}
