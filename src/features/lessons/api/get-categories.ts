import { listCategories } from '@contract/descriptors/categories'
import type { Category } from '@contract/index'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { SIXTY_SECONDS } from './cache-times'
import { lessonKeys } from './keys'

export const CATEGORIES_FETCH_FAILED = 'Failed to fetch lesson categories'

/** GET /categories: an answer without a list (a 204, say) is a failure; errors stay as they are. */
export const getCategories = async (): Promise<Category[]> => {
  const categories = await request(listCategories)
  if (!Array.isArray(categories)) throw new Error(CATEGORIES_FETCH_FAILED)
  return categories
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: lessonKeys.categories(),
    queryFn: getCategories,
    staleTime: SIXTY_SECONDS,
  })

export const useCategories = () => useQuery(categoriesQueryOptions())
