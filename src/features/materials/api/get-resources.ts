import type { Resource } from '@contract/index'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/shared/api/client'
import { toApiError } from '@/shared/api/errors'
import { materialKeys } from './keys'

/**
 * GET /lessons/{id}/resources. Only the owner and enrolled students may read them: a 403 is not a
 * failure but "not enrolled", answered as null (so it is neither retried nor shown as an error).
 */
export const getResources = async (lessonId: number): Promise<Resource[] | null> => {
  try {
    return (await api.get<Resource[]>(`/lessons/${lessonId}/resources`)).data
  } catch (error) {
    if (toApiError(error).status === 403) return null
    throw error
  }
}

export const resourcesQueryOptions = (lessonId: number) =>
  queryOptions({
    queryKey: materialKeys.list(lessonId),
    queryFn: () => getResources(lessonId),
  })

export const useResources = (lessonId: number) => useQuery(resourcesQueryOptions(lessonId))
