import type { GuestCategory } from '@contract/index'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/shared/api/client'
import { FIVE_MINUTES } from './cache-times'
import { lessonKeys } from './keys'

export const getGuestCategories = async () =>
  (await api.get<GuestCategory[]>('/guest/categories')).data

export const guestCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: lessonKeys.guestCategories(),
    queryFn: getGuestCategories,
    staleTime: FIVE_MINUTES,
  })

export const useGuestCategories = () => useQuery(guestCategoriesQueryOptions())
