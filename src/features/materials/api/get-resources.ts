import { listResources } from '@contract/descriptors/resources'
import type { Resource } from '@contract/index'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { toApiError } from '@/shared/api/errors'
import { request } from '@/shared/api/request'
import { materialKeys } from './keys'

/**
 * GET /lessons/{id}/resources. Only the owner and enrolled students may read them: a 403 is not a
 * failure but "not enrolled", answered as null (so it is neither retried nor shown as an error).
 */
export const getResources = async (lessonId: number): Promise<Resource[] | null> => {
  try {
    return await request(listResources, { params: { id: lessonId } })
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
