import type { Lesson } from '@contract/index'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/shared/api/client'
import { SIXTY_SECONDS } from './cache-times'
import { lessonKeys } from './keys'

/** GET /guest/lessons/{id}: the lesson as a guest sees it. */
export const getGuestLesson = async (id: number) =>
  (await api.get<Lesson>(`/guest/lessons/${id}`)).data

export const guestLessonQueryOptions = (id: number) =>
  queryOptions({
    queryKey: lessonKeys.guestDetail(id),
    queryFn: () => getGuestLesson(id),
    staleTime: SIXTY_SECONDS,
  })

export const useGuestLesson = (id: number) => useQuery(guestLessonQueryOptions(id))
