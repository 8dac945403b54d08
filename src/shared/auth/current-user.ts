import type { CurrentUser } from '@contract/index'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { me } from '@contract/descriptors/user'
import { toApiError } from '@/shared/api/errors'
import { request } from '@/shared/api/request'

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
    return await request(me)
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

/** Who is asking: guests read the public /guest/* calls, signed-in users the authenticated ones. */
export type Audience = 'guest' | 'user'

/** The audience of the current screen; undefined until the current user is known. */
export const useAudience = (): Audience | undefined => {
  const { data, isPending } = useUser()
  if (isPending) return undefined
  return data ? 'user' : 'guest'
}
