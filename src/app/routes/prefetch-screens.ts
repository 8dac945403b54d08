import type { QueryClient } from '@tanstack/react-query'
import { upcomingSessionsQueryOptions } from '@/features/dashboard/api/get-upcoming-sessions'
import { waitlistQueryOptions } from '@/features/dashboard/api/get-waitlist'
import { categoriesQueryOptions } from '@/features/lessons/api/get-categories'
import { MY_LESSONS_PAGE_PARAM, myLessonsQueryOptions } from '@/features/lessons/api/get-my-lessons'
import { sessionRulesQueryOptions } from '@/features/lessons/api/get-session-rules'
import { currentUserQueryOptions } from '@/shared/auth/current-user'
import { pageFrom } from '@/shared/lib/use-page-param'

/**
 * The first reads of the screens opened most, started by their routes' loaders (router.tsx) as
 * soon as the URL is matched: beside the screen's code rather than once it has loaded and
 * rendered, which on a slow phone is a second or more later. Each read is the screen's own query
 * (the same options), which then finds its data there or on its way; none waits, and none fails
 * here: the screens answer for errors.
 */

/**
 * `/`: a signed-in user's dashboard (routes/dashboard.tsx), its code and its first reads once
 * the user is known; a guest's landing needs neither.
 */
export const prefetchHome = (queryClient: QueryClient, url: URL) => {
  queryClient
    .fetchQuery(currentUserQueryOptions())
    .then((user) => {
      if (!user) return
      void import('./dashboard')
      if (user.role === 'student') {
        void queryClient.prefetchQuery(upcomingSessionsQueryOptions())
        void queryClient.prefetchQuery(waitlistQueryOptions())
      } else if (user.role === 'educator') {
        const page = pageFrom(url.searchParams.get(MY_LESSONS_PAGE_PARAM))
        void queryClient.prefetchQuery(myLessonsQueryOptions(page))
      }
    })
    .catch(() => undefined)
}

/** The lesson form (new or edit): the categories to choose from and the seat rules it states. */
export const prefetchLessonForm = (queryClient: QueryClient) => {
  void queryClient.prefetchQuery(categoriesQueryOptions())
  void queryClient.prefetchQuery(sessionRulesQueryOptions())
}
