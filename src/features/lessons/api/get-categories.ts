import type { Category } from '@contract/index'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/shared/api/client'
import { SIXTY_SECONDS } from './cache-times'
import { lessonKeys } from './keys'

export const CATEGORIES_FETCH_FAILED = 'Failed to fetch lesson categories'

/** GET /categories: anything but 200 with a list is a failure (§7). */
export const getCategories = async (): Promise<Category[]> => {
  const response = await api.get<Category[]>('/categories')
  if (response.status !== 200 || !Array.isArray(response.data)) {
    throw new Error(CATEGORIES_FETCH_FAILED)
  }
  return response.data
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: lessonKeys.categories(),
    queryFn: getCategories,
    staleTime: SIXTY_SECONDS,
  })

export const useCategories = () => useQuery(categoriesQueryOptions())
