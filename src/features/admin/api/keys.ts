import type { AdminUserState, Role } from '@contract/index'

/** What the users list shows: search text, role and state filters, and the page (all in the URL). */
export interface UserListFilters {
  search: string
  role: Role | null
  state: AdminUserState | null
  page: number
}

/** A list's range of instants, [from, to), each bound optional (as the overview links give them). */
export interface InstantRangeFilter {
  from: string | null
  to: string | null
}

/** What the sessions list shows: its range, which sessions, and the page (all in the URL). */
export interface SessionListFilters extends InstantRangeFilter {
  /** true: only those cancelled for too few students; false: all but those; null: all. */
  cancelled: boolean | null
  page: number
}

/** What the refunds list shows: its range and the page (both in the URL). */
export interface RefundListFilters extends InstantRangeFilter {
  page: number
}

/**
 * Query keys of the admin feature: the overview, the users list (one entry per view), the licence
 * pool, and the sessions and refunds lists the overview links to.
 */
export const adminKeys = {
  all: ['admin'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (filters: UserListFilters) => [...adminKeys.users(), filters] as const,
  licences: () => [...adminKeys.all, 'licences'] as const,
  sessionList: (filters: SessionListFilters) => [...adminKeys.all, 'sessions', filters] as const,
  refundList: (filters: RefundListFilters) => [...adminKeys.all, 'refunds', filters] as const,
}
