import type { AdminUserState, Role } from '@contract/index'

/** What the users list shows: search text, role and state filters, and the page (all in the URL). */
export interface UserListFilters {
  search: string
  role: Role | null
  state: AdminUserState | null
  page: number
}

/** Query keys of the admin feature: the users list (one entry per view) and the licence pool. */
export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (filters: UserListFilters) => [...adminKeys.users(), filters] as const,
  licences: () => [...adminKeys.all, 'licences'] as const,
}
