import { QueryCache, QueryClient, type QueryClientConfig } from '@tanstack/react-query'
import { i18n } from '@/shared/i18n/i18n'
import { problemText, toApiError } from './errors'

const MINUTE = 60_000

/**
 * §9: stale 5 minutes, cache 10 minutes, one retry, no refetch on focus or reconnect, and on
 * mount only for data a write has invalidated while no screen showed it: that data is
 * known to be wrong (a seat taken, a review written), not merely old, and a screen shown later
 * would otherwise keep it for the whole cache time.
 */
export const queryDefaults: QueryClientConfig['defaultOptions'] = {
  queries: {
    staleTime: 5 * MINUTE,
    gcTime: 10 * MINUTE,
    retry: 1,
    refetchOnWindowFocus: false,
    refetchOnMount: (query) => query.state.isInvalidated,
    refetchOnReconnect: false,
  },
}

/**
 * A background refetch that fails while the screen still shows older data would otherwise go
 * unnoticed: §8 asks for "Something went wrong: {message}".
 */
export const createQueryClient = (overrides: QueryClientConfig['defaultOptions'] = {}) =>
  new QueryClient({
    defaultOptions: {
      queries: { ...queryDefaults.queries, ...overrides.queries },
      mutations: { ...overrides.mutations },
    },
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.state.data !== undefined && !query.meta?.silent) {
          const apiError = toApiError(error)
          const [problem] = apiError.problems
          const message = i18n.t('common.errors.background', {
            message: problem ? problemText(problem) : apiError.message,
          })
          // Loaded with the first toast: the landing has no need of it. Offline, the screen keeps
          // its data and the toast is lost, as the chunk cannot load either.
          import('react-toastify').then(({ toast }) => toast.error(message)).catch(() => undefined)
        }
      },
    }),
  })

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: Error
    queryMeta: { silent?: boolean }
  }
}
