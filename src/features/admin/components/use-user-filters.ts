import { ADMIN_USER_STATES, firstCharacters, ROLES, SEARCH_MAX_LENGTH } from '@contract/rules'
import type { AdminUserState, Role } from '@contract/index'
import { useCallback, useMemo } from 'react'
import { useUrlParams } from '@/shared/lib/use-url-params'
import type { UserListFilters } from '../api/keys'
import { pageOf } from '../lib/list-filters'

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.find((item) => item === value) ?? null

/** Reads the list's view from the URL; anything unknown or malformed falls back to the default. */
export const readUserFilters = (params: URLSearchParams): UserListFilters => ({
  search: firstCharacters((params.get('search') ?? '').trim(), SEARCH_MAX_LENGTH),
  role: oneOf<Role>(ROLES, params.get('role')),
  state: oneOf<AdminUserState>(ADMIN_USER_STATES, params.get('state')),
  page: pageOf(params.get('page')),
})

const toParams = ({ search, role, state, page }: UserListFilters) => {
  const params = new URLSearchParams()
  if (search) params.set('search', search)
  if (role) params.set('role', role)
  if (state) params.set('state', state)
  if (page > 1) params.set('page', String(page))
  return params
}

/**
 * The users list keeps its search, filters and page in the URL, so a reload or a shared link
 * shows the same view. A new search or filter starts again at page 1; a new page is a history
 * entry (Back returns to the previous page), a search keystroke is not. Each change applies to
 * the URL as it is when it lands, so the search written 500 ms after its last keystroke keeps a
 * role or state picked in the meantime.
 */
export function useUserFilters() {
  const [params, setParams] = useUrlParams()
  const filters = useMemo(() => readUserFilters(params), [params])

  const setFilters = useCallback(
    (change: Partial<Omit<UserListFilters, 'page'>>) =>
      setParams((current) => toParams({ ...readUserFilters(current), ...change, page: 1 }), {
        replace: true,
      }),
    [setParams],
  )
  const setPage = useCallback(
    (page: number) => setParams((current) => toParams({ ...readUserFilters(current), page })),
    [setParams],
  )
  return { filters, setFilters, setPage }
}
