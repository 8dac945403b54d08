import { guestCategories } from '@contract/descriptors/guest'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { FIVE_MINUTES } from './cache-times'
import { lessonKeys } from './keys'

export const getGuestCategories = () => request(guestCategories)

export const guestCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: lessonKeys.guestCategories(),
    queryFn: getGuestCategories,
    staleTime: FIVE_MINUTES,
  })

export const useGuestCategories = () => useQuery(guestCategoriesQueryOptions())
