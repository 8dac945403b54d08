import { getLesson as getLessonCall } from '@contract/descriptors/lessons'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { SIXTY_SECONDS } from './cache-times'
import { lessonKeys } from './keys'

/** GET /lessons/{id} for signed-in users; lesson data is fresh for 60 s (§9). */
export const getLesson = (id: number) => request(getLessonCall, { params: { id } })

export const lessonQueryOptions = (id: number) =>
  queryOptions({
    queryKey: lessonKeys.detail(id),
    queryFn: () => getLesson(id),
    staleTime: SIXTY_SECONDS,
  })

export const useLesson = (id: number) => useQuery(lessonQueryOptions(id))
