import { listAdminSessions } from '@contract/descriptors/admin'
import { PAGE_SIZE } from '@contract/rules'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { adminKeys, type SessionListFilters } from './keys'

/** GET /admin/sessions: one page of every educator's sessions in the range, earliest first. */
export const getAdminSessions = ({ from, to, cancelled, page }: SessionListFilters) =>
  request(listAdminSessions, {
    query: {
      page,
      take: PAGE_SIZE.default,
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(cancelled === null ? {} : { cancelled }),
    },
  })

export const adminSessionsQueryOptions = (filters: SessionListFilters) =>
  queryOptions({
    queryKey: adminKeys.sessionList(filters),
    queryFn: () => getAdminSessions(filters),
    placeholderData: keepPreviousData,
  })

export const useAdminSessions = (filters: SessionListFilters) =>
  useQuery(adminSessionsQueryOptions(filters))
