import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/shared/ui/button'
import { LoadError } from '@/shared/ui/load-error'
import { Loading } from '@/shared/ui/loading'
import { Pagination } from '@/shared/ui/pagination'
import { useUsers } from '../api/get-users'
import { UserFilters } from './user-filters'
import { UsersTable } from './users-table'
import { useUserFilters } from './use-user-filters'

/**
 * The admin's users list (§2 admin educator verification list): every user with search, role
 * and state filters and pages, all kept in the URL; educators are approved and lent licences
 * from their row. On the dashboard it follows the overview, its heading one level down.
 */
export function AdminUsers({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const { t } = useTranslation()
  const { filters, setFilters, setPage } = useUserFilters()
  const users = useUsers(filters)
  const filtered = Boolean(filters.search || filters.role || filters.state)
  // Clearing starts the filters afresh: a search still waiting to be sent is dropped with them.
  const [filtersKey, setFiltersKey] = useState(0)
  const Heading = headingLevel === 1 ? 'h1' : 'h2'

  return (
    <section aria-labelledby="admin-users-title" className="flex flex-col p-4 sm:p-6">
      <Heading id="admin-users-title" className="mb-1 text-2xl font-semibold text-slate-900">
        {t('admin.users.title')}
      </Heading>
      <p className="mb-6 text-sm text-slate-600">{t('admin.users.description')}</p>
      <UserFilters key={filtersKey} filters={filters} onChange={setFilters} />
      {users.isPending ? (
        <Loading />
      ) : users.isError ? (
        <LoadError onRetry={() => void users.refetch()}>{t('admin.users.loadFailed')}</LoadError>
      ) : users.data.data.length === 0 ? (
        <div role="status" className="flex flex-col items-start gap-3 text-slate-700">
          <p>
            {filters.page > 1
              ? t('admin.users.pastLastPage')
              : filtered
                ? t('admin.users.noMatch')
                : t('admin.users.empty')}
          </p>
          {filters.page > 1 ? (
            <Button variant="secondary" onClick={() => setPage(1)}>
              {t('admin.users.firstPage')}
            </Button>
          ) : (
            filtered && (
              <Button
                variant="secondary"
                onClick={() => {
                  setFilters({ search: '', role: null, state: null })
                  setFiltersKey((key) => key + 1)
                }}
              >
                {t('admin.users.clearFilters')}
              </Button>
            )
          )}
        </div>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600" aria-live="polite">
            {t('admin.users.count', { count: users.data.meta.itemCount })}
          </p>
          <div aria-busy={users.isPlaceholderData} className="min-w-0 overflow-x-auto">
            <UsersTable users={users.data.data} />
          </div>
          <Pagination
            page={filters.page}
            pageCount={users.data.meta.pageCount}
            onPageChange={setPage}
            label={t('admin.users.pages')}
          />
        </>
      )}
    </section>
  )
}
