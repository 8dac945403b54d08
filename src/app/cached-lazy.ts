import { type QueryClient, queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { type ComponentType, createElement } from 'react'

/**
 * A component whose chunk loads on demand, as with React.lazy, but kept in the query cache once
 * loaded: a route's loader that waits for `preload` has it in hand, and the first render shows it
 * at once. React.lazy suspends on its first render even when the chunk is already there, and
 * React holds a suspended boundary's content back until 300 ms after its fallback showed: on the
 * app's first screen, a third of a second spent waiting for nothing. Rendered before it has
 * loaded, it suspends as React.lazy does, and a chunk that fails to load reaches the error
 * boundary as it would.
 */
export const cachedLazy = <P extends object>(
  name: string,
  load: () => Promise<{ default: ComponentType<P> }>,
) => {
  // A chunk, once loaded, is the page's for good: a cache that drops it (a sign-out removes every
  // query but the user's) takes it back from here at once instead of suspending again. So does
  // any later query client (the tests' each), which never sees that component suspend.
  let loaded: { default: ComponentType<P> } | undefined
  const options = queryOptions({
    queryKey: ['component', name],
    queryFn: async () => (loaded = await load()),
    initialData: () => loaded,
    // A chunk never changes while the page lives, and React.lazy does not retry one either.
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    // A chunk may be in the HTTP cache while the browser says it is offline: try, as import() does.
    networkMode: 'always',
  })
  const Loaded = (props: P) => createElement(useSuspenseQuery(options).data.default, props)
  Loaded.displayName = name
  return Object.assign(Loaded, {
    /** Loads the chunk into `queryClient`'s cache; resolves once it is there. */
    preload: (queryClient: QueryClient) => queryClient.ensureQueryData(options),
  })
}
