import { useTranslation } from 'react-i18next'
import { Button } from './button'

type PaginationProps = {
  page: number
  pageCount: number
  onPageChange: (page: number) => void
  /** Names the landmark, e.g. "Pages of users". */
  label: string
}

/** Previous and next buttons around "Page n of m"; nothing when everything fits on one page. */
export function Pagination({ page, pageCount, onPageChange, label }: PaginationProps) {
  const { t } = useTranslation()
  if (pageCount <= 1 && page <= 1) return null
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {t('common.pagination.previous')}
      </Button>
      <p className="text-sm text-slate-700" aria-live="polite">
        {t('common.pagination.status', { page, pageCount: Math.max(pageCount, page) })}
      </p>
      <Button
        variant="secondary"
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
      >
        {t('common.pagination.next')}
      </Button>
    </nav>
  )
}
