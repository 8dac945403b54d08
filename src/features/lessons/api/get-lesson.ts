import type { Lesson } from '@contract/index'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/shared/api/client'
import { SIXTY_SECONDS } from './cache-times'
import { lessonKeys } from './keys'

/** GET /lessons/{id} for signed-in users; lesson data is fresh for 60 s (§9). */
export const getLesson = async (id: number) => (await api.get<Lesson>(`/lessons/${id}`)).data

export const lessonQueryOptions = (id: number) =>
  queryOptions({
    queryKey: lessonKeys.detail(id),
    queryFn: () => getLesson(id),
    staleTime: SIXTY_SECONDS,
  })

export const useLesson = (id: number) => useQuery(lessonQueryOptions(id))
