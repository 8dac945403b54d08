import { guestLesson } from '@contract/descriptors/guest'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { SIXTY_SECONDS } from './cache-times'
import { lessonKeys } from './keys'

/** GET /guest/lessons/{id}: the lesson as a guest sees it. */
export const getGuestLesson = (id: number) => request(guestLesson, { params: { id } })

export const guestLessonQueryOptions = (id: number) =>
  queryOptions({
    queryKey: lessonKeys.guestDetail(id),
    queryFn: () => getGuestLesson(id),
    staleTime: SIXTY_SECONDS,
  })

export const useGuestLesson = (id: number) => useQuery(guestLessonQueryOptions(id))
