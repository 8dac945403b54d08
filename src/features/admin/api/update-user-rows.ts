import type { AdminUser, Paginated } from '@contract/index'
import type { QueryClient } from '@tanstack/react-query'
import { adminKeys } from './keys'

/** Applies `update` to one user in every cached page of the users list. */
export const updateUserRows = (
  queryClient: QueryClient,
  userId: number,
  update: (user: AdminUser) => AdminUser,
) =>
  queryClient.setQueriesData<Paginated<AdminUser>>(
    { queryKey: adminKeys.users() },
    (page) =>
      page && {
        ...page,
        data: page.data.map((user) => (user.id === userId ? update(user) : user)),
      },
  )

/** After a licence changes hands, the users list, the pool and the overview's count are read again. */
export const refreshUsersAndPool = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
    queryClient.invalidateQueries({ queryKey: adminKeys.licences() }),
    queryClient.invalidateQueries({ queryKey: adminKeys.overview() }),
  ])
