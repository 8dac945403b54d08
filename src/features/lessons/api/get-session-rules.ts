import { guestSessionRules } from '@contract/descriptors/guest'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { lessonKeys } from './keys'

/** GET /guest/session-rules: when minimum seats decide whether a session takes place. */
export const getSessionRules = () => request(guestSessionRules)

export const sessionRulesQueryOptions = () =>
  queryOptions({
    queryKey: lessonKeys.sessionRules(),
    queryFn: getSessionRules,
    // The server's settings do not change while the app runs.
    staleTime: Infinity,
  })

export const useSessionRules = () => useQuery(sessionRulesQueryOptions())
