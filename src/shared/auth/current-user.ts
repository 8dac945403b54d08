import type { CurrentUser } from '@contract/index'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/shared/api/client'
import { toApiError } from '@/shared/api/errors'

/**
 * The signed-in user is shared state: the shells, guards and several features read it, and the
 * features that change it (login, logout, profile) refresh it. So it lives in the shared layer.
 */
export const currentUserKeys = {
  all: ['current-user'] as const,
  me: () => [...currentUserKeys.all, 'me'] as const,
}

/** GET /user/me: 401 means guest (null); other failures are logged and rethrown (§8). */
export const getCurrentUser = async (): Promise<CurrentUser | null> => {
  try {
    const { data } = await api.get<CurrentUser>('/user/me')
    return data
  } catch (error) {
    const apiError = toApiError(error)
    if (apiError.status === 401) return null
    console.error('Failed to load the current user', apiError)
    throw apiError
  }
}

/** §4, §9: fetched once, fresh for 60 s, no retry, refreshed when the window regains focus. */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserKeys.me(),
    queryFn: getCurrentUser,
    staleTime: 60_000,
    retry: false,
    refetchOnWindowFocus: true,
  })

export const useUser = () => useQuery(currentUserQueryOptions())
