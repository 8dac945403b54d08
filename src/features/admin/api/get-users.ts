import { listUsers } from '@contract/descriptors/admin'
import { PAGE_SIZE } from '@contract/rules'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { adminKeys, type UserListFilters } from './keys'

/** GET /admin/users: one page of users, newest first, filtered by search text, role and state. */
export const getUsers = ({ search, role, state, page }: UserListFilters) =>
  request(listUsers, {
    query: {
      page,
      take: PAGE_SIZE.default,
      ...(search ? { search } : {}),
      ...(role ? { role } : {}),
      ...(state ? { state } : {}),
    },
  })

export const usersQueryOptions = (filters: UserListFilters) =>
  queryOptions({
    queryKey: adminKeys.userList(filters),
    queryFn: () => getUsers(filters),
    // The previous page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  })

export const useUsers = (filters: UserListFilters) => useQuery(usersQueryOptions(filters))
