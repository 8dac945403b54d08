import { myLessons } from '@contract/descriptors/lessons'
import { PAGE_SIZE } from '@contract/landing-rules'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { request } from '@/shared/api/request'
import { SIXTY_SECONDS } from './cache-times'
import { lessonKeys } from './keys'

/** The URL parameter holding the page of the educator's lessons on the dashboard. */
export const MY_LESSONS_PAGE_PARAM = 'lessonsPage'

/**
 * GET /lessons/my: one page of the educator's own lessons, newest first, each with its upcoming
 * sessions and the seats taken and offered over them.
 */
export const getMyLessons = (page: number) =>
  request(myLessons, { query: { page, take: PAGE_SIZE.default } })

export const myLessonsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: lessonKeys.minePage(page),
    queryFn: () => getMyLessons(page),
    staleTime: SIXTY_SECONDS,
    // Seats change as students enroll: coming back to the dashboard after 60 s (§9) asks again,
    // where the app-wide default would keep showing the cached page for its whole cache time.
    refetchOnMount: true,
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  })

export const useMyLessons = (page: number) => useQuery(myLessonsQueryOptions(page))
